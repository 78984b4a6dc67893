package jsonarg

import "math/big"

// SKELETON: the message functions. The runtime's general path words its
// violations with these same functions (runtime/validate.go), and the
// generator calls them at generate time to put constant messages in
// generated decoders, so the two paths cannot drift apart.

// EnumMessage is the violation of "enum": expected one of "a", "b" (the
// schema's values as JSON, in schema order).
func EnumMessage(values []any) string { panic("unimplemented") }

// ConstMessage is the violation of "const".
func ConstMessage(value any) string { panic("unimplemented") }

// MinimumMessage, MaximumMessage, ExclusiveMinimumMessage and
// ExclusiveMaximumMessage are the violations of the numeric bounds.
func MinimumMessage(r *big.Rat) string { panic("unimplemented") }

// MaximumMessage: see MinimumMessage.
func MaximumMessage(r *big.Rat) string { panic("unimplemented") }

// ExclusiveMinimumMessage: see MinimumMessage.
func ExclusiveMinimumMessage(r *big.Rat) string { panic("unimplemented") }

// ExclusiveMaximumMessage: see MinimumMessage.
func ExclusiveMaximumMessage(r *big.Rat) string { panic("unimplemented") }

// PatternMessage is the violation of "pattern".
func PatternMessage(pattern string) string { panic("unimplemented") }

// Length, items and properties counts are known only at run time, so
// their messages are built by the decoder: see Decoder.MinLength and the
// others.
