package peers

import (
	"context"

	einotool "github.com/cloudwego/eino/components/tool"

	"github.com/toolgen-go/toolgen/tool"
)

// Listed is one entry of a tool listing: what a model or an MCP client is
// given.
type Listed struct {
	Name, Desc string
	Schema     any
}

// ListToolgen lists a toolset, schemas included: they are constants in the
// generated code. Like every listing of the benchmarks, it takes the tools
// in the library's own order (a Toolset is a map).
func ListToolgen(ts tool.Toolset) []Listed {
	out := make([]Listed, 0, len(ts))
	for k, t := range ts {
		s := t.Spec()
		out = append(out, Listed{k, s.Description, &s.InputSchema})
	}
	return out
}

// ListEino lists eino tools by their ToolInfo, the parameters as the JSON
// Schema that InferTool computed.
func ListEino(ctx context.Context, ts []einotool.InvokableTool) []Listed {
	out := make([]Listed, 0, len(ts))
	for _, t := range ts {
		info, err := t.Info(ctx)
		if err != nil {
			panic(err)
		}
		schema, err := info.ParamsOneOf.ToJSONSchema()
		if err != nil {
			panic(err)
		}
		out = append(out, Listed{info.Name, info.Desc, schema})
	}
	return out
}
