package schemagen_test

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/schemagen/internal/fixtures"
)

const fixturesPath = "github.com/toolgen-go/toolgen/internal/schemagen/internal/fixtures"

// TestAgreesWithInvopop computes schemas for the fixture types from go/types
// and compares them with what invopop's default Reflector reflects from the
// same types at run time. $ref layout and descriptions may differ, so both
// sides are normalized: every $ref is replaced by its target, and
// descriptions, $defs, $schema and $id are dropped.
func TestAgreesWithInvopop(t *testing.T) {
	l := loadPackages(t, ".", true, fixturesPath)
	b := l.builder()
	tests := []struct {
		name  string
		value any
	}{
		{"Scalars", fixtures.Scalars{}},
		{"Containers", fixtures.Containers{}},
		{"Tagged", fixtures.Tagged{}},
		{"Simple", fixtures.Simple{}},
		{"Point", fixtures.Point{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obj := l.lookupIn(t, fixturesPath, tt.name)
			got, errs := b.Schema(obj.Type(), tt.name)
			require.Empty(t, l.errorStrings(errs))
			want := jsonschema.Reflect(tt.value)
			wantN, gotN := normalize(t, marshal(t, want)), normalize(t, marshal(t, got))
			wantN, gotN = dropProperties(t, wantN, invopopWrong[tt.name]), dropProperties(t, gotN, invopopWrong[tt.name])
			assert.JSONEq(t, wantN, dropAdditions(t, gotN, wantN))
			assert.NoError(t, compile2020(t, marshal(t, got)))
		})
	}
}

// invopopWrong are the properties of the fixtures where invopop's schema
// refuses what encoding/json writes, and toolgen's does not: invopop gives
// url.URL a string of format uri, but encoding/json writes an object of its
// fields, and net.IP format ipv4, but an IPv6 address is written too.
// invopop v0.13 (the version toolgen requires) also gives a `json:",string"`
// field its Go kind's type, where encoding/json writes a string, and
// requires an omitzero field, which encoding/json leaves out when zero
// (v0.14 agrees with toolgen on both).
var invopopWrong = map[string][]string{
	"Containers": {"link", "addr"},
	"Scalars":    {"QFloat", "pi", "qb", "quoted", "z"},
	"Tagged":     {"quoted"},
}

// dropProperties removes the named top-level properties from a normalized
// schema, and from its required list.
func dropProperties(t *testing.T, schema string, names []string) string {
	t.Helper()
	var root map[string]any
	require.NoError(t, json.Unmarshal([]byte(schema), &root))
	props, _ := root["properties"].(map[string]any)
	required, _ := root["required"].([]any)
	for _, name := range names {
		delete(props, name)
		required = slices.DeleteFunc(required, func(r any) bool { return r == name })
	}
	if required != nil {
		root["required"] = required
	}
	data, err := json.Marshal(root)
	require.NoError(t, err)
	return string(data)
}

// normalize inlines every "#/$defs/…" reference and drops the keywords whose
// layout may differ.
func normalize(t *testing.T, schema string) string {
	t.Helper()
	var root map[string]any
	require.NoError(t, json.Unmarshal([]byte(schema), &root))
	defs, _ := root["$defs"].(map[string]any)
	var walk func(v any, depth int) any
	walk = func(v any, depth int) any {
		require.Less(t, depth, 50, "recursive fixture")
		switch v := v.(type) {
		case map[string]any:
			out := map[string]any{}
			if ref, ok := v["$ref"].(string); ok {
				name, found := strings.CutPrefix(ref, "#/$defs/")
				require.True(t, found, "ref %s", ref)
				target, ok := defs[name].(map[string]any)
				require.True(t, ok, "ref %s has no $defs entry", ref)
				for k, tv := range walk(target, depth+1).(map[string]any) {
					out[k] = tv
				}
			}
			for k, sub := range v {
				switch k {
				case "$ref", "$defs", "$schema", "$id", "description":
				default:
					out[k] = walk(sub, depth+1)
				}
			}
			return out
		case []any:
			out := make([]any, len(v))
			for i, sub := range v {
				out[i] = walk(sub, depth+1)
			}
			return out
		default:
			return v
		}
	}
	data, err := json.Marshal(walk(root, 0))
	require.NoError(t, err)
	return string(data)
}

