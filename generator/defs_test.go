package generator

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// repeatedBodies returns the parts of a schema that look like the body of
// a named type and are written more than once in it, $defs entries
// included: objects with a description and an enum or properties (an enum
// type's or a struct's body, which a field's own tags and doc would have
// made differ), as compact JSON. A schema where every named type that is
// used twice lives in $defs has none.
func repeatedBodies(t testing.TB, schema []byte) []string {
	t.Helper()
	var root any
	d := json.NewDecoder(bytes.NewReader(schema))
	d.UseNumber()
	require.NoError(t, d.Decode(&root))
	count := map[string]int{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			_, described := v["description"].(string)
			_, enum := v["enum"]
			_, props := v["properties"].(map[string]any)
			if described && (enum || props) {
				data, err := json.Marshal(v)
				require.NoError(t, err)
				count[string(data)]++
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(root)
	var out []string
	for body, n := range count {
		if n > 1 {
			out = append(out, body)
		}
	}
	slices.Sort(out)
	return out
}

// checkSchemas checks the schemas of the generated packages: none writes a
// named type's body twice (repeatedBodies), and each constant's pieces add
// up to its text, sharing only bodies that appear more than once.
func checkSchemas(t *testing.T, pkgs []*pkgModel) {
	t.Helper()
	for _, p := range pkgs {
		for _, c := range p.Schemas {
			assert.Empty(t, repeatedBodies(t, c.Text), "%s: %s writes a body twice", p.Path, c.Name)
			if c.Parts == nil {
				continue
			}
			var sum []byte
			for _, part := range c.Parts {
				if part.Def != nil {
					sum = append(sum, part.Def.Text...)
				} else {
					sum = append(sum, part.Text...)
				}
			}
			assert.Equal(t, string(c.Text), string(sum), "%s: the pieces of %s do not add up to its text", p.Path, c.Name)
		}
		uses := map[*defConst]int{}
		for _, c := range p.Schemas {
			for _, part := range c.Parts {
				if part.Def != nil {
					uses[part.Def]++
				}
			}
		}
		for _, d := range p.Defs {
			assert.GreaterOrEqual(t, uses[d], 2, "%s: %s is used once", p.Path, d.Name)
		}
	}
}

func TestRepeatedBodies(t *testing.T) {
	body := `{"type":"string","enum":["a"],"description":"E."}`
	assert.Equal(t, []string{`{"description":"E.","enum":["a"],"type":"string"}`},
		repeatedBodies(t, []byte(`{"properties":{"a":`+body+`,"b":{"items":`+body+`}}}`)))
	assert.Empty(t, repeatedBodies(t, []byte(`{"$defs":{"E":`+body+`},"properties":{"a":{"$ref":"#/$defs/E"},"b":{"$ref":"#/$defs/E"}}}`)))
	// A field's doc is not a type's body.
	assert.Empty(t, repeatedBodies(t, []byte(`{"properties":{"a":{"type":"string","description":"D"},"b":{"type":"string","description":"D"}}}`)))
}

// TestRootDefs checks how the entries of the root's $defs are found in an
// indented schema: by their indentation, whatever their bodies hold.
func TestRootDefs(t *testing.T) {
	text := `{
  "$defs": {
    "A": {
      "properties": {
        "x": {
          "description": "has \"$defs\": {\n    \"B\": {\n    } in it"
        }
      },
      "type": "object"
    },
    "Any": true,
    "pkg.B_2": {
      "type": "string"
    }
  },
  "properties": {
    "$defs": {
      "type": "string"
    }
  },
  "type": "object"
}`
	entries := rootDefs([]byte(text))
	require.Len(t, entries, 2)
	assert.Equal(t, "A", entries[0].name)
	assert.True(t, strings.HasPrefix(text[entries[0].start:entries[0].end], "{\n      \"properties\""))
	assert.True(t, strings.HasSuffix(text[entries[0].start:entries[0].end], "\"type\": \"object\"\n    }"))
	assert.Equal(t, "pkg.B_2", entries[1].name)
	assert.Equal(t, "{\n      \"type\": \"string\"\n    }", text[entries[1].start:entries[1].end])
	assert.Empty(t, rootDefs([]byte("{\n  \"type\": \"object\"\n}")))
}

// TestShareDefs checks the constants of shared $defs bodies: a body in two
// texts gets one, named after its $defs name, and the texts are cut around
// it; a body in one text stays in it.
func TestShareDefs(t *testing.T) {
	entry := func(name, desc string) string {
		return `    "` + name + `": {
      "type": "string",
      "description": "` + desc + `"
    }`
	}
	schema := func(entries ...string) json.RawMessage {
		return json.RawMessage("{\n  \"$defs\": {\n" + strings.Join(entries, ",\n") + "\n  },\n  \"type\": \"object\"\n}")
	}
	p := &pkgModel{Schemas: []*schemaConst{
		{Name: "aSchema", Text: schema(entry("Shared", "S."), entry("Alone", "A."))},
		{Name: "bSchema", Text: schema(entry("pkg.Shared", "S."))},
		{Name: "cSchema", Text: json.RawMessage("{\n  \"type\": \"object\"\n}")},
	}}
	taken := map[string]bool{"sharedDef": true}
	shareDefs(p, func(base string) string {
		if taken[base] {
			return base + "2"
		}
		return base
	})
	require.Len(t, p.Defs, 1)
	d := p.Defs[0]
	assert.Equal(t, "sharedDef2", d.Name)
	assert.Equal(t, "Shared", d.Def)
	assert.Equal(t, "{\n      \"type\": \"string\",\n      \"description\": \"S.\"\n    }", string(d.Text))
	require.Len(t, p.Schemas[0].Parts, 3)
	assert.Equal(t, "{\n  \"$defs\": {\n    \"Shared\": ", string(p.Schemas[0].Parts[0].Text))
	assert.Same(t, d, p.Schemas[0].Parts[1].Def)
	assert.True(t, strings.HasPrefix(string(p.Schemas[0].Parts[2].Text), ",\n    \"Alone\": {"))
	require.Len(t, p.Schemas[1].Parts, 3)
	assert.Same(t, d, p.Schemas[1].Parts[1].Def)
	assert.Nil(t, p.Schemas[2].Parts)
	checkSchemas(t, []*pkgModel{p})
}

func TestDefConstBase(t *testing.T) {
	for def, want := range map[string]string{
		"Address":              "address",
		"URLPart":              "urlPart",
		"stripe.Currency":      "stripeCurrency",
		"Page_Item":            "pageItem",
		"Page_Item_2":          "pageItem2",
		"example_com_x.Thing":  "exampleComXThing",
		"2fa_example_com.Code": "schema2faExampleComCode",
	} {
		assert.Equal(t, want, defConstBase(def), def)
	}
}
