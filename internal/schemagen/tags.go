package schemagen

import (
	"encoding/json"
	"math/big"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/invopop/jsonschema"
)

// This file reads the json, jsonschema, jsonschema_description and
// jsonschema_extras struct tags. The json tag is read as encoding/json reads
// it; the jsonschema tags are read with invopop's grammar (v0.14.0,
// reflect.go: structKeywordsFromTags and the *Keywords methods), but where
// invopop silently drops a malformed or misplaced keyword, an error is
// reported instead.

// jsonTag is a parsed `json:"…"` tag.
type jsonTag struct {
	name string   // as written, possibly empty
	opts []string // options after the name
}

func parseJSONTag(tag string) jsonTag {
	name, opts, _ := strings.Cut(tag, ",")
	t := jsonTag{name: name}
	if opts != "" {
		t.opts = strings.Split(opts, ",")
	}
	return t
}

func (t jsonTag) has(opt string) bool { return slices.Contains(t.opts, opt) }

// schemaTagHides reports whether a jsonschema tag hides its field, as
// invopop's ignoredByJSONSchemaTags does (the first comma-separated element
// is "-").
func schemaTagHides(tag string) bool {
	first, _, _ := strings.Cut(tag, ",")
	return first == "-"
}

// schemaTagFlags returns the required and nullable flags of a jsonschema
// tag. Like invopop, it splits on every comma, escaped or not.
func schemaTagFlags(tag string) (required, nullable bool) {
	for part := range strings.SplitSeq(tag, ",") {
		required = required || part == "required"
		nullable = nullable || part == "nullable"
	}
	return required, nullable
}

// noKeywords is what splitOnUnescapedCommas returns for an empty tag, one
// slice for all: nothing changes the keywords it returns.
var noKeywords = []string{""}

// splitOnUnescapedCommas is invopop's: it splits on commas not preceded by a
// backslash, and drops that backslash.
func splitOnUnescapedCommas(tagString string) []string {
	if tagString == "" {
		return noKeywords
	}
	if !strings.Contains(tagString, ",") {
		return []string{tagString}
	}
	ret := make([]string, 0)
	separated := strings.Split(tagString, ",")
	ret = append(ret, separated[0])
	i := 0
	for _, nextTag := range separated[1:] {
		if len(ret[i]) == 0 {
			ret = append(ret, nextTag)
			i++
			continue
		}
		if ret[i][len(ret[i])-1] == '\\' {
			ret[i] = ret[i][:len(ret[i])-1] + "," + nextTag
		} else {
			ret = append(ret, nextTag)
			i++
		}
	}
	return ret
}

// hasRefKeyword reports whether the keywords include oneof_ref or anyof_ref.
func hasRefKeyword(keywords []string) bool {
	for _, kw := range keywords {
		name, _, ok := strings.Cut(kw, "=")
		if ok && (name == "oneof_ref" || name == "anyof_ref") {
			return true
		}
	}
	return false
}

