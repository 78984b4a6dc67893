package agent_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolgen-go/toolgen/tool"
)

// This file builds synthetic tool libraries for the tool search's tests and
// request-size benchmark: a few hand-written tools, and a generated
// catalogue of SaaS-style tools with realistic keys, descriptions and
// input schemas.

// libraryTool returns a tool with the given description and input schema
// that echoes its input.
func libraryTool(id, desc, schema string) tool.Tool {
	spec := &tool.Spec{ID: id, Description: desc, InputSchema: json.RawMessage(schema)}
	return tool.NewFunc(spec, func(_ context.Context, in map[string]any) (map[string]any, error) {
		return map[string]any{"ok": true, "tool": id, "input": in}, nil
	})
}

// handLibrary is a small library of unrelated tools, for ranking tests.
func handLibrary() tool.Toolset {
	obj := func(props string, required ...string) string {
		return `{"type":"object","properties":{` + props + `},"required":["` + strings.Join(required, `","`) + `"],"additionalProperties":false}`
	}
	str := func(name, desc string) string { return `"` + name + `":{"type":"string","description":"` + desc + `"}` }
	return tool.Toolset{
		"getWeatherForecast": libraryTool("getWeatherForecast", "Gets the weather forecast for a city for the next days: temperature, rain and wind.",
			obj(str("city", "A city name.")+`,"days":{"type":"integer","minimum":1,"maximum":10}`, "city")),
		"convert_currency": libraryTool("convert_currency", "Converts an amount between currencies, such as US dollars to euros, at today's rate.",
			obj(`"amount":{"type":"number"},`+str("from", "ISO 4217 code.")+","+str("to", "ISO 4217 code."), "amount", "from", "to")),
		"translate-text": libraryTool("translate-text", "Translates a text into another language.",
			obj(str("text", "The text.")+","+str("language", "Target language code."), "text", "language")),
		"send_email": libraryTool("send_email", "Sends an email message to one or more recipients.",
			obj(str("to", "Recipient address.")+","+str("subject", "Subject line.")+","+str("body", "Plain text body."), "to", "subject", "body")),
		"createCalendarEvent": libraryTool("createCalendarEvent", "Creates an event in the user's calendar at a date and time.",
			obj(str("title", "Event title.")+","+str("start", "RFC 3339 start time."), "title", "start")),
		"web_search": libraryTool("web_search", "Searches the web and returns the top pages with their titles and snippets.",
			obj(str("query", "Search terms."), "query")),
		"github_create_issue": libraryTool("github_create_issue", "Creates an issue in a GitHub repository.",
			obj(str("repo", "owner/name.")+","+str("title", "Issue title."), "repo", "title")),
		"get_stock_quote": libraryTool("get_stock_quote", "Returns the latest price of a stock by its ticker symbol.",
			obj(str("symbol", "Ticker symbol."), "symbol")),
		"resizeImage": libraryTool("resizeImage", "Resizes an image to a width and height in pixels.",
			obj(str("url", "Image URL.")+`,"width":{"type":"integer"},"height":{"type":"integer"}`, "url", "width", "height")),
		"sqlQuery": libraryTool("sqlQuery", "Runs a read-only SQL query against the analytics database.",
			obj(str("sql", "A SELECT statement."), "sql")),
	}
}

// catalogService is a service of the synthetic catalogue and the objects it manages.
type catalogService struct {
	name, title, scope string
	objects            []string
}

var catalogServices = []catalogService{
	{"github", "GitHub", "repository", []string{"issue", "pull request", "release", "branch"}},
	{"gitlab", "GitLab", "project", []string{"merge request", "pipeline", "issue", "tag"}},
	{"jira", "Jira", "project", []string{"ticket", "sprint", "epic", "comment"}},
	{"linear", "Linear", "team", []string{"issue", "cycle", "label", "project"}},
	{"slack", "Slack", "workspace", []string{"message", "channel", "reminder", "user group"}},
	{"teams", "Microsoft Teams", "team", []string{"chat message", "meeting", "channel", "tab"}},
	{"gmail", "Gmail", "mailbox", []string{"email", "draft", "label", "filter"}},
	{"calendar", "Google Calendar", "calendar", []string{"event", "attendee", "reminder", "calendar"}},
	{"drive", "Google Drive", "drive", []string{"file", "folder", "permission", "comment"}},
	{"notion", "Notion", "workspace", []string{"page", "database", "block", "comment"}},
	{"confluence", "Confluence", "space", []string{"page", "attachment", "comment", "space"}},
	{"stripe", "Stripe", "account", []string{"customer", "invoice", "subscription", "refund"}},
	{"shopify", "Shopify", "store", []string{"product", "order", "discount code", "inventory item"}},
	{"salesforce", "Salesforce", "org", []string{"lead", "opportunity", "account", "contact"}},
	{"hubspot", "HubSpot", "portal", []string{"deal", "contact", "company", "ticket"}},
	{"zendesk", "Zendesk", "help desk", []string{"support ticket", "macro", "article", "organization"}},
	{"twilio", "Twilio", "account", []string{"sms message", "phone number", "call", "conversation"}},
	{"aws_s3", "Amazon S3", "bucket", []string{"object", "bucket policy", "lifecycle rule", "presigned url"}},
	{"postgres", "PostgreSQL", "database", []string{"table", "index", "role", "backup"}},
	{"datadog", "Datadog", "organization", []string{"monitor", "dashboard", "incident", "log pipeline"}},
	{"pagerduty", "PagerDuty", "account", []string{"incident", "schedule", "escalation policy", "service"}},
	{"figma", "Figma", "team", []string{"file", "component", "comment", "project"}},
	{"spotify", "Spotify", "library", []string{"playlist", "track", "album", "podcast episode"}},
	{"airtable", "Airtable", "base", []string{"record", "table", "view", "field"}},
	{"asana", "Asana", "workspace", []string{"task", "project", "section", "goal"}},
}

