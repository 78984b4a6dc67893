package genaitrace

import (
	"context"
	"testing"

	"github.com/toolgen-go/toolgen/llm"
)

// BenchmarkOff measures what a run with one model request and one tool
// call does for telemetry when no provider is configured: resolve the
// configuration, and start and end each span, as the agent loop does.
func BenchmarkOff(b *testing.B) {
	ctx := context.Background()
	req := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}}
	resp := &llm.Response{FinishReason: llm.FinishStop}
	b.ReportAllocs()
	for b.Loop() {
		t := Resolve(ctx, nil)
		rctx := t.Bind(ctx)
		var run Run
		if t.Tracing() {
			rctx, run = t.StartAgent(ctx, AgentInfo{ID: "a"})
		}
		cctx, chat := t.StartChat(rctx, nil, req, nil)
		chat.End(resp, nil)
		span := t.StartTool(cctx, ToolInfo{Name: "weather", CallID: "call_1"})
		span.End("")
		run.End(Outcome{Steps: 1, FinishReason: llm.FinishStop}, nil)
	}
}
