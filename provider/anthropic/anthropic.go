// Package anthropic adapts Anthropic's Messages API to [llm.Model], on the
// official SDK github.com/anthropics/anthropic-sdk-go/v2.
//
//	agent := &agent.Agent{
//		ID:    "weather-agent",
//		Model: anthropic.Model("claude-sonnet-4-5"),
//		Tools: weather.Tools(),
//	}
//
// The API key is WithAPIKey's, else $ANTHROPIC_API_KEY (or a bearer token
// from $ANTHROPIC_AUTH_TOKEN); the base URL is WithBaseURL's, else
// $ANTHROPIC_BASE_URL, else https://api.anthropic.com/. The SDK's other
// environment defaults (profiles, federation, $ANTHROPIC_CUSTOM_HEADERS)
// are not used; WithRequestOptions adds headers. Importing the package
// registers the provider "anthropic" with package provider, for
// [provider.Open]. Requests are retried by the SDK ([WithMaxRetries]);
// errors.As finds the SDK's *Error in the errors that remain. Requests
// carry prompt-cache marks unless [WithoutPromptCaching] says otherwise.
//
// A program that calls anthropic-sdk-go in a loop of its own declares a
// tool set with [Tools] and runs the model's tool_use blocks with
// [RunToolCalls], which returns the user message to send next.
//
// See https://github.com/toolgen-go/toolgen/blob/main/docs/providers.md and,
// for a loop of your own, https://github.com/toolgen-go/toolgen/blob/main/docs/own-loop.md.
package anthropic

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/toolgen-go/toolgen/internal/genaitrace"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider"
)

// ProviderName is the key of this adapter's entries in
// Request.ProviderOptions and Part.ProviderMetadata. The provider options,
// a JSON object, are merged into the request body, for settings this
// package does not model:
//
//	llm.Request{ProviderOptions: map[string]json.RawMessage{
//		"anthropic": json.RawMessage(`{"thinking":{"type":"enabled","budget_tokens":2048}}`),
//	}}
//
// A top-level "cache_control" there replaces the package's cache marks:
// an object asks for the API's automatic caching ({"type":"ephemeral"},
// one mark the API places on the last block), and null turns caching off
// for the request (nothing is sent).
const ProviderName = "anthropic"

// DefaultBaseURL is the base URL of Anthropic's API.
const DefaultBaseURL = "https://api.anthropic.com/"

// DefaultMaxTokens is max_tokens when neither the request nor
// WithMaxTokens sets it.
const DefaultMaxTokens = 4096

// DefaultPauseContinuations is how many times in a row a paused turn is
// continued by default; see [WithPauseContinuations].
const DefaultPauseContinuations = 10

func init() {
	provider.Register("anthropic", func(model string) (llm.Model, error) { return New(model) })
}

// ErrNoAPIKey is returned by [New], and by every call of a [Model] built
// without a key.
var ErrNoAPIKey = errors.New("anthropic: no API key: set ANTHROPIC_API_KEY or use anthropic.WithAPIKey")

// MessagesModel is a [llm.Model] on the Messages API. It is safe for
// concurrent use. [Model] never fails; a model without a key returns
// [ErrNoAPIKey] from every call, and [New] returns it at once.
//
// System messages are lifted into the system field, one text block each.
// Tools are sent with their input schema in [schema.DialectAnthropic],
// property order kept (Spec.Strict is OpenAI's: it is not sent). Tool
// choices map to {"type":"auto"}, {"type":"none"}, {"type":"any"} (for
// required) and {"type":"tool","name":…}; WithParallelToolCalls(false) sets
// disable_parallel_tool_use. Tool calls are tool_use blocks (arguments that
// are not a JSON object, which a model can produce and the loop reports,
// are sent back as {}); a tool message becomes a user message of
// tool_result blocks, with is_error for error results, and text, images
// (inline or by URL) and PDFs for content results. Consecutive messages of
// one role are merged into one turn, as the API wants. Thinking blocks
// come back as reasoning parts whose ProviderMetadata["anthropic"] holds
// the signature (or the redacted data), and are sent back with it;
// reasoning without one is dropped. A text block's citations are kept in
// its part's ProviderMetadata["anthropic"] ({"citations":[…]}, as the API
// gave them) and sent back with the text. Every other block of an answer
// (the calls and results of server tools: server_tool_use,
// web_search_tool_result, code execution results…) becomes a
// [llm.PartProviderItem] part whose ProviderMetadata["anthropic"] is the
// block itself, sent back verbatim; these are not tool calls, and the agent
// loop runs nothing for them. [WithServerTools] adds server tools to the
// requests.
//
// Usage counts all input tokens in InputTokens, the cached ones included;
// CachedInputTokens are those read from the cache (cache_read_input_tokens)
// and CacheWriteTokens those written to it (cache_creation_input_tokens).
//
// max_tokens is required by the API: it is Request.MaxOutputTokens, else
// WithMaxTokens', else [DefaultMaxTokens]. The SDK refuses non-streaming
// requests whose max_tokens could outlast its timeout; Generate streams
// those and collects the stream.
//
// Streaming yields text deltas, reasoning deltas, a start, input_json
// deltas and the complete call for each tool_use block, then the finish
// part, whose response holds the whole message (signatures, citations and
// server tool blocks included) and the usage of message_start as
// message_delta updates it. Server tool blocks yield no part until then. A
// stream that ends before message_stop, or with an error event, is an
// error.
//
// A request's ResponseFormat is sent natively or as a forced tool; see
// [StructuredOutputMode]. When the API pauses a long turn of server tools,
// Generate and Stream continue it; see [WithPauseContinuations].
type MessagesModel struct {
	id     string
	cfg    config
	client sdk.Client
	err    error
	info   llm.ModelInfo
}

