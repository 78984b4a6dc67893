package openai

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/tool"
)

// This file's helpers serve the tests that replay real API exchanges,
// recorded by other projects' test suites. Those recordings are third-party
// data, so they are not in this repository: they live in the steering
// repository's shared/recorded/openai/, which every developer's machine and
// CI have beside the repository, with a README.md giving each file's
// source (repository, path, commit). testdata/RECORDED.md lists them. The
// tests that need them skip, saying so, where they are missing.

// recorded returns the recording name (see providertest.Recorded).
func recorded(t *testing.T, name string) string {
	t.Helper()
	return string(providertest.Recorded(t, "openai", name))
}

// synthetic returns testdata/synthetic/name: a fixture written by hand,
// not a recording (see its README.md).
func synthetic(t *testing.T, name string) string {
	t.Helper()
	return providertest.Fixture(t, "synthetic/"+name)
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
func requestBody(t *testing.T, srv *fakeServer, i int) any {
	t.Helper()
	reqs := srv.Requests()
	require.Greater(t, len(reqs), i, "request %d was not sent", i)
	return jsonOf(t, string(reqs[i].Body))
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

// streamParts collects a model stream's parts and its collected response.
func streamParts(t *testing.T, seq func(func(llm.StreamPart, error) bool)) ([]llm.StreamPart, *llm.Response) {
	t.Helper()
	var parts []llm.StreamPart
	res, err := llm.CollectStream(seq, func(p llm.StreamPart) { parts = append(parts, p) })
	require.NoError(t, err)
	return parts, res
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
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			out = append(out, data)
		}
	}
	return out
}
