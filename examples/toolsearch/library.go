package main

//go:generate go tool toolgen

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math"
	"net/http"
	"strings"
	"unicode"
)

// This file holds the tools: thirty-one plain functions of an office
// assistant, each marked //tool:. Today is the agent's own tool; the other
// thirty are its search library, which it does not send to the model: the
// model finds them with search_tools and loads the ones it needs with
// load_tool.

// rates are euros per unit of each currency, fixed for the example.
var rates = map[string]float64{"EUR": 1, "USD": 0.92, "GBP": 1.17, "JPY": 0.0061, "CHF": 1.05}

// CurrencyInput is an amount to convert.
type CurrencyInput struct {
	// Amount is the amount in the From currency.
	Amount float64 `json:"amount" jsonschema:"minimum=0"`
	// From is the ISO 4217 code of the amount's currency, such as "USD".
	From string `json:"from" jsonschema:"enum=EUR,enum=USD,enum=GBP,enum=JPY,enum=CHF"`
	// To is the ISO 4217 code of the currency to convert to.
	To string `json:"to" jsonschema:"enum=EUR,enum=USD,enum=GBP,enum=JPY,enum=CHF"`
}

// Money is an amount in a currency.
type Money struct {
	// Amount is rounded to cents.
	Amount float64 `json:"amount"`
	// Currency is an ISO 4217 code.
	Currency string `json:"currency"`
}

// ConvertCurrency converts an amount of money between currencies, such as
// US dollars to euros, at today's exchange rate.
//
//tool:convert_currency
func ConvertCurrency(_ context.Context, in CurrencyInput) (Money, error) {
	return Money{Amount: math.Round(in.Amount*rates[in.From]/rates[in.To]*100) / 100, Currency: in.To}, nil
}

// SymbolInput names a stock.
type SymbolInput struct {
	// Symbol is the ticker symbol, such as "ACME".
	Symbol string `json:"symbol" jsonschema:"pattern=^[A-Z]{1\\,5}$"`
}

// GetStockQuote returns the latest price of a stock by its ticker symbol.
//
//tool:getStockQuote
func GetStockQuote(_ context.Context, in SymbolInput) (Money, error) {
	return Money{Amount: float64(len(in.Symbol)) * 42.5, Currency: "USD"}, nil
}

// LoanInput describes a loan.
type LoanInput struct {
	// Principal is the amount borrowed.
	Principal float64 `json:"principal" jsonschema:"minimum=1"`
	// AnnualRatePercent is the yearly interest rate, in percent.
	AnnualRatePercent float64 `json:"annualRatePercent" jsonschema:"minimum=0,maximum=100"`
	// Months is the number of monthly payments.
	Months int `json:"months" jsonschema:"minimum=1,maximum=600"`
}

// CalculateLoanPayment computes the monthly payment of a fixed-rate loan
// or mortgage.
//
//tool:calculate-loan-payment
func CalculateLoanPayment(_ context.Context, in LoanInput) (float64, error) {
	r := in.AnnualRatePercent / 1200
	if r == 0 {
		return math.Round(in.Principal/float64(in.Months)*100) / 100, nil
	}
	p := in.Principal * r / (1 - math.Pow(1+r, -float64(in.Months)))
	return math.Round(p*100) / 100, nil
}

// VATInput is a net price and a VAT rate.
type VATInput struct {
	// Net is the price before tax.
	Net float64 `json:"net" jsonschema:"minimum=0"`
	// RatePercent is the VAT rate, in percent, such as 20.
	RatePercent float64 `json:"ratePercent" jsonschema:"minimum=0,maximum=100"`
}

// AddVAT adds value-added tax (VAT, sales tax) to a net price and returns
// the gross price.
//
//tool:add_vat
func AddVAT(_ context.Context, in VATInput) (float64, error) {
	return math.Round(in.Net*(100+in.RatePercent)) / 100, nil
}

// PlaceInput names a place.
type PlaceInput struct {
	// City is a city name, such as "Lisbon".
	City string `json:"city" jsonschema:"minLength=1"`
}

// Weather is the weather somewhere.
type Weather struct {
	// TempC is the temperature in degrees Celsius.
	TempC float64 `json:"tempC"`
	// Conditions is a short description, such as "sunny".
	Conditions string `json:"conditions"`
}

