package agent

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/toolgen-go/toolgen/internal/wording"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// This file holds dynamic tool search, after Mastra's ToolSearchProcessor:
// a library of tools that the model is not given until it finds them with
// the search_tools tool and loads them with load_tool. The loop calls
// newToolSearch, runTools, activeKeys and loadedKeys; everything else the
// search does (ranking, the two tools, their messages) is here.

// Keys of the tools that a [ToolSearch] adds to a run, as Mastra names them.
const (
	// SearchToolsKey is the key of the search tool: input
	// [SearchToolsInput], output [SearchToolsOutput].
	SearchToolsKey = "search_tools"
	// LoadToolKey is the key of the load tool, absent with
	// [ToolSearch.AutoLoad]: input [LoadToolInput], output
	// [LoadToolOutput].
	LoadToolKey = "load_tool"
)

// DefaultSearchResults is the number of matches a search returns when
// [ToolSearch.MaxResults] is 0, Mastra's topK default.
const DefaultSearchResults = 5

// maxMatchDescription bounds a match's description, as Mastra's 150
// characters do.
const maxMatchDescription = 150

// BM25 parameters of the built-in ranking, those of Mastra's index.
const (
	bm25K1 = 1.5
	bm25B  = 0.75
	// A key that equals a query word adds keyExactBoost to a match's
	// score, one that contains a query word keyPartBoost.
	keyExactBoost = 5
	keyPartBoost  = 2
)

// ToolSearch is a library of tools that a run offers through search rather
// than sending them to the model: the model is given the search_tools tool
// (and load_tool), finds tools by keywords, and loads the ones it wants,
// which it may call from the next step on. The agent's own tools stay
// active in every step. Use it when the tools are too many to send with
// every request; see
// https://github.com/toolgen-go/toolgen/blob/main/docs/agents.md#dynamic-tool-search.
//
// A ToolSearch is read, never modified, by the runs that use it.
type ToolSearch struct {
	// Tools is the library, by key. Its keys must differ from those of the
	// run's other tools and from search_tools and load_tool.
	Tools tool.Toolset
	// MaxResults bounds the matches of one search; 0 means
	// [DefaultSearchResults].
	MaxResults int
	// MinScore is the score a match must exceed; matches scoring it or
	// less are left out. With the built-in ranking, 0 leaves out the
	// tools that share no word with the query.
	MinScore float64
	// AutoLoad loads every match of a search at once, as Mastra's
	// search.autoLoad does: the run has no load_tool, and the model calls
	// the tools it found at the next step.
	AutoLoad bool
	// Scorer scores a library tool against a query; the higher, the
	// better. nil means the built-in lexical ranking: BM25 over the words
	// of each tool's key and description, keys split at '-', '_' and
	// camelCase humps, words of one letter ignored; a tool that matches
	// gets 5 more when its key equals a query word, 2 when it contains
	// one. Ties go to the smaller key. A Scorer is called once per
	// library tool and search, possibly from several goroutines at once.
	Scorer func(query string, def llm.ToolDefinition) float64
}

// WithToolSearch makes this call offer ts's tools through search, in place
// of the agent's [Agent.ToolSearch]; nil turns the agent's off. Like
// [WithToolsets], [Agent.Resume] needs the option again.
func WithToolSearch(ts *ToolSearch) Option {
	return func(cc *callConfig) { cc.toolSearch, cc.toolSearchSet = ts, true }
}

// SearchToolsInput is the input of the search_tools tool.
type SearchToolsInput struct {
	// Query is keywords, such as "weather" or "github issue".
	Query string `json:"query"`
}

// SearchToolsOutput is the output of the search_tools tool.
type SearchToolsOutput struct {
	// Results are the matches, best first.
	Results []ToolMatch `json:"results"`
	// Message tells the model what to do next.
	Message string `json:"message"`
}

