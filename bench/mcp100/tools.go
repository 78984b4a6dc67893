// Package mcp100 holds 100 generated tools, for the start-up benchmark of
// toolgen's mcp package: a server built from their generated schemas against the same
// tools registered through the SDK's reflecting AddTool.
package mcp100

//go:generate go tool toolgen

import (
	"context"
	"time"
)

// Mode is how a search matches.
type Mode string

// The modes of a search.
const (
	// Exact matches whole words.
	Exact Mode = "exact"
	// Fuzzy allows typos.
	Fuzzy Mode = "fuzzy"
	// Prefix matches the start of words.
	Prefix Mode = "prefix"
)

// Item is one result.
type Item struct {
	// ID identifies the item.
	ID string `json:"id"`
	// Score ranks the item, higher first.
	Score float64 `json:"score"`
	// Labels are the item's labels.
	Labels map[string]string `json:"labels,omitempty"`
	// Updated is when the item last changed.
	Updated time.Time `json:"updated"`
}

// Search000In is the input of tool 0.
type Search000In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page000 `json:"page,omitempty"`
}

// Page000 selects a page of the results of tool 0.
type Page000 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search000Out is the output of tool 0.
type Search000Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search000 searches collection 0.
//
//tool:search-000 title="Search 0" readonly idempotent
func Search000(ctx context.Context, in Search000In) (Search000Out, error) {
	return Search000Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search001In is the input of tool 1.
type Search001In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page001 `json:"page,omitempty"`
}

// Page001 selects a page of the results of tool 1.
type Page001 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search001Out is the output of tool 1.
type Search001Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search001 searches collection 1.
//
//tool:search-001 title="Search 1" readonly idempotent
func Search001(ctx context.Context, in Search001In) (Search001Out, error) {
	return Search001Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search002In is the input of tool 2.
type Search002In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page002 `json:"page,omitempty"`
}

// Page002 selects a page of the results of tool 2.
type Page002 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search002Out is the output of tool 2.
type Search002Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search002 searches collection 2.
//
//tool:search-002 title="Search 2" readonly idempotent
func Search002(ctx context.Context, in Search002In) (Search002Out, error) {
	return Search002Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search003In is the input of tool 3.
type Search003In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page003 `json:"page,omitempty"`
}

// Page003 selects a page of the results of tool 3.
type Page003 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search003Out is the output of tool 3.
type Search003Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search003 searches collection 3.
//
//tool:search-003 title="Search 3" readonly idempotent
func Search003(ctx context.Context, in Search003In) (Search003Out, error) {
	return Search003Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search004In is the input of tool 4.
type Search004In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page004 `json:"page,omitempty"`
}

// Page004 selects a page of the results of tool 4.
type Page004 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search004Out is the output of tool 4.
type Search004Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search004 searches collection 4.
//
//tool:search-004 title="Search 4" readonly idempotent
func Search004(ctx context.Context, in Search004In) (Search004Out, error) {
	return Search004Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search005In is the input of tool 5.
type Search005In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page005 `json:"page,omitempty"`
}

// Page005 selects a page of the results of tool 5.
type Page005 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search005Out is the output of tool 5.
type Search005Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search005 searches collection 5.
//
//tool:search-005 title="Search 5" readonly idempotent
func Search005(ctx context.Context, in Search005In) (Search005Out, error) {
	return Search005Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search006In is the input of tool 6.
type Search006In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page006 `json:"page,omitempty"`
}

// Page006 selects a page of the results of tool 6.
type Page006 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search006Out is the output of tool 6.
type Search006Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search006 searches collection 6.
//
//tool:search-006 title="Search 6" readonly idempotent
func Search006(ctx context.Context, in Search006In) (Search006Out, error) {
	return Search006Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search007In is the input of tool 7.
type Search007In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page007 `json:"page,omitempty"`
}

// Page007 selects a page of the results of tool 7.
type Page007 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search007Out is the output of tool 7.
type Search007Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search007 searches collection 7.
//
//tool:search-007 title="Search 7" readonly idempotent
func Search007(ctx context.Context, in Search007In) (Search007Out, error) {
	return Search007Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search008In is the input of tool 8.
type Search008In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page008 `json:"page,omitempty"`
}

// Page008 selects a page of the results of tool 8.
type Page008 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search008Out is the output of tool 8.
type Search008Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search008 searches collection 8.
//
//tool:search-008 title="Search 8" readonly idempotent
func Search008(ctx context.Context, in Search008In) (Search008Out, error) {
	return Search008Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search009In is the input of tool 9.
type Search009In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page009 `json:"page,omitempty"`
}

// Page009 selects a page of the results of tool 9.
type Page009 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search009Out is the output of tool 9.
type Search009Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search009 searches collection 9.
//
//tool:search-009 title="Search 9" readonly idempotent
func Search009(ctx context.Context, in Search009In) (Search009Out, error) {
	return Search009Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search010In is the input of tool 10.
type Search010In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page010 `json:"page,omitempty"`
}

