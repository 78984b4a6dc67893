// Package stripe2 holds exactly two tools over stripe-go's types, to
// measure the size of the tools_gen.go they give.
package stripe2

import (
	"context"

	"github.com/stripe/stripe-go/v82"
)

//go:generate go tool toolgen

// CustomerInput names a customer.
type CustomerInput struct {
	ID string `json:"id"`
}

// GetCustomer fetches a customer.
//
//tool:get-customer readonly
func GetCustomer(ctx context.Context, in CustomerInput) (*stripe.Customer, error) {
	return &stripe.Customer{ID: in.ID}, nil
}

// PaymentIntentInput names a payment intent.
type PaymentIntentInput struct {
	ID string `json:"id"`
}

// GetPaymentIntent fetches a payment intent.
//
//tool:get-payment-intent readonly
func GetPaymentIntent(ctx context.Context, in PaymentIntentInput) (*stripe.PaymentIntent, error) {
	return &stripe.PaymentIntent{ID: in.ID}, nil
}