// ToolMatch is a library tool that matches a search.
type ToolMatch struct {
	// Name is the tool's key.
	Name string `json:"name"`
	// Description is the tool's description, cut to 150 characters.
	Description string `json:"description"`
	// Score is the match's score, rounded to two decimals.
	Score float64 `json:"score"`
}

// LoadToolInput is the input of the load_tool tool: one key, or several.
type LoadToolInput struct {
	// ToolName is the key of a tool to load.
	ToolName string `json:"toolName,omitempty"`
	// ToolNames are keys of tools to load.
	ToolNames []string `json:"toolNames,omitempty"`
}

// LoadToolOutput is the output of the load_tool tool.
type LoadToolOutput struct {
	// Success reports that every tool named was found.
	Success bool `json:"success"`
	// Message tells the model what happened.
	Message string `json:"message"`
	// Loaded, AlreadyLoaded and NotFound sort the tools named.
	Loaded        []string `json:"loaded,omitempty"`
	AlreadyLoaded []string `json:"alreadyLoaded,omitempty"`
	NotFound      []string `json:"notFound,omitempty"`
}

// Schemas of the two tools, written by hand as those of agent- tools are.
const (
	searchToolsInputSchema = `{"type":"object","properties":{` +
		`"query":{"type":"string","description":"Search keywords (e.g., \"weather\", \"github issue\", \"database query\")"}},` +
		`"required":["query"],"additionalProperties":false}`
	searchToolsOutputSchema = `{"type":"object","properties":{` +
		`"results":{"type":"array","items":{"type":"object","properties":{` +
		`"name":{"type":"string"},"description":{"type":"string"},"score":{"type":"number"}},` +
		`"required":["name","description","score"]}},` +
		`"message":{"type":"string"}},"required":["results","message"]}`
	loadToolInputSchema = `{"type":"object","properties":{` +
		`"toolName":{"type":"string","description":"The exact name of a tool to load (from search results)"},` +
		`"toolNames":{"type":"array","items":{"type":"string"},"description":"Array of exact tool names to load in one call (from search results)"}},` +
		`"additionalProperties":false}`
	loadToolOutputSchema = `{"type":"object","properties":{` +
		`"success":{"type":"boolean"},"message":{"type":"string"},` +
		`"loaded":{"type":"array","items":{"type":"string"}},` +
		`"alreadyLoaded":{"type":"array","items":{"type":"string"}},` +
		`"notFound":{"type":"array","items":{"type":"string"}}},` +
		`"required":["success","message"]}`
)

// Descriptions of the two tools, Mastra's.
const (
	searchToolsDescription = "Search for available tools by keyword. Use this when you need a capability you don't currently have. " +
		"Returns a list of matching tools with their names and descriptions. After finding a useful tool, use load_tool to make it available."
	searchToolsAutoLoadDescription = "Search for available tools by keyword. Use this when you need a capability you don't currently have. " +
		"Returns a list of matching tools, which are loaded automatically and become available on your next turn — no separate load step is required."
	loadToolDescription = "Load one or more tools into your context. Call this after finding tools with search_tools. " +
		"Once loaded, tools will be available for use. Pass a single toolName or an array of toolNames to load multiple tools at once."
)

// toolSearch is a run's tool search: the library and what the run loaded.
type toolSearch struct {
	cfg  *ToolSearch
	defs []llm.ToolDefinition // the library's, by key
	own  tool.Toolset         // search_tools and load_tool

	once  sync.Once
	index *bm25Index // built on the first search without a Scorer

	mu     sync.Mutex
	loaded map[string]bool
}

