package main

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/toolgen-go/toolgen/examples/weather/weather"
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

// weatherText reads the text that the weather tool's model-output hook
// (examples/weather/weather/tools_hooks.go) gives the model, such as
// "Tokyo: 29.6°C (feels like 33.1°C), Humid and hazy, humidity 74%, wind
// 6 km/h gusting 13 km/h.": the place, the temperature, the apparent one,
// the conditions, the humidity and the wind speed.
var weatherText = regexp.MustCompile(`^(.+): (-?[\d.]+°[CF]) \(feels like (-?[\d.]+°[CF])\), (.+), humidity (\d+)%, wind (\d+) km/h`)

// answer is the text the model answers with after the tool message, from
// the result as the model sees it: a tool error, or the weather tool's
// text (which comes with the condition icon as an image).
func answer(msg llm.Message) string {
	for _, p := range msg.Parts {
		if p.Type != llm.PartToolResult || p.ToolResult == nil {
			continue
		}
		out := p.ToolResult.Output
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
