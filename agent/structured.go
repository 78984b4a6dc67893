package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/toolgen-go/toolgen/internal/wording"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// WithOutput makes the run end with a typed object of o's type, which
// [Object] returns from the [Result] (Mastra's structuredOutput option).
//
// A model whose [llm.Capabilities] say OutputWithTools is sent o's schema as
// the [llm.Request.ResponseFormat] of every step, beside the tools, and its
// answer without tool calls is the object. Any other model calls its
// tools without the format; when it answers without tool calls, the run
// makes one structuring request: the conversation so far and a user
// message asking for the object, no tools, the format set. A run that
// reaches its step limit ends with a structuring request too, whatever
// the model. A structuring request is a [Step] of its own (in
// Result.Steps, with a step-finish event and its usage) that does not
// count against the step limit.
//
// The object's text takes the path of a tool's arguments: the run's
// [schema.Limits], the strict syntax pass, optional nulls dropped for a Strict
// spec, the schema, then decoding into T with exact-case names and
// unknown names rejected. One code fence around the text (```json …```),
// which models without native structured output sometimes add, is
// stripped first. An object that fails is answered with a user message
// that says where and what was expected (never quoting the answer), and
// the model is asked once more, with no tools and the format set; a
// second failure ends the run with an [*OutputError].
//
// A run that pauses keeps the output's ID in its [RunState]; pass the
// same output to [Agent.Resume], which cannot rebuild the typed decoder
// from JSON.
func WithOutput[T any](o *tool.StructuredOutput[T]) Option {
	return func(cc *callConfig) {
		cc.output = nil
		if o != nil {
			cc.output = typedOutput[T]{o}
		}
	}
}

// Object returns the typed object of a run made with [WithOutput]. It is
// an error when res has no object (the run had no WithOutput, or paused)
// or when the object is not a T.
func Object[T any](res *Result) (T, error) {
	var zero T
	switch {
	case res == nil:
		return zero, errors.New("agent.Object: nil result")
	case res.Object == nil:
		return zero, fmt.Errorf("agent.Object: the run of agent %s has no object (finish reason %q): run it with WithOutput", res.AgentID, res.FinishReason)
	}
	v, ok := res.Object.(T)
	if !ok {
		return zero, fmt.Errorf("agent.Object: the object of the run of agent %s is a %T, not a %s", res.AgentID, res.Object, reflect.TypeFor[T]())
	}
	return v, nil
}

// OutputError ends a run made with [WithOutput] whose model answered with
// an invalid object twice: first, then after it was told why. Nothing of
// the run is lost: Result holds its steps, messages and usage.
type OutputError struct {
	// Message is why the last answer was refused: the path and what was
	// expected, at most 1 KB, never quoting the answer.
	Message string
	// Text is the model's last answer.
	Text string
	// Result is the run so far; its Object is nil.
	Result *Result
	// Err is the underlying error.
	Err error
}

// Error implements error.
func (e *OutputError) Error() string { return "invalid structured output: " + e.Message }

// Unwrap returns the underlying error.
func (e *OutputError) Unwrap() error { return e.Err }

// output is a [tool.StructuredOutput] of any type, as a run holds it.
type output interface {
	Spec() tool.OutputSpec
	// decode takes text through the argument path and returns the decoded
	// object and its JSON.
	decode(ctx context.Context, text string) (any, json.RawMessage, error)
	// check reports a spec that cannot be used.
	check() error
}

// typedOutput is a StructuredOutput of T as an output.
type typedOutput[T any] struct{ o *tool.StructuredOutput[T] }

func (t typedOutput[T]) Spec() tool.OutputSpec { return t.o.Spec() }

func (t typedOutput[T]) decode(ctx context.Context, text string) (any, json.RawMessage, error) {
	obj, raw, err := t.o.Decode(ctx, text)
	if err != nil {
		return nil, nil, err
	}
	return obj, raw, nil
}

// check reports an ID that cannot name a response format, and a schema
// that does not compile.
func (t typedOutput[T]) check() error {
	s := t.o.Spec()
	if !tool.ValidKey(s.ID) {
		return fmt.Errorf("structured output ID %q does not match ^[a-zA-Z0-9_-]{1,64}$", s.ID)
	}
	return t.o.Err()
}

// structuringPrompt asks for the object after the conversation. It
// mirrors the prompt of Mastra's StructuredOutputProcessor (@mastra/core
// 0.24, processAndEmitStructuredOutput: "Extract and structure the key
// information from the following text according to the specified schema.
// Keep the original meaning and details:"), which gives a separate
// structuring agent a digest of the answer; here the same model reads the
// conversation itself.
const structuringPrompt = "Extract and structure the key information from the conversation above according to the specified schema. Keep the original meaning and details."

// retryPrompt is the user message after an invalid object.
const retryPrompt = "Your answer is not a valid JSON object of the requested schema: %s. Answer again with only the corrected JSON object."

