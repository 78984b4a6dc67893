// Package defs10 is the set of ten tools whose definitions (name,
// description and input schema, what a model request carries for each
// tool) the definition-size test compares across toolgen, Genkit, Eino and
// the official MCP SDK. They are the tools of a typical assistant: weather,
// search, calendar, mail, orders. toolgen reads the descriptions from the
// doc comments below and the enums from the typed constants; the peers need
// the same texts in struct tags, which packages defs10/invopoptags (Genkit,
// Eino) and defs10/sdktags (the MCP SDK) give them on copies of the input
// types.
package defs10

//go:generate go tool toolgen

import (
	"context"
	"time"
)

// Units is a temperature unit.
type Units string

// The units.
const (
	Celsius    Units = "celsius"
	Fahrenheit Units = "fahrenheit"
)

// TravelMode is how a route is travelled.
type TravelMode string

// The travel modes.
const (
	Driving   TravelMode = "driving"
	Walking   TravelMode = "walking"
	Bicycling TravelMode = "bicycling"
	Transit   TravelMode = "transit"
)

// WeatherInput asks for the current weather.
type WeatherInput struct {
	// City name, such as "Paris" or "New York".
	Location string `json:"location"`
	// Temperature unit; defaults to celsius.
	Units Units `json:"units,omitempty"`
}

// ForecastInput asks for a forecast.
type ForecastInput struct {
	// City name, such as "Paris" or "New York".
	Location string `json:"location"`
	// Number of days to forecast, from 1 to 10.
	Days int `json:"days"`
	// Temperature unit; defaults to celsius.
	Units Units `json:"units,omitempty"`
}

// SearchInput is a web search.
type SearchInput struct {
	// The search terms.
	Query string `json:"query"`
	// Maximum number of results; defaults to 5.
	MaxResults int `json:"maxResults,omitempty"`
	// Restrict results to this domain, such as "go.dev".
	Site string `json:"site,omitempty"`
}

// QuoteInput asks for a stock quote.
type QuoteInput struct {
	// Ticker symbol, such as "GOOG".
	Symbol string `json:"symbol"`
	// Exchange code, such as "NASDAQ"; the primary listing when empty.
	Exchange string `json:"exchange,omitempty"`
}

// ConvertInput is a currency conversion.
type ConvertInput struct {
	// Amount to convert.
	Amount float64 `json:"amount"`
	// ISO 4217 code of the source currency, such as "EUR".
	From string `json:"from"`
	// ISO 4217 code of the target currency, such as "USD".
	To string `json:"to"`
}

// EventInput is a calendar event to create.
type EventInput struct {
	// Title of the event.
	Title string `json:"title"`
	// Start time, in RFC 3339 format.
	Start time.Time `json:"start"`
	// Duration in minutes.
	DurationMinutes int `json:"durationMinutes"`
	// Email addresses of the people to invite.
	Attendees []string `json:"attendees,omitempty"`
	// Where the event takes place.
	Location string `json:"location,omitempty"`
}

// EmailInput is an email to send.
type EmailInput struct {
	// Recipient email addresses.
	To []string `json:"to"`
	// Subject line.
	Subject string `json:"subject"`
	// Plain-text body.
	Body string `json:"body"`
	// Addresses to copy.
	CC []string `json:"cc,omitempty"`
}

// TranslateInput is a text to translate.
type TranslateInput struct {
	// Text to translate.
	Text string `json:"text"`
	// BCP 47 code of the target language, such as "fr".
	TargetLanguage string `json:"targetLanguage"`
	// BCP 47 code of the source language; detected when empty.
	SourceLanguage string `json:"sourceLanguage,omitempty"`
}

// DirectionsInput asks for a route.
type DirectionsInput struct {
	// Starting address or place name.
	Origin string `json:"origin"`
	// Destination address or place name.
	Destination string `json:"destination"`
	// How to travel; defaults to driving.
	Mode TravelMode `json:"mode,omitempty"`
}

// OrderInput looks an order up.
type OrderInput struct {
	// Order number, such as "A-1042".
	OrderID string `json:"orderId"`
	// Include the order's line items.
	IncludeItems bool `json:"includeItems,omitempty"`
}

// Result is what every tool returns.
type Result struct {
	// The answer, as text.
	Text string `json:"text"`
}

// GetWeather returns the current weather for a location.
//
//tool:get_weather
func GetWeather(ctx context.Context, in WeatherInput) (Result, error) {
	return Result{Text: "18°C, partly cloudy in " + in.Location}, nil
}

// GetForecast returns the daily forecast for a location.
//
//tool:get_forecast
func GetForecast(ctx context.Context, in ForecastInput) (Result, error) {
	return Result{Text: "sunny all week in " + in.Location}, nil
}

// SearchWeb searches the web and returns the top results.
//
//tool:search_web
func SearchWeb(ctx context.Context, in SearchInput) (Result, error) {
	return Result{Text: "no results for " + in.Query}, nil
}

// GetStockQuote returns the latest price of a stock.
//
//tool:get_stock_quote
func GetStockQuote(ctx context.Context, in QuoteInput) (Result, error) {
	return Result{Text: in.Symbol + ": 100.00"}, nil
}

// ConvertCurrency converts an amount between currencies at today's rate.
//
//tool:convert_currency
func ConvertCurrency(ctx context.Context, in ConvertInput) (Result, error) {
	return Result{Text: "1.08 " + in.To}, nil
}

// CreateEvent creates an event in the user's calendar.
//
//tool:create_event
func CreateEvent(ctx context.Context, in EventInput) (Result, error) {
	return Result{Text: "created " + in.Title}, nil
}

// SendEmail sends an email from the user's account.
//
//tool:send_email
func SendEmail(ctx context.Context, in EmailInput) (Result, error) {
	return Result{Text: "sent " + in.Subject}, nil
}

// TranslateText translates a text into another language.
//
//tool:translate_text
func TranslateText(ctx context.Context, in TranslateInput) (Result, error) {
	return Result{Text: in.Text}, nil
}

// GetDirections returns a route between two places.
//
//tool:get_directions
func GetDirections(ctx context.Context, in DirectionsInput) (Result, error) {
	return Result{Text: in.Origin + " to " + in.Destination}, nil
}

// LookupOrder returns the status of a customer's order.
//
//tool:lookup_order
func LookupOrder(ctx context.Context, in OrderInput) (Result, error) {
	return Result{Text: in.OrderID + ": shipped"}, nil
}

// Descriptions are the tools' descriptions by name, for the peers; toolgen
// takes the same texts from the doc comments above.
var Descriptions = map[string]string{
	"get_weather":      "Returns the current weather for a location.",
	"get_forecast":     "Returns the daily forecast for a location.",
	"search_web":       "Searches the web and returns the top results.",
	"get_stock_quote":  "Returns the latest price of a stock.",
	"convert_currency": "Converts an amount between currencies at today's rate.",
	"create_event":     "Creates an event in the user's calendar.",
	"send_email":       "Sends an email from the user's account.",
	"translate_text":   "Translates a text into another language.",
	"get_directions":   "Returns a route between two places.",
	"lookup_order":     "Returns the status of a customer's order.",
}

// Names are the tools' names, in the order every library lists them.
var Names = []string{
	"get_weather", "get_forecast", "search_web", "get_stock_quote", "convert_currency",
	"create_event", "send_email", "translate_text", "get_directions", "lookup_order",
}