// Page010 selects a page of the results of tool 10.
type Page010 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search010Out is the output of tool 10.
type Search010Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search010 searches collection 10.
//
//tool:search-010 title="Search 10" readonly idempotent
func Search010(ctx context.Context, in Search010In) (Search010Out, error) {
	return Search010Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search011In is the input of tool 11.
type Search011In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page011 `json:"page,omitempty"`
}

// Page011 selects a page of the results of tool 11.
type Page011 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search011Out is the output of tool 11.
type Search011Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search011 searches collection 11.
//
//tool:search-011 title="Search 11" readonly idempotent
func Search011(ctx context.Context, in Search011In) (Search011Out, error) {
	return Search011Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search012In is the input of tool 12.
type Search012In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page012 `json:"page,omitempty"`
}

// Page012 selects a page of the results of tool 12.
type Page012 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search012Out is the output of tool 12.
type Search012Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search012 searches collection 12.
//
//tool:search-012 title="Search 12" readonly idempotent
func Search012(ctx context.Context, in Search012In) (Search012Out, error) {
	return Search012Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search013In is the input of tool 13.
type Search013In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page013 `json:"page,omitempty"`
}

// Page013 selects a page of the results of tool 13.
type Page013 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search013Out is the output of tool 13.
type Search013Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search013 searches collection 13.
//
//tool:search-013 title="Search 13" readonly idempotent
func Search013(ctx context.Context, in Search013In) (Search013Out, error) {
	return Search013Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search014In is the input of tool 14.
type Search014In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page014 `json:"page,omitempty"`
}

// Page014 selects a page of the results of tool 14.
type Page014 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search014Out is the output of tool 14.
type Search014Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search014 searches collection 14.
//
//tool:search-014 title="Search 14" readonly idempotent
func Search014(ctx context.Context, in Search014In) (Search014Out, error) {
	return Search014Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search015In is the input of tool 15.
type Search015In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page015 `json:"page,omitempty"`
}

// Page015 selects a page of the results of tool 15.
type Page015 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search015Out is the output of tool 15.
type Search015Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search015 searches collection 15.
//
//tool:search-015 title="Search 15" readonly idempotent
func Search015(ctx context.Context, in Search015In) (Search015Out, error) {
	return Search015Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search016In is the input of tool 16.
type Search016In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page016 `json:"page,omitempty"`
}

// Page016 selects a page of the results of tool 16.
type Page016 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search016Out is the output of tool 16.
type Search016Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search016 searches collection 16.
//
//tool:search-016 title="Search 16" readonly idempotent
func Search016(ctx context.Context, in Search016In) (Search016Out, error) {
	return Search016Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search017In is the input of tool 17.
type Search017In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page017 `json:"page,omitempty"`
}

// Page017 selects a page of the results of tool 17.
type Page017 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search017Out is the output of tool 17.
type Search017Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search017 searches collection 17.
//
//tool:search-017 title="Search 17" readonly idempotent
func Search017(ctx context.Context, in Search017In) (Search017Out, error) {
	return Search017Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search018In is the input of tool 18.
type Search018In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page018 `json:"page,omitempty"`
}

// Page018 selects a page of the results of tool 18.
type Page018 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search018Out is the output of tool 18.
type Search018Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search018 searches collection 18.
//
//tool:search-018 title="Search 18" readonly idempotent
func Search018(ctx context.Context, in Search018In) (Search018Out, error) {
	return Search018Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search019In is the input of tool 19.
type Search019In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page019 `json:"page,omitempty"`
}

// Page019 selects a page of the results of tool 19.
type Page019 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search019Out is the output of tool 19.
type Search019Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search019 searches collection 19.
//
//tool:search-019 title="Search 19" readonly idempotent
func Search019(ctx context.Context, in Search019In) (Search019Out, error) {
	return Search019Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search020In is the input of tool 20.
type Search020In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page020 `json:"page,omitempty"`
}

// Page020 selects a page of the results of tool 20.
type Page020 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search020Out is the output of tool 20.
type Search020Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search020 searches collection 20.
//
//tool:search-020 title="Search 20" readonly idempotent
func Search020(ctx context.Context, in Search020In) (Search020Out, error) {
	return Search020Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search021In is the input of tool 21.
type Search021In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page021 `json:"page,omitempty"`
}

// Page021 selects a page of the results of tool 21.
type Page021 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search021Out is the output of tool 21.
type Search021Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search021 searches collection 21.
//
//tool:search-021 title="Search 21" readonly idempotent
func Search021(ctx context.Context, in Search021In) (Search021Out, error) {
	return Search021Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search022In is the input of tool 22.
type Search022In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page022 `json:"page,omitempty"`
}

// Page022 selects a page of the results of tool 22.
type Page022 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search022Out is the output of tool 22.
type Search022Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search022 searches collection 22.
//
//tool:search-022 title="Search 22" readonly idempotent
func Search022(ctx context.Context, in Search022In) (Search022Out, error) {
	return Search022Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search023In is the input of tool 23.
type Search023In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page023 `json:"page,omitempty"`
}

