package main

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/examples/weather/weather"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
)

// offlineModel is the model the example runs on without a real one. One
// server serves many conversations, so it keeps no script: it decides each
// turn from the request. After the user's message, it calls bookTable when
// the message asks to book (for the city, the number of people and the
// time it names), else weatherTool for the city the message names; after
// the tool's result, it answers from it.
func offlineModel() llm.Model {
	return scripted.Stateless(func(req *llm.Request) (scripted.Turn, error) { return turn(req), nil })
}

// turn is the model's answer to req. The weather calls' ids are the ones
// scripted.Stateless gives, unique within a conversation; a bookTable
// call's is random, as a provider's are, since the booking service takes
// it for the idempotency key of the booking, which must be unique across
// conversations.
func turn(req *llm.Request) scripted.Turn {
	if len(req.Messages) == 0 {
		return scripted.Text("Ask me about the weather in a city.")
	}
	last := req.Messages[len(req.Messages)-1]
	if last.Role == llm.RoleTool {
		return scripted.Text(answer(last))
	}
	city := cityIn(last.Text())
	if bookingWords.MatchString(last.Text()) {
		req := tableIn(last.Text(), city)
		args, _ := json.Marshal(req)
		call := scripted.Call("bookTable", string(args))
		call.ID = "call_" + rand.Text()
		t := scripted.Calls(call)
		t.Reasoning = fmt.Sprintf("The user wants a table for %d in %s at %s: I will book it with bookTable, which asks them first.",
			req.People, req.City, req.Time)
		return t
	}
	args, _ := json.Marshal(weather.WeatherInput{Location: city})
	t := scripted.Calls(scripted.Call("weatherTool", string(args)))
	t.Reasoning = fmt.Sprintf("The user wants the weather in %s: I will look it up with weatherTool.", city)
	return t
}

// bookingWords are the words of a message that asks to book a table.
var bookingWords = regexp.MustCompile(`(?i)\b(book|reserve)\b`)

// forPeople and atTime find the number of people ("for 4") and the time
// ("at 20:00", "at 8pm") of a booking.
var (
	forPeople = regexp.MustCompile(`(?i)\bfor (\d{1,2})\b`)
	atTime    = regexp.MustCompile(`(?i)\bat (\d{1,2})(?:[:h](\d{2}))? ?(am|pm)?\b`)
)

// tableIn returns the table that text asks for in city: for 2 at 19:30
// unless it says otherwise.
func tableIn(text, city string) TableRequest {
	req := TableRequest{City: city, People: 2, Time: "19:30"}
	if m := forPeople.FindStringSubmatch(text); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil && n >= 1 && n <= 20 {
			req.People = n
		}
	}
	if m := atTime.FindStringSubmatch(text); m != nil {
		h, _ := strconv.Atoi(m[1])
		mins := 0
		if m[2] != "" {
			mins, _ = strconv.Atoi(m[2])
		}
		if strings.EqualFold(m[3], "pm") && h < 12 {
			h += 12
		}
		if h < 24 && mins < 60 {
			req.Time = fmt.Sprintf("%02d:%02d", h, mins)
		}
	}
	return req
}

// inCity finds a place name after "in", for cities the data does not know.
var inCity = regexp.MustCompile(`\bin ([A-Z][\p{L}-]*(?: [A-Z][\p{L}-]*)*)`)

// cityIn returns the city text names: a city of the weather data, else a
// capitalized name after "in", else Paris.
func cityIn(text string) string {
	locs, err := weather.ListLocations(context.Background(), weather.LocationsInput{})
	if err == nil {
		lower := strings.ToLower(text)
		for _, l := range locs.Locations {
			if strings.Contains(lower, strings.ToLower(l)) {
				return l
			}
		}
	}
	if m := inCity.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return "Paris"
}

// weatherText reads the text that the weather tool's model-output hook
// (examples/weather/weather/tools_hooks.go) gives the model, such as
// "Tokyo: 29.6°C (feels like 33.1°C), Humid and hazy, humidity 74%, wind
// 6 km/h gusting 13 km/h.": the place, the temperature, the apparent one,
// the conditions, the humidity and the wind speed.
var weatherText = regexp.MustCompile(`^(.+): (-?[\d.]+°[CF]) \(feels like (-?[\d.]+°[CF])\), (.+), humidity (\d+)%, wind (\d+) km/h`)

// answer is the text the model answers with after the tool message, from
// the result as the model sees it: a tool error, the booking's
// confirmation, or the weather tool's text (which comes with the
// condition icon as an image).
func answer(msg llm.Message) string {
	for _, p := range msg.Parts {
		if p.Type != llm.PartToolResult || p.ToolResult == nil {
			continue
		}
		out := p.ToolResult.Output
		if p.ToolResult.ToolName == "bookTable" {
			return bookingAnswer(out)
		}
		if out.Type == llm.OutputErrorText {
			return "Sorry, I could not get that: " + out.Text
		}
		for _, part := range out.Parts {
			if part.Type != llm.PartText {
				continue
			}
			if m := weatherText.FindStringSubmatch(part.Text); m != nil {
				return fmt.Sprintf("It is %s in %s (%s), feeling like %s, with %s%% humidity and wind at %s km/h.",
					m[2], m[1], strings.ToLower(m[4]), m[3], m[5], m[6])
			}
		}
	}
	return "I could not read the weather tool's result."
}

// bookingAnswer is the answer after bookTable's result: its confirmation,
// or why there is no booking: the call failed (an error), or the user
// declined it (the model is told the reason as text).
func bookingAnswer(out llm.ModelOutput) string {
	switch out.Type {
	case llm.OutputErrorText:
		return "I could not book the table: " + out.Text
	case llm.OutputText:
		return "I did not book the table: " + out.Text
	}
	var b TableBooking
	if err := json.Unmarshal([]byte(out.String()), &b); err != nil || b.Confirmation == "" {
		return "I could not read the booking's confirmation."
	}
	return "Done. " + b.Confirmation
}
