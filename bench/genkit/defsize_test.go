package genkit

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/bench/defs10"
	"github.com/toolgen-go/toolgen/bench/defs10/invopoptags"
	"github.com/toolgen-go/toolgen/bench/internal/defsize"
)

// genkitDefs returns the definitions of the ten tools of defs10 made with
// genkit's NewTool from the invopoptags types: Definition().InputSchema,
// what genkit's generate loop puts in a model request.
func genkitDefs() ([]defsize.Def, error) {
	d := defs10.Descriptions
	tools := []ai.Tool{
		newTool("get_weather", d["get_weather"], invopoptags.GetWeather),
		newTool("get_forecast", d["get_forecast"], invopoptags.GetForecast),
		newTool("search_web", d["search_web"], invopoptags.SearchWeb),
		newTool("get_stock_quote", d["get_stock_quote"], invopoptags.GetStockQuote),
		newTool("convert_currency", d["convert_currency"], invopoptags.ConvertCurrency),
		newTool("create_event", d["create_event"], invopoptags.CreateEvent),
		newTool("send_email", d["send_email"], invopoptags.SendEmail),
		newTool("translate_text", d["translate_text"], invopoptags.TranslateText),
		newTool("get_directions", d["get_directions"], invopoptags.GetDirections),
		newTool("lookup_order", d["lookup_order"], invopoptags.LookupOrder),
	}
	var defs []defsize.Def
	for _, def := range list(tools) {
		raw, err := json.Marshal(def.InputSchema)
		if err != nil {
			return nil, err
		}
		defs = append(defs, defsize.Def{Name: def.Name, Description: def.Description, InputSchema: raw})
	}
	return defs, nil
}

// TestDefinitionSize prints the size of the definitions of the ten tools of
// defs10 in toolgen, Genkit, Eino and the official MCP SDK, the table of
// BENCHMARKS.md: go test -run TestDefinitionSize -v.
func TestDefinitionSize(t *testing.T) {
	rows, err := defsize.Rows(context.Background())
	require.NoError(t, err)
	defs, err := genkitDefs()
	require.NoError(t, err)
	row, err := defsize.NewRow("genkit", "jsonschema_description and jsonschema:\"enum=…\" tags; ai.NewTool, Definition()", defs, &rows[0])
	require.NoError(t, err)
	rows = append(rows, row)
	for _, r := range rows {
		require.Len(t, r.Defs, 10, r.Library)
		for i, d := range r.Defs {
			assert.Equal(t, defs10.Names[i], d.Name, r.Library)
			assert.Equal(t, defs10.Descriptions[d.Name], d.Description, "%s: %s", r.Library, d.Name)
		}
		assert.True(t, r.SameDescriptions, "%s (%s) lost a description", r.Library, r.Declared)
	}
	t.Logf("\n%s\n%s", defsize.Table(rows), defsize.Verdict(rows))
}
