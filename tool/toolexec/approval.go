package toolexec

import (
	"github.com/toolgen-go/toolgen/tool"
)

// ApprovalRequest is what an [github.com/toolgen-go/toolgen/agent.ApprovalPolicy] decides on.
type ApprovalRequest struct {
	// ToolName and ToolCallID identify the call.
	ToolName   string
	ToolCallID string
	// Spec describes the tool.
	Spec *tool.Spec
	// Input is the decoded input.
	Input any
}
