// Package openai adapts OpenAI's APIs to [llm.Model], on the official SDK
// github.com/openai/openai-go/v3: a [ChatModel] speaks Chat Completions,
// which OpenAI-compatible servers (Ollama, vLLM, llama.cpp's server, LM
// Studio, DeepSeek, xAI) speak too; a [ResponsesModel] speaks the
// Responses API.
//
//	agent := &agent.Agent{
//		ID:    "weather-agent",
//		Model: openai.Model("gpt-5.4"), // or openai.Responses("gpt-5.4")
//		Tools: weather.Tools(),
//	}
//
// The API key is WithAPIKey's, else $OPENAI_API_KEY; the base URL is
// WithBaseURL's, else $OPENAI_BASE_URL, else https://api.openai.com/v1/.
// A local server needs no key. Importing the package registers the
// providers "openai", "openai-responses" and "ollama" with package
// provider, for [provider.Open]. Requests are retried by the SDK
// ([WithMaxRetries]); errors.As finds the SDK's *Error in the errors that
// remain.
//
// A program that calls openai-go in a loop of its own declares a tool set
// with [ChatTools] or [ResponsesTools] and runs the model's calls with
// [RunChatToolCalls] or [RunResponsesToolCalls], which return the SDK's
// own values to send next.
//
// See https://github.com/toolgen-go/toolgen/blob/main/docs/providers.md and,
// for a loop of your own, https://github.com/toolgen-go/toolgen/blob/main/docs/own-loop.md.
package openai

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

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
//		"openai": json.RawMessage(`{"reasoning_effort":"low","service_tier":"flex"}`),
//	}}
const ProviderName = "openai"

// DefaultBaseURL is the base URL of OpenAI's API.
const DefaultBaseURL = "https://api.openai.com/v1/"

// DefaultOllamaHost is the address of the Ollama server of the "ollama"
// provider when $OLLAMA_HOST does not name one.
const DefaultOllamaHost = "http://localhost:11434"

func init() {
	provider.Register("openai", func(model string) (llm.Model, error) { return New(model) })
	provider.Register("openai-responses", func(model string) (llm.Model, error) { return NewResponses(model) })
	provider.Register("ollama", func(model string) (llm.Model, error) {
		return New(model, WithBaseURL(ollamaBaseURL()), WithAPIKey(""), WithLegacyMaxTokens())
	})
}

// ollamaBaseURL returns the OpenAI-compatible endpoint of the Ollama server
// that $OLLAMA_HOST names ("host:port" or a URL), or of the default one.
func ollamaBaseURL() string {
	host := strings.TrimSpace(os.Getenv("OLLAMA_HOST"))
	if host == "" {
		host = DefaultOllamaHost
	}
	if !strings.Contains(host, "://") {
		host = "http://" + host
	}
	return strings.TrimSuffix(host, "/") + "/v1/"
}

// ErrNoAPIKey is returned by [New], and by every call of a [Model] built
// without a key, when api.openai.com would be called without an API key.
var ErrNoAPIKey = errors.New("openai: no API key: set OPENAI_API_KEY or use openai.WithAPIKey")

