// Package gemini adapts Google's Gemini API (generateContent and
// streamGenerateContent) to [llm.Model], on the official SDK
// google.golang.org/genai.
//
//	agent := &agent.Agent{
//		ID:    "weather-agent",
//		Model: gemini.Model("gemini-2.5-flash"),
//		Tools: weather.Tools(),
//	}
//
// The API key is WithAPIKey's, else $GOOGLE_API_KEY, else $GEMINI_API_KEY
// (the SDK's order: when both variables are set, GOOGLE_API_KEY wins and
// the SDK logs a warning); the base URL is WithBaseURL's, else
// $GOOGLE_GEMINI_BASE_URL, else https://generativelanguage.googleapis.com/;
// the API version is WithAPIVersion's, else [DefaultAPIVersion]. The
// Gemini API backend is always used: Vertex AI ($GOOGLE_GENAI_USE_VERTEXAI,
// project, location, application default credentials) is not. Importing
// the package registers the provider "google" with package provider, for
// [provider.Open].
//
// The SDK brings cloud.google.com/go/auth into the build and, through it,
// gRPC, whose use of html/template stops the linker from dropping unused
// methods: a program that imports this package is much larger (80 MB
// instead of 35 MB for examples/weather, stripped). A program that does
// not import it links neither.
//
// A program that calls the genai SDK in a loop of its own declares a tool
// set with [Tools] and runs the model's calls with [RunToolCalls], which
// returns the content to send next.
//
// See https://github.com/toolgen-go/toolgen/blob/main/docs/providers.md and,
// for a loop of your own, https://github.com/toolgen-go/toolgen/blob/main/docs/own-loop.md.
package gemini

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/internal/genaitrace"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider"
)

// ProviderName is the key of this adapter's entries in
// Request.ProviderOptions and Part.ProviderMetadata. The provider options,
// a JSON object in the API's wire format, are merged into the request
// body, for settings this package does not model:
//
//	llm.Request{ProviderOptions: map[string]json.RawMessage{
//		"google": json.RawMessage(`{"generationConfig":{"thinkingConfig":{"includeThoughts":true}}}`),
//	}}
const ProviderName = "google"

// DefaultBaseURL is the base URL of the Gemini API.
const DefaultBaseURL = "https://generativelanguage.googleapis.com/"

// DefaultAPIVersion is the API version requests use unless WithAPIVersion
// says otherwise. The SDK's own default is v1; v1beta is the version that
// has every field this package sends and that other clients use.
const DefaultAPIVersion = "v1beta"

// DefaultMaxRetries is the number of retries unless WithMaxRetries says
// otherwise.
const DefaultMaxRetries = 2

func init() {
	provider.Register("google", func(model string) (llm.Model, error) { return New(model) })
}

// ErrNoAPIKey is returned by [New], and by every call of a [Model] built
// without a key.
var ErrNoAPIKey = errors.New("gemini: no API key: set GEMINI_API_KEY or GOOGLE_API_KEY, or use gemini.WithAPIKey")