var _ llm.Model = (*MessagesModel)(nil)

// New returns the Messages model id (such as "claude-sonnet-4-5"), or
// [ErrNoAPIKey] when no key is configured.
func New(id string, opts ...Option) (*MessagesModel, error) {
	m := Model(id, opts...)
	return m, m.err
}

// Model returns the Messages model id, such as "claude-sonnet-4-5". It
// never fails: a configuration error (see [New]) is returned by every call.
func Model(id string, opts ...Option) *MessagesModel {
	cfg, ro, err := resolve(opts)
	host, port := genaitrace.Server(cfg.base)
	info := llm.ModelInfo{Provider: ProviderName, Model: id, ServerAddress: host, ServerPort: port}
	return &MessagesModel{id: id, cfg: cfg, client: sdk.NewClient(ro...), err: err, info: info}
}

// ID returns the model's id, as given to [Model].
func (m *MessagesModel) ID() string { return m.id }

// Describe implements [llm.Describer]: the provider is "anthropic", and
// the server is the base URL's.
func (m *MessagesModel) Describe() llm.ModelInfo { return m.info }

// Capabilities implements [llm.CapabilityReporter]: OutputWithTools
// with native structured outputs, not with a forced tool, which excludes
// the other tools.
func (m *MessagesModel) Capabilities() llm.Capabilities {
	return llm.Capabilities{OutputWithTools: m.nativeOutput()}
}

// Option configures a model.
type Option func(*config)

type config struct {
	apiKey      *string
	baseURL     *string
	maxRetries  *int
	httpClient  *http.Client
	parallel    *bool
	maxTokens   int
	requestOpts []option.RequestOption
	noCache     bool
	serverTools []json.RawMessage
	pauses      int
	outputMode  StructuredOutputMode
	// base is the resolved base URL.
	base string
}

// WithAPIKey sets the API key, in place of $ANTHROPIC_API_KEY.
func WithAPIKey(key string) Option { return func(c *config) { c.apiKey = &key } }

// WithBaseURL sets the base URL of the API, in place of
// $ANTHROPIC_BASE_URL.
func WithBaseURL(url string) Option { return func(c *config) { c.baseURL = &url } }

// WithMaxRetries sets how many times the SDK retries a request that failed
// with a connection error, 408, 409, 429 or a 5xx status (default 2).
func WithMaxRetries(n int) Option { return func(c *config) { c.maxRetries = new(max(n, 0)) } }

// WithHTTPClient sets the HTTP client the SDK uses.
func WithHTTPClient(hc *http.Client) Option { return func(c *config) { c.httpClient = hc } }

// WithParallelToolCalls(false) sets disable_parallel_tool_use on requests
// that have tools; by default the model may call several tools at once.
func WithParallelToolCalls(allow bool) Option { return func(c *config) { c.parallel = &allow } }

// WithMaxTokens sets max_tokens for requests that do not set
// MaxOutputTokens; the default is [DefaultMaxTokens].
func WithMaxTokens(n int) Option { return func(c *config) { c.maxTokens = n } }