// Page023 selects a page of the results of tool 23.
type Page023 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search023Out is the output of tool 23.
type Search023Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search023 searches collection 23.
//
//tool:search-023 title="Search 23" readonly idempotent
func Search023(ctx context.Context, in Search023In) (Search023Out, error) {
	return Search023Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search024In is the input of tool 24.
type Search024In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page024 `json:"page,omitempty"`
}

// Page024 selects a page of the results of tool 24.
type Page024 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search024Out is the output of tool 24.
type Search024Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search024 searches collection 24.
//
//tool:search-024 title="Search 24" readonly idempotent
func Search024(ctx context.Context, in Search024In) (Search024Out, error) {
	return Search024Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search025In is the input of tool 25.
type Search025In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page025 `json:"page,omitempty"`
}

// Page025 selects a page of the results of tool 25.
type Page025 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search025Out is the output of tool 25.
type Search025Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search025 searches collection 25.
//
//tool:search-025 title="Search 25" readonly idempotent
func Search025(ctx context.Context, in Search025In) (Search025Out, error) {
	return Search025Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search026In is the input of tool 26.
type Search026In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page026 `json:"page,omitempty"`
}

// Page026 selects a page of the results of tool 26.
type Page026 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search026Out is the output of tool 26.
type Search026Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search026 searches collection 26.
//
//tool:search-026 title="Search 26" readonly idempotent
func Search026(ctx context.Context, in Search026In) (Search026Out, error) {
	return Search026Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search027In is the input of tool 27.
type Search027In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page027 `json:"page,omitempty"`
}

// Page027 selects a page of the results of tool 27.
type Page027 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search027Out is the output of tool 27.
type Search027Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search027 searches collection 27.
//
//tool:search-027 title="Search 27" readonly idempotent
func Search027(ctx context.Context, in Search027In) (Search027Out, error) {
	return Search027Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search028In is the input of tool 28.
type Search028In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page028 `json:"page,omitempty"`
}

// Page028 selects a page of the results of tool 28.
type Page028 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search028Out is the output of tool 28.
type Search028Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search028 searches collection 28.
//
//tool:search-028 title="Search 28" readonly idempotent
func Search028(ctx context.Context, in Search028In) (Search028Out, error) {
	return Search028Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search029In is the input of tool 29.
type Search029In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page029 `json:"page,omitempty"`
}

// Page029 selects a page of the results of tool 29.
type Page029 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search029Out is the output of tool 29.
type Search029Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search029 searches collection 29.
//
//tool:search-029 title="Search 29" readonly idempotent
func Search029(ctx context.Context, in Search029In) (Search029Out, error) {
	return Search029Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search030In is the input of tool 30.
type Search030In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page030 `json:"page,omitempty"`
}

// Page030 selects a page of the results of tool 30.
type Page030 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search030Out is the output of tool 30.
type Search030Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search030 searches collection 30.
//
//tool:search-030 title="Search 30" readonly idempotent
func Search030(ctx context.Context, in Search030In) (Search030Out, error) {
	return Search030Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search031In is the input of tool 31.
type Search031In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page031 `json:"page,omitempty"`
}

// Page031 selects a page of the results of tool 31.
type Page031 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search031Out is the output of tool 31.
type Search031Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search031 searches collection 31.
//
//tool:search-031 title="Search 31" readonly idempotent
func Search031(ctx context.Context, in Search031In) (Search031Out, error) {
	return Search031Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search032In is the input of tool 32.
type Search032In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page032 `json:"page,omitempty"`
}

// Page032 selects a page of the results of tool 32.
type Page032 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search032Out is the output of tool 32.
type Search032Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search032 searches collection 32.
//
//tool:search-032 title="Search 32" readonly idempotent
func Search032(ctx context.Context, in Search032In) (Search032Out, error) {
	return Search032Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search033In is the input of tool 33.
type Search033In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page033 `json:"page,omitempty"`
}

// Page033 selects a page of the results of tool 33.
type Page033 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search033Out is the output of tool 33.
type Search033Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search033 searches collection 33.
//
//tool:search-033 title="Search 33" readonly idempotent
func Search033(ctx context.Context, in Search033In) (Search033Out, error) {
	return Search033Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search034In is the input of tool 34.
type Search034In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page034 `json:"page,omitempty"`
}

// Page034 selects a page of the results of tool 34.
type Page034 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search034Out is the output of tool 34.
type Search034Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search034 searches collection 34.
//
//tool:search-034 title="Search 34" readonly idempotent
func Search034(ctx context.Context, in Search034In) (Search034Out, error) {
	return Search034Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search035In is the input of tool 35.
type Search035In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page035 `json:"page,omitempty"`
}

// Page035 selects a page of the results of tool 35.
type Page035 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search035Out is the output of tool 35.
type Search035Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search035 searches collection 35.
//
//tool:search-035 title="Search 35" readonly idempotent
func Search035(ctx context.Context, in Search035In) (Search035Out, error) {
	return Search035Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search036In is the input of tool 36.
type Search036In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page036 `json:"page,omitempty"`
}

// Page036 selects a page of the results of tool 36.
type Page036 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search036Out is the output of tool 36.
type Search036Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search036 searches collection 36.
//
//tool:search-036 title="Search 36" readonly idempotent
func Search036(ctx context.Context, in Search036In) (Search036Out, error) {
	return Search036Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search037In is the input of tool 37.
type Search037In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page037 `json:"page,omitempty"`
}