// newToolSearch returns the search of a run whose other tools are tools,
// and the tools it adds to them; nil when ts is nil. A library key that is
// invalid or that another tool of the run has is an error.
func newToolSearch(ts *ToolSearch, tools tool.Toolset) (*toolSearch, tool.Toolset, error) {
	if ts == nil {
		return nil, nil, nil
	}
	if err := ts.Tools.Validate(); err != nil {
		return nil, nil, fmt.Errorf("tool search: %w", err)
	}
	s := &toolSearch{cfg: ts, loaded: map[string]bool{}}
	meta := tool.Toolset{SearchToolsKey: s.searchTool()}
	if !ts.AutoLoad {
		meta[LoadToolKey] = s.loadTool()
	}
	for _, k := range meta.Keys() {
		if _, ok := tools[k]; ok {
			return nil, nil, fmt.Errorf("tool search: tool key %q is already a tool of the agent", k)
		}
	}
	if err := s.checkKeys(tools); err != nil {
		return nil, nil, err
	}
	s.own = meta
	for _, k := range ts.Tools.Keys() {
		if _, ok := meta[k]; ok {
			return nil, nil, fmt.Errorf("tool search: library tool key %q is the key of the search's own tool", k)
		}
		s.defs = append(s.defs, toolexec.Definition(k, ts.Tools[k]))
	}
	return s, meta, nil
}

// owns reports whether t, called name, is one of the search's own tools,
// which keep the run's state and so run in the loop even under an
// [Executor].
func (s *toolSearch) owns(name string, t tool.Tool) bool {
	return s != nil && s.own[name] == t
}

// checkKeys reports a library key that tools, the run's other tools, also
// have.
func (s *toolSearch) checkKeys(tools tool.Toolset) error {
	if s == nil {
		return nil
	}
	for _, k := range s.cfg.Tools.Keys() {
		if _, ok := tools[k]; ok {
			return fmt.Errorf("tool search: library tool key %q is already a tool of the agent", k)
		}
	}
	return nil
}

// runTools returns the tools of a step: the run's tools and the library
// tools loaded so far.
func (r *runner) runTools() tool.Toolset {
	keys := r.search.loadedKeys()
	if len(keys) == 0 {
		return r.tools
	}
	all := make(tool.Toolset, len(r.tools)+len(keys))
	for k, t := range r.tools {
		all[k] = t
	}
	for _, k := range keys {
		all[k] = r.search.cfg.Tools[k]
	}
	return all
}

