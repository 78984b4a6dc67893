package main

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/toolgen-go/toolgen/examples/mcpserver/weather"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
)

// offlineModel is the model the example runs on without a real one. One
// server serves many conversations, so it keeps no script: it decides each
// turn from the request. After the user's message, it calls weatherTool for
// the city the message names; after the tool's result, it answers from it.
func offlineModel() llm.Model {
	return scripted.Stateless(func(req *llm.Request) (scripted.Turn, error) { return turn(req), nil })
}

// turn is the model's answer to req. Its calls' ids are the ones
// scripted.Stateless gives, unique within a conversation.
func turn(req *llm.Request) scripted.Turn {
	if len(req.Messages) == 0 {
		return scripted.Text("Ask me about the weather in a city.")
	}
	last := req.Messages[len(req.Messages)-1]
	if last.Role == llm.RoleTool {
		return scripted.Text(answer(last))
	}
	city := cityIn(last.Text())
	args, _ := json.Marshal(weather.WeatherInput{Location: city})
	t := scripted.Calls(scripted.Call("weatherTool", string(args)))
	t.Reasoning = fmt.Sprintf("The user wants the weather in %s: I will look it up with weatherTool.", city)
	return t
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

// answer is the text the model answers with after the tool message.
func answer(msg llm.Message) string {
	for _, p := range msg.Parts {
		if p.Type != llm.PartToolResult || p.ToolResult == nil {
			continue
		}
		out := p.ToolResult.Output
		if out.Type == llm.OutputErrorText {
			return "Sorry, I could not get that: " + out.Text
		}
		var w weather.WeatherOutput
		if out.Type != llm.OutputJSON || json.Unmarshal(out.JSON, &w) != nil || w.Location == "" {
			break
		}
		unit := "°C"
		if w.Units == weather.Fahrenheit {
			unit = "°F"
		}
		return fmt.Sprintf("It is %.1f%s in %s (%s), feeling like %.1f%s, with %d%% humidity and wind at %.0f km/h.",
			w.Temperature, unit, w.Location, strings.ToLower(w.Conditions), w.FeelsLike, unit, w.Humidity, w.WindSpeed)
	}
	return "I could not read the weather tool's result."
}
