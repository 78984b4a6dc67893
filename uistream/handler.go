package uistream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/internal/genaitrace"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/store"
)

// DefaultMaxBodyBytes bounds the body of a request to a [Handler] whose
// MaxBodyBytes is 0.
const DefaultMaxBodyBytes = 8 << 20

// Handler serves the requests of the AI SDK's useChat: it runs Agent on
// the posted conversation, or resumes the paused run whose calls the
// posted assistant message answers, and writes the run as the UI message
// stream.
//
// A request whose last message is the user's starts a run on the
// conversation ([ToMessages]). A request whose last message is the
// assistant's answers the calls its run paused on: the tool parts in
// state approval-responded (useChat's addToolApprovalResponse), the
// parts of client tools' calls with an output or an error (addToolOutput),
// and the Answers of the body, for suspended calls and subagents' calls.
// The paused run is taken from Store, and resumed; the client's copy of
// the conversation is not read then, so a page cannot change what the
// model said before the pause.
//
// A paused run's id is all it takes to answer its calls: it is random
// (128 bits) and sent only in the response of the run's own request, but a
// server that must tie a run to its user can give a Store that checks the
// user it finds in the request's context (the ctx of its methods).
//
// Paused runs, and the background tasks of a chat (keyed by the chat's id
// and the id this server gave its first assistant message, which a client
// that knows only the chat's id cannot name), are kept in Store: in memory by default, in a SQLite file or a
// Postgres database that outlive a restart and that replicas share (see
// package [store]). A resume takes its run under a claim that the handler
// extends while the run goes on and ends when it has: a paused run is
// resumed once, and again only when the server that resumed it stopped
// before the end (the tools find the call's id, the same each time, in
// [tool.CallInfoFrom], to do their work once). A resume that fails or
// that its client abandons gives the run back, to be answered again.
//
// A client may not send system messages: the agent's instructions are
// the server's. Bad requests get 400 with the reason in text; a paused
// run that is not in the Store (answered already, expired) gets 409, and
// so does one that another request is resuming; a stored state that this
// server cannot read (corrupt, or written by a newer version) gets 500
// with the reason, and stays in the Store.
//
// A run continues the trace of its request: the invoke_agent span is a
// child of the span in the request's context, when a middleware such as
// otelhttp started one, else of the trace context of the request's
// headers (a traceparent, which a browser's instrumentation sends), read
// with the propagator of the agent's Telemetry (nil: OpenTelemetry's
// global one), with its baggage.
type Handler struct {
	// Agent runs the conversations.
	Agent *agent.Agent
	// Options returns the options of the run a request starts or
	// resumes (the user's identity for tools, a model per user…). An
	// error refuses the request with 400 and the error's text, so it
	// must be fit for the client to read. nil means no options.
	Options func(r *http.Request, req *Request) ([]agent.Option, error)
	// Store keeps paused runs and background tasks; nil means one
	// [store.Memory], made at the first request.
	Store store.Store
	// TTL is how long a paused run waits for its answers; 0 means
	// [DefaultTTL]. Background tasks wait as long for the next run of
	// their conversation.
	TTL time.Duration
	// Lease is how long a resume's claim on its run lasts unless extended
	// (the handler extends it at a third of it while the run goes on): a
	// run whose server stopped mid-resume can be answered again after it.
	// 0 means [store.DefaultLease].
	Lease time.Duration
	// MaxBodyBytes bounds a request's body; 0 means
	// [DefaultMaxBodyBytes].
	MaxBodyBytes int64
	// ErrorText is the text of the error chunk of a run that failed; nil
	// means [DefaultErrorText].
	ErrorText func(error) string
	// Heartbeat, when positive, keeps a silent stream open through
	// proxies; see [Options.Heartbeat].
	Heartbeat time.Duration
	// KeepConversations keeps the conversation of each chat (the
	// request's id) in Store, which must implement [store.Messages],
	// when a run finishes, for TTL: a client may then send only its last
	// message ([Request.Message], the AI SDK's prepareSendMessagesRequest)
	// and the handler continues the stored conversation. The chat's id is
	// then all it takes to continue a chat and read what the model was
	// told: set it only when chat ids are the server's to give and cannot
	// be guessed, or when Options refuses a chat that is not the
	// request's user's. The chat's background tasks are then keyed by its
	// id alone.
	KeepConversations bool
	// OnFinish, when set, is called with the result of each run that
	// finished or paused, after the stream was written: to store the
	// conversation, or its transcript.
	OnFinish func(r *http.Request, req *Request, res *agent.Result)

	once  sync.Once
	store store.Store
}