// activeKeys returns the active tools of a step: nil (all) unless the call
// set active tools, which the search's tools and the loaded ones join.
func (r *runner) activeKeys() []string {
	if !r.cfg.activeSet {
		return nil
	}
	keys := slices.Clone(r.cfg.activeTools)
	if r.search == nil {
		return keys
	}
	extra := []string{SearchToolsKey}
	if !r.search.cfg.AutoLoad {
		extra = append(extra, LoadToolKey)
	}
	for _, k := range append(extra, r.search.loadedKeys()...) {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// restore loads keys, the loaded tools of a paused run, on resume.
func (s *toolSearch) restore(keys []string) error {
	if len(keys) == 0 {
		return nil
	}
	if s == nil {
		return fmt.Errorf("the state has tools loaded by a tool search (%s), and this call has none: give it again (WithToolSearch)", strings.Join(keys, ", "))
	}
	for _, k := range keys {
		if s.cfg.Tools[k] == nil {
			return fmt.Errorf("the state's loaded tool %q is not in the tool search's library", k)
		}
	}
	s.load(keys)
	return nil
}

// loadedKeys returns the keys of the loaded tools, sorted; nil for a run
// without search.
func (s *toolSearch) loadedKeys() []string {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	keys := make([]string, 0, len(s.loaded))
	for k := range s.loaded {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if len(keys) == 0 {
		return nil
	}
	return keys
}

// load marks keys loaded and returns those that were already.
func (s *toolSearch) load(keys []string) (already []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, k := range keys {
		if s.loaded[k] {
			already = append(already, k)
		}
		s.loaded[k] = true
	}
	return already
}

// notLoadedMessage tells the model that name is a library tool to load
// first; ok is false when name is not in the library.
func (s *toolSearch) notLoadedMessage(name string) (msg string, ok bool) {
	if s == nil || s.cfg.Tools[name] == nil {
		return "", false
	}
	if s.cfg.AutoLoad {
		return "tool " + wording.Quote(name) + " is not loaded yet: call " + SearchToolsKey + " with keywords that find it, and call it at the next step", true
	}
	return "tool " + wording.Quote(name) + " is not loaded yet: call " + LoadToolKey + ` with {"toolName": ` + wording.Quote(name) + "}, and call it at the next step", true
}

// searchTool returns the search_tools tool of s.
func (s *toolSearch) searchTool() tool.Tool {
	desc := searchToolsDescription
	if s.cfg.AutoLoad {
		desc = searchToolsAutoLoadDescription
	}
	spec := &tool.Spec{ID: SearchToolsKey, Title: "Search tools", Description: desc,
		InputSchema: []byte(searchToolsInputSchema), OutputSchema: []byte(searchToolsOutputSchema)}
	return tool.NewFunc(spec, s.runSearch)
}

// runSearch runs one search.
func (s *toolSearch) runSearch(_ context.Context, in SearchToolsInput) (SearchToolsOutput, error) {
	if strings.TrimSpace(in.Query) == "" {
		err := fmt.Errorf("%w: %s", schema.ErrInvalidArguments, wording.At([]string{"query"}, `the query is blank; give keywords, such as "weather" or "github issue"`))
		return SearchToolsOutput{}, &toolexec.Error{Kind: toolexec.KindInvalidArguments, Message: err.Error(), Err: err}
	}
	matches := s.search(in.Query)
	out := SearchToolsOutput{Results: matches}
	switch {
	case len(matches) == 0:
		out.Results = []ToolMatch{}
		out.Message = "No tools found matching the query. Try different keywords."
	case s.cfg.AutoLoad:
		names := make([]string, len(matches))
		for i, m := range matches {
			names[i] = m.Name
		}
		out.Message = fmt.Sprintf("Found and loaded %d tool(s): %s. They are available on your next turn — call them directly.", len(names), strings.Join(names, ", "))
		if len(s.load(names)) > 0 {
			out.Message += " Some were already loaded."
		}
	default:
		out.Message = fmt.Sprintf("Found %d tool(s). Use load_tool with an exact toolName or a toolNames array to make them available.", len(matches))
	}
	return out, nil
}

// search returns the best matches of query in the library.
func (s *toolSearch) search(query string) []ToolMatch {
	score := s.cfg.Scorer
	if score == nil {
		s.once.Do(func() { s.index = newBM25Index(s.defs) })
		score = s.index.scorer(query)
	}
	var matches []ToolMatch
	for _, d := range s.defs {
		if v := score(query, d); v > s.cfg.MinScore && !math.IsNaN(v) {
			matches = append(matches, ToolMatch{Name: d.Name, Description: wording.Cut(d.Description, maxMatchDescription), Score: v})
		}
	}
	slices.SortStableFunc(matches, func(a, b ToolMatch) int { return cmp.Compare(b.Score, a.Score) }) // defs are by key
	matches = matches[:min(len(matches), cmp.Or(max(s.cfg.MaxResults, 0), DefaultSearchResults))]
	for i := range matches {
		matches[i].Score = math.Round(matches[i].Score*100) / 100
	}
	return matches
}

// loadTool returns the load_tool tool of s.
func (s *toolSearch) loadTool() tool.Tool {
	spec := &tool.Spec{ID: LoadToolKey, Title: "Load tool", Description: loadToolDescription,
		InputSchema: []byte(loadToolInputSchema), OutputSchema: []byte(loadToolOutputSchema)}
	return tool.NewFunc(spec, s.runLoad)
}

// runLoad loads the tools in named, as Mastra's load_tool does: a name not
// in the library is reported, not an error.
func (s *toolSearch) runLoad(_ context.Context, in LoadToolInput) (LoadToolOutput, error) {
	names := slices.Clone(in.ToolNames)
	if in.ToolName != "" {
		names = append(names, in.ToolName)
	}
	if len(names) == 0 {
		return LoadToolOutput{Message: "You must provide either toolName (string) or toolNames (array) to load."}, nil
	}
	var out LoadToolOutput
	var found []string
	for _, n := range names {
		switch {
		case slices.Contains(found, n) || slices.Contains(out.NotFound, n):
		case s.cfg.Tools[n] != nil:
			found = append(found, n)
		default:
			out.NotFound = append(out.NotFound, n)
		}
	}
	out.AlreadyLoaded = s.load(found)
	for _, n := range found {
		if !slices.Contains(out.AlreadyLoaded, n) {
			out.Loaded = append(out.Loaded, n)
		}
	}
	out.Success = len(out.NotFound) == 0
	out.Message = loadMessage(out)
	return out, nil
}

// loadMessage words what load_tool did, as Mastra's does.
func loadMessage(out LoadToolOutput) string {
	var parts []string
	if len(out.Loaded) > 0 {
		parts = append(parts, "Loaded: "+strings.Join(out.Loaded, ", ")+" — available on your next turn")
	}
	if len(out.AlreadyLoaded) > 0 {
		parts = append(parts, "Already loaded: "+strings.Join(out.AlreadyLoaded, ", "))
	}
	if len(out.NotFound) > 0 {
		parts = append(parts, "Not found: "+wording.QuoteList(out.NotFound, len(out.NotFound))+". Use search_tools to find available tools.")
	}
	return strings.Join(parts, " | ")
}

// bm25Index is the built-in ranking's index of a library.
type bm25Index struct {
	docs   map[string]map[string]int // key → term → count
	length map[string]int            // key → number of terms
	df     map[string]int            // term → number of tools that have it
	avg    float64                   // mean number of terms
	n      int
}

// newBM25Index indexes the words of each tool's key and description.
func newBM25Index(defs []llm.ToolDefinition) *bm25Index {
	ix := &bm25Index{docs: map[string]map[string]int{}, length: map[string]int{}, df: map[string]int{}, n: len(defs)}
	total := 0
	for _, d := range defs {
		terms := append(searchWords(d.Name), searchWords(d.Description)...)
		tf := map[string]int{}
		for _, t := range terms {
			if tf[t] == 0 {
				ix.df[t]++
			}
			tf[t]++
		}
		ix.docs[d.Name], ix.length[d.Name] = tf, len(terms)
		total += len(terms)
	}
	if ix.n > 0 {
		ix.avg = float64(total) / float64(ix.n)
	}
	return ix
}

// scorer returns the built-in score of a tool for query.
func (ix *bm25Index) scorer(query string) func(string, llm.ToolDefinition) float64 {
	words := searchWords(query)
	return func(_ string, d llm.ToolDefinition) float64 {
		tf, score := ix.docs[d.Name], 0.0
		for _, w := range words {
			f := float64(tf[w])
			if f == 0 {
				continue
			}
			df := float64(ix.df[w])
			idf := math.Log((float64(ix.n)-df+0.5)/(df+0.5) + 1)
			score += idf * f * (bm25K1 + 1) / (f + bm25K1*(1-bm25B+bm25B*float64(ix.length[d.Name])/ix.avg))
		}
		if score == 0 {
			return 0 // as Mastra, the key bonus only raises tools that match
		}
		key := strings.ToLower(d.Name)
		for _, w := range words {
			switch {
			case key == w:
				score += keyExactBoost
			case strings.Contains(key, w):
				score += keyPartBoost
			}
		}
		return score
	}
}

// searchWords returns the lower-case words of s for the built-in ranking:
// runs of letters and digits, split at camelCase humps ("getHTTPStatus"
// gives get, http, status), words of one character left out.
func searchWords(s string) []string {
	var words []string
	var word []rune
	flush := func() {
		if len(word) > 1 {
			words = append(words, strings.ToLower(string(word)))
		}
		word = word[:0]
	}
	rs := []rune(s)
	for i, c := range rs {
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			flush()
			continue
		}
		if len(word) > 0 && unicode.IsUpper(c) {
			prev := word[len(word)-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
				flush()
			}
		}
		word = append(word, c)
	}
	flush()
	return words
}