// Page037 selects a page of the results of tool 37.
type Page037 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search037Out is the output of tool 37.
type Search037Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search037 searches collection 37.
//
//tool:search-037 title="Search 37" readonly idempotent
func Search037(ctx context.Context, in Search037In) (Search037Out, error) {
	return Search037Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search038In is the input of tool 38.
type Search038In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page038 `json:"page,omitempty"`
}

// Page038 selects a page of the results of tool 38.
type Page038 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search038Out is the output of tool 38.
type Search038Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search038 searches collection 38.
//
//tool:search-038 title="Search 38" readonly idempotent
func Search038(ctx context.Context, in Search038In) (Search038Out, error) {
	return Search038Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search039In is the input of tool 39.
type Search039In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page039 `json:"page,omitempty"`
}

// Page039 selects a page of the results of tool 39.
type Page039 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search039Out is the output of tool 39.
type Search039Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search039 searches collection 39.
//
//tool:search-039 title="Search 39" readonly idempotent
func Search039(ctx context.Context, in Search039In) (Search039Out, error) {
	return Search039Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search040In is the input of tool 40.
type Search040In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page040 `json:"page,omitempty"`
}

// Page040 selects a page of the results of tool 40.
type Page040 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search040Out is the output of tool 40.
type Search040Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search040 searches collection 40.
//
//tool:search-040 title="Search 40" readonly idempotent
func Search040(ctx context.Context, in Search040In) (Search040Out, error) {
	return Search040Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search041In is the input of tool 41.
type Search041In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page041 `json:"page,omitempty"`
}

// Page041 selects a page of the results of tool 41.
type Page041 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search041Out is the output of tool 41.
type Search041Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search041 searches collection 41.
//
//tool:search-041 title="Search 41" readonly idempotent
func Search041(ctx context.Context, in Search041In) (Search041Out, error) {
	return Search041Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search042In is the input of tool 42.
type Search042In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page042 `json:"page,omitempty"`
}

// Page042 selects a page of the results of tool 42.
type Page042 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search042Out is the output of tool 42.
type Search042Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search042 searches collection 42.
//
//tool:search-042 title="Search 42" readonly idempotent
func Search042(ctx context.Context, in Search042In) (Search042Out, error) {
	return Search042Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search043In is the input of tool 43.
type Search043In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page043 `json:"page,omitempty"`
}

// Page043 selects a page of the results of tool 43.
type Page043 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search043Out is the output of tool 43.
type Search043Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search043 searches collection 43.
//
//tool:search-043 title="Search 43" readonly idempotent
func Search043(ctx context.Context, in Search043In) (Search043Out, error) {
	return Search043Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search044In is the input of tool 44.
type Search044In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page044 `json:"page,omitempty"`
}

// Page044 selects a page of the results of tool 44.
type Page044 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search044Out is the output of tool 44.
type Search044Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search044 searches collection 44.
//
//tool:search-044 title="Search 44" readonly idempotent
func Search044(ctx context.Context, in Search044In) (Search044Out, error) {
	return Search044Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search045In is the input of tool 45.
type Search045In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page045 `json:"page,omitempty"`
}

// Page045 selects a page of the results of tool 45.
type Page045 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search045Out is the output of tool 45.
type Search045Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search045 searches collection 45.
//
//tool:search-045 title="Search 45" readonly idempotent
func Search045(ctx context.Context, in Search045In) (Search045Out, error) {
	return Search045Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search046In is the input of tool 46.
type Search046In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page046 `json:"page,omitempty"`
}

// Page046 selects a page of the results of tool 46.
type Page046 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search046Out is the output of tool 46.
type Search046Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search046 searches collection 46.
//
//tool:search-046 title="Search 46" readonly idempotent
func Search046(ctx context.Context, in Search046In) (Search046Out, error) {
	return Search046Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search047In is the input of tool 47.
type Search047In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page047 `json:"page,omitempty"`
}

// Page047 selects a page of the results of tool 47.
type Page047 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search047Out is the output of tool 47.
type Search047Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search047 searches collection 47.
//
//tool:search-047 title="Search 47" readonly idempotent
func Search047(ctx context.Context, in Search047In) (Search047Out, error) {
	return Search047Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search048In is the input of tool 48.
type Search048In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page048 `json:"page,omitempty"`
}

// Page048 selects a page of the results of tool 48.
type Page048 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search048Out is the output of tool 48.
type Search048Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search048 searches collection 48.
//
//tool:search-048 title="Search 48" readonly idempotent
func Search048(ctx context.Context, in Search048In) (Search048Out, error) {
	return Search048Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search049In is the input of tool 49.
type Search049In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page049 `json:"page,omitempty"`
}

// Page049 selects a page of the results of tool 49.
type Page049 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search049Out is the output of tool 49.
type Search049Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search049 searches collection 49.
//
//tool:search-049 title="Search 49" readonly idempotent
func Search049(ctx context.Context, in Search049In) (Search049Out, error) {
	return Search049Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search050In is the input of tool 50.
type Search050In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page050 `json:"page,omitempty"`
}