// GetWeather fetches the current weather for a city: temperature and
// conditions.
//
//tool:getWeather
func GetWeather(_ context.Context, in PlaceInput) (Weather, error) {
	return Weather{TempC: float64(10 + len(in.City)), Conditions: "sunny"}, nil
}

// TimeZoneOf returns the IANA time zone of a city, such as
// "Europe/Lisbon".
//
//tool:time-zone-of
func TimeZoneOf(_ context.Context, in PlaceInput) (string, error) {
	return "Europe/" + in.City, nil
}

// RouteInput is a trip between two cities.
type RouteInput struct {
	// From is the departure city.
	From string `json:"from" jsonschema:"minLength=1"`
	// To is the arrival city.
	To string `json:"to" jsonschema:"minLength=1"`
	// Date is the travel date, YYYY-MM-DD.
	Date string `json:"date,omitempty" jsonschema:"format=date"`
}

// FindFlights searches for flights between two cities on a date and
// returns the flight numbers.
//
//tool:find_flights
func FindFlights(_ context.Context, in RouteInput) ([]string, error) {
	return []string{"TG" + fmt.Sprint(100+len(in.From)*len(in.To))}, nil
}

// FindTrains searches for train connections between two cities.
//
//tool:findTrains
func FindTrains(_ context.Context, in RouteInput) ([]string, error) {
	return []string{"IC " + fmt.Sprint(500+len(in.From)+len(in.To))}, nil
}

// StayInput is a hotel search.
type StayInput struct {
	// City is where to stay.
	City string `json:"city" jsonschema:"minLength=1"`
	// Nights is the number of nights.
	Nights int `json:"nights" jsonschema:"minimum=1,maximum=30"`
	// Guests is the number of guests.
	Guests int `json:"guests,omitempty" jsonschema:"minimum=1,maximum=8"`
}

// FindHotels searches for hotel rooms in a city for a number of nights.
//
//tool:find-hotels
func FindHotels(_ context.Context, in StayInput) ([]string, error) {
	return []string{"Hotel " + in.City + " Central"}, nil
}

// DistanceInput is two cities.
type DistanceInput struct {
	// From is the first city.
	From string `json:"from" jsonschema:"minLength=1"`
	// To is the second city.
	To string `json:"to" jsonschema:"minLength=1"`
}

// DistanceBetween returns the distance in kilometres between two cities.
//
//tool:distance_between
func DistanceBetween(_ context.Context, in DistanceInput) (int, error) {
	return 100 * (len(in.From) + len(in.To)), nil
}

// TranslateInput is a text to translate.
type TranslateInput struct {
	// Text is the text to translate.
	Text string `json:"text" jsonschema:"minLength=1"`
	// Language is the target language code, such as "fr".
	Language string `json:"language" jsonschema:"pattern=^[a-z]{2}$"`
}

// TranslateText translates a text into another language.
//
//tool:translateText
func TranslateText(_ context.Context, in TranslateInput) (string, error) {
	return "[" + in.Language + "] " + in.Text, nil
}

// TextInput is a text.
type TextInput struct {
	// Text is the text.
	Text string `json:"text"`
}

// CountWords counts the words and characters of a text.
//
//tool:count-words
func CountWords(_ context.Context, in TextInput) (map[string]int, error) {
	return map[string]int{"words": len(strings.Fields(in.Text)), "characters": len([]rune(in.Text))}, nil
}

