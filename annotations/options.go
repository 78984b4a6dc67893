package annotations

import (
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

// Patterns for ids and keys. They are compiled once and never change.
var (
	idPattern  = regexp.MustCompile(`^[a-z0-9][a-zA-Z0-9_-]{0,63}$`)
	keyPattern = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
)

// KnownOptions returns the options the grammar accepts, in documentation
// order. Each call returns a fresh slice that the caller may modify.
func KnownOptions() []OptionSpec {
	return []OptionSpec{
		{
			Name: "key", Kind: Value, Placeholder: "<name>",
			Doc:   "the tool's key in the Toolset: the name the model and the stream see (default: the id)",
			Check: checkKey,
		},
		{
			Name: "title", Kind: Value, Placeholder: `"…"`,
			Doc:   "a human-readable title for the tool, shown by MCP clients and UIs",
			Check: checkTitle,
		},
		{
			Name: "desc", Kind: Value, Placeholder: `"…"`,
			Doc:   "the description the model sees; overrides the doc comment",
			Check: checkNotBlank,
		},
		{Name: "approval", Kind: Flag, Doc: "every call of the tool needs approval before it runs"},
		{Name: "strict", Kind: Flag, Doc: "emit the OpenAI strict schema dialect for the tool's input"},
		{
			Name: "background", Kind: Flag,
			Doc: "calls run in the background: the model gets a task handle at once and the result at a later step " +
				"(tool.Spec.Background)",
		},
		{
			Name: "readonly", Kind: Bool,
			Doc: "MCP hint readOnlyHint: the tool does not modify its environment (unset: MCP's default, false)",
		},
		{
			Name: "destructive", Kind: Bool,
			Doc: "MCP hint destructiveHint: the tool may perform destructive updates; =false: only additive ones " +
				"(unset: MCP's default, true; clients ignore it on a read-only tool, so readonly with destructive is an error)",
		},
		{
			Name: "idempotent", Kind: Bool,
			Doc: "MCP hint idempotentHint: calling the tool again with the same input has no further effect " +
				"(unset: MCP's default, false)",
		},
		{
			Name: "openworld", Kind: Bool,
			Doc: "MCP hint openWorldHint: the tool interacts with an open world of external entities; " +
				"=false: its domain is closed, such as offline data (unset: MCP's default, true)",
		},
		{
			Name: "suspend", Kind: Value, Placeholder: "<type>",
			Doc: "a struct type in the same package: the payload with which a call may suspend itself " +
				"(tool.Suspend), shown to whoever resumes it; needs resume=",
			Check: checkTypeName,
		},
		{
			Name: "resume", Kind: Value, Placeholder: "<type>",
			Doc: "a struct type in the same package: the data with which a suspended call resumes " +
				"(tool.ResumeData), checked against its schema; needs suspend=",
			Check: checkTypeName,
		},
		{
			Name: "model", Kind: Value, Placeholder: "<func>",
			Doc:   "hook function (ToModelOutput) in the same package that shapes what the model sees of the output",
			Check: checkHook,
		},
		{
			Name: "display", Kind: Value, Placeholder: "<func>",
			Doc:   "hook function (Transform) in the same package that shapes what a display target sees, per phase",
			Check: checkHook,
		},
		{
			Name: "transcript", Kind: Value, Placeholder: "<func>",
			Doc:   "hook function (Transform) in the same package that shapes what a transcript target sees, per phase",
			Check: checkHook,
		},
		{
			Name: "oninputstart", Kind: Value, Placeholder: "<func>",
			Doc:   "hook function (Mastra's onInputStart) in the same package that the agent loop calls when the model starts sending a call's arguments",
			Check: checkHook,
		},
		{
			Name: "oninputdelta", Kind: Value, Placeholder: "<func>",
			Doc:   "hook function (Mastra's onInputDelta) in the same package that the agent loop calls with each piece of a call's arguments as the model streams them",
			Check: checkHook,
		},
		{
			Name: "oninputavailable", Kind: Value, Placeholder: "<func>",
			Doc:   "hook function (Mastra's onInputAvailable) in the same package that the agent loop calls with the typed input once a call's arguments are complete and valid",
			Check: checkHook,
		},
		{
			Name: "onoutput", Kind: Value, Placeholder: "<func>",
			Doc:   "hook function (Mastra's onOutput) in the same package that the agent loop calls with the typed output of a successful call",
			Check: checkHook,
		},
	}
}

// TypeOptions returns the options of a directive on a type declaration,
// which declares a structured output schema, in documentation order. Each
// call returns a fresh slice that the caller may modify.
func TypeOptions() []OptionSpec {
	return []OptionSpec{
		{
			Name: "desc", Kind: Value, Placeholder: `"…"`,
			Doc:   "the description the model sees of the object; overrides the doc comment",
			Check: checkNotBlank,
		},
		{
			Name: "strict", Kind: Flag,
			Doc: "ask providers to hold the answer to the schema exactly (OpenAI strict mode), " +
				"which the schema must then fit",
		},
	}
}

// Usage returns the option as it is written in a directive: the name of a
// flag, name[=true|false] for a bool option, or name=placeholder for a value
// option ("key=<name>").
func (s OptionSpec) Usage() string {
	switch s.Kind {
	case Flag:
		return s.Name
	case Bool:
		return s.Name + "[=true|false]"
	}
	placeholder := s.Placeholder
	if placeholder == "" {
		placeholder = "<value>"
	}
	return s.Name + "=" + placeholder
}

// String returns "flag", "value" or "bool".
func (k Kind) String() string {
	switch k {
	case Flag:
		return "flag"
	case Value:
		return "value"
	case Bool:
		return "bool"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

func lookupSpec(specs []OptionSpec, name string) (OptionSpec, bool) {
	for _, s := range specs {
		if s.Name == name {
			return s, true
		}
	}
	return OptionSpec{}, false
}

func checkKey(v string) error {
	if !keyPattern.MatchString(v) {
		return errKeyForm
	}
	return nil
}

func checkNotBlank(v string) error {
	if strings.TrimSpace(v) == "" {
		return errBlankText
	}
	return nil
}

func checkTitle(v string) error {
	if err := checkNotBlank(v); err != nil {
		return err
	}
	if strings.ContainsAny(v, "\r\n") {
		return errMultiLine
	}
	return nil
}

func checkTypeName(v string) error {
	if v == "_" {
		return errBlankType
	}
	if !token.IsIdentifier(v) {
		return errNotTypeName
	}
	return nil
}

func checkHook(v string) error {
	if v == "_" {
		return errBlankIdent
	}
	if !token.IsIdentifier(v) {
		return errNotIdent
	}
	return nil
}

// suggest returns the known option name closest to name when it is close
// enough to be a likely typo, or "".
func suggest(specs []OptionSpec, name string) string {
	lower := strings.ToLower(name)
	best, bestDist := "", -1
	for _, s := range specs {
		if lower == s.Name {
			return s.Name
		}
		d := editDistance(lower, s.Name)
		if bestDist < 0 || d < bestDist {
			best, bestDist = s.Name, d
		}
	}
	limit := 2
	if len(best) <= 4 {
		limit = 1
	}
	if bestDist < 0 || bestDist > limit {
		return ""
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in runes. Inputs
// longer than any option name plus the limit cannot be close, so they are
// cut short to bound the work on hostile input.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	const maxLen = 32
	if len(ra) > maxLen {
		ra = ra[:maxLen]
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