// Page050 selects a page of the results of tool 50.
type Page050 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search050Out is the output of tool 50.
type Search050Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search050 searches collection 50.
//
//tool:search-050 title="Search 50" readonly idempotent
func Search050(ctx context.Context, in Search050In) (Search050Out, error) {
	return Search050Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search051In is the input of tool 51.
type Search051In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page051 `json:"page,omitempty"`
}

// Page051 selects a page of the results of tool 51.
type Page051 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search051Out is the output of tool 51.
type Search051Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search051 searches collection 51.
//
//tool:search-051 title="Search 51" readonly idempotent
func Search051(ctx context.Context, in Search051In) (Search051Out, error) {
	return Search051Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search052In is the input of tool 52.
type Search052In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page052 `json:"page,omitempty"`
}

// Page052 selects a page of the results of tool 52.
type Page052 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search052Out is the output of tool 52.
type Search052Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search052 searches collection 52.
//
//tool:search-052 title="Search 52" readonly idempotent
func Search052(ctx context.Context, in Search052In) (Search052Out, error) {
	return Search052Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search053In is the input of tool 53.
type Search053In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page053 `json:"page,omitempty"`
}

// Page053 selects a page of the results of tool 53.
type Page053 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search053Out is the output of tool 53.
type Search053Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search053 searches collection 53.
//
//tool:search-053 title="Search 53" readonly idempotent
func Search053(ctx context.Context, in Search053In) (Search053Out, error) {
	return Search053Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search054In is the input of tool 54.
type Search054In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page054 `json:"page,omitempty"`
}

// Page054 selects a page of the results of tool 54.
type Page054 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search054Out is the output of tool 54.
type Search054Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search054 searches collection 54.
//
//tool:search-054 title="Search 54" readonly idempotent
func Search054(ctx context.Context, in Search054In) (Search054Out, error) {
	return Search054Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search055In is the input of tool 55.
type Search055In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page055 `json:"page,omitempty"`
}

// Page055 selects a page of the results of tool 55.
type Page055 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search055Out is the output of tool 55.
type Search055Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search055 searches collection 55.
//
//tool:search-055 title="Search 55" readonly idempotent
func Search055(ctx context.Context, in Search055In) (Search055Out, error) {
	return Search055Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search056In is the input of tool 56.
type Search056In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page056 `json:"page,omitempty"`
}

// Page056 selects a page of the results of tool 56.
type Page056 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search056Out is the output of tool 56.
type Search056Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search056 searches collection 56.
//
//tool:search-056 title="Search 56" readonly idempotent
func Search056(ctx context.Context, in Search056In) (Search056Out, error) {
	return Search056Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search057In is the input of tool 57.
type Search057In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page057 `json:"page,omitempty"`
}

// Page057 selects a page of the results of tool 57.
type Page057 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search057Out is the output of tool 57.
type Search057Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search057 searches collection 57.
//
//tool:search-057 title="Search 57" readonly idempotent
func Search057(ctx context.Context, in Search057In) (Search057Out, error) {
	return Search057Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search058In is the input of tool 58.
type Search058In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page058 `json:"page,omitempty"`
}

// Page058 selects a page of the results of tool 58.
type Page058 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search058Out is the output of tool 58.
type Search058Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search058 searches collection 58.
//
//tool:search-058 title="Search 58" readonly idempotent
func Search058(ctx context.Context, in Search058In) (Search058Out, error) {
	return Search058Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search059In is the input of tool 59.
type Search059In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page059 `json:"page,omitempty"`
}

// Page059 selects a page of the results of tool 59.
type Page059 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search059Out is the output of tool 59.
type Search059Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search059 searches collection 59.
//
//tool:search-059 title="Search 59" readonly idempotent
func Search059(ctx context.Context, in Search059In) (Search059Out, error) {
	return Search059Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search060In is the input of tool 60.
type Search060In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page060 `json:"page,omitempty"`
}

// Page060 selects a page of the results of tool 60.
type Page060 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search060Out is the output of tool 60.
type Search060Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search060 searches collection 60.
//
//tool:search-060 title="Search 60" readonly idempotent
func Search060(ctx context.Context, in Search060In) (Search060Out, error) {
	return Search060Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search061In is the input of tool 61.
type Search061In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page061 `json:"page,omitempty"`
}

// Page061 selects a page of the results of tool 61.
type Page061 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search061Out is the output of tool 61.
type Search061Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search061 searches collection 61.
//
//tool:search-061 title="Search 61" readonly idempotent
func Search061(ctx context.Context, in Search061In) (Search061Out, error) {
	return Search061Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search062In is the input of tool 62.
type Search062In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page062 `json:"page,omitempty"`
}

// Page062 selects a page of the results of tool 62.
type Page062 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search062Out is the output of tool 62.
type Search062Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search062 searches collection 62.
//
//tool:search-062 title="Search 62" readonly idempotent
func Search062(ctx context.Context, in Search062In) (Search062Out, error) {
	return Search062Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search063In is the input of tool 63.
type Search063In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page063 `json:"page,omitempty"`
}

