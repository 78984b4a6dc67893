package eino_test

import (
	"context"
	"errors"
	"testing"

	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/eino"
	"github.com/toolgen-go/toolgen/eino/internal/testtools"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// orderA1001 is what lookupOrder returns for A-1001 without its lines.
const orderA1001 = `{"id":"A-1001","status":"shipped","placed":"2026-05-01T09:30:00Z","totals":{"EUR":2450},"shipment":{"carrier":"DHL","tracking":"JD0001"}}`

// invoke runs Eino's ToolsNode, configured by eino.ToolsConfig, on one
// assistant message holding calls (id, name, arguments triples).
func invoke(t *testing.T, opts *eino.Options, triples ...string) ([]*schema.Message, error) {
	t.Helper()
	cfg, err := eino.ToolsConfig(testtools.Tools(), opts)
	require.NoError(t, err)
	node, err := compose.NewToolNode(t.Context(), &cfg)
	require.NoError(t, err)
	return node.Invoke(t.Context(), calls(triples...)(nil))
}

// TestToolsNode gives Eino's ToolsNode one message with a call of each kind
// and checks the tool message it returns for each: the run goes on after
// invalid arguments, a failing tool, a panic and an unknown tool, each a
// message the model reads.
func TestToolsNode(t *testing.T) {
	tests := []struct {
		name, tool, args string
		check            func(t *testing.T, content string)
	}{
		{"valid, JSON output", "lookupOrder", `{"orderId":"A-1001"}`, func(t *testing.T, c string) {
			assert.JSONEq(t, orderA1001, c)
		}},
		{"valid, text from the model hook", "summariseOrder", `{"orderId":"B-2002"}`, func(t *testing.T, c string) {
			assert.Equal(t, "Order B-2002 is pending with 1 lines.", c)
		}},
		{"arguments against the schema", "lookupOrder", `{"orderId":"secret-value-42"}`, func(t *testing.T, c string) {
			assert.Contains(t, c, `invalid arguments for tool "lookupOrder"`)
			assert.Contains(t, c, "orderId")
			assert.NotContains(t, c, "secret-value-42", "the arguments are never quoted")
		}},
		{"arguments not JSON", "lookupOrder", `{"orderId": `, func(t *testing.T, c string) {
			assert.Contains(t, c, `invalid arguments for tool "lookupOrder"`)
		}},
		{"unknown field", "placeOrder", `{"lines":[{"sku":"mug","quantity":1}],"gift":true}`, func(t *testing.T, c string) {
			assert.Contains(t, c, `invalid arguments for tool "placeOrder"`)
			assert.Contains(t, c, "gift")
		}},
		{"failing tool", "lookupOrder", `{"orderId":"Z-9"}`, func(t *testing.T, c string) {
			assert.Equal(t, `tool "lookupOrder" failed: no order Z-9`, c)
		}},
		{"panicking tool", "explode", `{"why":"bug"}`, func(t *testing.T, c string) {
			assert.Equal(t, `tool "explode" failed unexpectedly (panic: explode: bug)`, c)
			assert.NotContains(t, c, "goroutine", "no stack trace")
		}},
		{"unknown tool", "cancelOrder", `{}`, func(t *testing.T, c string) {
			assert.Equal(t, `unknown tool "cancelOrder"; available tools: explode, lookupOrder, placeOrder, refundOrder, summariseOrder`, c)
		}},
		{"approval with no decider and no checkpoint: an Eino interrupt", "refundOrder", `{"orderId":"A-1001","amountCents":500,"reason":"late"}`, nil},
	}
	var triples []string
	for i, tt := range tests {
		if tt.check != nil {
			triples = append(triples, "call-"+string(rune('a'+i)), tt.tool, tt.args)
		}
	}
	msgs, err := invoke(t, nil, triples...)
	require.NoError(t, err, "no call ends the run")
	require.Len(t, msgs, len(triples)/3)
	for i, tt := range tests {
		if tt.check == nil {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			msg := msgs[i]
			assert.Equal(t, schema.Tool, msg.Role)
			assert.Equal(t, "call-"+string(rune('a'+i)), msg.ToolCallID)
			assert.Equal(t, tt.tool, msg.ToolName)
			tt.check(t, msg.Content)
		})
	}

	t.Run(tests[len(tests)-1].name, func(t *testing.T) {
		_, err := invoke(t, nil, "call-r", "refundOrder", tests[len(tests)-1].args)
		require.Error(t, err)
		info, ok := compose.IsInterruptRerunError(err)
		require.True(t, ok, "an interrupt, not a failure: %v", err)
		extra, ok := info.(*compose.ToolsInterruptAndRerunExtra)
		require.True(t, ok, "info %T", info)
		assert.Equal(t, []string{"call-r"}, extra.RerunTools)
		req, ok := extra.RerunExtraMap["call-r"].(toolexec.ApprovalRequest)
		require.True(t, ok, "the call's interrupt info is its approval request: %#v", extra.RerunExtraMap)
		assert.Equal(t, "refundOrder", req.ToolName)
		assert.Equal(t, "call-r", req.ToolCallID)
		assert.Equal(t, testtools.RefundInput{OrderID: "A-1001", AmountCents: 500, Reason: testtools.Late}, req.Input)
	})
}

