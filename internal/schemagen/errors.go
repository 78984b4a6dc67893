package schemagen

import (
	"fmt"
	"go/types"
	"strings"
)

// This file holds every message text of the package, so that their wording
// stays consistent: each one says what is wrong and what is allowed.

const hintSkip = `, or tag the field json:"-"`

func msgChan(t string) string {
	return fmt.Sprintf("type %s has no JSON form (encoding/json cannot encode channels); use a data type such as a struct, slice or string%s", t, hintSkip)
}

func msgFunc(t string) string {
	return fmt.Sprintf("type %s has no JSON form (encoding/json cannot encode functions); use a data type such as a struct, slice or string%s", t, hintSkip)
}

func msgComplex(t string) string {
	return fmt.Sprintf("type %s has no JSON form (encoding/json rejects complex numbers); use two float64 fields%s", t, hintSkip)
}

func msgUnsafePointer(t string) string {
	return fmt.Sprintf("type %s has no JSON form; use a data type such as a struct, slice or string%s", t, hintSkip)
}

func msgInterface(t string) string {
	return fmt.Sprintf("interface type %s has no JSON Schema: the model cannot know which concrete type to send; use a concrete type, or any for a free-form value", t)
}

func msgTypeParam(t string) string {
	return fmt.Sprintf("type parameter %s has no JSON Schema; use the generic type with concrete type arguments", t)
}

func msgInvalidType(t string) string {
	return fmt.Sprintf("type %s is invalid (does the package compile?); fix the type errors first", t)
}

func msgUnsupportedType(t string) string {
	return fmt.Sprintf("type %s has no JSON Schema; use a struct, slice, array, map, string, number or boolean type%s", t, hintSkip)
}

func msgMapKey(key, m string) string {
	return fmt.Sprintf("map key type %s of %s is not supported: JSON object keys come from a string type, an integer type or a type implementing encoding.TextMarshaler", key, m)
}

func msgRecursion(t string) string {
	return fmt.Sprintf("internal error: recursive type %s was not placed in $defs", t)
}

// json tag messages.

func msgBadJSONName(name, goName string) string {
	return fmt.Sprintf("json name %q is not valid for encoding/json, which uses the field name %q instead; a name may hold letters, digits and punctuation other than quotes, backslash and comma", name, goName)
}

func msgJSONInline(name string) string {
	return fmt.Sprintf("json option inline is not an encoding/json option: encoding/json still encodes the field as a nested object %q, while invopop would flatten it; embed the struct type without a json name to flatten it", name)
}

// jsonschema tag messages.

// keywordLists names the keywords each JSON type accepts, for messages.
var keywordLists = map[string]string{
	"string":  "minLength, maxLength, pattern, format, readOnly, writeOnly, default, example, enum",
	"number":  "multipleOf, minimum, maximum, exclusiveMinimum, exclusiveMaximum, default, example, enum",
	"integer": "multipleOf, minimum, maximum, exclusiveMinimum, exclusiveMaximum, default, example, enum",
	"array":   "minItems, maxItems, uniqueItems, default, format, pattern, and the keywords of the item type",
	"boolean": "default",
}

const genericKeywordList = "title, description, type, anchor, oneof_required, anyof_required, oneof_ref, anyof_ref, oneof_type, anyof_type, and the flags required, nullable and -"

func msgUnknownKeyword(kw string) string {
	return fmt.Sprintf("unknown jsonschema keyword %q; allowed on every field: %s; by type: string: %s; number and integer: %s; array: %s; boolean: %s",
		kw, genericKeywordList, keywordLists["string"], keywordLists["number"], keywordLists["array"], keywordLists["boolean"])
}

