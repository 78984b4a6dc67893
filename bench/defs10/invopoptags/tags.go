// Package invopoptags gives Genkit and Eino, whose schemas come from
// invopop/jsonschema (Eino's from its fork, eino-contrib/jsonschema), the
// descriptions and enums that toolgen reads from package defs10's doc
// comments and typed constants, in the struct tags those libraries read:
// jsonschema_description, and jsonschema:"enum=…". Each input type is
// defs10's with tags added, and each function calls defs10's.
package invopoptags

import (
	"context"
	"time"

	"github.com/toolgen-go/toolgen/bench/defs10"
)

// WeatherInput is defs10.WeatherInput with tags.
type WeatherInput struct {
	Location string       `json:"location" jsonschema_description:"City name, such as \"Paris\" or \"New York\"."`
	Units    defs10.Units `json:"units,omitempty" jsonschema_description:"Temperature unit; defaults to celsius." jsonschema:"enum=celsius,enum=fahrenheit"`
}

// GetWeather calls defs10.GetWeather.
func GetWeather(ctx context.Context, in WeatherInput) (defs10.Result, error) {
	return defs10.GetWeather(ctx, defs10.WeatherInput(in))
}

// ForecastInput is defs10.ForecastInput with tags.
type ForecastInput struct {
	Location string       `json:"location" jsonschema_description:"City name, such as \"Paris\" or \"New York\"."`
	Days     int          `json:"days" jsonschema_description:"Number of days to forecast, from 1 to 10."`
	Units    defs10.Units `json:"units,omitempty" jsonschema_description:"Temperature unit; defaults to celsius." jsonschema:"enum=celsius,enum=fahrenheit"`
}

// GetForecast calls defs10.GetForecast.
func GetForecast(ctx context.Context, in ForecastInput) (defs10.Result, error) {
	return defs10.GetForecast(ctx, defs10.ForecastInput(in))
}

// SearchInput is defs10.SearchInput with tags.
type SearchInput struct {
	Query      string `json:"query" jsonschema_description:"The search terms."`
	MaxResults int    `json:"maxResults,omitempty" jsonschema_description:"Maximum number of results; defaults to 5."`
	Site       string `json:"site,omitempty" jsonschema_description:"Restrict results to this domain, such as \"go.dev\"."`
}

// SearchWeb calls defs10.SearchWeb.
func SearchWeb(ctx context.Context, in SearchInput) (defs10.Result, error) {
	return defs10.SearchWeb(ctx, defs10.SearchInput(in))
}

// QuoteInput is defs10.QuoteInput with tags.
type QuoteInput struct {
	Symbol   string `json:"symbol" jsonschema_description:"Ticker symbol, such as \"GOOG\"."`
	Exchange string `json:"exchange,omitempty" jsonschema_description:"Exchange code, such as \"NASDAQ\"; the primary listing when empty."`
}

// GetStockQuote calls defs10.GetStockQuote.
func GetStockQuote(ctx context.Context, in QuoteInput) (defs10.Result, error) {
	return defs10.GetStockQuote(ctx, defs10.QuoteInput(in))
}

// ConvertInput is defs10.ConvertInput with tags.
type ConvertInput struct {
	Amount float64 `json:"amount" jsonschema_description:"Amount to convert."`
	From   string  `json:"from" jsonschema_description:"ISO 4217 code of the source currency, such as \"EUR\"."`
	To     string  `json:"to" jsonschema_description:"ISO 4217 code of the target currency, such as \"USD\"."`
}

// ConvertCurrency calls defs10.ConvertCurrency.
func ConvertCurrency(ctx context.Context, in ConvertInput) (defs10.Result, error) {
	return defs10.ConvertCurrency(ctx, defs10.ConvertInput(in))
}

// EventInput is defs10.EventInput with tags.
type EventInput struct {
	Title           string    `json:"title" jsonschema_description:"Title of the event."`
	Start           time.Time `json:"start" jsonschema_description:"Start time, in RFC 3339 format."`
	DurationMinutes int       `json:"durationMinutes" jsonschema_description:"Duration in minutes."`
	Attendees       []string  `json:"attendees,omitempty" jsonschema_description:"Email addresses of the people to invite."`
	Location        string    `json:"location,omitempty" jsonschema_description:"Where the event takes place."`
}

// CreateEvent calls defs10.CreateEvent.
func CreateEvent(ctx context.Context, in EventInput) (defs10.Result, error) {
	return defs10.CreateEvent(ctx, defs10.EventInput(in))
}

// EmailInput is defs10.EmailInput with tags.
type EmailInput struct {
	To      []string `json:"to" jsonschema_description:"Recipient email addresses."`
	Subject string   `json:"subject" jsonschema_description:"Subject line."`
	Body    string   `json:"body" jsonschema_description:"Plain-text body."`
	CC      []string `json:"cc,omitempty" jsonschema_description:"Addresses to copy."`
}

// SendEmail calls defs10.SendEmail.
func SendEmail(ctx context.Context, in EmailInput) (defs10.Result, error) {
	return defs10.SendEmail(ctx, defs10.EmailInput(in))
}

// TranslateInput is defs10.TranslateInput with tags.
type TranslateInput struct {
	Text           string `json:"text" jsonschema_description:"Text to translate."`
	TargetLanguage string `json:"targetLanguage" jsonschema_description:"BCP 47 code of the target language, such as \"fr\"."`
	SourceLanguage string `json:"sourceLanguage,omitempty" jsonschema_description:"BCP 47 code of the source language; detected when empty."`
}

// TranslateText calls defs10.TranslateText.
func TranslateText(ctx context.Context, in TranslateInput) (defs10.Result, error) {
	return defs10.TranslateText(ctx, defs10.TranslateInput(in))
}

// DirectionsInput is defs10.DirectionsInput with tags.
type DirectionsInput struct {
	Origin      string            `json:"origin" jsonschema_description:"Starting address or place name."`
	Destination string            `json:"destination" jsonschema_description:"Destination address or place name."`
	Mode        defs10.TravelMode `json:"mode,omitempty" jsonschema_description:"How to travel; defaults to driving." jsonschema:"enum=driving,enum=walking,enum=bicycling,enum=transit"`
}

// GetDirections calls defs10.GetDirections.
func GetDirections(ctx context.Context, in DirectionsInput) (defs10.Result, error) {
	return defs10.GetDirections(ctx, defs10.DirectionsInput(in))
}

// OrderInput is defs10.OrderInput with tags.
type OrderInput struct {
	OrderID      string `json:"orderId" jsonschema_description:"Order number, such as \"A-1042\"."`
	IncludeItems bool   `json:"includeItems,omitempty" jsonschema_description:"Include the order's line items."`
}

// LookupOrder calls defs10.LookupOrder.
func LookupOrder(ctx context.Context, in OrderInput) (defs10.Result, error) {
	return defs10.LookupOrder(ctx, defs10.OrderInput(in))
}
