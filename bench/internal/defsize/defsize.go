// Package defsize measures what the tool definitions of package defs10
// cost in every request to a model: the name, the description and the
// input schema of each of the ten tools, as each library produces them, in
// compact JSON bytes and in tokens of OpenAI's o200k_base and cl100k_base
// encodings (github.com/tiktoken-go/tokenizer, whose vocabularies are
// embedded; Gemini's and Claude's tokenizers do not run offline).
//
// Every library's definitions are put in the same envelope,
// [{"name":…,"description":…,"inputSchema":…},…], so that the figures
// differ only by what the libraries put in the schemas; a provider's own
// envelope (Gemini's functionDeclarations, OpenAI's
// {"type":"function","function":…}) adds the same bytes to each.
package defsize

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	einoutils "github.com/cloudwego/eino/components/tool/utils"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tiktoken-go/tokenizer"

	"github.com/toolgen-go/toolgen/bench/defs10"
	"github.com/toolgen-go/toolgen/bench/defs10/invopoptags"
	"github.com/toolgen-go/toolgen/bench/defs10/sdktags"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
)

// Def is one tool definition as a model request carries it.
type Def struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

// Toolgen returns the definitions of tools (defs10.Tools() or
// undocumented.Tools()) as the agent loop hands them to an adapter, the
// input schema in dialect d, compact.
func Toolgen(tools tool.Toolset, d schema.Dialect) ([]Def, error) {
	var defs []Def
	for _, name := range defs10.Names {
		t, ok := tools[name]
		if !ok {
			return nil, fmt.Errorf("toolgen: no tool %s", name)
		}
		spec := t.Spec()
		sch, err := schema.Convert(spec.InputSchema, d)
		if err != nil {
			return nil, fmt.Errorf("toolgen: %s: %w", name, err)
		}
		defs = append(defs, Def{Name: name, Description: spec.Description, InputSchema: sch})
	}
	return defs, nil
}

// Eino returns the definitions of the tools made with eino's
// utils.InferTool from the invopoptags types: tool.Info's ParamsOneOf as
// JSON Schema.
func Eino(ctx context.Context) ([]Def, error) {
	d := defs10.Descriptions
	infer := []func(context.Context) (Def, error){
		einoDef("get_weather", d["get_weather"], invopoptags.GetWeather),
		einoDef("get_forecast", d["get_forecast"], invopoptags.GetForecast),
		einoDef("search_web", d["search_web"], invopoptags.SearchWeb),
		einoDef("get_stock_quote", d["get_stock_quote"], invopoptags.GetStockQuote),
		einoDef("convert_currency", d["convert_currency"], invopoptags.ConvertCurrency),
		einoDef("create_event", d["create_event"], invopoptags.CreateEvent),
		einoDef("send_email", d["send_email"], invopoptags.SendEmail),
		einoDef("translate_text", d["translate_text"], invopoptags.TranslateText),
		einoDef("get_directions", d["get_directions"], invopoptags.GetDirections),
		einoDef("lookup_order", d["lookup_order"], invopoptags.LookupOrder),
	}
	var defs []Def
	for _, f := range infer {
		def, err := f(ctx)
		if err != nil {
			return nil, err
		}
		defs = append(defs, def)
	}
	return defs, nil
}

func einoDef[In any](name, desc string, fn func(context.Context, In) (defs10.Result, error)) func(context.Context) (Def, error) {
	return func(ctx context.Context) (Def, error) {
		t, err := einoutils.InferTool(name, desc, fn)
		if err != nil {
			return Def{}, fmt.Errorf("eino: %s: %w", name, err)
		}
		info, err := t.Info(ctx)
		if err != nil {
			return Def{}, fmt.Errorf("eino: %s: %w", name, err)
		}
		s, err := info.ParamsOneOf.ToJSONSchema()
		if err != nil {
			return Def{}, fmt.Errorf("eino: %s: %w", name, err)
		}
		raw, err := json.Marshal(s)
		if err != nil {
			return Def{}, fmt.Errorf("eino: %s: %w", name, err)
		}
		return Def{Name: info.Name, Description: info.Desc, InputSchema: raw}, nil
	}
}