// outputRun is what a run with [WithOutput] keeps.
type outputRun struct {
	out    output
	format *llm.ResponseFormat
	native bool // the model takes the format with tools
}

func newOutputRun(o output, m llm.Model) *outputRun {
	s := o.Spec()
	return &outputRun{
		out:    o,
		format: &llm.ResponseFormat{Name: s.ID, Description: s.Description, Schema: s.Schema, Strict: s.Strict},
		native: llm.CapabilitiesOf(m).OutputWithTools,
	}
}

// stepFormat is the response format of a tool step.
func (o *outputRun) stepFormat() *llm.ResponseFormat {
	if o == nil || !o.native {
		return nil
	}
	return o.format
}

// conclude ends the run at messages, the last step having been step, with
// reason. A run without an output just finishes. With one, answered says
// that the model's last answer had no tool calls: with native structured
// output, that answer is the object; otherwise (or at the step limit) one
// structuring request makes it.
func (r *runner) conclude(ctx context.Context, messages []llm.Message, step int, usage llm.Usage, reason llm.FinishReason, text string, answered bool) (*Result, error) {
	if r.out == nil {
		return r.finish(messages, reason, usage, text), nil
	}
	var err error
	if !answered || !r.out.native {
		messages = append(messages, llm.UserMessage(structuringPrompt))
		if messages, step, usage, text, err = r.structure(ctx, messages, step, usage); err != nil {
			return nil, err
		}
	}
	limited := toolexec.WithLimits(ctx, r.cfg.limits)
	obj, raw, err := r.out.out.decode(limited, text)
	if errors.Is(err, schema.ErrInvalidArguments) {
		messages = append(messages, llm.UserMessage(fmt.Sprintf(retryPrompt, dataMessage(err))))
		if messages, _, usage, text, err = r.structure(ctx, messages, step, usage); err != nil {
			return nil, err
		}
		obj, raw, err = r.out.out.decode(limited, text)
	}
	if err != nil {
		return nil, r.outputError(messages, usage, text, err)
	}
	r.res.Object, r.res.ObjectJSON = obj, raw
	if answered {
		reason = r.res.Steps[len(r.res.Steps)-1].FinishReason
	}
	return r.finish(messages, reason, usage, text), nil
}

// structure makes a structuring request, the step after step: the
// conversation, no tools, the response format. It returns the
// conversation with the answer, the step's number, the run's usage and
// the answer's text.
func (r *runner) structure(ctx context.Context, messages []llm.Message, step int, usage llm.Usage) ([]llm.Message, int, llm.Usage, string, error) {
	step++
	if err := r.check(ctx); err != nil {
		return nil, 0, usage, "", err
	}
	req := &llm.Request{Messages: slices.Clip(messages), ResponseFormat: r.out.format}
	st, err := r.ask(ctx, step, req, r.tools, nil, "structuring request: model")
	if err != nil {
		return nil, 0, usage, "", err
	}
	usage = usage.Add(st.Usage)
	// The request offered no tools, so calls in the answer are not run,
	// and they stay out of the conversation, which a provider would
	// refuse with calls that have no results. The Step keeps them.
	msg := st.Response.Message
	msg.Parts = slices.DeleteFunc(slices.Clone(msg.Parts), func(p llm.Part) bool { return p.Type == llm.PartToolCall })
	messages = append(messages, msg)
	if err := r.finishStep(ctx, st); err != nil {
		return nil, 0, usage, "", err
	}
	return messages, step, usage, st.Text, nil
}

// outputError is the error of a run whose object failed with err, text
// being the last answer; the run so far goes with it.
func (r *runner) outputError(messages []llm.Message, usage llm.Usage, text string, err error) *OutputError {
	res := r.res
	res.Text, res.Usage, res.Messages = text, usage, messages
	if n := len(res.Steps); n > 0 {
		res.FinishReason = res.Steps[n-1].FinishReason
	}
	msg := wording.Clip(dataMessage(err))
	if !errors.Is(err, schema.ErrInvalidArguments) {
		msg = wording.Clip(fmt.Sprintf("the object of %s could not be read: %v", r.out.format.Name, err))
	}
	return &OutputError{Message: msg, Text: text, Result: res, Err: fmt.Errorf("agent %s: structured output %s: %w", r.a.ID, r.out.format.Name, err)}
}

// checkOutput checks that the options of Resume give the output of the
// paused run of state, if it has one, and no other.
func (r *runner) checkOutput(state *RunState) error {
	var id string
	if r.out != nil {
		id = r.out.format.Name
	}
	switch {
	case id == state.Output:
		return nil
	case id == "":
		return fmt.Errorf("agent %s: resume: the paused run ends with the structured output %q: give it again with WithOutput", r.a.ID, state.Output)
	case state.Output == "":
		return fmt.Errorf("agent %s: resume: WithOutput(%q) was given, but the paused run has no structured output", r.a.ID, id)
	}
	return fmt.Errorf("agent %s: resume: WithOutput(%q) was given, but the paused run ends with the structured output %q", r.a.ID, id, state.Output)
}
