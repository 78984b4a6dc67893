package schema

import (
	"slices"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// dropOptionalNulls removes, from the parsed arguments v, every property
// whose value is null and that sch does not require, at any depth.
//
// A tool marked strict is offered to OpenAI in the strict dialect (see
// [DialectOpenAIStrict]), where every property is required and an optional
// one is a union with null: the model sends "units": null where it means no
// units. The tool's own schema says units is an optional string, so the
// null is turned back into an absent property before validation. Required
// properties keep their nulls, and fail validation as they should.
func dropOptionalNulls(v any, sch *jsonschema.Schema) {
	sch = deref(sch)
	if sch == nil {
		return
	}
	switch v := v.(type) {
	case map[string]any:
		for k, val := range v {
			prop := deref(sch.Properties[k])
			if prop == nil {
				continue
			}
			if val == nil && !slices.Contains(sch.Required, k) {
				delete(v, k)
				continue
			}
			dropOptionalNulls(val, prop)
		}
	case []any:
		if items := deref(sch.Items2020); items != nil {
			for _, e := range v {
				dropOptionalNulls(e, items)
			}
		}
	}
	// A nullable pointer to a struct is a union in the standard schema:
	// walk its object branch too.
	for _, alt := range append(slices.Clone(sch.AnyOf), sch.OneOf...) {
		if alt = deref(alt); alt != nil && alt.Properties != nil {
			dropOptionalNulls(v, alt)
		}
	}
}

// deref follows $ref chains, with a bound against cycles of bare refs.
func deref(s *jsonschema.Schema) *jsonschema.Schema {
	for range 32 {
		if s == nil || s.Ref == nil || s.Properties != nil {
			return s
		}
		s = s.Ref
	}
	return s
}
