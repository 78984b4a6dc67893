package defsize

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/toolgen-go/toolgen/bench/defs10"
	"github.com/toolgen-go/toolgen/bench/defs10/undocumented"
	"github.com/toolgen-go/toolgen/schema"
)

// Row is one library's definitions of the ten tools and what they cost.
type Row struct {
	// Library names the library, and the variant.
	Library string
	// Declared says how the descriptions reach the schema.
	Declared string
	// Defs are the definitions.
	Defs []Def
	// Size is their cost.
	Size Size
	// SameDescriptions reports whether the definitions carry exactly the
	// reference's descriptions: the tools' and the fields'.
	SameDescriptions bool
	// Extra lists the descriptions the reference does not have.
	Extra int
	// Enums reports whether the definitions carry the reference's enums.
	Enums bool
	// Reference marks the row the others are compared with.
	Reference bool
}

// NewRow measures defs and compares them with ref (nil for the reference
// itself).
func NewRow(library, declared string, defs []Def, ref *Row) (Row, error) {
	r := Row{Library: library, Declared: declared, Defs: defs}
	var err error
	if r.Size, err = Measure(defs); err != nil {
		return r, fmt.Errorf("%s: %w", library, err)
	}
	if ref == nil {
		r.Reference, r.SameDescriptions, r.Enums = true, true, true
		return r, nil
	}
	got, err := Descriptions(defs)
	if err != nil {
		return r, fmt.Errorf("%s: %w", library, err)
	}
	want, err := Descriptions(ref.Defs)
	if err != nil {
		return r, err
	}
	r.SameDescriptions = true
	for k, v := range want {
		if got[k] != v {
			r.SameDescriptions = false
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			r.Extra++
		}
	}
	gotEnums, err := Enums(defs)
	if err != nil {
		return r, err
	}
	wantEnums, err := Enums(ref.Defs)
	if err != nil {
		return r, err
	}
	r.Enums = maps.EqualFunc(gotEnums, wantEnums, slices.Equal)
	return r, nil
}

// Rows measures toolgen (the reference: undocumented.Tools() in the
// standard dialect, as the agent loop hands definitions to the OpenAI and
// MCP adapters; then the dialects the Gemini and Anthropic adapters and
// OpenAI's strict mode send, and defs10.Tools(), whose input types have doc
// comments), Eino and the official MCP SDK. Genkit, which cannot share
// this module, is measured in bench/genkit, which appends its row.
func Rows(ctx context.Context) ([]Row, error) {
	ref, err := Toolgen(undocumented.Tools(), schema.DialectStandard)
	if err != nil {
		return nil, err
	}
	refRow, err := NewRow("toolgen", "doc comments of the fields; standard dialect (OpenAI, MCP)", ref, nil)
	if err != nil {
		return nil, err
	}
	rows := []Row{refRow}
	add := func(library, declared string, defs []Def, err error) error {
		if err != nil {
			return err
		}
		r, err := NewRow(library, declared, defs, &refRow)
		if err != nil {
			return err
		}
		rows = append(rows, r)
		return nil
	}
	for _, d := range []struct {
		dialect schema.Dialect
		note    string
	}{
		{schema.DialectGemini, "the same, Gemini dialect (provider/gemini)"},
		{schema.DialectAnthropic, "the same, Anthropic dialect (provider/anthropic)"},
		{schema.DialectOpenAIStrict, "the same, OpenAI strict dialect (Strict tools)"},
	} {
		defs, err := Toolgen(undocumented.Tools(), d.dialect)
		if err := add("toolgen", d.note, defs, err); err != nil {
			return nil, err
		}
	}
	defs, err := Toolgen(defs10.Tools(), schema.DialectStandard)
	if err := add("toolgen", "doc comments of the fields and of the input types (root descriptions); standard dialect", defs, err); err != nil {
		return nil, err
	}
	defs, err = Eino(ctx)
	if err := add("eino", "jsonschema_description and jsonschema:\"enum=…\" tags; utils.InferTool", defs, err); err != nil {
		return nil, err
	}
	defs, err = GoSDK(ctx)
	if err := add("go-sdk", "jsonschema:\"…\" tags (no enum tag); mcp.AddTool, tools/list", defs, err); err != nil {
		return nil, err
	}
	return rows, nil
}

// Table renders rows as a Markdown table, each compared with the first.
func Table(rows []Row) string {
	var b strings.Builder
	b.WriteString("| library | descriptions from | bytes | o200k tokens | cl100k tokens | same descriptions | extra descriptions | enums | bytes vs reference |\n")
	b.WriteString("| --- | --- | ---: | ---: | ---: | --- | ---: | --- | ---: |\n")
	base := rows[0].Size.Bytes
	for _, r := range rows {
		vs := "reference"
		if !r.Reference {
			vs = fmt.Sprintf("%+.1f%%", 100*float64(r.Size.Bytes-base)/float64(base))
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %s | %d | %s | %s |\n", r.Library, r.Declared,
			r.Size.Bytes, r.Size.O200k, r.Size.Cl100k, yes(r.SameDescriptions), r.Extra, yes(r.Enums), vs)
	}
	return b.String()
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Verdict says whether toolgen's reference definitions are no larger than
// those of the smallest peer that carries the same descriptions, and of
// the smallest that carries the same enums too.
func Verdict(rows []Row) string {
	ref := rows[0]
	smallest := func(enums bool) *Row {
		var best *Row
		for i := range rows {
			r := &rows[i]
			if r.Library == "toolgen" || !r.SameDescriptions || enums && !r.Enums {
				continue
			}
			if best == nil || r.Size.Bytes < best.Size.Bytes {
				best = r
			}
		}
		return best
	}
	line := func(what string, best *Row) string {
		if best == nil {
			return fmt.Sprintf("no peer carries %s", what)
		}
		met := "met"
		if ref.Size.Bytes > best.Size.Bytes {
			met = "missed"
		}
		return fmt.Sprintf("%s: target %s: toolgen %d bytes, %d o200k tokens; %s %d bytes, %d o200k tokens (%+d bytes, %+d tokens)",
			what, met, ref.Size.Bytes, ref.Size.O200k, best.Library, best.Size.Bytes, best.Size.O200k,
			ref.Size.Bytes-best.Size.Bytes, ref.Size.O200k-best.Size.O200k)
	}
	return line("smallest peer with the same descriptions", smallest(false)) + "\n" +
		line("smallest peer with the same descriptions and enums", smallest(true))
}