// DefaultTTL is how long a paused run of a [Handler] whose TTL is 0
// waits for its answers.
const DefaultTTL = 24 * time.Hour

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.Agent == nil {
		http.Error(w, "uistream: the Handler has no Agent", http.StatusInternalServerError)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "uistream: POST the chat's messages", http.StatusMethodNotAllowed)
		return
	}
	limit := h.MaxBodyBytes
	if limit <= 0 {
		limit = DefaultMaxBodyBytes
	}
	var req Request
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit)).Decode(&req); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, fmt.Sprintf("uistream: request body larger than %d bytes", limit), http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "uistream: request body: "+err.Error(), http.StatusBadRequest)
		return
	}
	single := req.Message != nil
	switch {
	case single && len(req.Messages) > 0:
		http.Error(w, "uistream: a request sends messages or message, not both", http.StatusBadRequest)
		return
	case single && !h.KeepConversations:
		http.Error(w, "uistream: the request sends only its last message, and this server keeps no conversations: send them all (messages)", http.StatusBadRequest)
		return
	case single && req.ID == "":
		http.Error(w, "uistream: a request that sends only its last message needs the chat's id", http.StatusBadRequest)
		return
	case single:
		req.Messages = []Message{*req.Message}
	case len(req.Messages) == 0:
		http.Error(w, "uistream: request has no messages", http.StatusBadRequest)
		return
	}
	for i, m := range req.Messages {
		if m.Role == "system" {
			http.Error(w, fmt.Sprintf("uistream: messages[%d]: a client may not send system messages", i), http.StatusBadRequest)
			return
		}
	}
	r = r.WithContext(h.traceContext(r))
	var opts []agent.Option
	if h.Options != nil {
		o, err := h.Options(r, &req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		opts = o
	}
	// A new run's assistant message is named here: the chat's first such
	// name keys its background tasks.
	msgID := "msg-" + randomID()
	key := req.tasksKey(msgID)
	if h.KeepConversations && req.ID != "" {
		key = req.ID // the conversation's key: the chat's id is trusted
	}
	if key != "" {
		// Before the options, which may give other tasks.
		opts = append([]agent.Option{agent.WithTasks(agent.StoredTasks(h.getStore(), key, h.ttl()))}, opts...)
	}
	runID, answers, err := req.pending()
	if err != nil {
		http.Error(w, "uistream: "+err.Error(), http.StatusBadRequest)
		return
	}
	if runID == "" {
		msgs, err := ToMessages(req.Messages)
		if err != nil {
			http.Error(w, "uistream: "+err.Error(), http.StatusBadRequest)
			return
		}
		if single {
			history, err := h.loadConversation(r.Context(), req.ID)
			if err != nil {
				http.Error(w, "uistream: "+err.Error(), http.StatusInternalServerError)
				return
			}
			msgs = append(history, msgs...)
		}
		h.serve(w, r, &req, h.Agent.StreamMessages(r.Context(), msgs, opts...), Options{MessageID: msgID}, false)
		return
	}
	st := h.getStore()
	claimed, err := st.Take(r.Context(), runID, h.lease())
	switch {
	case errors.Is(err, store.ErrNoRun):
		http.Error(w, "uistream: paused run "+runID+" is not there: it was answered already, or it expired", http.StatusConflict)
		return
	case errors.Is(err, store.ErrTaken):
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(h.lease().Seconds()))))
		http.Error(w, "uistream: paused run "+runID+" is being resumed by another request", http.StatusConflict)
		return
	case err != nil:
		http.Error(w, "uistream: "+err.Error(), http.StatusInternalServerError)
		return
	}
	c := &claim{st: st, id: runID, claim: claimed.Claim, lease: h.lease()}
	state, err := decodeState(claimed)
	if err != nil {
		c.end(r.Context(), false)
		http.Error(w, "uistream: "+err.Error(), http.StatusInternalServerError)
		return
	}
	ctx, cancel := context.WithCancelCause(r.Context())
	defer cancel(nil)
	go c.keep(ctx, cancel)
	r = r.WithContext(ctx)
	last := req.Messages[len(req.Messages)-1]
	ok := h.serve(w, r, &req, h.Agent.ResumeStream(ctx, state, answers, opts...), Options{MessageID: last.ID, Step: state.Step, Continues: &last}, true)
	c.end(r.Context(), ok)
}

// decodeState reads the state of the taken run.
func decodeState(run store.Run) (*agent.RunState, error) {
	state, err := agent.ReadRunState(run.State)
	if err != nil {
		return nil, fmt.Errorf("paused run %s: its stored state cannot be resumed: %w", run.ID, err)
	}
	return state, nil
}

// claim is a resume's claim on its paused run.
type claim struct {
	st        store.Runs
	id, claim string
	lease     time.Duration
}

