// Package undocumented declares the tools of package defs10 on input types
// without doc comments. toolgen turns the doc comment of an input type into
// the root description of its schema, which none of the peers can take
// from a struct tag; without it, toolgen's definitions carry exactly the
// descriptions that the peers' tags give them: the tool's, and each
// field's (from the doc comments of defs10's fields).
package undocumented

//go:generate go tool toolgen

import (
	"context"

	"github.com/toolgen-go/toolgen/bench/defs10"
)

type WeatherInput defs10.WeatherInput

// GetWeather returns the current weather for a location.
//
//tool:get_weather
func GetWeather(ctx context.Context, in WeatherInput) (defs10.Result, error) {
	return defs10.GetWeather(ctx, defs10.WeatherInput(in))
}

type ForecastInput defs10.ForecastInput

// GetForecast returns the daily forecast for a location.
//
//tool:get_forecast
func GetForecast(ctx context.Context, in ForecastInput) (defs10.Result, error) {
	return defs10.GetForecast(ctx, defs10.ForecastInput(in))
}

type SearchInput defs10.SearchInput

// SearchWeb searches the web and returns the top results.
//
//tool:search_web
func SearchWeb(ctx context.Context, in SearchInput) (defs10.Result, error) {
	return defs10.SearchWeb(ctx, defs10.SearchInput(in))
}

type QuoteInput defs10.QuoteInput

// GetStockQuote returns the latest price of a stock.
//
//tool:get_stock_quote
func GetStockQuote(ctx context.Context, in QuoteInput) (defs10.Result, error) {
	return defs10.GetStockQuote(ctx, defs10.QuoteInput(in))
}

type ConvertInput defs10.ConvertInput

// ConvertCurrency converts an amount between currencies at today's rate.
//
//tool:convert_currency
func ConvertCurrency(ctx context.Context, in ConvertInput) (defs10.Result, error) {
	return defs10.ConvertCurrency(ctx, defs10.ConvertInput(in))
}

type EventInput defs10.EventInput

// CreateEvent creates an event in the user's calendar.
//
//tool:create_event
func CreateEvent(ctx context.Context, in EventInput) (defs10.Result, error) {
	return defs10.CreateEvent(ctx, defs10.EventInput(in))
}

type EmailInput defs10.EmailInput

// SendEmail sends an email from the user's account.
//
//tool:send_email
func SendEmail(ctx context.Context, in EmailInput) (defs10.Result, error) {
	return defs10.SendEmail(ctx, defs10.EmailInput(in))
}

type TranslateInput defs10.TranslateInput

// TranslateText translates a text into another language.
//
//tool:translate_text
func TranslateText(ctx context.Context, in TranslateInput) (defs10.Result, error) {
	return defs10.TranslateText(ctx, defs10.TranslateInput(in))
}

type DirectionsInput defs10.DirectionsInput

// GetDirections returns a route between two places.
//
//tool:get_directions
func GetDirections(ctx context.Context, in DirectionsInput) (defs10.Result, error) {
	return defs10.GetDirections(ctx, defs10.DirectionsInput(in))
}

type OrderInput defs10.OrderInput

// LookupOrder returns the status of a customer's order.
//
//tool:lookup_order
func LookupOrder(ctx context.Context, in OrderInput) (defs10.Result, error) {
	return defs10.LookupOrder(ctx, defs10.OrderInput(in))
}
