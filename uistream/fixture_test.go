package uistream_test

import (
	"context"
	"errors"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

// The fixture's secrets: none may reach a stream.
const (
	secretStation = "STATION-SECRET-7731"
	secretToken   = "TOKEN-SECRET-0042"
	// secretAccount is in the arguments of lookup, whose display target
	// is configured: its input and its deltas must not show.
	secretAccount = "ACCT-SECRET-991"
)

type weatherIn struct {
	Location string `json:"location"`
}

type weatherOut struct {
	Location string  `json:"location"`
	TempC    float64 `json:"tempC"`
	Station  string  `json:"station"`
}

type lookupIn struct {
	Account string `json:"account"`
}

type lookupOut struct {
	Balance int    `json:"balance"`
	Token   string `json:"token"`
}

type deleteIn struct {
	Path string `json:"path"`
}

type deleteOut struct {
	Deleted string `json:"deleted"`
}

func spec(id, desc, in string, approval bool) *tool.Spec {
	return &tool.Spec{ID: id, Description: desc, InputSchema: []byte(in), NeedsApproval: approval}
}

// weatherTool's display transform drops the station.
func weatherTool() tool.Tool {
	return tool.NewFunc(spec("weather", "Weather at a place.", `{"type":"object","properties":{"location":{"type":"string"}},"required":["location"]}`, false),
		func(ctx context.Context, in weatherIn) (weatherOut, error) {
			tool.Progress(ctx, 1, 2, "asking the station")
			return weatherOut{Location: in.Location, TempC: 21.5, Station: secretStation}, nil
		}).WithTransform(tool.TargetDisplay, tool.Transforms[weatherIn, weatherOut]{
		Output: func(_ context.Context, _ weatherIn, out weatherOut) (any, error) {
			return map[string]any{"location": out.Location, "tempC": out.TempC}, nil
		},
	})
}

// lookupTool's display transform fails: the display gets the placeholder.
func lookupTool() tool.Tool {
	return tool.NewFunc(spec("lookup", "Account balance.", `{"type":"object","properties":{"account":{"type":"string"}},"required":["account"]}`, false),
		func(ctx context.Context, in lookupIn) (lookupOut, error) {
			return lookupOut{Balance: 42, Token: secretToken}, nil
		}).WithTransform(tool.TargetDisplay, tool.Transforms[lookupIn, lookupOut]{
		Output: func(context.Context, lookupIn, lookupOut) (any, error) {
			return nil, errors.New("display transform broke")
		},
	})
}

// deleteTool waits for approval.
func deleteTool() tool.Tool {
	return tool.NewFunc(spec("delete", "Delete a file.", `{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`, true),
		func(ctx context.Context, in deleteIn) (deleteOut, error) {
			return deleteOut{Deleted: in.Path}, nil
		})
}

// fixtureAgent is a main agent with the three tools and a helper subagent
// that has the weather tool. The first request's run calls weather,
// lookup and the helper, then delete, and pauses for its approval; the
// run that resumes it answers.
func fixtureAgent() *agent.Agent {
	helper := &agent.Agent{
		ID:          "helper",
		Description: "Finds the weather.",
		Model: scripted.New(
			scripted.Calls(scripted.Call("weather", `{"location":"Rome"}`)),
			scripted.Text("Rome is 21.5C."),
		),
		Tools: tool.Toolset{"weather": weatherTool()},
	}
	return &agent.Agent{
		ID:           "main",
		Instructions: "You help.",
		Model: scripted.New(
			scripted.Turn{Reasoning: "Let me look.", Text: "Looking it up.", ToolCalls: []llm.ToolCall{
				{ID: "call_w", Name: "weather", Arguments: `{"location":"Paris"}`},
				{ID: "call_l", Name: "lookup", Arguments: `{"account":"` + secretAccount + `"}`},
				{ID: "call_h", Name: "agent-helper", Arguments: `{"prompt":"Weather in Rome?"}`},
			}},
			scripted.Calls(llm.ToolCall{ID: "call_d", Name: "delete", Arguments: `{"path":"/tmp/x"}`}),
			scripted.Text("Paris is 21.5C, Rome too, and /tmp/x is gone."),
			scripted.Text("You're welcome."),
		),
		Tools:  tool.Toolset{"weather": weatherTool(), "lookup": lookupTool(), "delete": deleteTool()},
		Agents: map[string]*agent.Agent{"helper": helper},
	}
}