// Page063 selects a page of the results of tool 63.
type Page063 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search063Out is the output of tool 63.
type Search063Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search063 searches collection 63.
//
//tool:search-063 title="Search 63" readonly idempotent
func Search063(ctx context.Context, in Search063In) (Search063Out, error) {
	return Search063Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search064In is the input of tool 64.
type Search064In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page064 `json:"page,omitempty"`
}

// Page064 selects a page of the results of tool 64.
type Page064 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search064Out is the output of tool 64.
type Search064Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search064 searches collection 64.
//
//tool:search-064 title="Search 64" readonly idempotent
func Search064(ctx context.Context, in Search064In) (Search064Out, error) {
	return Search064Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search065In is the input of tool 65.
type Search065In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page065 `json:"page,omitempty"`
}

// Page065 selects a page of the results of tool 65.
type Page065 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search065Out is the output of tool 65.
type Search065Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search065 searches collection 65.
//
//tool:search-065 title="Search 65" readonly idempotent
func Search065(ctx context.Context, in Search065In) (Search065Out, error) {
	return Search065Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search066In is the input of tool 66.
type Search066In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page066 `json:"page,omitempty"`
}

// Page066 selects a page of the results of tool 66.
type Page066 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search066Out is the output of tool 66.
type Search066Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search066 searches collection 66.
//
//tool:search-066 title="Search 66" readonly idempotent
func Search066(ctx context.Context, in Search066In) (Search066Out, error) {
	return Search066Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search067In is the input of tool 67.
type Search067In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page067 `json:"page,omitempty"`
}

// Page067 selects a page of the results of tool 67.
type Page067 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search067Out is the output of tool 67.
type Search067Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search067 searches collection 67.
//
//tool:search-067 title="Search 67" readonly idempotent
func Search067(ctx context.Context, in Search067In) (Search067Out, error) {
	return Search067Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search068In is the input of tool 68.
type Search068In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page068 `json:"page,omitempty"`
}

// Page068 selects a page of the results of tool 68.
type Page068 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search068Out is the output of tool 68.
type Search068Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search068 searches collection 68.
//
//tool:search-068 title="Search 68" readonly idempotent
func Search068(ctx context.Context, in Search068In) (Search068Out, error) {
	return Search068Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search069In is the input of tool 69.
type Search069In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page069 `json:"page,omitempty"`
}

// Page069 selects a page of the results of tool 69.
type Page069 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search069Out is the output of tool 69.
type Search069Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search069 searches collection 69.
//
//tool:search-069 title="Search 69" readonly idempotent
func Search069(ctx context.Context, in Search069In) (Search069Out, error) {
	return Search069Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search070In is the input of tool 70.
type Search070In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page070 `json:"page,omitempty"`
}

// Page070 selects a page of the results of tool 70.
type Page070 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search070Out is the output of tool 70.
type Search070Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search070 searches collection 70.
//
//tool:search-070 title="Search 70" readonly idempotent
func Search070(ctx context.Context, in Search070In) (Search070Out, error) {
	return Search070Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search071In is the input of tool 71.
type Search071In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page071 `json:"page,omitempty"`
}

// Page071 selects a page of the results of tool 71.
type Page071 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search071Out is the output of tool 71.
type Search071Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search071 searches collection 71.
//
//tool:search-071 title="Search 71" readonly idempotent
func Search071(ctx context.Context, in Search071In) (Search071Out, error) {
	return Search071Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search072In is the input of tool 72.
type Search072In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page072 `json:"page,omitempty"`
}

// Page072 selects a page of the results of tool 72.
type Page072 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search072Out is the output of tool 72.
type Search072Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search072 searches collection 72.
//
//tool:search-072 title="Search 72" readonly idempotent
func Search072(ctx context.Context, in Search072In) (Search072Out, error) {
	return Search072Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search073In is the input of tool 73.
type Search073In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page073 `json:"page,omitempty"`
}

// Page073 selects a page of the results of tool 73.
type Page073 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search073Out is the output of tool 73.
type Search073Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search073 searches collection 73.
//
//tool:search-073 title="Search 73" readonly idempotent
func Search073(ctx context.Context, in Search073In) (Search073Out, error) {
	return Search073Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search074In is the input of tool 74.
type Search074In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page074 `json:"page,omitempty"`
}

// Page074 selects a page of the results of tool 74.
type Page074 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search074Out is the output of tool 74.
type Search074Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search074 searches collection 74.
//
//tool:search-074 title="Search 74" readonly idempotent
func Search074(ctx context.Context, in Search074In) (Search074Out, error) {
	return Search074Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search075In is the input of tool 75.
type Search075In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page075 `json:"page,omitempty"`
}

// Page075 selects a page of the results of tool 75.
type Page075 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search075Out is the output of tool 75.
type Search075Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search075 searches collection 75.
//
//tool:search-075 title="Search 75" readonly idempotent
func Search075(ctx context.Context, in Search075In) (Search075Out, error) {
	return Search075Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search076In is the input of tool 76.
type Search076In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page076 `json:"page,omitempty"`
}

