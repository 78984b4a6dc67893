package telemetry_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"

	"github.com/toolgen-go/toolgen/telemetry"
)

func TestCapturesContent(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		name string
		cfg  *telemetry.Config
		env  string
		want bool
	}{
		{"nil config, no variable", nil, "", false},
		{"nil config, variable true", nil, "TRUE", true},
		{"nil config, variable false", nil, "false", false},
		{"the option wins over the variable", &telemetry.Config{CaptureContent: &no}, "true", false},
		{"the option on", &telemetry.Config{CaptureContent: &yes}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(telemetry.CaptureContentEnv, tt.env)
			assert.Equal(t, tt.want, tt.cfg.CapturesContent())
		})
	}
}

func TestTextMapPropagator(t *testing.T) {
	w3c := propagation.TraceContext{}
	tests := []struct {
		name string
		cfg  *telemetry.Config
		want propagation.TextMapPropagator
	}{
		{"nil config: the global one", nil, otel.GetTextMapPropagator()},
		{"no propagator: the global one", &telemetry.Config{}, otel.GetTextMapPropagator()},
		{"the config's", &telemetry.Config{Propagator: w3c}, w3c},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.cfg.TextMapPropagator())
		})
	}
}