var (
	genericKeywords = []string{"title", "description", "type", "anchor", "oneof_required", "anyof_required", "oneof_ref", "anyof_ref", "oneof_type", "anyof_type"}
	stringKeywords  = []string{"minLength", "maxLength", "pattern", "format", "readOnly", "writeOnly", "default", "example", "enum"}
	numericKeywords = []string{"multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "default", "example", "enum"}
	arrayKeywords   = []string{"minItems", "maxItems", "uniqueItems", "default", "format", "pattern"}
	flagKeywords    = []string{"required", "nullable"}

	jsonTypes = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

	// anchorPattern is the $anchor syntax of the 2020-12 meta-schema.
	anchorPattern = regexp.MustCompile(`^[A-Za-z_][-A-Za-z0-9._]*$`)
	// numberPattern is the JSON number grammar.
	numberPattern = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

	// schemaKeys are the JSON names of the fields of jsonschema.Schema;
	// jsonschema_extras must not repeat them (the JSON would hold the key
	// twice).
	schemaKeys = func() map[string]bool {
		keys := map[string]bool{}
		st := reflect.TypeFor[jsonschema.Schema]()
		for i := range st.NumField() {
			name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
			if name != "" && name != "-" {
				keys[name] = true
			}
		}
		return keys
	}()
)

func isKnownKeyword(name string) bool {
	for _, list := range [][]string{genericKeywords, stringKeywords, numericKeywords, arrayKeywords, flagKeywords} {
		if slices.Contains(list, name) {
			return true
		}
	}
	return false
}

// tagTarget is the field whose tags are applied to a property schema.
type tagTarget struct {
	field jsonField
	name  string // the JSON property name
	at    site
}

// applyTags applies the jsonschema, jsonschema_description and
// jsonschema_extras tags of a field to its property schema prop, in
// invopop's order. parent is the schema of the struct (oneof_required and
// anyof_required add to it).
func (c *ctx) applyTags(prop, parent *jsonschema.Schema, tt tagTarget) {
	tag := tt.field.tag
	prop.Description = tag.Get("jsonschema_description")
	if kw := tt.field.keywords; prop.Items != nil && (len(kw) > 1 || len(kw) == 1 && kw[0] != "") {
		// The keywords for items (and oneof_ref and anyof_ref on an array)
		// change them: a copy, when they are a shared body.
		prop.Items = c.b.thaw(prop.Items)
	}

	keywords := tt.field.keywords
	if msg := proseTag(tag.Get("jsonschema"), keywords); msg != "" {
		c.errorf(tt.at, msg)
		keywords = noKeywords
	}
	rest := c.genericKeywords(prop, parent, keywords, tt)

	// encoding/json's ",string" option encodes integers, floats and booleans
	// as JSON strings; invopop switches the type before the type keywords.
	switch prop.Type {
	case "integer", "number", "boolean":
		if tt.field.json.has("string") {
			// What encoding/json reads back from the string.
			switch {
			case prop.Enum != nil: // the enum says it
			case prop.Type == "integer":
				prop.Pattern = `^-?[0-9]+$`
				if prop.Minimum == "0" {
					prop.Pattern = `^[0-9]+$`
				}
			case prop.Type == "number":
				// encoding/json writes 'f' below 1e21 and 'e' with one
				// digit before the point above; exponents up to 307 keep
				// the number a float64.
				prop.Pattern = `^-?([0-9]{1,21}(\.[0-9]+)?|[0-9](\.[0-9]+)?[eE][+-]?([0-9]{1,2}|[12][0-9]{2}|30[0-7]))$`
			case prop.Type == "boolean":
				prop.Enum = []any{"true", "false"}
			}
			prop.Type = "string"
			// The bounds of a sized integer type describe the number, not
			// the string that carries it.
			prop.Minimum, prop.Maximum = "", ""
			prop.Enum = slices.Clone(prop.Enum) // the type's, shared (enumValues)
			for i, v := range prop.Enum {
				if n, ok := v.(json.Number); ok {
					prop.Enum[i] = n.String()
				}
			}
		}
	}

	c.typeKeywords(prop, rest, "field "+tt.field.v.Name(), tt.at)

	for _, entry := range splitOnUnescapedCommas(tag.Get("jsonschema_extras")) {
		if entry == "" {
			continue
		}
		key, val, ok := strings.Cut(entry, "=")
		switch {
		case !ok:
			c.errorf(tt.at, msgExtraNoValue(entry))
		case schemaKeys[key]:
			c.errorf(tt.at, msgExtraReserved(key))
		default:
			setExtra(prop, key, val)
		}
	}
}

// genericKeywords applies the keywords that invopop accepts on every field
// and returns the others (name=value pairs only: invopop drops bare words).
func (c *ctx) genericKeywords(prop, parent *jsonschema.Schema, keywords []string, tt tagTarget) []string {
	var rest []string
	for i, kw := range keywords {
		name, val, ok := strings.Cut(kw, "=")
		if !ok {
			switch {
			case kw == "" || slices.Contains(flagKeywords, kw):
			case kw == "-" && i > 0:
				c.errorf(tt.at, msgDashNotFirst())
			case isKnownKeyword(kw):
				c.errorf(tt.at, msgNeedsValue(kw))
			default:
				c.errorf(tt.at, msgUnknownKeyword(kw))
			}
			continue
		}
		switch name {
		case "title":
			prop.Title = val
		case "description":
			prop.Description = val
		case "type":
			if !slices.Contains(jsonTypes, val) {
				c.errorf(tt.at, msgBadJSONType(name, val))
				continue
			}
			prop.Type = val
		case "anchor":
			if !anchorPattern.MatchString(val) {
				c.errorf(tt.at, msgBadValue(name, val, "a letter or underscore followed by letters, digits, '-', '.' or '_'"))
				continue
			}
			prop.Anchor = val
		case "oneof_required":
			parent.OneOf = addRequiredGroup(parent.OneOf, val, tt.name)
		case "anyof_required":
			parent.AnyOf = addRequiredGroup(parent.AnyOf, val, tt.name)
		case "oneof_ref", "anyof_ref":
			sub := prop
			if prop.Items != nil {
				sub = prop.Items
			}
			sub.Ref = ""
			for _, ref := range strings.Split(val, ";") {
				ref, ok := c.resolveRef(name, ref, tt)
				if !ok {
					continue
				}
				if name == "oneof_ref" {
					sub.OneOf = append(sub.OneOf, &jsonschema.Schema{Ref: ref})
				} else {
					sub.AnyOf = append(sub.AnyOf, &jsonschema.Schema{Ref: ref})
				}
			}
		case "oneof_type", "anyof_type":
			var alts []*jsonschema.Schema
			bad := false
			for _, ty := range strings.Split(val, ";") {
				if !slices.Contains(jsonTypes, ty) {
					c.errorf(tt.at, msgBadJSONType(name, val))
					bad = true
					break
				}
				alts = append(alts, &jsonschema.Schema{Type: ty})
			}
			if bad {
				continue
			}
			prop.Type = ""
			if name == "oneof_type" {
				prop.OneOf = append(prop.OneOf, alts...)
			} else {
				prop.AnyOf = append(prop.AnyOf, alts...)
			}
		case "required", "nullable":
			c.errorf(tt.at, msgFlagWithValue(name))
		default:
			if !isKnownKeyword(name) {
				c.errorf(tt.at, msgUnknownKeyword(name))
				continue
			}
			rest = append(rest, kw)
		}
	}
	return rest
}

// addRequiredGroup adds name to the required list of the group titled
// title, creating the group when needed, as invopop does.
func addRequiredGroup(groups []*jsonschema.Schema, title, name string) []*jsonschema.Schema {
	var group *jsonschema.Schema
	for _, g := range groups {
		if g.Title == title {
			group = g
		}
	}
	if group == nil {
		group = &jsonschema.Schema{Title: title, Required: []string{}}
		groups = append(groups, group)
	}
	group.Required = append(group.Required, name)
	return groups
}

// typeKeywords applies the keywords that depend on the JSON type of s.
// where names the schema in messages ("field X", "the items of field X").
func (c *ctx) typeKeywords(s *jsonschema.Schema, keywords []string, where string, at site) {
	if len(keywords) == 0 {
		return
	}
	switch ty := c.jsonType(s); ty {
	case "string":
		c.stringKeywords(s, keywords, where, at)
	case "number", "integer":
		c.numericKeywords(s, keywords, ty == "integer", where, at)
	case "array":
		c.arrayKeywords(s, keywords, where, at)
	case "boolean":
		c.booleanKeywords(s, keywords, where, at)
	default:
		for _, kw := range keywords {
			name, _, _ := strings.Cut(kw, "=")
			c.errorf(at, msgKeywordNotForType(name, ty, where))
		}
	}
}

// splitKeyword splits name=value. Like invopop's numeric, array and boolean
// keywords, it rejects a value holding another '='.
func (c *ctx) splitKeyword(kw string, at site) (name, val string, ok bool) {
	name, val, _ = strings.Cut(kw, "=")
	if strings.Contains(val, "=") {
		c.errorf(at, msgEqualsInValue(name, val))
		return name, val, false
	}
	return name, val, true
}

func (c *ctx) stringKeywords(s *jsonschema.Schema, keywords []string, where string, at site) {
	tagEnum := false
	for _, kw := range keywords {
		name, val, _ := strings.Cut(kw, "=")
		switch name {
		case "minLength":
			s.MinLength = c.parseUint(name, val, s.MinLength, at)
		case "maxLength":
			s.MaxLength = c.parseUint(name, val, s.MaxLength, at)
		case "pattern":
			if c.checkPattern(name, val, at) {
				s.Pattern = val
			}
		case "format":
			s.Format = val
		case "readOnly":
			s.ReadOnly = c.parseBool(name, val, s.ReadOnly, at)
		case "writeOnly":
			s.WriteOnly = c.parseBool(name, val, s.WriteOnly, at)
		case "default":
			s.Default = val
		case "example":
			s.Examples = append(s.Examples, val)
		case "enum":
			// A tag's enum replaces the one from the type's constants.
			if !tagEnum {
				s.Enum, tagEnum = nil, true
			}
			s.Enum = append(s.Enum, val)
		default:
			c.errorf(at, msgKeywordNotForType(name, "string", where))
		}
	}
}

func (c *ctx) numericKeywords(s *jsonschema.Schema, keywords []string, integer bool, where string, at site) {
	ty := "number"
	if integer {
		ty = "integer"
	}
	tagEnum := false
	for _, kw := range keywords {
		name, val, ok := c.splitKeyword(kw, at)
		if !ok {
			continue
		}
		switch name {
		case "multipleOf":
			if n, ok := c.parseNumber(name, val, false, at); ok {
				if r, _ := new(big.Rat).SetString(val); r.Sign() <= 0 {
					c.errorf(at, msgBadValue(name, val, "a number greater than 0"))
					continue
				}
				s.MultipleOf = n
			}
		case "minimum":
			s.Minimum = c.numberOr(name, val, s.Minimum, at)
		case "maximum":
			s.Maximum = c.numberOr(name, val, s.Maximum, at)
		case "exclusiveMinimum":
			s.ExclusiveMinimum = c.numberOr(name, val, s.ExclusiveMinimum, at)
		case "exclusiveMaximum":
			s.ExclusiveMaximum = c.numberOr(name, val, s.ExclusiveMaximum, at)
		case "default":
			if n, ok := c.parseNumber(name, val, integer, at); ok {
				s.Default = n
			}
		case "example":
			if n, ok := c.parseNumber(name, val, integer, at); ok {
				s.Examples = append(s.Examples, n)
			}
		case "enum":
			if n, ok := c.parseNumber(name, val, integer, at); ok {
				// A tag's enum replaces the one from the type's constants.
				if !tagEnum {
					s.Enum, tagEnum = nil, true
				}
				s.Enum = append(s.Enum, n)
			}
		default:
			c.errorf(at, msgKeywordNotForType(name, ty, where))
		}
	}
}

func (c *ctx) booleanKeywords(s *jsonschema.Schema, keywords []string, where string, at site) {
	for _, kw := range keywords {
		name, val, ok := c.splitKeyword(kw, at)
		if !ok {
			continue
		}
		if name != "default" {
			c.errorf(at, msgKeywordNotForType(name, "boolean", where))
			continue
		}
		switch val {
		case "true":
			s.Default = true
		case "false":
			s.Default = false
		default:
			c.errorf(at, msgBadValue(name, val, "true or false"))
		}
	}
}

func (c *ctx) arrayKeywords(s *jsonschema.Schema, keywords []string, where string, at site) {
	var defaults []any
	var rest []string
	for _, kw := range keywords {
		name, val, ok := c.splitKeyword(kw, at)
		if !ok {
			continue
		}
		switch name {
		case "minItems":
			s.MinItems = c.parseUint(name, val, s.MinItems, at)
		case "maxItems":
			s.MaxItems = c.parseUint(name, val, s.MaxItems, at)
		case "uniqueItems":
			if val != "true" {
				c.errorf(at, msgUniqueItems(val))
				continue
			}
			s.UniqueItems = true
		case "default":
			// invopop keeps array defaults as strings, whatever the items.
			defaults = append(defaults, val)
		case "format":
			if s.Items == nil {
				c.errorf(at, msgItemsMissing(name))
				continue
			}
			s.Items.Format = val
		case "pattern":
			if s.Items == nil {
				c.errorf(at, msgItemsMissing(name))
				continue
			}
			if c.checkPattern(name, val, at) {
				s.Items.Pattern = val
			}
		default:
			rest = append(rest, kw)
		}
	}
	if len(defaults) > 0 {
		s.Default = defaults
	}
	if len(rest) == 0 {
		return
	}
	if s.Items == nil {
		for _, kw := range rest {
			name, _, _ := strings.Cut(kw, "=")
			c.errorf(at, msgItemsMissing(name))
		}
		return
	}
	if c.jsonType(s.Items) == "array" {
		for _, kw := range rest {
			name, _, _ := strings.Cut(kw, "=")
			c.errorf(at, msgNestedArrayItems(name))
		}
		return
	}
	c.typeKeywords(s.Items, rest, "the items of "+where, at)
}

func (c *ctx) parseUint(name, val string, old *uint64, at site) *uint64 {
	n, err := strconv.ParseUint(val, 10, 64)
	if err != nil {
		c.errorf(at, msgBadValue(name, val, "a non-negative integer"))
		return old
	}
	return &n
}

func (c *ctx) parseBool(name, val string, old bool, at site) bool {
	b, err := strconv.ParseBool(val)
	if err != nil {
		c.errorf(at, msgBadValue(name, val, "true or false"))
		return old
	}
	return b
}

// parseNumber checks that val is a JSON number (an integer when integer is
// set). invopop accepts whatever strconv parses, which includes "NaN" and
// "0x1p4": those make encoding/json fail when it marshals the schema.
func (c *ctx) parseNumber(name, val string, integer bool, at site) (json.Number, bool) {
	if !numberPattern.MatchString(val) {
		c.errorf(at, msgBadValue(name, val, "a JSON number"))
		return "", false
	}
	if integer {
		if r, ok := new(big.Rat).SetString(val); !ok || !r.IsInt() {
			c.errorf(at, msgBadValue(name, val, "an integer, as the field is an integer"))
			return "", false
		}
	}
	return json.Number(val), true
}

func (c *ctx) numberOr(name, val string, old json.Number, at site) json.Number {
	if n, ok := c.parseNumber(name, val, false, at); ok {
		return n
	}
	return old
}

func (c *ctx) checkPattern(name, val string, at site) bool {
	if _, err := regexp.Compile(val); err != nil {
		c.errorf(at, msgBadRegexp(name, val, err))
		return false
	}
	return true
}

// setExtra is invopop's Schema.setExtra.
func setExtra(s *jsonschema.Schema, key, val string) {
	if s.Extras == nil {
		s.Extras = map[string]any{}
	}
	if existing, ok := s.Extras[key]; ok {
		switch existing := existing.(type) {
		case string:
			s.Extras[key] = []string{existing, val}
		case []string:
			s.Extras[key] = append(existing, val)
		case int:
			s.Extras[key], _ = strconv.Atoi(val)
		case bool:
			s.Extras[key] = val == "true" || val == "t"
		}
		return
	}
	switch val {
	case "true":
		s.Extras[key] = true
	case "false":
		s.Extras[key] = false
	default:
		s.Extras[key] = val
	}
}
