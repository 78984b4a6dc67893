package runtime_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/scripted"
)

// dispatch is what the loop does with one call: bound, validate and decode,
// run, encode, and convert for the model.
func dispatch(ctx context.Context, tool runtime.Tool, args json.RawMessage) (runtime.ModelOutput, error) {
	if err := runtime.CheckArguments(args, runtime.Limits{}); err != nil {
		return runtime.ModelOutput{}, err
	}
	inv, err := tool.Prepare(ctx, args)
	if err != nil {
		return runtime.ModelOutput{}, err
	}
	out, err := inv.Run(ctx)
	if err != nil {
		return runtime.ModelOutput{}, err
	}
	return inv.ModelOutput(ctx, out)
}

func BenchmarkDispatch(b *testing.B) {
	ctx := context.Background()
	tool := weatherTool()
	b.Run("valid", func(b *testing.B) {
		args := json.RawMessage(`{"location":"Paris","units":"celsius"}`)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := dispatch(ctx, tool, args); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("invalid", func(b *testing.B) {
		args := json.RawMessage(`{"Location":"Paris","units":42}`)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := dispatch(ctx, tool, args); err == nil {
				b.Fatal("no error")
			}
		}
	})
}

func BenchmarkAgentStep(b *testing.B) {
	ctx := context.Background()
	b.Run("text", func(b *testing.B) {
		model := scripted.New()
		for range b.N {
			model.Append(scripted.Text("It is sunny in Paris."))
		}
		agent := &runtime.Agent{ID: "a", Instructions: "Be brief.", Model: model, Tools: runtime.Toolset{"weather": weatherTool()}}
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			if _, err := agent.Generate(ctx, "Weather in Paris?"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("tool-call", func(b *testing.B) {
		model := scripted.New()
		for range b.N {
			model.Append(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)))
		}
		agent := &runtime.Agent{ID: "a", Instructions: "Be brief.", Model: model, Tools: runtime.Toolset{"weather": weatherTool()}}
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			res, err := agent.Generate(ctx, "Weather in Paris?", runtime.WithMaxSteps(1))
			if err != nil || res.FinishReason != runtime.FinishMaxSteps {
				b.Fatal(err, res.FinishReason)
			}
		}
	})
}

// BenchmarkDecode compares Func.Decode of the weather input with the
// decoder toolgen generates (hand-written here in its shape, see
// decode_gen_test.go) against the general path, on a valid call and on one
// with two violations (location missing, units not in the enum), the
// message built in full.
func BenchmarkDecode(b *testing.B) {
	tools := []struct {
		name string
		tool *runtime.Func[weatherIn, weatherOut]
	}{
		{"general", weatherTool()},
		{"decoder", weatherTool().WithDecoder(decodeWeatherIn)},
	}
	calls := []struct {
		name string
		args json.RawMessage
		want string
	}{
		{"valid", json.RawMessage(`{"location":"Paris","units":"celsius"}`), ""},
		{"invalid", json.RawMessage(`{"units":"kelvin"}`), `invalid arguments: arguments do not match the input schema: ` +
			`at /: missing required property "location"; at /units: expected one of "celsius", "fahrenheit"`},
	}
	for _, c := range calls {
		for _, tt := range tools {
			b.Run(c.name+"/"+tt.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					in, err := tt.tool.Decode(c.args)
					if c.want == "" {
						if err != nil || in.Location != "Paris" {
							b.Fatal(in, err)
						}
					} else if err == nil || err.Error() != c.want {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