// Page076 selects a page of the results of tool 76.
type Page076 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search076Out is the output of tool 76.
type Search076Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search076 searches collection 76.
//
//tool:search-076 title="Search 76" readonly idempotent
func Search076(ctx context.Context, in Search076In) (Search076Out, error) {
	return Search076Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search077In is the input of tool 77.
type Search077In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page077 `json:"page,omitempty"`
}

// Page077 selects a page of the results of tool 77.
type Page077 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search077Out is the output of tool 77.
type Search077Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search077 searches collection 77.
//
//tool:search-077 title="Search 77" readonly idempotent
func Search077(ctx context.Context, in Search077In) (Search077Out, error) {
	return Search077Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search078In is the input of tool 78.
type Search078In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page078 `json:"page,omitempty"`
}

// Page078 selects a page of the results of tool 78.
type Page078 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search078Out is the output of tool 78.
type Search078Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search078 searches collection 78.
//
//tool:search-078 title="Search 78" readonly idempotent
func Search078(ctx context.Context, in Search078In) (Search078Out, error) {
	return Search078Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search079In is the input of tool 79.
type Search079In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page079 `json:"page,omitempty"`
}

// Page079 selects a page of the results of tool 79.
type Page079 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search079Out is the output of tool 79.
type Search079Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search079 searches collection 79.
//
//tool:search-079 title="Search 79" readonly idempotent
func Search079(ctx context.Context, in Search079In) (Search079Out, error) {
	return Search079Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search080In is the input of tool 80.
type Search080In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page080 `json:"page,omitempty"`
}

// Page080 selects a page of the results of tool 80.
type Page080 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search080Out is the output of tool 80.
type Search080Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search080 searches collection 80.
//
//tool:search-080 title="Search 80" readonly idempotent
func Search080(ctx context.Context, in Search080In) (Search080Out, error) {
	return Search080Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search081In is the input of tool 81.
type Search081In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page081 `json:"page,omitempty"`
}

// Page081 selects a page of the results of tool 81.
type Page081 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search081Out is the output of tool 81.
type Search081Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search081 searches collection 81.
//
//tool:search-081 title="Search 81" readonly idempotent
func Search081(ctx context.Context, in Search081In) (Search081Out, error) {
	return Search081Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search082In is the input of tool 82.
type Search082In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page082 `json:"page,omitempty"`
}

// Page082 selects a page of the results of tool 82.
type Page082 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search082Out is the output of tool 82.
type Search082Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search082 searches collection 82.
//
//tool:search-082 title="Search 82" readonly idempotent
func Search082(ctx context.Context, in Search082In) (Search082Out, error) {
	return Search082Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search083In is the input of tool 83.
type Search083In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page083 `json:"page,omitempty"`
}

// Page083 selects a page of the results of tool 83.
type Page083 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search083Out is the output of tool 83.
type Search083Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search083 searches collection 83.
//
//tool:search-083 title="Search 83" readonly idempotent
func Search083(ctx context.Context, in Search083In) (Search083Out, error) {
	return Search083Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search084In is the input of tool 84.
type Search084In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page084 `json:"page,omitempty"`
}

// Page084 selects a page of the results of tool 84.
type Page084 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search084Out is the output of tool 84.
type Search084Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search084 searches collection 84.
//
//tool:search-084 title="Search 84" readonly idempotent
func Search084(ctx context.Context, in Search084In) (Search084Out, error) {
	return Search084Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search085In is the input of tool 85.
type Search085In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page085 `json:"page,omitempty"`
}

// Page085 selects a page of the results of tool 85.
type Page085 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search085Out is the output of tool 85.
type Search085Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search085 searches collection 85.
//
//tool:search-085 title="Search 85" readonly idempotent
func Search085(ctx context.Context, in Search085In) (Search085Out, error) {
	return Search085Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search086In is the input of tool 86.
type Search086In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page086 `json:"page,omitempty"`
}

// Page086 selects a page of the results of tool 86.
type Page086 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search086Out is the output of tool 86.
type Search086Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search086 searches collection 86.
//
//tool:search-086 title="Search 86" readonly idempotent
func Search086(ctx context.Context, in Search086In) (Search086Out, error) {
	return Search086Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search087In is the input of tool 87.
type Search087In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page087 `json:"page,omitempty"`
}

// Page087 selects a page of the results of tool 87.
type Page087 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search087Out is the output of tool 87.
type Search087Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search087 searches collection 87.
//
//tool:search-087 title="Search 87" readonly idempotent
func Search087(ctx context.Context, in Search087In) (Search087Out, error) {
	return Search087Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search088In is the input of tool 88.
type Search088In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page088 `json:"page,omitempty"`
}

// Page088 selects a page of the results of tool 88.
type Page088 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search088Out is the output of tool 88.
type Search088Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search088 searches collection 88.
//
//tool:search-088 title="Search 88" readonly idempotent
func Search088(ctx context.Context, in Search088In) (Search088Out, error) {
	return Search088Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search089In is the input of tool 89.
type Search089In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page089 `json:"page,omitempty"`
}