// TestEmbeddingMatchesEncodingJSON checks the flattening of embedded structs
// against what encoding/json really encodes for an instance of each fixture:
// the same property names, in the same order.
func TestEmbeddingMatchesEncodingJSON(t *testing.T) {
	l := loadPackages(t, ".", true, fixturesPath)
	b := l.builder()
	tests := []struct {
		name string
		want []string
	}{
		// Embedded structs, and pointers to structs, are flattened in place.
		{"Simple", []string{"id", "created", "note", "name"}},
		// The shallower Name (depth 0) hides Inner.Name (depth 1).
		{"Depth", []string{"Extra", "Name"}},
		// Left.ID and Right.ID: same depth, both untagged: both dropped.
		{"Cancel", []string{"L", "R"}},
		// TagA.V is tagged "Name", PlainB.Name is not: the tagged one wins.
		{"TaggedWins", []string{"Name"}},
		// inner is unexported but still promotes Visible; myInt (unexported,
		// not a struct) is ignored.
		{"Unexported", []string{"Visible", "Own"}},
		// Common is reached through X1 and X2 at the same depth: C cancels.
		{"Twice", []string{"X1F", "X2F"}},
		// A json name makes an embedded struct an ordinary property; an
		// embedded non-struct type is a property named after the type.
		{"NamedEmbed", []string{"base", "Unit"}},
		// The tagged depth-0 ID beats Cancel's (already cancelled) IDs; L
		// and R come from two levels down; Depth is a named property.
		{"Deep", []string{"L", "R", "depth", "ID"}},
	}
	samples := fixtures.Samples()
	require.Len(t, samples, len(tests))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := json.Marshal(samples[tt.name])
			require.NoError(t, err)
			assert.Equal(t, tt.want, objectKeys(t, data), "encoding/json")

			obj := l.lookupIn(t, fixturesPath, tt.name)
			s, errs := b.Schema(obj.Type(), tt.name)
			require.Empty(t, l.errorStrings(errs))
			var props []string
			for p := s.Properties.Oldest(); p != nil; p = p.Next() {
				props = append(props, p.Key)
			}
			assert.Equal(t, tt.want, props, "schemagen")
		})
	}
}

// objectKeys returns the keys of a JSON object in order.
func objectKeys(t *testing.T, data []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	require.NoError(t, err)
	require.Equal(t, json.Delim('{'), tok)
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		require.NoError(t, err)
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		require.NoError(t, dec.Decode(&skip))
	}
	_, err = dec.Token()
	require.NoError(t, err)
	_, err = dec.Token()
	require.ErrorIs(t, err, io.EOF)
	return keys
}

// dropAdditions removes from got, a normalized toolgen schema, toolgen's
// documented additions that want, invopop's, lacks at the same place: the
// bounds of sized integer types, the minus sign allowed in the keys of
// maps with signed integer keys, and null where encoding/json writes it
// (a type array with "null", or a union with {"type": "null"}).
func dropAdditions(t *testing.T, got, want string) string {
	t.Helper()
	var g, w any
	require.NoError(t, json.Unmarshal([]byte(got), &g))
	require.NoError(t, json.Unmarshal([]byte(want), &w))
	var walk func(g, w any)
	walk = func(g, w any) {
		switch gv := g.(type) {
		case map[string]any:
			wv, _ := w.(map[string]any)
			// The pattern or enum of a number or boolean sent as a string
			// (json:",string"), which invopop leaves out.
			if _, ok := wv["pattern"]; !ok {
				switch gv["pattern"] {
				case `^-?[0-9]+$`, `^[0-9]+$`, `^-?([0-9]{1,21}(\.[0-9]+)?|[0-9](\.[0-9]+)?[eE][+-]?([0-9]{1,2}|[12][0-9]{2}|30[0-7]))$`:
					delete(gv, "pattern")
				}
			}
			if e, ok := gv["enum"].([]any); ok && len(e) == 2 && e[0] == "true" && e[1] == "false" && wv["enum"] == nil {
				delete(gv, "enum")
			}
			if types, ok := gv["type"].([]any); ok && len(types) == 2 && types[1] == "null" {
				if _, wantList := wv["type"].([]any); !wantList {
					gv["type"] = types[0]
				}
			}
			if branches, ok := gv["anyOf"].([]any); ok && len(branches) == 2 && wv["anyOf"] == nil {
				if null, _ := branches[1].(map[string]any); len(null) == 1 && null["type"] == "null" {
					delete(gv, "anyOf")
					for k, v := range branches[0].(map[string]any) {
						gv[k] = v
					}
				}
			}
			if gv["type"] == "integer" {
				for _, k := range []string{"minimum", "maximum"} {
					if _, ok := wv[k]; !ok {
						delete(gv, k)
					}
				}
			}
			if pp, ok := gv["patternProperties"].(map[string]any); ok {
				// Signed keys, and the ranges of 8- and 16-bit keys.
				for k, v := range pp {
					if k == "^-?[0-9]+$" || strings.HasPrefix(k, "^(") {
						delete(pp, k)
						pp["^[0-9]+$"] = v
					}
				}
			}
			for k, sub := range gv {
				walk(sub, wv[k])
			}
		case []any:
			wl, _ := w.([]any)
			for i, sub := range gv {
				if i < len(wl) {
					walk(sub, wl[i])
				} else {
					walk(sub, nil)
				}
			}
		}
	}
	walk(g, w)
	data, err := json.Marshal(g)
	require.NoError(t, err)
	return string(data)
}