// Slugify turns a title into a URL slug: lower case, words joined by
// hyphens.
//
//tool:slugify
func Slugify(_ context.Context, in TextInput) (string, error) {
	f := strings.FieldsFunc(strings.ToLower(in.Text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return strings.Join(f, "-"), nil
}

// Base64Encode encodes a text as standard base64.
//
//tool:base64_encode
func Base64Encode(_ context.Context, in TextInput) (string, error) {
	return base64.StdEncoding.EncodeToString([]byte(in.Text)), nil
}

// HashSHA256 returns the SHA-256 hash of a text, in hexadecimal.
//
//tool:hashSha256
func HashSHA256(_ context.Context, in TextInput) (string, error) {
	sum := sha256.Sum256([]byte(in.Text))
	return hex.EncodeToString(sum[:]), nil
}

// EventInput is a calendar event.
type EventInput struct {
	// Title is the event's title.
	Title string `json:"title" jsonschema:"minLength=1"`
	// Start is the start time, RFC 3339.
	Start string `json:"start" jsonschema:"format=date-time"`
	// Minutes is the duration.
	Minutes int `json:"minutes,omitempty" jsonschema:"minimum=5,maximum=480"`
	// Attendees are email addresses to invite.
	Attendees []string `json:"attendees,omitempty"`
}

// CreateCalendarEvent creates an event in the user's calendar and invites
// the attendees.
//
//tool:createCalendarEvent
func CreateCalendarEvent(_ context.Context, in EventInput) (string, error) {
	return "evt-" + fmt.Sprint(len(in.Title)*7), nil
}

// EmailInput is an email to send.
type EmailInput struct {
	// To is the recipient's address.
	To string `json:"to" jsonschema:"format=email"`
	// Subject is the subject line.
	Subject string `json:"subject" jsonschema:"minLength=1"`
	// Body is the plain text body.
	Body string `json:"body"`
}

// SendEmail sends an email message to a recipient.
//
//tool:send_email
func SendEmail(_ context.Context, in EmailInput) (string, error) {
	return "queued for " + in.To, nil
}

// SMSInput is a text message.
type SMSInput struct {
	// Phone is the number in E.164 form, such as "+351210000000".
	Phone string `json:"phone" jsonschema:"pattern=^\\+[1-9][0-9]{6\\,14}$"`
	// Message is the text.
	Message string `json:"message" jsonschema:"minLength=1,maxLength=160"`
}

// SendSMS sends a text message (SMS) to a phone number.
//
//tool:sendSms
func SendSMS(_ context.Context, in SMSInput) (string, error) {
	return "sent to " + in.Phone, nil
}

// TodoInput is a task.
type TodoInput struct {
	// Task says what to do.
	Task string `json:"task" jsonschema:"minLength=1"`
	// Due is the due date, YYYY-MM-DD.
	Due string `json:"due,omitempty" jsonschema:"format=date"`
}

// CreateTodo adds a task to the user's to-do list.
//
//tool:create-todo
func CreateTodo(_ context.Context, in TodoInput) (string, error) {
	return "todo-" + fmt.Sprint(len(in.Task)), nil
}

// IssueInput is an issue to file.
type IssueInput struct {
	// Repo is the repository, owner/name.
	Repo string `json:"repo" jsonschema:"pattern=^[\\w.-]+/[\\w.-]+$"`
	// Title is the issue's title.
	Title string `json:"title" jsonschema:"minLength=1"`
	// Body is the issue's text, in Markdown.
	Body string `json:"body,omitempty"`
}

// GithubCreateIssue creates an issue in a GitHub repository and returns
// its URL.
//
//tool:github_create_issue
func GithubCreateIssue(_ context.Context, in IssueInput) (string, error) {
	return "https://github.com/" + in.Repo + "/issues/1", nil
}

// StatusInput is an HTTP status code.
type StatusInput struct {
	// Code is the status code, such as 404.
	Code int `json:"code" jsonschema:"minimum=100,maximum=599"`
}

// HTTPStatusMeaning explains an HTTP status code.
//
//tool:httpStatusMeaning
func HTTPStatusMeaning(_ context.Context, in StatusInput) (string, error) {
	if t := http.StatusText(in.Code); t != "" {
		return t, nil
	}
	return "unassigned", nil
}

// LengthInput is a length to convert.
type LengthInput struct {
	// Value is the length.
	Value float64 `json:"value"`
	// From is the unit of Value.
	From string `json:"from" jsonschema:"enum=km,enum=mi,enum=m,enum=ft"`
	// To is the unit to convert to.
	To string `json:"to" jsonschema:"enum=km,enum=mi,enum=m,enum=ft"`
}

// metres are metres per unit.
var metres = map[string]float64{"km": 1000, "mi": 1609.344, "m": 1, "ft": 0.3048}

// ConvertUnits converts a length between kilometres, miles, metres and
// feet.
//
//tool:convert-units
func ConvertUnits(_ context.Context, in LengthInput) (float64, error) {
	return math.Round(in.Value*metres[in.From]/metres[in.To]*1000) / 1000, nil
}

// BodyInput is a body's measures.
type BodyInput struct {
	// WeightKg is the weight in kilograms.
	WeightKg float64 `json:"weightKg" jsonschema:"minimum=1,maximum=500"`
	// HeightCm is the height in centimetres.
	HeightCm float64 `json:"heightCm" jsonschema:"minimum=30,maximum=300"`
}

// BodyMassIndex computes the body mass index (BMI) from weight and
// height.
//
//tool:bodyMassIndex
func BodyMassIndex(_ context.Context, in BodyInput) (float64, error) {
	h := in.HeightCm / 100
	return math.Round(in.WeightKg/(h*h)*10) / 10, nil
}

// ChangeInput is two values.
type ChangeInput struct {
	// Old is the value before.
	Old float64 `json:"old"`
	// New is the value after.
	New float64 `json:"new"`
}

// PercentChange computes the percentage change from an old value to a new
// one.
//
//tool:percent_change
func PercentChange(_ context.Context, in ChangeInput) (float64, error) {
	if in.Old == 0 {
		return 0, fmt.Errorf("the old value is 0: no percentage change")
	}
	return math.Round((in.New-in.Old)/math.Abs(in.Old)*10000) / 100, nil
}

// NumberInput is a whole number.
type NumberInput struct {
	// N is the number.
	N int `json:"n" jsonschema:"minimum=1,maximum=3999"`
}

// RomanNumeral writes a number in Roman numerals.
//
//tool:roman-numeral
func RomanNumeral(_ context.Context, in NumberInput) (string, error) {
	vals := []int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var b strings.Builder
	n := in.N
	for i, v := range vals {
		for n >= v {
			b.WriteString(syms[i])
			n -= v
		}
	}
	return b.String(), nil
}

// IsPrime reports whether a number is prime.
//
//tool:isPrime
func IsPrime(_ context.Context, in NumberInput) (bool, error) {
	for d := 2; d*d <= in.N; d++ {
		if in.N%d == 0 {
			return false, nil
		}
	}
	return in.N > 1, nil
}

// DateInput is a date.
type DateInput struct {
	// Date is YYYY-MM-DD.
	Date string `json:"date" jsonschema:"format=date"`
}

// DayOfWeek returns the day of the week of a date.
//
//tool:day_of_week
func DayOfWeek(_ context.Context, in DateInput) (string, error) {
	var y, m, d int
	if _, err := fmt.Sscanf(in.Date, "%d-%d-%d", &y, &m, &d); err != nil {
		return "", fmt.Errorf("read the date: %w", err)
	}
	t := []int{0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4}
	if m < 3 {
		y--
	}
	days := []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
	return days[(y+y/4-y/100+y/400+t[m-1]+d)%7], nil
}

// PasswordInput is a password policy.
type PasswordInput struct {
	// Length is the number of characters.
	Length int `json:"length" jsonschema:"minimum=8,maximum=64"`
}

// GeneratePassword generates a random password of a given length.
//
//tool:generatePassword
func GeneratePassword(_ context.Context, in PasswordInput) (string, error) {
	return strings.Repeat("x7Q!", in.Length/4+1)[:in.Length], nil
}

// TemperatureInput is a temperature.
type TemperatureInput struct {
	// Celsius is the temperature in degrees Celsius.
	Celsius float64 `json:"celsius" jsonschema:"minimum=-273.15"`
}

// CelsiusToFahrenheit converts a temperature from degrees Celsius to
// degrees Fahrenheit.
//
//tool:celsius_to_fahrenheit
func CelsiusToFahrenheit(_ context.Context, in TemperatureInput) (float64, error) {
	return math.Round((in.Celsius*9/5+32)*10) / 10, nil
}

// WordInput is a word.
type WordInput struct {
	// Word is an English word.
	Word string `json:"word" jsonschema:"pattern=^[A-Za-z-]+$"`
}

// DefineWord looks up the dictionary definition of an English word.
//
//tool:define-word
func DefineWord(_ context.Context, in WordInput) (string, error) {
	return in.Word + ": a word of the example's tiny dictionary.", nil
}

// NoInput takes nothing.
type NoInput struct{}

// Today returns today's date, YYYY-MM-DD; the agent always has it.
//
//tool:today
func Today(context.Context, NoInput) (string, error) {
	return "2026-12-03", nil
}