// ChatModel is a [llm.Model] on the Chat Completions API. It is safe
// for concurrent use. [Model] never fails: a model that cannot work (no key
// for api.openai.com) returns its error from every call; [New] returns it
// at once.
//
// Tools become function tools whose parameters are the tool's input
// schema, property order kept; a strict tool gets "strict": true and its
// schema in [schema.DialectOpenAIStrict] (a schema that dialect cannot
// express is an error of the request, which toolgen reports at generate
// time already). Tool choices map to "auto", "none", "required" and
// {"type":"function","function":{"name":…}}; tool_choice and
// parallel_tool_calls are sent only with tools. Tool results become "tool"
// messages holding the result as text (error results too: Chat
// Completions has no error flag). Tool messages take only text, so the
// images and files of a content result follow the tool messages in one
// user message, introduced by a text part naming the call.
//
// Servers that return the model's reasoning in a reasoning_content field
// (DeepSeek, xAI, vLLM…) have it kept as a reasoning part, before the text
// and calls, and streamed as reasoning deltas. It is sent back in that
// field only where the server asks for it: DeepSeek's thinking mode
// requires the reasoning_content of every assistant turn that made tool
// calls in all later requests, and needs none of the others
// (https://api-docs.deepseek.com/guides/thinking_mode, "Input and Output
// Parameters"), so by default a model whose base URL is on deepseek.com
// sends it on assistant messages with tool calls and on no others; other
// servers get none (xAI's Chat Completions takes no reasoning back,
// https://docs.x.ai/developers/model-capabilities/text/best-practices;
// OpenAI's API has no such field). [WithReasoningContent] changes that.
//
// A refusal (the message's refusal field) is a [llm.PartRefusal], not
// text, streamed as refusal deltas; the response ends with
// [llm.FinishRefusal] (RawFinishReason keeps the API's "stop"). It goes
// back as a refusal content part of the assistant message.
//
// A request's ResponseFormat is sent as response_format
// {"type":"json_schema","json_schema":{name, description, schema,
// strict}}. A strict format's schema is sent in
// [schema.DialectOpenAIStrict]; one that dialect cannot express is sent as
// it is, with strict false. The object is the answer's text.
// Capabilities report OutputWithTools: the API takes a format together
// with tools.
//
// Streaming asks for usage (stream_options.include_usage) and yields text
// deltas, a start, argument deltas and the complete call for each tool
// call (calls are keyed by the API's index; a new id at a used index is a
// new call, for servers that send every call at index 0), then the finish
// part. A stream that ends without a finish reason is an error, not a
// short answer.
type ChatModel struct {
	id     string
	cfg    config
	client oai.Client
	err    error
	// reasoningBack: send reasoning_content back (see WithReasoningContent).
	reasoningBack bool
	info          llm.ModelInfo
}

var _ llm.Model = (*ChatModel)(nil)

// New returns the Chat Completions model id (such as "gpt-5.4"), or
// [ErrNoAPIKey] when it would call api.openai.com without a key.
func New(id string, opts ...Option) (*ChatModel, error) {
	m := Model(id, opts...)
	return m, m.err
}

// Model returns the Chat Completions model id, such as "gpt-5.4". It never
// fails: a configuration error (see [New]) is returned by every call.
func Model(id string, opts ...Option) *ChatModel {
	cfg, ro, err := resolve(opts)
	back := isDeepSeek(cfg.base)
	if cfg.reasoningContent != nil {
		back = *cfg.reasoningContent
	}
	return &ChatModel{id: id, cfg: cfg, client: oai.NewClient(ro...), err: err, reasoningBack: back, info: cfg.describe(id)}
}

// ID returns the model's id, as given to [Model].
func (m *ChatModel) ID() string { return m.id }

// Describe implements [llm.Describer]: the provider is "openai", or
// "deepseek" for DeepSeek's API, and the server is the base URL's.
func (m *ChatModel) Describe() llm.ModelInfo { return m.info }

// Capabilities implements [llm.CapabilityReporter]: Chat Completions
// takes response_format together with tools.
func (m *ChatModel) Capabilities() llm.Capabilities {
	return llm.Capabilities{OutputWithTools: true}
}