// Page089 selects a page of the results of tool 89.
type Page089 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search089Out is the output of tool 89.
type Search089Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search089 searches collection 89.
//
//tool:search-089 title="Search 89" readonly idempotent
func Search089(ctx context.Context, in Search089In) (Search089Out, error) {
	return Search089Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search090In is the input of tool 90.
type Search090In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page090 `json:"page,omitempty"`
}

// Page090 selects a page of the results of tool 90.
type Page090 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search090Out is the output of tool 90.
type Search090Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search090 searches collection 90.
//
//tool:search-090 title="Search 90" readonly idempotent
func Search090(ctx context.Context, in Search090In) (Search090Out, error) {
	return Search090Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search091In is the input of tool 91.
type Search091In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page091 `json:"page,omitempty"`
}

// Page091 selects a page of the results of tool 91.
type Page091 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search091Out is the output of tool 91.
type Search091Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search091 searches collection 91.
//
//tool:search-091 title="Search 91" readonly idempotent
func Search091(ctx context.Context, in Search091In) (Search091Out, error) {
	return Search091Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search092In is the input of tool 92.
type Search092In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page092 `json:"page,omitempty"`
}

// Page092 selects a page of the results of tool 92.
type Page092 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search092Out is the output of tool 92.
type Search092Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search092 searches collection 92.
//
//tool:search-092 title="Search 92" readonly idempotent
func Search092(ctx context.Context, in Search092In) (Search092Out, error) {
	return Search092Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search093In is the input of tool 93.
type Search093In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page093 `json:"page,omitempty"`
}

// Page093 selects a page of the results of tool 93.
type Page093 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search093Out is the output of tool 93.
type Search093Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search093 searches collection 93.
//
//tool:search-093 title="Search 93" readonly idempotent
func Search093(ctx context.Context, in Search093In) (Search093Out, error) {
	return Search093Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search094In is the input of tool 94.
type Search094In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page094 `json:"page,omitempty"`
}

// Page094 selects a page of the results of tool 94.
type Page094 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search094Out is the output of tool 94.
type Search094Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search094 searches collection 94.
//
//tool:search-094 title="Search 94" readonly idempotent
func Search094(ctx context.Context, in Search094In) (Search094Out, error) {
	return Search094Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search095In is the input of tool 95.
type Search095In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page095 `json:"page,omitempty"`
}

// Page095 selects a page of the results of tool 95.
type Page095 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search095Out is the output of tool 95.
type Search095Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search095 searches collection 95.
//
//tool:search-095 title="Search 95" readonly idempotent
func Search095(ctx context.Context, in Search095In) (Search095Out, error) {
	return Search095Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search096In is the input of tool 96.
type Search096In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page096 `json:"page,omitempty"`
}

// Page096 selects a page of the results of tool 96.
type Page096 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search096Out is the output of tool 96.
type Search096Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search096 searches collection 96.
//
//tool:search-096 title="Search 96" readonly idempotent
func Search096(ctx context.Context, in Search096In) (Search096Out, error) {
	return Search096Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search097In is the input of tool 97.
type Search097In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page097 `json:"page,omitempty"`
}

// Page097 selects a page of the results of tool 97.
type Page097 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search097Out is the output of tool 97.
type Search097Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search097 searches collection 97.
//
//tool:search-097 title="Search 97" readonly idempotent
func Search097(ctx context.Context, in Search097In) (Search097Out, error) {
	return Search097Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search098In is the input of tool 98.
type Search098In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page098 `json:"page,omitempty"`
}

// Page098 selects a page of the results of tool 98.
type Page098 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search098Out is the output of tool 98.
type Search098Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search098 searches collection 98.
//
//tool:search-098 title="Search 98" readonly idempotent
func Search098(ctx context.Context, in Search098In) (Search098Out, error) {
	return Search098Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}

// Search099In is the input of tool 99.
type Search099In struct {
	// Query is what to look up.
	Query string `json:"query"`
	// Limit bounds the number of results.
	Limit int `json:"limit,omitempty"`
	// Tags keep only items with all of these tags.
	Tags []string `json:"tags,omitempty"`
	// Mode is how the query matches; exact by default.
	Mode Mode `json:"mode,omitempty"`
	// Since keeps only items updated after this time.
	Since *time.Time `json:"since,omitempty"`
	// Page selects a page of results.
	Page *Page099 `json:"page,omitempty"`
}

// Page099 selects a page of the results of tool 99.
type Page099 struct {
	// Cursor continues an earlier search.
	Cursor string `json:"cursor"`
	// Size is the number of results per page.
	Size int `json:"size,omitempty"`
}

// Search099Out is the output of tool 99.
type Search099Out struct {
	// Items are the results, best first.
	Items []Item `json:"items"`
	// Total is the number of matches.
	Total int `json:"total"`
	// Next continues the search, if there are more results.
	Next string `json:"next,omitempty"`
}

// Search099 searches collection 99.
//
//tool:search-099 title="Search 99" readonly idempotent
func Search099(ctx context.Context, in Search099In) (Search099Out, error) {
	return Search099Out{Items: []Item{{ID: in.Query, Score: 1}}, Total: 1}, nil
}
