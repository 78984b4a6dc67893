package jsontag

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestValidName checks ValidName against encoding/json itself: a struct
// whose field is tagged with the name encodes under that name exactly when
// ValidName accepts it, and under the Go field name otherwise.
func TestValidName(t *testing.T) {
	names := []string{"", "a", "A1", "a-b", "a_b", "a.b", "a b", "é", "日本", "a\\b", "a\"b", "a'b", "a,b",
		"!#$%&()*+-./:;<=>?@[]^_{|}~ ", "a`b", "a\tb", "\x00", "a\u2028", "٣", "a©"}
	checked, invalid := 0, 0
	for _, name := range names {
		typ := reflect.StructOf([]reflect.StructField{{Name: "Field", Type: reflect.TypeFor[int](), Tag: reflect.StructTag(`json:"` + escape(name) + `"`)}})
		if strings.Contains(name, ",") || reflect.StructTag(`json:"`+escape(name)+`"`).Get("json") != name {
			continue // a comma starts the options; others cannot be in a tag
		}
		data, err := json.Marshal(reflect.New(typ).Elem().Interface())
		require.NoError(t, err)
		want := "Field"
		if ValidName(name) {
			want = name
		}
		var got map[string]int
		require.NoError(t, json.Unmarshal(data, &got))
		_, ok := got[want]
		require.True(t, ok, "name %q: encoding/json wrote %s", name, data)
		checked++
		if want == "Field" {
			invalid++
		}
	}
	require.Greater(t, checked, 15)
	require.Greater(t, invalid, 5)
	require.Greater(t, checked-invalid, 5)
}

// escape quotes name for a struct tag value.
func escape(name string) string {
	out := ""
	for _, c := range name {
		if c == '"' || c == '\\' {
			out += `\`
		}
		out += string(c)
	}
	return out
}
