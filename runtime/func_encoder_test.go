package runtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/jsonout"
	"github.com/toolgen-go/toolgen/runtime/scripted"
)

// encodeWeatherOut is an encoder in the shape toolgen generates.
func encodeWeatherOut(dst []byte, v weatherOut) ([]byte, error) {
	dst = append(dst, `{"location":`...)
	dst = jsonout.AppendString(dst, v.Location)
	dst = append(dst, `,"tempC":`...)
	dst, err := jsonout.AppendFloat(dst, v.TempC, 64)
	if err != nil {
		return dst, err
	}
	if v.Secret != "" {
		dst = append(dst, `,"secret":`...)
		dst = jsonout.AppendString(dst, v.Secret)
	}
	return append(dst, '}'), nil
}

func TestWithEncoderWritesTheOutput(t *testing.T) {
	used := 0
	tool := weatherTool().WithEncoder(func(dst []byte, v weatherOut) ([]byte, error) {
		used++
		return encodeWeatherOut(dst, v)
	})
	out, err := tool.Call(t.Context(), json.RawMessage(`{"location":"Paris <&>"}`))
	require.NoError(t, err)
	assert.Equal(t, 1, used, "the encoder, not json.Marshal, wrote the output")
	want, err := json.Marshal(weatherOut{Location: "Paris <&>", TempC: 21.5})
	require.NoError(t, err)
	assert.Equal(t, string(want), string(out.JSON))
	assert.Equal(t, weatherOut{Location: "Paris <&>", TempC: 21.5}, out.Value)
}

func TestWithEncoderErrorIsAnOutputError(t *testing.T) {
	errEncode := errors.New("cannot encode")
	tool := weatherTool().WithEncoder(func([]byte, weatherOut) ([]byte, error) { return nil, errEncode })
	model := callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`))
	agent := &runtime.Agent{ID: "a", Model: model, Tools: runtime.Toolset{"weather": tool}}
	res, err := agent.Generate(context.Background(), "go")
	require.NoError(t, err, "an encoding failure does not end the run")
	assert.True(t, toolResults(t, model, 1)[0].IsError())
	e := res.Steps[0].Outcomes[0].Err
	require.NotNil(t, e)
	assert.Equal(t, runtime.KindOutput, e.Kind)
	assert.ErrorIs(t, e, errEncode, "the application keeps the cause")
	assert.NotContains(t, e.Message, "cannot encode", "the model is not told the cause")
}