// WithoutPromptCaching turns prompt caching off: requests carry no
// cache_control breakpoints. The API then bills every input token at the
// base price.
//
// By default requests carry up to four cache_control marks, so that each
// step of an agent reads the previous step's request from the API's cache,
// at a tenth of the input price, and pays 1.25 times the price only for
// what is new. The marks go on the last tool (the tools are the same in
// every run of an agent, even when its instructions change), on the last
// system block (tools and instructions start every new conversation of the
// agent), on the end of the previous request (the last user turn before
// the final turn: the entry the previous step wrote, read explicitly, as
// the API looks for one by itself only 20 blocks back from a mark, and a
// step with ten parallel calls adds 20), and on the final turn, written for
// the next step. Each goes on the last block of its turn that takes one
// (not a thinking block). Prefixes shorter than the model's minimum (1,024
// tokens for the Sonnet 4 models, 4,096 for Opus 4.5 and Haiku 4.5) are
// not cached, silently and at no cost; a run whose requests outgrow the
// minimum only at its last step pays for a write that no step reads (see
// BENCHMARKS.md for the weather example's figures). A request whose
// provider options set "cache_control" gets no marks either (see
// [ProviderName]).
func WithoutPromptCaching() Option { return func(c *config) { c.noCache = true } }

// WithServerTools adds tools that the API runs itself (web search, web
// fetch, code execution…) to every request, after the request's own tools.
// Each is the tool's definition as the API takes it, sent as it is:
//
//	anthropic.WithServerTools(json.RawMessage(`{"type":"web_search_20250305","name":"web_search","max_uses":5}`))
//
// What the model does with them comes back as [llm.PartProviderItem] parts
// and is sent back as it came; the agent loop runs nothing for them. Leave
// cache_control out of them: the last tool gets the package's mark.
func WithServerTools(tools ...json.RawMessage) Option {
	return func(c *config) { c.serverTools = append(c.serverTools, tools...) }
}

// WithPauseContinuations sets how many times in a row a turn that the API
// paused (stop_reason "pause_turn") is continued before the paused response
// is returned as it is; the default is [DefaultPauseContinuations], and 0
// never continues.
//
// When the API pauses a long turn of server tools, Generate and Stream
// continue it themselves, as the API asks: they send the request again
// with the paused content appended as the assistant's turn, as it came,
// until the turn ends. The response is the whole turn: the parts of every
// answer in order, the usage of every request, the finish reason, id and
// model of the last. A turn still paused after the last continuation is
// returned as it is, with FinishOther and RawFinishReason "pause_turn", and
// the agent loop ends the run there.
func WithPauseContinuations(n int) Option { return func(c *config) { c.pauses = max(n, 0) } }

// WithRequestOptions adds options of the SDK to every request, after this
// package's own (headers, middleware, timeouts…).
func WithRequestOptions(opts ...option.RequestOption) Option {
	return func(c *config) { c.requestOpts = append(c.requestOpts, opts...) }
}

// resolve builds the SDK client options from opts and the environment. The
// SDK's own environment and credential chain (profiles, federation) are
// not used: the key comes from the option or the two usual variables.
func resolve(opts []Option) (config, []option.RequestOption, error) {
	c := config{maxTokens: DefaultMaxTokens, pauses: DefaultPauseContinuations}
	for _, o := range opts {
		o(&c)
	}
	base := os.Getenv("ANTHROPIC_BASE_URL")
	if c.baseURL != nil {
		base = *c.baseURL
	}
	if base == "" {
		base = DefaultBaseURL
	}
	c.base = base
	// Each HTTP attempt, retries included, is an event of the request's
	// chat span.
	attempts := option.WithMiddleware(func(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
		resp, err := next(req)
		genaitrace.RecordAttempt(req.Context(), resp, err)
		return resp, err
	})
	ro := []option.RequestOption{option.WithoutEnvironmentDefaults(), option.WithBaseURL(base), attempts}
	var err error
	switch {
	case c.apiKey != nil && *c.apiKey != "":
		ro = append(ro, option.WithAPIKey(*c.apiKey))
	case c.apiKey == nil && os.Getenv("ANTHROPIC_API_KEY") != "":
		ro = append(ro, option.WithAPIKey(os.Getenv("ANTHROPIC_API_KEY")))
	case c.apiKey == nil && os.Getenv("ANTHROPIC_AUTH_TOKEN") != "":
		ro = append(ro, option.WithAuthToken(os.Getenv("ANTHROPIC_AUTH_TOKEN")))
	default:
		err = ErrNoAPIKey
	}
	if c.maxRetries != nil {
		ro = append(ro, option.WithMaxRetries(*c.maxRetries))
	}
	if c.httpClient != nil {
		ro = append(ro, option.WithHTTPClient(c.httpClient))
	}
	ro = append(ro, c.requestOpts...)
	return c, ro, err
}

// apiError wraps an SDK error with what was being done.
func apiError(what string, err error) error {
	return fmt.Errorf("anthropic: %s: %w", what, err)
}