// keep extends the claim at a third of its lease until ctx ends, and
// cancels the resumed run when the claim was lost: another request may be
// resuming it.
func (c *claim) keep(ctx context.Context, cancel context.CancelCauseFunc) {
	t := time.NewTicker(max(c.lease/3, time.Millisecond))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := c.st.Extend(ctx, c.id, c.claim, c.lease); errors.Is(err, store.ErrLostClaim) {
				cancel(fmt.Errorf("uistream: %w", err))
				return
			}
		}
	}
}

// end ends the claim: the run is done when its resume reached an end,
// else given back to be answered again.
func (c *claim) end(ctx context.Context, done bool) {
	ctx = context.WithoutCancel(ctx)
	if done {
		_ = c.st.Done(ctx, c.id, c.claim)
	} else {
		_ = c.st.Release(ctx, c.id, c.claim)
	}
}

func (h *Handler) lease() time.Duration {
	if h.Lease > 0 {
		return h.Lease
	}
	return store.DefaultLease
}

func (h *Handler) ttl() time.Duration {
	if h.TTL > 0 {
		return h.TTL
	}
	return DefaultTTL
}

// serve writes the run of events, and reports whether the run reached an
// end: it finished, or it paused and its state was stored. When a
// resumed run fails before its first event, answers that the agent
// refuses get 400.
func (h *Handler) serve(w http.ResponseWriter, r *http.Request, req *Request, events iter.Seq2[agent.Event, error], opts Options, resumed bool) bool {
	next, stop := iter.Pull2(events)
	defer stop()
	first, err, ok := next()
	if ok && err != nil && resumed && errors.Is(err, agent.ErrInvalidAnswer) {
		http.Error(w, "uistream: "+err.Error(), http.StatusBadRequest)
		return false
	}
	runID := "run-" + randomID()
	stored := false
	opts.RunID, opts.ErrorText, opts.Heartbeat = runID, h.ErrorText, h.Heartbeat
	opts.OnPause = func(res *agent.Result) error {
		raw, err := json.Marshal(res.State)
		if err != nil {
			return fmt.Errorf("uistream: storing run %s: %w", runID, err)
		}
		err = h.getStore().Put(r.Context(), store.Run{ID: runID, Conversation: req.ID, State: raw, Expires: time.Now().Add(h.ttl())})
		stored = err == nil
		return err
	}
	uw := NewWriter(w, opts)
	rest := func(yield func(agent.Event, error) bool) {
		if !ok || !yield(first, err) {
			return
		}
		for {
			ev, err, ok := next()
			if !ok || !yield(ev, err) {
				return
			}
		}
	}
	if h.KeepConversations && req.ID != "" {
		rest = h.savingConversation(r.Context(), req.ID, rest)
	}
	res, err := uw.Run(rest)
	if h.OnFinish != nil && res != nil {
		h.OnFinish(r, req, res)
	}
	return err == nil && res != nil && (res.State == nil || stored)
}

// savingConversation returns events, which store the conversation of
// chat before the finish of a run that finished (not paused), or end
// with the error of storing it.
func (h *Handler) savingConversation(ctx context.Context, chat string, events iter.Seq2[agent.Event, error]) iter.Seq2[agent.Event, error] {
	return func(yield func(agent.Event, error) bool) {
		for ev, err := range events {
			if err == nil && ev.Type == agent.EventFinish && ev.ParentToolCallID == "" && ev.Result != nil && ev.Result.State == nil {
				if err := h.saveConversation(ctx, chat, ev.Result.Messages); err != nil {
					yield(agent.Event{}, err)
					return
				}
			}
			if !yield(ev, err) {
				return
			}
		}
	}
}

// conversations returns the store of conversations, the Store's
// [store.Messages].
func (h *Handler) conversations() (store.Messages, error) {
	ms, ok := h.getStore().(store.Messages)
	if !ok {
		return nil, fmt.Errorf("KeepConversations needs a Store that implements store.Messages; %T does not", h.getStore())
	}
	return ms, nil
}

// loadConversation returns the messages of chat's stored conversation,
// none when it has none.
func (h *Handler) loadConversation(ctx context.Context, chat string) ([]llm.Message, error) {
	ms, err := h.conversations()
	if err != nil {
		return nil, err
	}
	raw, err := ms.LoadMessages(ctx, chat)
	if err != nil || raw == nil {
		return nil, err
	}
	var msgs []llm.Message
	if err := json.Unmarshal(raw, &msgs); err != nil {
		return nil, fmt.Errorf("the stored conversation of chat %q cannot be read: %w", chat, err)
	}
	return msgs, nil
}