func msgKeywordNotForType(kw, jsonType, where string) string {
	if jsonType == "" {
		return fmt.Sprintf("jsonschema keyword %q does not apply to %s: its schema has no single type; add type=string (or number, integer, array, boolean) to the tag, or drop the keyword", kw, where)
	}
	allowed, ok := keywordLists[jsonType]
	if !ok {
		return fmt.Sprintf("jsonschema keyword %q does not apply to %s of type %s, which takes only the keywords allowed on every field: %s", kw, where, jsonType, genericKeywordList)
	}
	return fmt.Sprintf("jsonschema keyword %q does not apply to %s of type %s; it allows %s (and on every field: %s)", kw, where, jsonType, allowed, genericKeywordList)
}

func msgNestedArrayItems(kw string) string {
	return fmt.Sprintf("jsonschema keyword %q cannot reach the items of an array of arrays (invopop ignores it); put the constraint on a named element type instead", kw)
}

func msgNeedsValue(kw string) string {
	return fmt.Sprintf("jsonschema keyword %s needs a value: write %s=…", kw, kw)
}

func msgFlagWithValue(kw string) string {
	return fmt.Sprintf("jsonschema flag %s takes no value: write %s", kw, kw)
}

func msgDashNotFirst() string {
	return `jsonschema "-" must be the whole tag (jsonschema:"-" hides the field); elsewhere it has no meaning`
}

func msgEqualsInValue(kw, val string) string {
	return fmt.Sprintf("jsonschema %s=%s: the value must not contain '=' for this field type (invopop drops the keyword)", kw, val)
}

func msgBadValue(kw, val, want string) string {
	return fmt.Sprintf("jsonschema %s=%s: the value must be %s", kw, val, want)
}

func msgBadRegexp(kw, val string, err error) string {
	return fmt.Sprintf("jsonschema %s=%s: the pattern does not compile (%v); use RE2 syntax, and escape commas as \\,", kw, val, err)
}

func msgBadJSONType(kw, val string) string {
	return fmt.Sprintf("jsonschema %s=%s: %q is not a JSON Schema type; allowed: array, boolean, integer, null, number, object, string", kw, val, val)
}

func msgUniqueItems(val string) string {
	return fmt.Sprintf("jsonschema uniqueItems=%s: invopop turns uniqueItems on for any value; write uniqueItems=true, or drop the keyword", val)
}

func msgItemsMissing(kw string) string {
	return fmt.Sprintf("jsonschema keyword %s applies to the items of an array, and this array schema has no items", kw)
}

func msgUnresolvedRef(kw, ref, pkg string) string {
	return fmt.Sprintf("jsonschema %s: %q does not name a type: toolgen lays out $defs itself, so a reference must have the form #/$defs/Name where Name is a type declared in package %s", kw, ref, pkg)
}

func msgExtraNoValue(entry string) string {
	return fmt.Sprintf("jsonschema_extras entry %q needs a value: write key=value", entry)
}

func msgExtraReserved(key string) string {
	return fmt.Sprintf("jsonschema_extras key %q is a JSON Schema keyword that toolgen sets itself; use the jsonschema tag for it, or pick another key", key)
}

// typeString prints t qualified by package names (not paths), for messages.
func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// joinPath extends an error path with a Go name.
func joinPath(path, name string) string {
	switch {
	case path == "":
		return name
	case name == "":
		return path
	}
	return strings.Join([]string{path, name}, ".")
}

// Warning messages: the schema is what toolgen generates, but maybe not
// what the user expects.

// msgNoJSONTags says that a struct without json tags gives properties named
// as in Go, all required. names are some of them; a struct of the user's
// code can get tags, another's must be wrapped.
func msgNoJSONTags(what string, names []string, users bool) string {
	const shown = 3
	list := make([]string, 0, shown+1)
	for i, n := range names {
		if i == shown {
			list = append(list, "…")
			break
		}
		list = append(list, fmt.Sprintf("%q", n))
	}
	fix := "add json tags (json:\"name,omitempty\" for an optional one), or wrap it in a struct of your own that has them"
	if !users {
		fix = "wrap it: give the tool a struct of your own with json tags, and copy the fields it needs"
	}
	return fmt.Sprintf("%s has no json tags, so its fields become required properties under their Go names (%s); %s",
		what, strings.Join(list, ", "), fix)
}

