package uistream_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/uistream"
)

// FuzzHandler: whatever a client posts, the handler answers with a status
// it documents, and never panics.
func FuzzHandler(f *testing.F) {
	f.Add(userRequest("go"))
	f.Add(answerRequest("run-1", "run-1:call_d", true, ""))
	f.Add(answerRequest("run-1", "run-1:call_d", false, `,"answers":[{"toolCallId":"x","resumeData":{}}]`))
	f.Add(conversation)
	f.Add(`{"messages":` + conversation + `}`)
	f.Add(`{"messages":[{"role":"assistant","parts":[{"type":"data-tool-call-client","data":{"runId":"r","toolCallId":"c"}},{"type":"tool-x","toolCallId":"c","state":"output-error"}]}]}`)
	f.Fuzz(func(t *testing.T, body string) {
		a := &agent.Agent{ID: "f", Model: scripted.New(scripted.Text("ok"))}
		h := &uistream.Handler{Agent: a, MaxBodyBytes: 1 << 16}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body)))
		switch rec.Code {
		case 200, 400, 409, 413:
		default:
			t.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
		if rec.Code == 200 && !strings.HasSuffix(rec.Body.String(), "data: [DONE]\n\n") {
			t.Fatalf("a stream that does not end with [DONE]: %q", rec.Body)
		}
	})
}
