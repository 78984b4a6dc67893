// Package sdktags gives the official MCP SDK, whose schemas come from
// google/jsonschema-go, the descriptions that toolgen reads from package
// defs10's doc comments, in the struct tag that library reads: the whole
// jsonschema tag is the description. It has no tag for an enum. Each input
// type is defs10's with tags added, and each function calls defs10's.
package sdktags

import (
	"context"
	"time"

	"github.com/toolgen-go/toolgen/bench/defs10"
)

// WeatherInput is defs10.WeatherInput with tags.
type WeatherInput struct {
	Location string       `json:"location" jsonschema:"City name, such as \"Paris\" or \"New York\"."`
	Units    defs10.Units `json:"units,omitempty" jsonschema:"Temperature unit; defaults to celsius."`
}

// GetWeather calls defs10.GetWeather.
func GetWeather(ctx context.Context, in WeatherInput) (defs10.Result, error) {
	return defs10.GetWeather(ctx, defs10.WeatherInput(in))
}

// ForecastInput is defs10.ForecastInput with tags.
type ForecastInput struct {
	Location string       `json:"location" jsonschema:"City name, such as \"Paris\" or \"New York\"."`
	Days     int          `json:"days" jsonschema:"Number of days to forecast, from 1 to 10."`
	Units    defs10.Units `json:"units,omitempty" jsonschema:"Temperature unit; defaults to celsius."`
}

// GetForecast calls defs10.GetForecast.
func GetForecast(ctx context.Context, in ForecastInput) (defs10.Result, error) {
	return defs10.GetForecast(ctx, defs10.ForecastInput(in))
}

// SearchInput is defs10.SearchInput with tags.
type SearchInput struct {
	Query      string `json:"query" jsonschema:"The search terms."`
	MaxResults int    `json:"maxResults,omitempty" jsonschema:"Maximum number of results; defaults to 5."`
	Site       string `json:"site,omitempty" jsonschema:"Restrict results to this domain, such as \"go.dev\"."`
}

// SearchWeb calls defs10.SearchWeb.
func SearchWeb(ctx context.Context, in SearchInput) (defs10.Result, error) {
	return defs10.SearchWeb(ctx, defs10.SearchInput(in))
}

// QuoteInput is defs10.QuoteInput with tags.
type QuoteInput struct {
	Symbol   string `json:"symbol" jsonschema:"Ticker symbol, such as \"GOOG\"."`
	Exchange string `json:"exchange,omitempty" jsonschema:"Exchange code, such as \"NASDAQ\"; the primary listing when empty."`
}

// GetStockQuote calls defs10.GetStockQuote.
func GetStockQuote(ctx context.Context, in QuoteInput) (defs10.Result, error) {
	return defs10.GetStockQuote(ctx, defs10.QuoteInput(in))
}

// ConvertInput is defs10.ConvertInput with tags.
type ConvertInput struct {
	Amount float64 `json:"amount" jsonschema:"Amount to convert."`
	From   string  `json:"from" jsonschema:"ISO 4217 code of the source currency, such as \"EUR\"."`
	To     string  `json:"to" jsonschema:"ISO 4217 code of the target currency, such as \"USD\"."`
}

// ConvertCurrency calls defs10.ConvertCurrency.
func ConvertCurrency(ctx context.Context, in ConvertInput) (defs10.Result, error) {
	return defs10.ConvertCurrency(ctx, defs10.ConvertInput(in))
}

// EventInput is defs10.EventInput with tags.
type EventInput struct {
	Title           string    `json:"title" jsonschema:"Title of the event."`
	Start           time.Time `json:"start" jsonschema:"Start time, in RFC 3339 format."`
	DurationMinutes int       `json:"durationMinutes" jsonschema:"Duration in minutes."`
	Attendees       []string  `json:"attendees,omitempty" jsonschema:"Email addresses of the people to invite."`
	Location        string    `json:"location,omitempty" jsonschema:"Where the event takes place."`
}

// CreateEvent calls defs10.CreateEvent.
func CreateEvent(ctx context.Context, in EventInput) (defs10.Result, error) {
	return defs10.CreateEvent(ctx, defs10.EventInput(in))
}

// EmailInput is defs10.EmailInput with tags.
type EmailInput struct {
	To      []string `json:"to" jsonschema:"Recipient email addresses."`
	Subject string   `json:"subject" jsonschema:"Subject line."`
	Body    string   `json:"body" jsonschema:"Plain-text body."`
	CC      []string `json:"cc,omitempty" jsonschema:"Addresses to copy."`
}

// SendEmail calls defs10.SendEmail.
func SendEmail(ctx context.Context, in EmailInput) (defs10.Result, error) {
	return defs10.SendEmail(ctx, defs10.EmailInput(in))
}

// TranslateInput is defs10.TranslateInput with tags.
type TranslateInput struct {
	Text           string `json:"text" jsonschema:"Text to translate."`
	TargetLanguage string `json:"targetLanguage" jsonschema:"BCP 47 code of the target language, such as \"fr\"."`
	SourceLanguage string `json:"sourceLanguage,omitempty" jsonschema:"BCP 47 code of the source language; detected when empty."`
}

// TranslateText calls defs10.TranslateText.
func TranslateText(ctx context.Context, in TranslateInput) (defs10.Result, error) {
	return defs10.TranslateText(ctx, defs10.TranslateInput(in))
}

// DirectionsInput is defs10.DirectionsInput with tags.
type DirectionsInput struct {
	Origin      string            `json:"origin" jsonschema:"Starting address or place name."`
	Destination string            `json:"destination" jsonschema:"Destination address or place name."`
	Mode        defs10.TravelMode `json:"mode,omitempty" jsonschema:"How to travel; defaults to driving."`
}

// GetDirections calls defs10.GetDirections.
func GetDirections(ctx context.Context, in DirectionsInput) (defs10.Result, error) {
	return defs10.GetDirections(ctx, defs10.DirectionsInput(in))
}

// OrderInput is defs10.OrderInput with tags.
type OrderInput struct {
	OrderID      string `json:"orderId" jsonschema:"Order number, such as \"A-1042\"."`
	IncludeItems bool   `json:"includeItems,omitempty" jsonschema:"Include the order's line items."`
}

// LookupOrder calls defs10.LookupOrder.
func LookupOrder(ctx context.Context, in OrderInput) (defs10.Result, error) {
	return defs10.LookupOrder(ctx, defs10.OrderInput(in))
}