// GenerativeModel is a [llm.Model] on the Gemini API. It is safe for
// concurrent use. [Model] never fails; a model without a key returns
// [ErrNoAPIKey] from every call, and [New] returns it at once.
//
// System messages are lifted into systemInstruction, one text part each.
// Each other message is one content: user messages and tool results have
// the role "user", assistant messages "model"; a content left without
// parts is not sent, since the API rejects it. Tools are function
// declarations whose parameters are the tool's input schema in
// [schema.DialectGemini] (the OpenAPI subset; $refs inlined, null as
// nullable). The SDK holds properties in a map, so they are sent in
// alphabetical order, the order Gemini uses anyway. A tool without input
// properties is declared without parameters. Spec.Strict is OpenAI's: it
// is not sent. Tool choices map to functionCallingConfig modes AUTO, NONE,
// ANY (required) and ANY with allowedFunctionNames (a named tool); without
// tools no toolConfig is sent. Gemini may call several functions at once;
// there is no switch to forbid it.
//
// A function call becomes a tool call whose id is the one Gemini gave, or,
// since Gemini mostly gives none, "<responseId>-<n>" (n counting the
// response's calls from 1) assigned here; only ids that came from Gemini
// are sent back, in functionCall.id and functionResponse.id. Arguments
// arrive as a JSON object that the SDK decodes into a map: the tool call's
// Arguments are that object re-encoded, keys sorted, numbers as float64
// (integers beyond 2^53 lose precision); a call without arguments is sent
// back without args. A tool result becomes a functionResponse: {"output":
// …} with the JSON or the text of the result, {"error": …} for an error
// result. Images and other media in a content result cannot go in a
// functionResponse on every model, so they follow in a user content of
// their own, after the text "Media returned by tool call <id> (<name>):".
// Media is inlineData, or fileData for a URL (which the API must be able
// to fetch).
//
// Gemini 2.5 and 3 return an opaque thoughtSignature on some parts: on the
// first function call of a step, on text, or on an empty text part at the
// end of a stream. Gemini 3 rejects a request whose function calls of the
// current turn lost theirs. Every signature is kept in the
// ProviderMetadata["google"] of its part (the ToolCall's for a function
// call, with Gemini's call id when it gave one) as {"thoughtSignature":
// "<base64>"} and sent back on the same part. A stream's text deltas are
// merged into one part; a signature that arrives on a later delta, the
// empty one included, goes on that part. Thought summaries (parts with
// thought: true, returned when generationConfig.thinkingConfig.includeThoughts
// is set) are reasoning parts, sent back as thoughts; reasoning from
// another provider is dropped. For a Gemini 3 or later model, an assistant
// message whose function calls carry no signature at all (a conversation
// from another model) gets on its first call the placeholder that Google
// documents for that case, "skip_thought_signature_validator".
//
// A request's ResponseFormat is sent as generationConfig's
// responseMimeType "application/json" and responseJsonSchema, the schema
// as generated (re-encoded compactly): standard JSON Schema keeps $ref and
// $defs, recursion, type arrays with null and additionalProperties, which
// responseSchema, the OpenAPI subset of tool parameters, would inline,
// unroll or drop. The object is the answer's text. Capabilities report
// OutputWithTools for Gemini 3 and later (an id "gemini-<major>…" with
// major 3 or more), which take a response schema together with function
// declarations; older models, and aliases such as "gemini-flash-latest",
// do not.
//
// Finish reasons: STOP is tool-calls when the response has function calls,
// else stop; MAX_TOKENS is length; SAFETY, RECITATION, BLOCKLIST,
// PROHIBITED_CONTENT, SPII, MODEL_ARMOR and the image ones are
// content-filter, as is a prompt blocked before any candidate
// (RawFinishReason is then the block reason); MALFORMED_FUNCTION_CALL,
// UNEXPECTED_TOOL_CALL, TOO_MANY_TOOL_CALLS, MISSING_THOUGHT_SIGNATURE and
// MALFORMED_RESPONSE are error; others are other. Usage: InputTokens is
// promptTokenCount (cached tokens included) plus toolUsePromptTokenCount,
// CachedInputTokens is cachedContentTokenCount, OutputTokens is
// candidatesTokenCount plus thoughtsTokenCount, ReasoningTokens is
// thoughtsTokenCount. The response id is responseId, the model id
// modelVersion. Only the first candidate is read.
//
// Streaming yields text and reasoning deltas as they come, and each
// function call, which Gemini sends whole, as a start, one delta with all
// its arguments and the complete call; the finish part carries the whole
// message, signatures included. A stream that ends without a finish reason
// is an error.
//
// Requests are retried by the SDK on connection errors and on 408, 429,
// 500, 502, 503 and 504 answers (2 retries by default, the first after 1 s
// plus up to 1 s of jitter, each next one twice as late; see WithMaxRetries
// and WithRetryDelay); errors that remain are returned wrapped; errors.As
// finds the SDK's genai.APIError in them.
type GenerativeModel struct {
	id     string
	cfg    config
	client *genai.Client
	err    error
	info   llm.ModelInfo
}

var _ llm.Model = (*GenerativeModel)(nil)

// New returns the Gemini model id (such as "gemini-2.5-flash"), or
// [ErrNoAPIKey] when no key is configured.
func New(id string, opts ...Option) (*GenerativeModel, error) {
	m := Model(id, opts...)
	return m, m.err
}

// Model returns the Gemini model id, such as "gemini-2.5-flash". It never
// fails: a configuration error (see [New]) is returned by every call.
func Model(id string, opts ...Option) *GenerativeModel {
	cfg, cc, err := resolve(opts)
	host, port := genaitrace.Server(cfg.base)
	info := llm.ModelInfo{Provider: "gcp.gemini", Model: id, ServerAddress: host, ServerPort: port}
	m := &GenerativeModel{id: id, cfg: cfg, err: err, info: info}
	if err == nil {
		m.client, m.err = newClient(cc)
	}
	return m
}

// ID returns the model's id, as given to [Model].
func (m *GenerativeModel) ID() string { return m.id }

// Describe implements [llm.Describer]: the provider is "gcp.gemini", as
// the OpenTelemetry conventions name the Gemini API, and the server is the
// base URL's.
func (m *GenerativeModel) Describe() llm.ModelInfo { return m.info }

// Capabilities implements [llm.CapabilityReporter]: Gemini 3 and later
// models take a response schema together with function declarations
// (https://ai.google.dev/gemini-api/docs/structured-output, "Structured
// outputs with tools"); Gemini 2.5 and older answer such a request with an
// error, so they get the format only on a request without tools.
func (m *GenerativeModel) Capabilities() llm.Capabilities {
	return llm.Capabilities{OutputWithTools: gemini3OrLater(m.id)}
}

