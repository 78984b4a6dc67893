package tooltest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tooltest"
)

type echoInput struct {
	Text string `json:"text"`
}

// The golden file of one small tool: what Golden compares and -update
// writes. In a test of a package with generated tools, the whole check is
//
//	func TestToolsGolden(t *testing.T) {
//		tooltest.Golden(t, Tools(), "testdata/tools.golden.json")
//	}
func ExampleMarshal() {
	spec := &tool.Spec{
		ID:          "echo",
		Description: "Says the text back.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"text":{"type":"string"}},"required":["text"],"additionalProperties":false}`),
		Annotations: tool.Annotations{ReadOnly: new(true), OpenWorld: new(false)},
	}
	echo := tool.NewFunc(spec, func(ctx context.Context, in echoInput) (string, error) { return in.Text, nil })
	data, err := tooltest.Marshal(tool.Toolset{"echo": echo})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(data))
	// Output:
	// {
	//   "echo": {
	//     "id": "echo",
	//     "title": "",
	//     "description": "Says the text back.",
	//     "annotations": {
	//       "readOnly": true,
	//       "destructive": null,
	//       "idempotent": null,
	//       "openWorld": false
	//     },
	//     "needsApproval": false,
	//     "strict": false,
	//     "inputSchema": {
	//       "type": "object",
	//       "properties": {
	//         "text": {
	//           "type": "string"
	//         }
	//       },
	//       "required": [
	//         "text"
	//       ],
	//       "additionalProperties": false
	//     },
	//     "outputSchema": null,
	//     "inputDialects": {
	//       "anthropic": "same as inputSchema",
	//       "gemini": {
	//         "type": "object",
	//         "properties": {
	//           "text": {
	//             "type": "string"
	//           }
	//         },
	//         "required": [
	//           "text"
	//         ]
	//       },
	//       "openai-strict": "same as inputSchema"
	//     }
	//   }
	// }
}