// TestOptions checks the options at the ToolsNode: Approve decides at
// once, and FailRun makes a failed call end the run with a
// *toolexec.Error.
func TestOptions(t *testing.T) {
	refund := `{"orderId":"A-1001","amountCents":500,"reason":"late"}`
	t.Run("Approve", func(t *testing.T) {
		for _, tt := range []struct {
			approve bool
			want    string
		}{
			{true, `{"refundId":"R-A-1001-500"}`},
			{false, `the call of "refundOrder" was not approved`},
		} {
			var asked []toolexec.ApprovalRequest
			opts := &eino.Options{Approve: func(_ context.Context, req toolexec.ApprovalRequest) (bool, error) {
				asked = append(asked, req)
				return tt.approve, nil
			}}
			msgs, err := invoke(t, opts, "c1", "refundOrder", refund, "c2", "lookupOrder", `{"orderId":"A-1001"}`)
			require.NoError(t, err)
			require.Len(t, msgs, 2)
			assert.Equal(t, tt.want, msgs[0].Content)
			assert.JSONEq(t, orderA1001, msgs[1].Content, "a tool without approval is not asked about")
			require.Len(t, asked, 1)
			assert.Equal(t, "c1", asked[0].ToolCallID)
			assert.Equal(t, testtools.RefundInput{OrderID: "A-1001", AmountCents: 500, Reason: testtools.Late}, asked[0].Input)
		}
	})
	t.Run("Approve fails", func(t *testing.T) {
		opts := &eino.Options{Approve: func(context.Context, toolexec.ApprovalRequest) (bool, error) {
			return false, errors.New("approvals service down")
		}}
		_, err := invoke(t, opts, "c1", "refundOrder", refund)
		require.Error(t, err)
		assert.ErrorContains(t, err, "approvals service down")
	})
	t.Run("FailRun", func(t *testing.T) {
		for _, tt := range []struct {
			name, tool, args string
			kind             toolexec.Kind
		}{
			{"invalid arguments", "lookupOrder", `{"orderId":"nope"}`, toolexec.KindInvalidArguments},
			{"failing tool", "lookupOrder", `{"orderId":"Z-9"}`, toolexec.KindToolFailed},
			{"panic", "explode", `{}`, toolexec.KindPanic},
			{"unknown tool", "cancelOrder", `{}`, toolexec.KindUnknownTool},
		} {
			t.Run(tt.name, func(t *testing.T) {
				_, err := invoke(t, &eino.Options{FailRun: true}, "c1", tt.tool, tt.args)
				require.Error(t, err)
				var terr *toolexec.Error
				require.ErrorAs(t, err, &terr)
				assert.Equal(t, tt.kind, terr.Kind)
				assert.Equal(t, "c1", terr.ToolCallID)
			})
		}
		msgs, err := invoke(t, &eino.Options{FailRun: true}, "c1", "lookupOrder", `{"orderId":"A-1001"}`)
		require.NoError(t, err)
		assert.JSONEq(t, orderA1001, msgs[0].Content)
	})
}
