package anthropic_test

import (
	"context"
	"fmt"
	"log"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/toolgen-go/toolgen/examples/weather/weather"
	tganthropic "github.com/toolgen-go/toolgen/provider/anthropic"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
)

// A Messages loop of the program's own runs the weather tools: Tools
// declares them, RunToolCalls answers the tool_use blocks of each message.
// The SDK talks to a fake server that plays a scripted model over the
// Messages API; a real program leaves out the two options.
func ExampleRunToolCalls() {
	srv := providertest.NewServer(nil,
		scripted.Calls(scripted.Call("weatherTool", `{"location":"Paris"}`), scripted.Call("weatherTool", `{"location":"Atlantis"}`)),
		scripted.Text("It is 18.5°C in Paris. I could not find Atlantis."),
	)
	defer srv.Close()

	ctx := context.Background()
	client := anthropic.NewClient(option.WithBaseURL(srv.URL()), option.WithAPIKey("offline"))
	set := weather.Tools()
	tools, err := tganthropic.Tools(set)
	if err != nil {
		log.Fatal(err)
	}
	params := anthropic.MessageNewParams{
		Model:     "claude-sonnet-4-5",
		MaxTokens: 1024,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("What's the weather in Paris and in Atlantis?"))},
		Tools:     tools,
	}
	for {
		msg, err := client.Messages.New(ctx, params)
		if err != nil {
			log.Fatal(err)
		}
		results, outcomes, err := tganthropic.RunToolCalls(ctx, set, msg, nil)
		if err != nil {
			log.Fatal(err)
		}
		if results.OfUser == nil {
			for _, b := range msg.Content {
				fmt.Println("assistant:", b.Text)
			}
			return
		}
		for _, o := range outcomes {
			fmt.Printf("tool %s error=%v\n", o.Call.Name, o.Err != nil)
		}
		params.Messages = append(params.Messages, msg.ToParam(), results)
	}
	// Output:
	// tool weatherTool error=false
	// tool weatherTool error=true
	// assistant: It is 18.5°C in Paris. I could not find Atlantis.
}
