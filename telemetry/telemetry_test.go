package telemetry_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

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
