package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRun runs the example's agent offline with each decision and checks
// what it prints: the approval request with the model's arguments, and the
// answer the model gave after reading the booking or the refusal.
func TestRun(t *testing.T) {
	request := `approval needed: bookMeeting {"start":"2026-06-02T14:00:00Z","room":"Grace","title":"Design review","guests":["ana@example.com"]}`
	tests := []struct {
		name    string
		approve bool
		want    []string
	}{
		{"approved", true, []string{
			"user: " + defaultPrompt,
			request,
			"approved: true",
			"agent: Booked the design review in Grace on 2 June at 14:00 (MTG-0602-1400).",
		}},
		{"declined", false, []string{
			"user: " + defaultPrompt,
			request,
			"approved: false",
			`agent: I could not book the meeting: the call of "bookMeeting" was not approved`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			require.NoError(t, run(t.Context(), &out, offlineModel(), defaultPrompt, tt.approve))
			assert.Equal(t, strings.Join(tt.want, "\n")+"\n", out.String())
		})
	}
}

// TestSlots checks the tool the model calls first, as Eino's ToolsNode
// would run it: 45 minutes leave two of the three slots.
func TestSlots(t *testing.T) {
	out, err := FindSlots(t.Context(), SlotsInput{Date: "2026-06-02", Minutes: 45})
	require.NoError(t, err)
	require.Len(t, out.Slots, 2)
	assert.Equal(t, "Grace", out.Slots[0].Room)
	_, err = FindSlots(t.Context(), SlotsInput{Date: "June 2nd", Minutes: 45})
	assert.ErrorContains(t, err, `date "June 2nd" is not YYYY-MM-DD`)
}
