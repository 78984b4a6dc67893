package main

//go:generate go tool toolgen

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/toolgen-go/toolgen/tool"
)

// TableRequest is the table the model asks to book.
type TableRequest struct {
	// City is where the restaurant is, such as "Paris".
	City string `json:"city" jsonschema:"minLength=1"`
	// People is how many people the table is for.
	People int `json:"people" jsonschema:"minimum=1,maximum=20"`
	// Time is when, as HH:MM on the restaurant's clock, such as "19:30".
	Time string `json:"time" jsonschema:"pattern=^([01][0-9]|2[0-3]):[0-5][0-9]$"`
}

// TableBooking confirms a booked table.
type TableBooking struct {
	// ID is the booking service's id of the booking.
	ID     string `json:"id"`
	City   string `json:"city"`
	People int    `json:"people"`
	Time   string `json:"time"`
	// Confirmation is the confirmation as a sentence, for the user.
	Confirmation string `json:"confirmation"`
}

// Bookings is the service that books tables. A booking is made once per
// key: a second Book with the key of an earlier one returns the earlier
// booking and books nothing.
type Bookings interface {
	Book(ctx context.Context, key string, req TableRequest) (id string, err error)
}

// Booker holds the bookTable tool's service.
type Booker struct {
	Bookings Bookings
}

// BookTable books a table at a restaurant. It commits the user to a
// table, so every call waits for their approval.
//
//tool:book-table key=bookTable title="Book a table" approval openworld
func (b *Booker) BookTable(ctx context.Context, in TableRequest) (TableBooking, error) {
	// The call's id is the idempotency key: the same on every run of the
	// call, so a run resumed again after its server stopped mid-call books
	// once.
	key := ""
	if ci, ok := tool.CallInfoFrom(ctx); ok {
		key = ci.ToolCallID
	}
	if key == "" {
		key = "adhoc-" + rand.Text() // outside an agent run: nothing to repeat
	}
	id, err := b.Bookings.Book(ctx, key, in)
	if err != nil {
		return TableBooking{}, err
	}
	return TableBooking{
		ID: id, City: in.City, People: in.People, Time: in.Time,
		Confirmation: fmt.Sprintf("A table for %d in %s at %s is booked: booking %s.", in.People, in.City, in.Time, id),
	}, nil
}

// memoryBookings is the in-process booking service of the offline
// example. It keeps the bookings of the running process only, but honours
// the keys as the real service would.
type memoryBookings struct {
	mu    sync.Mutex
	byKey map[string]string
}

func newMemoryBookings() *memoryBookings { return &memoryBookings{byKey: map[string]string{}} }

func (m *memoryBookings) Book(ctx context.Context, key string, req TableRequest) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if id, ok := m.byKey[key]; ok {
		return id, nil
	}
	id := fmt.Sprintf("BK-%04d", len(m.byKey)+1)
	m.byKey[key] = id
	return id, nil
}

// httpBookings is a booking service over HTTP: Book POSTs the request as
// JSON to URL with the key in the Idempotency-Key header, and reads the
// booking's id from a 200 or 201 answer, {"id": "..."}.
type httpBookings struct {
	URL    string
	Client *http.Client
}

func (h *httpBookings) Book(ctx context.Context, key string, req TableRequest) (string, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return "", err
	}
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URL, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Idempotency-Key", key)
	client := h.Client
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(r)
	if err != nil {
		return "", fmt.Errorf("booking service: %w", err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return "", fmt.Errorf("booking service: %w", err)
	}
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusCreated {
		return "", fmt.Errorf("booking service: %s: %s", res.Status, strings.TrimSpace(string(raw)))
	}
	var b struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(raw, &b); err != nil || b.ID == "" {
		return "", errors.New("booking service: the answer has no booking id")
	}
	return b.ID, nil
}