// catalogVerb is a verb of the synthetic catalogue: its description and input.
type catalogVerb struct {
	name string
	desc func(s catalogService, object string) string
	// props are the input's properties beyond the scope's ID, which is
	// required, as are the first `required` of them.
	props    func(object string) []catalogProp
	required int
}

type catalogProp struct{ name, schema string }

var catalogVerbs = []catalogVerb{
	{"list", func(s catalogService, o string) string {
		return fmt.Sprintf("Lists the %ss of a %s %s, newest first. Supports paging with a cursor and a page size of up to 100.", o, s.title, s.scope)
	}, func(o string) []catalogProp {
		return []catalogProp{
			{"limit", `{"type":"integer","minimum":1,"maximum":100,"description":"The most results to return."}`},
			{"cursor", `{"type":"string","description":"The cursor of the next page, from a previous response."}`},
			{"query", `{"type":"string","description":"Only ` + o + `s whose text contains this."}`},
		}
	}, 0},
	{"get", func(s catalogService, o string) string {
		return fmt.Sprintf("Gets one %s of a %s %s by its ID, with all of its fields.", o, s.title, s.scope)
	}, func(o string) []catalogProp {
		return []catalogProp{{"id", `{"type":"string","description":"The ID of the ` + o + `."}`}}
	}, 1},
	{"create", func(s catalogService, o string) string {
		return fmt.Sprintf("Creates a new %s in a %s %s. Returns the new %s with its ID and URL.", o, s.title, s.scope, o)
	}, func(o string) []catalogProp {
		return []catalogProp{
			{"title", `{"type":"string","minLength":1,"description":"The title or name of the ` + o + `."}`},
			{"body", `{"type":"string","description":"The description, in Markdown."}`},
			{"labels", `{"type":"array","items":{"type":"string"},"description":"Labels to attach."}`},
		}
	}, 1},
	{"update", func(s catalogService, o string) string {
		return fmt.Sprintf("Updates the fields of an existing %s in a %s %s; fields left out keep their values.", o, s.title, s.scope)
	}, func(o string) []catalogProp {
		return []catalogProp{
			{"id", `{"type":"string","description":"The ID of the ` + o + `."}`},
			{"title", `{"type":"string","description":"The new title."}`},
			{"status", `{"type":"string","enum":["open","in_progress","done","archived"],"description":"The new status."}`},
		}
	}, 1},
	{"delete", func(s catalogService, o string) string {
		return fmt.Sprintf("Deletes a %s from a %s %s. This cannot be undone.", o, s.title, s.scope)
	}, func(o string) []catalogProp {
		return []catalogProp{
			{"id", `{"type":"string","description":"The ID of the ` + o + ` to delete."}`},
			{"force", `{"type":"boolean","description":"Delete even when other items refer to it."}`},
		}
	}, 1},
}

// catalogKey names a tool in one of three conventions, as real catalogues
// mix them: github_create_pull_request, githubCreatePullRequest,
// github-create-pull-request.
func catalogKey(style int, parts ...string) string {
	words := strings.Fields(strings.ReplaceAll(strings.Join(parts, " "), "_", " "))
	switch style % 3 {
	case 0:
		return strings.Join(words, "_")
	case 1:
		for i := 1; i < len(words); i++ {
			words[i] = strings.ToUpper(words[i][:1]) + words[i][1:]
		}
		return strings.Join(words, "")
	default:
		return strings.Join(words, "-")
	}
}

// catalog returns the synthetic catalogue: every verb of every object of
// every service, 25 × 4 × 5 = 500 tools, each with a description of one or
// two sentences and an input schema of 2 to 5 properties.
func catalog() tool.Toolset {
	set := tool.Toolset{}
	for si, s := range catalogServices {
		for _, o := range s.objects {
			for _, v := range catalogVerbs {
				key := catalogKey(si, s.name, v.name, o)
				props := append([]catalogProp{{s.scope + "Id", `{"type":"string","description":"The ID of the ` + s.title + ` ` + s.scope + `."}`}}, v.props(o)...)
				var names, fields []string
				for i, p := range props {
					name := catalogKey(1, p.name)
					fields = append(fields, `"`+name+`":`+p.schema)
					if i <= v.required {
						names = append(names, `"`+name+`"`)
					}
				}
				schema := `{"type":"object","properties":{` + strings.Join(fields, ",") + `},"required":[` + strings.Join(names, ",") + `],"additionalProperties":false}`
				set[key] = libraryTool(key, v.desc(s, o), schema)
			}
		}
	}
	return set
}
