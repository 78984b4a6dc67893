// Package stripe is the corpus's tools over stripe-go's types: the
// customers, charges and payment intents a payments tool returns, and
// inputs with stripe's enums and one of its parameter structs.
package stripe

import (
	"context"

	"github.com/stripe/stripe-go/v82"
)

//go:generate go tool toolgen

// CustomerInput names a customer.
type CustomerInput struct {
	// ID is the customer's id, cus_….
	ID string `json:"id"`
	// Expand lists the fields to expand.
	Expand []string `json:"expand,omitempty"`
}

// GetCustomer fetches a customer.
//
//tool:get-customer readonly
func GetCustomer(ctx context.Context, in CustomerInput) (*stripe.Customer, error) {
	return &stripe.Customer{ID: in.ID}, nil
}

// ChargesInput lists a customer's charges.
type ChargesInput struct {
	Customer string `json:"customer"`
	// Currency keeps the charges in one currency.
	Currency stripe.Currency `json:"currency,omitempty"`
	// Status keeps the charges of one status.
	Status stripe.ChargeStatus `json:"status,omitempty"`
	Limit  int64               `json:"limit,omitempty" jsonschema:"minimum=1,maximum=100"`
}

// ChargesOutput is a page of charges.
type ChargesOutput struct {
	Charges []*stripe.Charge `json:"charges"`
	HasMore bool             `json:"has_more"`
}

// ListCharges lists a customer's charges.
//
//tool:list-charges readonly
func ListCharges(ctx context.Context, in ChargesInput) (ChargesOutput, error) {
	return ChargesOutput{Charges: []*stripe.Charge{}}, nil
}

// PaymentIntentInput creates a payment intent.
type PaymentIntentInput struct {
	// Amount is in the currency's smallest unit.
	Amount   int64           `json:"amount" jsonschema:"minimum=1"`
	Currency stripe.Currency `json:"currency"`
	Customer string          `json:"customer,omitempty"`
	// CaptureMethod says when the funds are captured.
	CaptureMethod stripe.PaymentIntentCaptureMethod `json:"capture_method,omitempty"`
	Metadata      map[string]string                 `json:"metadata,omitempty"`
	// Shipping is stripe's parameter struct, tagged for forms only.
	Shipping *stripe.AddressParams `json:"shipping,omitempty"`
}

// CreatePaymentIntent creates a payment intent.
//
//tool:create-payment-intent
func CreatePaymentIntent(ctx context.Context, in PaymentIntentInput) (*stripe.PaymentIntent, error) {
	return &stripe.PaymentIntent{Amount: in.Amount, Currency: in.Currency}, nil
}