// gemini3OrLater reports whether model id is Gemini 3 or later, which
// rejects a turn's function calls without a thought signature and takes a
// response schema together with function declarations.
func gemini3OrLater(id string) bool {
	id = strings.TrimPrefix(id, "models/")
	rest, ok := strings.CutPrefix(id, "gemini-")
	if !ok {
		return false
	}
	end := strings.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
	if end < 0 {
		end = len(rest)
	}
	major, err := strconv.Atoi(rest[:end])
	return err == nil && major >= 3
}

// Option configures a model.
type Option func(*config)

type config struct {
	apiKey     *string
	baseURL    *string
	apiVersion string
	maxRetries int
	retryDelay time.Duration
	httpClient *http.Client
	headers    http.Header
	// base is the resolved base URL.
	base string
}

// WithAPIKey sets the API key, in place of $GOOGLE_API_KEY and
// $GEMINI_API_KEY.
func WithAPIKey(key string) Option { return func(c *config) { c.apiKey = &key } }

// WithBaseURL sets the base URL of the API, in place of
// $GOOGLE_GEMINI_BASE_URL. Requests go to
// <base>/<version>/models/<model>:generateContent.
func WithBaseURL(url string) Option { return func(c *config) { c.baseURL = &url } }

// WithAPIVersion sets the API version, such as "v1" (default
// [DefaultAPIVersion]).
func WithAPIVersion(v string) Option { return func(c *config) { c.apiVersion = v } }

// WithMaxRetries sets how many times a request that failed with a
// connection error or a 408, 429, 500, 502, 503 or 504 status is retried
// (default [DefaultMaxRetries]; 0 turns retries off).
func WithMaxRetries(n int) Option { return func(c *config) { c.maxRetries = max(n, 0) } }

// WithRetryDelay sets the wait before the first retry (default 1 s); each
// next one waits twice as long, and each adds up to d of jitter.
func WithRetryDelay(d time.Duration) Option { return func(c *config) { c.retryDelay = max(d, 0) } }

// WithHTTPClient sets the HTTP client the SDK uses.
func WithHTTPClient(hc *http.Client) Option { return func(c *config) { c.httpClient = hc } }

// WithHeaders adds headers to every request.
func WithHeaders(h http.Header) Option {
	return func(c *config) {
		if c.headers == nil {
			c.headers = http.Header{}
		}
		for k, v := range h {
			c.headers[k] = append(c.headers[k], v...)
		}
	}
}

// resolve builds the SDK's client configuration from opts and the
// environment.
func resolve(opts []Option) (config, *genai.ClientConfig, error) {
	c := config{apiVersion: DefaultAPIVersion, maxRetries: DefaultMaxRetries, retryDelay: time.Second}
	for _, o := range opts {
		o(&c)
	}
	var key string
	switch {
	case c.apiKey != nil:
		key = *c.apiKey
	case os.Getenv("GOOGLE_API_KEY") != "":
		key = os.Getenv("GOOGLE_API_KEY")
	default:
		key = os.Getenv("GEMINI_API_KEY")
	}
	base := os.Getenv("GOOGLE_GEMINI_BASE_URL")
	if c.baseURL != nil {
		base = *c.baseURL
	}
	if base == "" {
		base = DefaultBaseURL
	}
	c.base = base
	attempts := int32(c.maxRetries + 1)
	delay := c.retryDelay.Seconds()
	cc := &genai.ClientConfig{
		APIKey:     key,
		Backend:    genai.BackendGeminiAPI,
		HTTPClient: recordingAttempts(c.httpClient),
		HTTPOptions: genai.HTTPOptions{
			BaseURL:    base,
			APIVersion: c.apiVersion,
			Headers:    c.headers.Clone(),
			RetryOptions: &genai.HTTPRetryOptions{
				Attempts:     &attempts,
				InitialDelay: &delay,
				Jitter:       &delay,
			},
		},
	}
	if key == "" {
		return c, cc, ErrNoAPIKey
	}
	return c, cc, nil
}

// recordingAttempts returns a client that sends requests as hc does (or,
// for nil, as a default client does) and records each attempt, retries
// included, as an event of the request's chat span: the SDK retries
// through its client.
func recordingAttempts(hc *http.Client) *http.Client {
	if hc == nil {
		hc = &http.Client{}
	}
	c := *hc
	c.Transport = genaitrace.Transport(hc.Transport)
	return &c
}

// newClient returns the SDK client for cc.
func newClient(cc *genai.ClientConfig) (*genai.Client, error) {
	client, err := genai.NewClient(context.Background(), cc)
	if err != nil {
		return nil, fmt.Errorf("gemini: %w", err)
	}
	return client, nil
}

// apiError wraps an SDK error with what was being done.
func apiError(what string, err error) error {
	return fmt.Errorf("gemini: %s: %w", what, err)
}
