// Package testtools is the small tool set the eino adapter's tests give to
// Eino's own ToolsNode and ReAct agent: a tool that answers in JSON, one
// that answers in text through a model hook, one that needs approval, one
// that fails on an unknown order and one that panics. toolgen generates its
// tools_gen.go.
package testtools

//go:generate go tool toolgen -dialects standard

import (
	"context"
	"fmt"
	"time"

	"github.com/toolgen-go/toolgen/llm"
)

// Status is where an order is.
type Status string

// The statuses of an order.
const (
	// Pending orders have not shipped.
	Pending Status = "pending"
	// Shipped orders are on their way.
	Shipped Status = "shipped"
)

// LookupInput names an order.
type LookupInput struct {
	// OrderID is the order's number, such as "A-1001".
	OrderID string `json:"orderId" jsonschema:"pattern=^[A-Z]-[0-9]+$"`
	// WithItems asks for the order's lines too.
	WithItems bool `json:"withItems,omitempty"`
}

// Line is one line of an order.
type Line struct {
	// SKU is the product's code.
	SKU string `json:"sku"`
	// Quantity is how many were ordered.
	Quantity int `json:"quantity"`
}

// Order is an order as the shop keeps it.
type Order struct {
	ID       string         `json:"id"`
	Status   Status         `json:"status,omitempty"`
	Placed   time.Time      `json:"placed"`
	Lines    []Line         `json:"lines,omitempty"`
	Notes    *string        `json:"notes,omitempty"`
	Totals   map[string]int `json:"totals"`
	Shipment *Shipment      `json:"shipment,omitempty"`
}

// Shipment is how an order travels.
type Shipment struct {
	// Carrier delivers it.
	Carrier string `json:"carrier"`
	// Tracking is the carrier's number.
	Tracking string `json:"tracking"`
}

// LookupOrder finds an order by its number.
//
//tool:lookup-order key=lookupOrder readonly
func LookupOrder(ctx context.Context, in LookupInput) (Order, error) {
	o, ok := orders[in.OrderID]
	if !ok {
		return Order{}, fmt.Errorf("no order %s", in.OrderID)
	}
	if !in.WithItems {
		o.Lines = nil
	}
	return o, nil
}

// PlaceInput is a new order.
type PlaceInput struct {
	// Lines are what is ordered.
	Lines []Line `json:"lines" jsonschema:"minItems=1"`
	// Ship, when given, sends the order rather than keeping it for pick-up.
	Ship *Shipment `json:"ship,omitempty"`
	// Return is where a returned parcel goes; the same shape as Ship.
	Return *Shipment `json:"return,omitempty"`
	// NotBefore is the earliest delivery time.
	NotBefore *time.Time `json:"notBefore,omitempty"`
	// Labels are free-form tags, by name.
	Labels map[string]string `json:"labels,omitempty"`
	// Status is the order's first status.
	Status Status `json:"status,omitempty"`
}

// PlaceOrder places a new order and returns it.
//
//tool:place-order key=placeOrder
func PlaceOrder(ctx context.Context, in PlaceInput) (Order, error) {
	status := in.Status
	if status == "" {
		status = Pending
	}
	return Order{ID: "C-3003", Status: status, Placed: time.Date(2026, 5, 4, 8, 0, 0, 0, time.UTC), Lines: in.Lines, Shipment: in.Ship, Totals: map[string]int{}}, nil
}

// SummaryInput names an order to summarise.
type SummaryInput struct {
	// OrderID is the order's number.
	OrderID string `json:"orderId"`
}

// SummaryOutput is an order's summary for the application.
type SummaryOutput struct {
	Order Order `json:"order"`
	Lines int   `json:"lines"`
}

// SummariseOrder summarises an order in one sentence.
//
//tool:summarise-order key=summariseOrder readonly model=summaryForModel
func SummariseOrder(ctx context.Context, in SummaryInput) (SummaryOutput, error) {
	o, ok := orders[in.OrderID]
	if !ok {
		return SummaryOutput{}, fmt.Errorf("no order %s", in.OrderID)
	}
	return SummaryOutput{Order: o, Lines: len(o.Lines)}, nil
}

// summaryForModel tells the model the summary as a sentence.
func summaryForModel(ctx context.Context, in SummaryInput, out SummaryOutput) (llm.ModelOutput, error) {
	return llm.TextOutput(fmt.Sprintf("Order %s is %s with %d lines.", out.Order.ID, out.Order.Status, out.Lines)), nil
}

// Reason is why an order is refunded.
type Reason string

// The reasons for a refund.
const (
	Damaged Reason = "damaged"
	Late    Reason = "late"
)

// RefundInput asks for a refund.
type RefundInput struct {
	// OrderID is the order's number.
	OrderID string `json:"orderId"`
	// AmountCents is the amount to give back, in cents.
	AmountCents int `json:"amountCents" jsonschema:"minimum=1"`
	// Reason is why.
	Reason Reason `json:"reason"`
}

// RefundOutput is a refund made.
type RefundOutput struct {
	RefundID string `json:"refundId"`
}

// RefundOrder gives money back on an order. A person approves every call.
//
//tool:refund-order key=refundOrder approval destructive
func RefundOrder(ctx context.Context, in RefundInput) (RefundOutput, error) {
	if _, ok := orders[in.OrderID]; !ok {
		return RefundOutput{}, fmt.Errorf("no order %s", in.OrderID)
	}
	return RefundOutput{RefundID: fmt.Sprintf("R-%s-%d", in.OrderID, in.AmountCents)}, nil
}

// ExplodeInput is anything.
type ExplodeInput struct {
	// Why is said in the panic.
	Why string `json:"why,omitempty"`
}

// ExplodeOutput is never returned.
type ExplodeOutput struct{}

// Explode panics, as a tool with a bug would.
//
//tool:explode
func Explode(ctx context.Context, in ExplodeInput) (ExplodeOutput, error) {
	panic("explode: " + in.Why)
}

// orders is the shop's data.
var orders = map[string]Order{
	"A-1001": {
		ID: "A-1001", Status: Shipped, Placed: time.Date(2026, 5, 1, 9, 30, 0, 0, time.UTC),
		Lines:    []Line{{SKU: "mug", Quantity: 2}, {SKU: "tea", Quantity: 1}},
		Totals:   map[string]int{"EUR": 2450},
		Shipment: &Shipment{Carrier: "DHL", Tracking: "JD0001"},
	},
	"B-2002": {
		ID: "B-2002", Status: Pending, Placed: time.Date(2026, 5, 3, 14, 0, 0, 0, time.UTC),
		Lines:  []Line{{SKU: "pot", Quantity: 1}},
		Totals: map[string]int{"EUR": 3900},
	},
}
