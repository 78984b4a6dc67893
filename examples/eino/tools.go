package main

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// SlotsInput asks for the free slots of a day.
type SlotsInput struct {
	// Date is the day, as YYYY-MM-DD.
	Date string `json:"date" jsonschema:"format=date"`
	// Minutes is how long the meeting lasts.
	Minutes int `json:"minutes" jsonschema:"minimum=15,maximum=240"`
}

// Slot is a free time.
type Slot struct {
	// Start is when the slot starts.
	Start time.Time `json:"start"`
	// Room is where.
	Room string `json:"room"`
}

// SlotsOutput lists the free slots.
type SlotsOutput struct {
	Slots []Slot `json:"slots"`
}

// FindSlots lists the free meeting slots of a day, long enough for the
// meeting.
//
//tool:find-slots key=findSlots readonly idempotent openworld=false
func FindSlots(ctx context.Context, in SlotsInput) (SlotsOutput, error) {
	day, err := time.Parse(time.DateOnly, in.Date)
	if err != nil {
		return SlotsOutput{}, fmt.Errorf("date %q is not YYYY-MM-DD", in.Date)
	}
	out := SlotsOutput{Slots: []Slot{}}
	for _, s := range free {
		if s.minutes >= in.Minutes {
			out.Slots = append(out.Slots, Slot{Start: day.Add(s.at), Room: s.room})
		}
	}
	return out, nil
}

// BookInput books a meeting.
type BookInput struct {
	// Start is when the meeting starts, as RFC 3339.
	Start time.Time `json:"start"`
	// Room is a room a free slot named.
	Room string `json:"room"`
	// Title says what the meeting is about.
	Title string `json:"title" jsonschema:"minLength=1"`
	// Guests are the e-mail addresses invited.
	Guests []string `json:"guests,omitempty"`
}

// Booking is a meeting booked.
type Booking struct {
	ID    string    `json:"id"`
	Start time.Time `json:"start"`
	Room  string    `json:"room"`
}

// BookMeeting books a meeting in a room and invites the guests. Someone
// approves every booking before it is made.
//
//tool:book-meeting key=bookMeeting approval openworld=false
func BookMeeting(ctx context.Context, in BookInput) (Booking, error) {
	for _, s := range free {
		if strings.EqualFold(s.room, in.Room) {
			return Booking{ID: "MTG-" + in.Start.UTC().Format("0102-1504"), Start: in.Start, Room: s.room}, nil
		}
	}
	return Booking{}, fmt.Errorf("no room %q", in.Room)
}

// free is the offline calendar: the slots free on every day.
var free = []struct {
	at      time.Duration
	minutes int
	room    string
}{
	{9*time.Hour + 30*time.Minute, 30, "Ada"},
	{14 * time.Hour, 60, "Grace"},
	{16 * time.Hour, 90, "Ada"},
}
