package main

// Report is a short weather report for a traveller, the object the run
// ends with.
//
//tool:report
type Report struct {
	// City is the city the report is about.
	City string `json:"city" jsonschema:"minLength=1"`
	// Summary is one or two sentences on the coming days.
	Summary string `json:"summary"`
	// WarmestDay is the date of the warmest day, as YYYY-MM-DD.
	WarmestDay string `json:"warmestDay" jsonschema:"pattern=^[0-9]{4}-[0-9]{2}-[0-9]{2}$"`
	// PackUmbrella says whether rain or snow is expected.
	PackUmbrella bool `json:"packUmbrella"`
	// Highlights are a few short notes for the traveller.
	Highlights []string `json:"highlights,omitempty" jsonschema:"maxItems=5"`
}
