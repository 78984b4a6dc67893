// Command ownloop runs the weather tools in a loop of its own on an
// official SDK, with toolgen's helpers for such loops
// (docs/own-loop.md): openai-go's Chat Completions (the default), its
// Responses API, or Google's genai. The loop, and every line that talks to
// the SDK, is the program's; toolgen turns the tools into the SDK's tool
// parameters and runs the calls of the SDK's response.
//
// By default it runs offline: the SDK talks to a fake API server in the
// process (provider/providertest) that plays a scripted model over the
// real wire protocol. -live sends the requests to the real API instead:
//
//	go run ./examples/ownloop                          # offline, Chat Completions
//	go run ./examples/ownloop -api responses           # offline, Responses
//	go run ./examples/ownloop -api gemini              # offline, genai
//	go run ./examples/ownloop -live -model gpt-5.4     # $OPENAI_API_KEY
//	go run ./examples/ownloop -live -api gemini -model gemini-2.5-flash   # $GEMINI_API_KEY
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/examples/weather/weather"
	"github.com/toolgen-go/toolgen/provider/gemini"
	tgopenai "github.com/toolgen-go/toolgen/provider/openai"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

const prompt = "What's the weather in Paris, and in Atlantis?"

func main() {
	api := flag.String("api", "chat", "the SDK and API: chat (openai-go Chat Completions), responses (openai-go Responses) or gemini (genai)")
	live := flag.Bool("live", false, "send the requests to the real API, with the SDK's own environment ($OPENAI_API_KEY, $GEMINI_API_KEY)")
	model := flag.String("model", "", "the model, with -live (default gpt-5.4, or gemini-2.5-flash for -api gemini)")
	flag.Parse()
	var baseURL string
	if !*live {
		srv := providertest.NewServer(nil, offlineTurns()...)
		defer srv.Close()
		baseURL = srv.URL()
	}
	if err := run(context.Background(), os.Stdout, *api, baseURL, *model); err != nil {
		log.Fatal(err)
	}
}

// offlineTurns are what a model answers the prompt: two calls, then text.
func offlineTurns() []scripted.Turn {
	return []scripted.Turn{
		scripted.Calls(
			scripted.Call("weatherTool", `{"location":"Paris"}`),
			scripted.Call("weatherTool", `{"location":"Atlantis"}`),
		),
		scripted.Text("It is 18.5°C and partly cloudy in Paris. I could not find Atlantis."),
	}
}

// run asks the prompt through api and prints each call's outcome and the
// answer. baseURL, when set, points the SDK at a fake server.
func run(ctx context.Context, w io.Writer, api, baseURL, model string) error {
	loops := map[string]func(context.Context, io.Writer, string, string) error{"chat": chatLoop, "responses": responsesLoop, "gemini": geminiLoop}
	loop, ok := loops[api]
	if !ok {
		return fmt.Errorf("unknown -api %q: want chat, responses or gemini", api)
	}
	fmt.Fprintf(w, "user: %s\n", prompt)
	return loop(ctx, w, baseURL, model)
}

// report prints what the model will read of each call.
func report(w io.Writer, outcomes []toolexec.Outcome) {
	for _, o := range outcomes {
		status := "ok"
		if o.Err != nil {
			status = string(o.Err.Kind)
		}
		fmt.Fprintf(w, "tool %s(%s) %s: %s\n", o.Call.Name, o.Call.Arguments, status, o.Model)
	}
}

// openaiOptions points openai-go at the fake server offline.
func openaiOptions(baseURL string) []option.RequestOption {
	if baseURL == "" {
		return nil
	}
	return []option.RequestOption{option.WithBaseURL(baseURL), option.WithAPIKey("offline")}
}

// chatLoop is a Chat Completions loop of the program's own.
func chatLoop(ctx context.Context, w io.Writer, baseURL, model string) error {
	client := openai.NewClient(openaiOptions(baseURL)...)
	set := weather.Tools()
	tools, err := tgopenai.ChatTools(set)
	if err != nil {
		return err
	}
	params := openai.ChatCompletionNewParams{
		Model:    orDefault(model, "gpt-5.4"),
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage(prompt)},
		Tools:    tools,
	}
	for {
		completion, err := client.Chat.Completions.New(ctx, params)
		if err != nil {
			return err
		}
		msg := completion.Choices[0].Message
		if len(msg.ToolCalls) == 0 {
			fmt.Fprintf(w, "assistant: %s\n", msg.Content)
			return nil
		}
		results, outcomes, err := tgopenai.RunChatToolCalls(ctx, set, msg, nil)
		if err != nil {
			return err
		}
		report(w, outcomes)
		params.Messages = append(params.Messages, msg.ToParam())
		params.Messages = append(params.Messages, results...)
	}
}

// responsesLoop is a Responses API loop of the program's own; the API
// keeps the conversation.
func responsesLoop(ctx context.Context, w io.Writer, baseURL, model string) error {
	client := openai.NewClient(openaiOptions(baseURL)...)
	set := weather.Tools()
	tools, err := tgopenai.ResponsesTools(set)
	if err != nil {
		return err
	}
	params := responses.ResponseNewParams{
		Model: orDefault(model, "gpt-5.4"),
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String(prompt)},
		Tools: tools,
	}
	for {
		res, err := client.Responses.New(ctx, params)
		if err != nil {
			return err
		}
		items, outcomes, err := tgopenai.RunResponsesToolCalls(ctx, set, res, nil)
		if err != nil {
			return err
		}
		if len(items) == 0 {
			fmt.Fprintf(w, "assistant: %s\n", res.OutputText())
			return nil
		}
		report(w, outcomes)
		params.PreviousResponseID = openai.String(res.ID)
		params.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: items}
	}
}

// geminiLoop is a genai loop of the program's own.
func geminiLoop(ctx context.Context, w io.Writer, baseURL, model string) error {
	cfg := &genai.ClientConfig{Backend: genai.BackendGeminiAPI}
	if baseURL != "" {
		cfg.APIKey = "offline"
		cfg.HTTPOptions.BaseURL = baseURL
	}
	client, err := genai.NewClient(ctx, cfg)
	if err != nil {
		return err
	}
	set := weather.Tools()
	tools, err := gemini.Tools(set)
	if err != nil {
		return err
	}
	config := &genai.GenerateContentConfig{Tools: tools}
	contents := []*genai.Content{genai.NewContentFromText(prompt, genai.RoleUser)}
	for {
		res, err := client.Models.GenerateContent(ctx, orDefault(model, "gemini-2.5-flash"), contents, config)
		if err != nil {
			return err
		}
		results, outcomes, err := gemini.RunToolCalls(ctx, set, res, nil)
		if err != nil {
			return err
		}
		if results == nil {
			fmt.Fprintf(w, "assistant: %s\n", res.Text())
			return nil
		}
		report(w, outcomes)
		contents = append(contents, res.Candidates[0].Content, results)
	}
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