// ResponsesModel is a [llm.Model] on the Responses API. It is safe for
// concurrent use. [Responses] never fails: a model that cannot work
// returns its error from every call; [NewResponses] returns it at once.
//
// It is stateless: every request carries the whole conversation as input
// items (no previous_response_id), so runs stay resumable anywhere: system
// and user messages as messages, assistant text as assistant messages,
// tool calls as function_call items and results as function_call_output
// items, whose output is a list of input_text, input_image and input_file
// items for a content result, so images reach the model directly.
//
// Every output item goes back as the item it was, in order, because the
// API pairs them: a reasoning item sent without the item that followed it
// is refused ("Item 'rs_…' of type 'reasoning' was provided without its
// required following item"). So parts carry their item in
// ProviderMetadata["openai"]: a message's output_text and refusal contents
// become text and [llm.PartRefusal] parts with the item id (and its phase
// and the text's annotations), sent back as that message item with its id;
// a reasoning item becomes a reasoning part per summary, with the item id
// and, on the first, the encrypted content when the request includes
// "reasoning.encrypted_content" (with "store": false in the provider
// options), sent back as that reasoning item; a function call a tool call
// part with the item id. Items of any other type (web_search_call,
// file_search_call, code_interpreter_call, mcp_call, a message with other
// contents…) become [llm.PartProviderItem] parts holding the item
// verbatim, sent back verbatim. Text without an item id (another
// provider's, or written by hand) is sent as an assistant message.
//
// Function tools are sent with "strict" always set, because the API makes
// them strict when it is left out. A request's ResponseFormat is sent as
// text.format {"type":"json_schema", name, description, schema, strict},
// as [ChatModel] sends it. The finish reason is tool-calls when the output
// has calls, length or content-filter for an incomplete response, refusal
// when the answer is a refusal, else stop; a failed response is an error.
// Streaming yields the same parts as Chat Completions, plus reasoning
// summary deltas; the finish part's message is the completed response's
// output, items and all.
type ResponsesModel struct {
	id     string
	cfg    config
	client oai.Client
	err    error
	info   llm.ModelInfo
}

var _ llm.Model = (*ResponsesModel)(nil)

// NewResponses returns the Responses API model id (such as "gpt-5.4"), or
// [ErrNoAPIKey] when it would call api.openai.com without a key.
func NewResponses(id string, opts ...Option) (*ResponsesModel, error) {
	m := Responses(id, opts...)
	return m, m.err
}

// Responses returns the Responses API model id. It never fails: a
// configuration error (see [NewResponses]) is returned by every call.
func Responses(id string, opts ...Option) *ResponsesModel {
	cfg, ro, err := resolve(opts)
	return &ResponsesModel{id: id, cfg: cfg, client: oai.NewClient(ro...), err: err, info: cfg.describe(id)}
}

// ID returns the model's id, as given to [Responses].
func (m *ResponsesModel) ID() string { return m.id }

// Describe implements [llm.Describer], as [ChatModel.Describe] does.
func (m *ResponsesModel) Describe() llm.ModelInfo { return m.info }

// Capabilities implements [llm.CapabilityReporter]: the Responses API
// takes text.format together with tools.
func (m *ResponsesModel) Capabilities() llm.Capabilities {
	return llm.Capabilities{OutputWithTools: true}
}

// Option configures a model.
type Option func(*config)

type config struct {
	apiKey      *string
	baseURL     *string
	maxRetries  *int
	httpClient  *http.Client
	parallel    *bool
	legacyMax   bool
	requestOpts []option.RequestOption
	// reasoningContent overrides whether a ChatModel sends
	// reasoning_content back.
	reasoningContent *bool
	// base is the resolved base URL.
	base string
}

// WithAPIKey sets the API key, in place of $OPENAI_API_KEY.
func WithAPIKey(key string) Option { return func(c *config) { c.apiKey = &key } }

// WithBaseURL sets the base URL of the API, such as
// "http://localhost:11434/v1/" for Ollama, in place of $OPENAI_BASE_URL.
func WithBaseURL(url string) Option { return func(c *config) { c.baseURL = &url } }

// WithMaxRetries sets how many times the SDK retries a request that failed
// with a connection error, 408, 409, 429 or a 5xx status (default 2).
func WithMaxRetries(n int) Option { return func(c *config) { c.maxRetries = new(max(n, 0)) } }

