// Package orders is a user's package of tools, in a module that also uses
// Genkit, Eino, the MCP go-sdk, openai-go and genai: what toolgen must
// build beside.
package orders

//go:generate go tool toolgen

import (
	"context"
	"fmt"
)

// LookupInput names an order.
type LookupInput struct {
	// ID is the order's id, such as "A-1".
	ID string `json:"id"`
}

// Order is an order's state.
type Order struct {
	ID string `json:"id"`
	// Status is where the order is.
	Status string `json:"status" jsonschema:"enum=pending,enum=shipped,enum=delivered"`
	// Total is the amount in cents.
	Total int `json:"total"`
}

// LookupOrder returns an order by its id.
//
//tool:lookup_order readonly
func LookupOrder(_ context.Context, in LookupInput) (Order, error) {
	if in.ID != "A-1" {
		return Order{}, fmt.Errorf("no order %q", in.ID)
	}
	return Order{ID: "A-1", Status: "shipped", Total: 4200}, nil
}

// RefundInput names the order to refund.
type RefundInput struct {
	// ID is the order's id.
	ID string `json:"id"`
	// Reason says why.
	Reason string `json:"reason,omitempty"`
}

// Refund is a refund that was made.
type Refund struct {
	ID     string `json:"id"`
	Amount int    `json:"amount"`
}

// RefundOrder refunds an order in full. A person approves every refund.
//
//tool:refund_order approval destructive
func RefundOrder(_ context.Context, in RefundInput) (Refund, error) {
	return Refund{ID: in.ID, Amount: 4200}, nil
}