// GoSDK returns the definitions that a client of the official MCP SDK's
// server lists (tools/list) for the tools added with mcp.AddTool from the
// sdktags types.
func GoSDK(ctx context.Context) ([]Def, error) {
	s := sdkmcp.NewServer(&sdkmcp.Implementation{Name: "defsize", Version: "v0.0.1"}, nil)
	d := defs10.Descriptions
	sdkAdd(s, "get_weather", d["get_weather"], sdktags.GetWeather)
	sdkAdd(s, "get_forecast", d["get_forecast"], sdktags.GetForecast)
	sdkAdd(s, "search_web", d["search_web"], sdktags.SearchWeb)
	sdkAdd(s, "get_stock_quote", d["get_stock_quote"], sdktags.GetStockQuote)
	sdkAdd(s, "convert_currency", d["convert_currency"], sdktags.ConvertCurrency)
	sdkAdd(s, "create_event", d["create_event"], sdktags.CreateEvent)
	sdkAdd(s, "send_email", d["send_email"], sdktags.SendEmail)
	sdkAdd(s, "translate_text", d["translate_text"], sdktags.TranslateText)
	sdkAdd(s, "get_directions", d["get_directions"], sdktags.GetDirections)
	sdkAdd(s, "lookup_order", d["lookup_order"], sdktags.LookupOrder)

	st, ct := sdkmcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		return nil, fmt.Errorf("go-sdk: connect server: %w", err)
	}
	defer ss.Close()
	cs, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "defsize-client", Version: "v0.0.1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return nil, fmt.Errorf("go-sdk: connect client: %w", err)
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("go-sdk: list tools: %w", err)
	}
	byName := map[string]Def{}
	for _, t := range res.Tools {
		raw, err := json.Marshal(t.InputSchema)
		if err != nil {
			return nil, fmt.Errorf("go-sdk: %s: %w", t.Name, err)
		}
		byName[t.Name] = Def{Name: t.Name, Description: t.Description, InputSchema: raw}
	}
	return Ordered(byName)
}

func sdkAdd[In any](s *sdkmcp.Server, name, desc string, fn func(context.Context, In) (defs10.Result, error)) {
	sdkmcp.AddTool(s, &sdkmcp.Tool{Name: name, Description: desc},
		func(ctx context.Context, _ *sdkmcp.CallToolRequest, in In) (*sdkmcp.CallToolResult, defs10.Result, error) {
			out, err := fn(ctx, in)
			return nil, out, err
		})
}

// Ordered returns the definitions of byName in defs10.Names order, or an
// error naming the tools missing.
func Ordered(byName map[string]Def) ([]Def, error) {
	var defs []Def
	var missing []string
	for _, name := range defs10.Names {
		d, ok := byName[name]
		if !ok {
			missing = append(missing, name)
			continue
		}
		defs = append(defs, d)
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("no definition for %s", strings.Join(missing, ", "))
	}
	return defs, nil
}

// Compact returns the definitions as one compact JSON array, schemas
// compacted, HTML characters unescaped (what a request body carries).
func Compact(defs []Def) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(defs); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Compact(&out, bytes.TrimSpace(b.Bytes())); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// Size is the cost of a set of definitions.
type Size struct {
	Bytes, O200k, Cl100k int
}

// Measure returns the cost of defs.
func Measure(defs []Def) (Size, error) {
	data, err := Compact(defs)
	if err != nil {
		return Size{}, err
	}
	s := Size{Bytes: len(data)}
	s.O200k, s.Cl100k, err = Count(string(data))
	return s, err
}

// Count returns the number of tokens of text in the o200k_base and
// cl100k_base encodings.
func Count(text string) (o200k, cl100k int, err error) {
	for enc, n := range map[tokenizer.Encoding]*int{tokenizer.O200kBase: &o200k, tokenizer.Cl100kBase: &cl100k} {
		codec, err := tokenizer.Get(enc)
		if err != nil {
			return 0, 0, err
		}
		if *n, err = codec.Count(text); err != nil {
			return 0, 0, err
		}
	}
	return o200k, cl100k, nil
}

// Descriptions returns every description in defs: the tools' and those
// inside their schemas, each keyed by the tool and the path to it.
func Descriptions(defs []Def) (map[string]string, error) {
	out := map[string]string{}
	for _, d := range defs {
		out[d.Name] = d.Description
		var v any
		if err := json.Unmarshal(d.InputSchema, &v); err != nil {
			return nil, fmt.Errorf("%s: %w", d.Name, err)
		}
		walk(v, d.Name+":", func(path, desc string) { out[path] = desc })
	}
	return out, nil
}

func walk(v any, path string, visit func(path, desc string)) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if s, ok := x[k].(string); ok && k == "description" {
				visit(path, s)
				continue
			}
			walk(x[k], path+"/"+k, visit)
		}
	case []any:
		for i, e := range x {
			walk(e, fmt.Sprintf("%s/%d", path, i), visit)
		}
	}
}

// Enums returns the enums in defs by tool: each enum's values, sorted and
// joined, wherever it is in the schema (OpenAI strict moves an optional
// enum into an anyOf and adds null, which is left out here).
func Enums(defs []Def) (map[string][]string, error) {
	out := map[string][]string{}
	for _, d := range defs {
		var v any
		if err := json.Unmarshal(d.InputSchema, &v); err != nil {
			return nil, fmt.Errorf("%s: %w", d.Name, err)
		}
		walkEnums(v, func(values []string) {
			slices.Sort(values)
			out[d.Name] = append(out[d.Name], strings.Join(values, ","))
		})
		slices.Sort(out[d.Name])
	}
	return out, nil
}

func walkEnums(v any, visit func([]string)) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if list, ok := e.([]any); ok && k == "enum" {
				var values []string
				for _, s := range list {
					if s != nil {
						values = append(values, fmt.Sprint(s))
					}
				}
				visit(values)
				continue
			}
			walkEnums(e, visit)
		}
	case []any:
		for _, e := range x {
			walkEnums(e, visit)
		}
	}
}
