package providertest

import (
	"context"
	"embed"
	"encoding/json"
	"iter"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
)

// The Recorded group of the suite replays real exchanges with each API,
// recorded by other projects' test suites (each provider package's
// testdata/RECORDED.md says where every file comes from), through the
// model under test and its SDK, and checks both what the model makes of
// the answers and what it sends next. The checks hold for any model that
// speaks the API; the recordings that exercise one adapter's options stay
// in that adapter's tests.

// recordedExchange is one recorded exchange the suite replays.
type recordedExchange struct {
	name string
	run  func(t *testing.T, s *suite)
}

// recordedExchanges are the exchanges of each API.
var recordedExchanges = map[API][]recordedExchange{
	OpenAIChat:      chatExchanges,
	OpenAIResponses: responsesExchanges,
	Gemini:          geminiExchanges,
}

// recorded replays the recorded exchanges of the target's API.
func (s *suite) recorded(t *testing.T) {
	for _, x := range recordedExchanges[s.target.API] {
		t.Run(x.name, func(t *testing.T) { x.run(t, s) })
	}
}

// recording returns a recorded exchange of provider, as text.
func recording(t *testing.T, provider, name string) string {
	t.Helper()
	return string(Recorded(t, provider, name))
}

//go:embed testdata/synthetic
var synthetic embed.FS

// syntheticFixture returns testdata/synthetic/name of this package: a
// fixture written by hand, not a recording (see the README there).
func syntheticFixture(t *testing.T, name string) string {
	t.Helper()
	data, err := synthetic.ReadFile("testdata/synthetic/" + name)
	require.NoError(t, err)
	return string(data)
}

// replay starts a server that answers with the given bodies, each raw: a
// stream when sse says so.
func replay(t *testing.T, replies ...Reply) *Server {
	t.Helper()
	return NewServer(t, Replay(replies...)...)
}

// jsonOf decodes data into a generic value, failing the test on error.
func jsonOf(t *testing.T, data string) any {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal([]byte(data), &v), data)
	return v
}

// field returns the value at a path of object keys and array indexes of a
// decoded JSON value.
func field(t *testing.T, v any, path ...any) any {
	t.Helper()
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			require.True(t, ok, "want an object for %q, have %T", k, v)
			v = m[k]
		case int:
			a, ok := v.([]any)
			require.True(t, ok, "want an array for [%d], have %T", k, v)
			require.Less(t, k, len(a))
			v = a[k]
		}
	}
	return v
}

// encode renders a decoded JSON value again, for JSONEq.
func encode(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	return string(data)
}

// requestBody decodes the body of the server's i-th request.
func requestBody(t *testing.T, srv *Server, i int) any {
	t.Helper()
	reqs := srv.Requests()
	require.Greater(t, len(reqs), i, "request %d was not sent", i)
	return jsonOf(t, string(reqs[i].Body))
}

// requestFields decodes the top-level fields of the server's i-th request.
func requestFields(t *testing.T, srv *Server, i int) map[string]json.RawMessage {
	t.Helper()
	reqs := srv.Requests()
	require.Greater(t, len(reqs), i, "request %d was not sent", i)
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(reqs[i].Body, &m))
	return m
}

// call sends req to m, streamed or not, and returns the response and,
// for a stream, its parts.
func call(t *testing.T, m llm.Model, req *llm.Request, stream bool) (*llm.Response, []llm.StreamPart) {
	t.Helper()
	if !stream {
		res, err := m.Generate(t.Context(), req)
		require.NoError(t, err)
		return res, nil
	}
	var parts []llm.StreamPart
	res, err := llm.CollectStream(m.Stream(t.Context(), req), func(p llm.StreamPart) { parts = append(parts, p) })
	require.NoError(t, err)
	return res, parts
}

// deltas concatenates the text of the parts of type typ.
func deltas(parts []llm.StreamPart, typ llm.StreamPartType) string {
	var b strings.Builder
	for _, p := range parts {
		if p.Type == typ {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// sseData returns the data of each event of a server-sent event stream.
func sseData(body string) []string {
	var out []string
	for line := range strings.SplitSeq(body, "\n") {
		if data, ok := strings.CutPrefix(strings.TrimSuffix(line, "\r"), "data: "); ok {
			out = append(out, data)
		}
	}
	return out
}

// textTool is a tool whose arguments are any object and whose result the
// model sees as the text fn returns.
func textTool(name, description, schema string, strict bool, fn func(args map[string]any) string) tool.Tool {
	spec := tool.Spec{ID: name, Description: description, InputSchema: json.RawMessage(schema), Strict: strict}
	return tool.NewFunc(&spec, func(_ context.Context, in map[string]any) (string, error) {
		return fn(in), nil
	}).WithModelOutput(func(_ context.Context, _ map[string]any, out string) (llm.ModelOutput, error) {
		return llm.TextOutput(out), nil
	})
}

// withOptions is a model whose requests carry provider options, as a
// caller that sets them on every request does.
type withOptions struct {
	llm.Model
	options map[string]json.RawMessage
}

// Generate implements [llm.Model], with the options.
func (m withOptions) Generate(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	return m.Model.Generate(ctx, m.with(req))
}

// Stream implements [llm.Model], with the options.
func (m withOptions) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.StreamPart, error] {
	return m.Model.Stream(ctx, m.with(req))
}

// with returns req with the options.
func (m withOptions) with(req *llm.Request) *llm.Request {
	r := *req
	r.ProviderOptions = m.options
	return &r
}
