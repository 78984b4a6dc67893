package main

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/toolgen-go/toolgen/tool"
)

// BookInput is the table to book.
type BookInput struct {
	// Restaurant is the restaurant's name, such as "Chez Gopher".
	Restaurant string `json:"restaurant" jsonschema:"minLength=1"`
	// Party is the number of guests.
	Party int `json:"party" jsonschema:"minimum=1,maximum=12"`
	// Time is the time of the booking, such as "20:00".
	Time string `json:"time" jsonschema:"pattern=^[0-2][0-9]:[0-5][0-9]$"`
}

// ConfirmRequest asks the user to confirm a booking before it is made.
type ConfirmRequest struct {
	// Question is what to ask the user.
	Question string `json:"question"`
	// DepositCents is the deposit the restaurant takes, in cents.
	DepositCents int32 `json:"depositCents"`
}

// ConfirmReply is the user's answer to a ConfirmRequest.
type ConfirmReply struct {
	// Confirm books the table; false cancels.
	Confirm bool `json:"confirm"`
	// Name is the name the table is booked under.
	Name string `json:"name,omitempty" jsonschema:"maxLength=60"`
}

// Booking is the outcome of a booking.
type Booking struct {
	// Booked reports whether the table was booked.
	Booked bool `json:"booked"`
	// Reference identifies the booking, when there is one.
	Reference string `json:"reference,omitempty"`
	// DepositCents is the deposit the user agreed to, in cents.
	DepositCents int32 `json:"depositCents,omitempty"`
}

// BookTable books a table at a restaurant. It asks the user to confirm,
// with the deposit, before it books.
//
//tool:book-table key=bookTable suspend=ConfirmRequest resume=ConfirmReply display=bookTableForDisplay
func BookTable(ctx context.Context, in BookInput) (Booking, error) {
	reply, resumed := tool.ResumeData[ConfirmReply](ctx)
	if !resumed {
		return Booking{}, tool.Suspend(ctx, ConfirmRequest{
			Question:     fmt.Sprintf("Book a table for %d at %s at %s?", in.Party, in.Restaurant, in.Time),
			DepositCents: int32(in.Party) * 1000,
		})
	}
	if !reply.Confirm {
		return Booking{}, nil
	}
	asked, _ := tool.SuspendPayload[ConfirmRequest](ctx) // what the user agreed to
	return Booking{Booked: true, Reference: reference(in, reply.Name), DepositCents: asked.DepositCents}, nil
}

// bookTableForDisplay shows the user the question and the deposit in
// euros, and what they answered.
func bookTableForDisplay() tool.Transforms[BookInput, Booking] {
	return tool.Transforms[BookInput, Booking]{
		// A display with transforms shows a placeholder in every phase
		// none answers: the input and output are shown as they are.
		Input:  func(ctx context.Context, in BookInput) (any, error) { return in, nil },
		Output: func(ctx context.Context, in BookInput, out Booking) (any, error) { return out, nil },
		Suspend: tool.SuspendTransform(func(ctx context.Context, in BookInput, ask ConfirmRequest) (any, error) {
			return fmt.Sprintf("%s (deposit €%d.%02d)", ask.Question, ask.DepositCents/100, ask.DepositCents%100), nil
		}),
		Resume: tool.ResumeTransform(func(ctx context.Context, in BookInput, reply ConfirmReply) (any, error) {
			if !reply.Confirm {
				return "declined", nil
			}
			return "confirmed by " + reply.Name, nil
		}),
	}
}

// reference is a booking reference, the same for the same booking.
func reference(in BookInput, name string) string {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s|%d|%s|%s", strings.ToLower(in.Restaurant), in.Party, in.Time, name)
	return fmt.Sprintf("CG-%06d", h.Sum32()%1000000)
}