// msgCollision says that encoding/json drops a JSON name claimed by
// several fields at the same depth.
func msgCollision(what, name string, goNames []string) string {
	return fmt.Sprintf("the fields %s of %s share the JSON name %q at the same depth of embedding, so encoding/json drops them all and the schema has no property %q; declare a field %q in %s itself, or rename one of them",
		strings.Join(goNames, " and "), what, name, name, name, what)
}

// The invopop schema hooks, which toolgen does not call, and the name that
// stands for a protobuf enum's descriptor methods.
const (
	hookJSONSchema         = "JSONSchema"
	hookJSONSchemaExtend   = "JSONSchemaExtend"
	hookJSONSchemaAlias    = "JSONSchemaAlias"
	hookJSONSchemaProperty = "JSONSchemaProperty"
	hookProtoEnum          = "protobuf enum"
)

// msgOpaqueMarshaler says that type t has a MarshalJSON method whose
// output toolgen cannot know, so any JSON value is allowed; unread names a
// declaring method whose body is not a literal, if any.
func msgOpaqueMarshaler(t, unread string) string {
	why := ""
	if unread != "" {
		why = " (" + unread + ")"
	}
	return fmt.Sprintf("type %s has its own MarshalJSON, whose output toolgen cannot see%s, so the schema allows any JSON value here; declare the schema with a method JSONSchema() *jsonschema.Schema that returns a literal, or tag the field jsonschema:\"type=…\"", t, why)
}

// msgEnumZero says that the zero value of the enum type t, which an unset
// field of an output holds, is not one of its constants.
func msgEnumZero(t, zero string) string {
	return fmt.Sprintf("the zero value %s of enum type %s is not one of its constants, but an output that leaves a field of this type unset holds it: the output schema allows %s too; declare a constant for it, or give the fields omitempty", zero, t, zero)
}

// msgHookMethod says which hook of type t toolgen does not honour, and
// what to write instead.
func msgHookMethod(t, hook string) string {
	const ignored = "type %s has a %s method, which toolgen does not call (it computes schemas at generate time, from the Go type): "
	switch hook {
	case hookJSONSchema:
		return fmt.Sprintf("type %s has a %s method whose body is not a single return of a *jsonschema.Schema literal, which is all toolgen can read at generate time: its schema is that of its Go structure; return a literal, or describe the type with doc comments and the jsonschema tags of its fields", t, hook)
	case hookJSONSchemaExtend:
		return fmt.Sprintf(ignored+"what it changes is not in the schema; write it as jsonschema tags and doc comments, and hide a field with json:\"-\" or jsonschema:\"-\"", t, hook)
	case hookJSONSchemaAlias:
		return fmt.Sprintf(ignored+"the schema is that of %s itself; give the fields that use it the alias type instead", t, hook, t)
	case hookJSONSchemaProperty:
		return fmt.Sprintf(ignored+"each property has the schema of its field's type; give the field the type you want", t, hook)
	}
	return fmt.Sprintf("type %s is a protobuf enum, whose descriptor toolgen does not read: its schema is the numbers of its constants, as encoding/json reads them, where invopop allows the names too; to let the model send names, use a named string type with constants", t)
}

// msgProseTag says that a jsonschema tag is a description in another
// library's style (the MCP go-sdk's), not invopop's keywords.
func msgProseTag(tag string) string {
	return fmt.Sprintf("jsonschema:%q looks like a description, not invopop's comma-separated keywords; use jsonschema_description:%q or a doc comment", tag, tag)
}

// msgUnescapedComma says that a comma ended a keyword's value early.
func msgUnescapedComma(tag, part string) string {
	return fmt.Sprintf("jsonschema:%q: %q is not a keyword: invopop splits the tag at every comma; write \\\\, in the struct tag for a comma in a value, or use jsonschema_description:\"…\"", tag, strings.TrimSpace(part))
}