// saveConversation stores the messages of a run of chat that finished,
// without the system message, which is the agent's.
func (h *Handler) saveConversation(ctx context.Context, chat string, msgs []llm.Message) error {
	ms, err := h.conversations()
	if err != nil {
		return err
	}
	msgs = slices.DeleteFunc(slices.Clone(msgs), func(m llm.Message) bool { return m.Role == llm.RoleSystem })
	raw, err := json.Marshal(msgs)
	if err != nil {
		return fmt.Errorf("uistream: storing the conversation of chat %q: %w", chat, err)
	}
	return ms.SaveMessages(context.WithoutCancel(ctx), chat, raw, time.Now().Add(h.ttl()))
}

// traceContext is the ctx of r, which carries the trace context of its
// headers when no span of this process is in it already: a span started
// by a middleware has read them.
func (h *Handler) traceContext(r *http.Request) context.Context {
	ctx := r.Context()
	if trace.SpanContextFromContext(ctx).IsValid() {
		return ctx
	}
	return genaitrace.Propagator(ctx, h.Agent.Telemetry).Extract(ctx, propagation.HeaderCarrier(r.Header))
}

func (h *Handler) getStore() store.Store {
	h.once.Do(func() {
		h.store = h.Store
		if h.store == nil {
			h.store = store.NewMemory()
		}
	})
	return h.store
}

// tasksKey is the store's conversation for the background tasks of the
// request's chat: the chat's id and the id of its first assistant
// message that a server named (msg-…, 128 random bits, sent only in the
// response to the request whose run wrote it), or next, the id of the
// message this request's run writes; "" for a request without a chat id.
// The chat's id is the client's to choose, and may be guessed: a client
// that knows only that cannot take the chat's tasks.
func (req *Request) tasksKey(next string) string {
	if req.ID == "" {
		return ""
	}
	for _, m := range req.Messages {
		if m.Role == "assistant" && strings.HasPrefix(m.ID, "msg-") {
			return req.ID + "/" + m.ID
		}
	}
	return req.ID + "/" + next
}

// pending reads the answers to a paused run from the request: the run's
// id and the answers, or "" when the last message is the user's.
//
// The run is the one that paused last in the assistant message: its
// calls' parts (data-tool-call-*) come after those of earlier pauses, and
// name it. Tool parts answer calls of that run only.
func (req *Request) pending() (string, []agent.Answer, error) {
	last := req.Messages[len(req.Messages)-1]
	if last.Role != "assistant" {
		if len(req.Answers) > 0 {
			return "", nil, errors.New("answers need the assistant message whose calls they answer as the last message")
		}
		return "", nil, nil
	}
	type waiting struct{ runID, kind string }
	calls := map[string]waiting{} // the calls the message's pauses named
	runID := ""
	for _, p := range last.Parts {
		if !strings.HasPrefix(p.Type, "data-tool-call-") {
			continue
		}
		var d struct {
			RunID      string   `json:"runId"`
			ToolCallID string   `json:"toolCallId"`
			Path       []string `json:"path"`
		}
		if json.Unmarshal(p.Data, &d) != nil || d.RunID == "" || d.ToolCallID == "" {
			continue
		}
		runID = d.RunID
		if len(d.Path) == 0 {
			calls[d.ToolCallID] = waiting{d.RunID, strings.TrimPrefix(p.Type, "data-tool-call-")}
		}
	}
	if req.RunID != "" {
		runID = req.RunID
	}
	if runID == "" {
		return "", nil, errors.New("the last message is the assistant's, and names no paused run whose calls it answers")
	}
	var answers []agent.Answer
	for j, p := range last.Parts {
		if p.toolName() == "" {
			continue
		}
		w, named := calls[p.ToolCallID]
		switch {
		case p.State == stateApprovalAnswer && p.Approval != nil && p.Approval.Approved != nil:
			id, call, ok := strings.Cut(p.Approval.ID, ":")
			if !ok || call != p.ToolCallID {
				return "", nil, fmt.Errorf("messages[%d].parts[%d]: approval id %q is not one this server gave call %q", len(req.Messages)-1, j, p.Approval.ID, p.ToolCallID)
			}
			if id != runID {
				continue // a call of an earlier pause
			}
			if *p.Approval.Approved {
				answers = append(answers, agent.Approve(p.ToolCallID))
			} else {
				answers = append(answers, agent.Decline(p.ToolCallID, p.Approval.Reason))
			}
		case named && w.kind == "client" && w.runID == runID && p.State == stateOutputAvailable:
			out := p.Output
			if len(out) == 0 {
				out = json.RawMessage("null")
			}
			answers = append(answers, agent.Answer{ToolCallID: p.ToolCallID, Result: out})
		case named && w.kind == "client" && w.runID == runID && p.State == stateOutputError:
			answers = append(answers, agent.ClientError(p.ToolCallID, p.ErrorText))
		}
	}
	answers = append(answers, req.Answers...)
	if len(answers) == 0 {
		return "", nil, fmt.Errorf("the last message is the assistant's, and answers no call of its paused run %s", runID)
	}
	return runID, answers, nil
}
