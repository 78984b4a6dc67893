module example.com/stack

go 1.26.0

require (
	github.com/bytedance/sonic v1.15.5
	github.com/cloudwego/eino v0.7.36
	github.com/firebase/genkit/go v1.4.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
	github.com/openai/openai-go/v3 v3.98.0
	google.golang.org/genai v1.79.1
)
