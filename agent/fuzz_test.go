package agent_test

import (
	"strings"
	"testing"
)

// FuzzPrepare holds Func.Prepare to the properties of TestArgumentCorpus
// on arbitrary bytes: no panic; an accepted document has no name twice in
// an object, decodes as encoding/json decodes it, and its decoded value,
// encoded again, is valid against the schema; a rejection is invalid
// arguments with a bounded message that quotes no value of the arguments.
// The fuzzer's first value selects the tool (the subject). In CI:
//
//	go test -run='^$' -fuzz='^FuzzPrepare$' -fuzztime=60s ./runtime
func FuzzPrepare(f *testing.F) {
	subs := subjects()
	hostile := []string{
		`{"n":{"x":1,"y":"toolong"},"n":{"x":1}}`, `{"location":"Paris","location":"Lyon"}`,
		`{"name":"n","small":0,"tags":["t"],"scores":{"a":1,"a":2}}`, `{"location":"x","\u0075nits":"celsius","units":"fahrenheit"}`,
		`{"f64":1e999999999999}`, `{"ratio":1e99999999}`, `{"name":"n","small":0,"tags":["t"],"ratio":0e99999999999}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":1e-400}`, `{"name":"n","small":0,"tags":["t"],"ratio":-1e309}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":` + strings.Repeat("9", 200) + `}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":0.` + strings.Repeat("0", 126) + `1}`,
		`{"location":"Paris","` + strings.Repeat("k", 2000) + `":1}`,
		`{"location":"Paris","units":"` + strings.Repeat("x", 2000) + `"}`,
		`{"location":` + strings.Repeat("[", 70) + strings.Repeat("]", 70) + `}`,
		`{"name":"n","small":0,"tags":["t"],"extra":` + strings.Repeat(`{"a":`, 60) + "1" + strings.Repeat("}", 60) + `}`,
		`{"location":"\ud800"}`, "{\"location\":\"\xff\"}", `{"location":"Paris"} {}`,
	}
	for i, s := range subs {
		for _, args := range hostile {
			f.Add(uint8(i), []byte(args))
		}
		for _, in := range subjectInputs(s.name) {
			f.Add(uint8(i), []byte(in.args))
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, args []byte) {
		subs[int(which)%len(subs)].check(t, args)
	})
}