// WithHTTPClient sets the HTTP client the SDK uses.
func WithHTTPClient(hc *http.Client) Option { return func(c *config) { c.httpClient = hc } }

// WithParallelToolCalls sets parallel_tool_calls on requests that have
// tools; without it the server's default (parallel calls allowed) applies.
func WithParallelToolCalls(allow bool) Option { return func(c *config) { c.parallel = &allow } }

// WithLegacyMaxTokens sends Request.MaxOutputTokens as max_tokens, for
// OpenAI-compatible servers that do not know max_completion_tokens.
func WithLegacyMaxTokens() Option { return func(c *config) { c.legacyMax = true } }

// WithReasoningContent sets whether a Chat Completions model sends the
// reasoning it received in the reasoning_content field (DeepSeek's, xAI's
// and other compatible servers') back in that field, on the assistant
// messages that have tool calls, and only on those. Without it, reasoning
// is sent back to DeepSeek's API (a base URL on deepseek.com) and to no
// other server: DeepSeek's thinking mode requires it
// (https://api-docs.deepseek.com/guides/thinking_mode), while xAI's Chat
// Completions takes no reasoning back and OpenAI's has no such field. Use it
// for DeepSeek models behind another URL (a proxy, a router) or for another
// server whose documentation asks for the same.
func WithReasoningContent(send bool) Option { return func(c *config) { c.reasoningContent = &send } }

// WithRequestOptions adds options of the SDK to every request, after this
// package's own (headers, middleware, timeouts…).
func WithRequestOptions(opts ...option.RequestOption) Option {
	return func(c *config) { c.requestOpts = append(c.requestOpts, opts...) }
}

// resolve builds the SDK client options from opts and the environment.
func resolve(opts []Option) (config, []option.RequestOption, error) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	key := os.Getenv("OPENAI_API_KEY")
	if c.apiKey != nil {
		key = *c.apiKey
	}
	base := os.Getenv("OPENAI_BASE_URL")
	if c.baseURL != nil {
		base = *c.baseURL
	}
	if base == "" {
		base = DefaultBaseURL
	}
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	c.base = base
	// Each HTTP attempt, retries included, is an event of the request's
	// chat span.
	attempts := option.WithMiddleware(func(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
		resp, err := next(req)
		genaitrace.RecordAttempt(req.Context(), resp, err)
		return resp, err
	})
	ro := []option.RequestOption{option.WithBaseURL(base), option.WithAPIKey(key), attempts}
	if c.maxRetries != nil {
		ro = append(ro, option.WithMaxRetries(*c.maxRetries))
	}
	if c.httpClient != nil {
		ro = append(ro, option.WithHTTPClient(c.httpClient))
	}
	ro = append(ro, c.requestOpts...)
	if key == "" && base == DefaultBaseURL {
		return c, ro, ErrNoAPIKey
	}
	return c, ro, nil
}

// describe returns the [llm.ModelInfo] of model id with configuration c.
func (c config) describe(id string) llm.ModelInfo {
	provider := ProviderName
	if isDeepSeek(c.base) {
		provider = "deepseek"
	}
	host, port := genaitrace.Server(c.base)
	return llm.ModelInfo{Provider: provider, Model: id, ServerAddress: host, ServerPort: port}
}

// isDeepSeek reports whether base is DeepSeek's API (a host on
// deepseek.com).
func isDeepSeek(base string) bool {
	u, err := url.Parse(base)
	if err != nil {
		return false
	}
	host := strings.ToLower(u.Hostname())
	return host == "deepseek.com" || strings.HasSuffix(host, ".deepseek.com")
}

// apiError wraps an SDK error with what was being done, keeping the API's
// own message (the SDK's Error() gives only the status).
func apiError(what string, err error) error {
	var e *oai.Error
	if errors.As(err, &e) && e.Message != "" {
		return fmt.Errorf("openai: %s: %w: %s", what, err, e.Message)
	}
	return fmt.Errorf("openai: %s: %w", what, err)
}
