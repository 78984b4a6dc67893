// Package stdlib is the corpus's tools over standard library types whose
// JSON encoding is not what their Go shape suggests: math/big's numbers,
// net/url.URL, net/netip, time, encoding/json's Number and RawMessage,
// together with the shapes around them (arrays, integer and TextMarshaler
// map keys, a generic struct, ",string" fields, embedded structs and an
// embedded pointer struct, pointers, slices and maps without omitempty,
// and a string enum whose zero value is not one of its constants).
package stdlib

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
)

//go:generate go tool toolgen

// NumbersInput holds math/big's numbers and encoding/json's number forms.
type NumbersInput struct {
	// Big is an arbitrary-precision integer.
	Big big.Int `json:"big"`
	// BigPtr is an optional arbitrary-precision integer.
	BigPtr *big.Int `json:"big_ptr,omitempty"`
	// Float is an arbitrary-precision float.
	Float big.Float `json:"float"`
	// Rat is a fraction.
	Rat big.Rat `json:"rat"`
	// Number is a number kept as written.
	Number json.Number `json:"number"`
	// Count is an integer sent as a string.
	Count int64 `json:"count,string"`
	// Ratio is a float sent as a string.
	Ratio float64 `json:"ratio,string"`
	// Enabled is a bool sent as a string.
	Enabled bool `json:"enabled,string"`
	// Small is a bounded integer.
	Small int8 `json:"small"`
	// Unsigned is an unsigned integer.
	Unsigned uint32 `json:"unsigned"`
}

// NumbersOutput echoes the numbers, with math/big's types by value.
type NumbersOutput struct {
	Sum      big.Int     `json:"sum"`
	Product  *big.Int    `json:"product"`
	Mean     big.Float   `json:"mean"`
	Fraction big.Rat     `json:"fraction"`
	Number   json.Number `json:"number"`
	Count    int64       `json:"count,string"`
	Parts    []*big.Int  `json:"parts"`
}

// Numbers adds up big numbers.
//
//tool:numbers
func Numbers(ctx context.Context, in NumbersInput) (NumbersOutput, error) {
	var out NumbersOutput
	out.Sum.Set(&in.Big)
	if in.BigPtr != nil {
		out.Sum.Add(&out.Sum, in.BigPtr)
	}
	out.Number = in.Number
	out.Count = in.Count
	return out, nil
}

// AddressesInput holds URLs and IP addresses.
type AddressesInput struct {
	// Endpoint is a URL, encoded as encoding/json encodes net/url.URL.
	Endpoint url.URL `json:"endpoint"`
	// Callback is an optional URL.
	Callback *url.URL       `json:"callback,omitempty"`
	Addr     netip.Addr     `json:"addr"`
	Prefix   netip.Prefix   `json:"prefix"`
	AddrPort netip.AddrPort `json:"addr_port"`
	// Hosts names addresses: a map whose keys are TextMarshalers.
	Hosts map[netip.Addr]string `json:"hosts,omitempty"`
}

// AddressesOutput echoes the addresses, with a pointer without omitempty.
type AddressesOutput struct {
	Endpoint url.URL               `json:"endpoint"`
	Redirect *url.URL              `json:"redirect"`
	Links    []*url.URL            `json:"links"`
	Peers    []netip.AddrPort      `json:"peers"`
	Routes   map[netip.Prefix]bool `json:"routes"`
}

// Addresses resolves addresses.
//
//tool:addresses
func Addresses(ctx context.Context, in AddressesInput) (*AddressesOutput, error) {
	return &AddressesOutput{Endpoint: in.Endpoint, Redirect: in.Callback}, nil
}

// Level is a severity; its zero value is not one of the constants.
type Level string

// The levels.
const (
	LevelLow  Level = "low"
	LevelHigh Level = "high"
)

// Priority is a numeric priority, with constants.
type Priority int

// The priorities.
const (
	PriorityLow  Priority = 1
	PriorityHigh Priority = 2
)

// Coord is a map key that encodes as text. It is in an output only: no
// schema can say which keys its UnmarshalText takes.
type Coord struct {
	X, Y int
}

// MarshalText writes "x,y".
func (c Coord) MarshalText() ([]byte, error) {
	return []byte(strconv.Itoa(c.X) + "," + strconv.Itoa(c.Y)), nil
}

// UnmarshalText reads "x,y".
func (c *Coord) UnmarshalText(b []byte) error {
	x, y, ok := strings.Cut(string(b), ",")
	if !ok {
		return fmt.Errorf("coord %q: want x,y", b)
	}
	var err error
	if c.X, err = strconv.Atoi(x); err != nil {
		return err
	}
	c.Y, err = strconv.Atoi(y)
	return err
}

// Base is embedded by value.
type Base struct {
	ID      int64     `json:"id"`
	Created time.Time `json:"created"`
}

// Extra is embedded through a pointer: encoding/json leaves its fields
// out when the pointer is nil.
type Extra struct {
	Note  string  `json:"note"`
	Score float64 `json:"score"`
}

// Page is a generic page of items.
type Page[T any] struct {
	Items []T    `json:"items"`
	Next  string `json:"next,omitempty"`
}

// Item is an element of a page.
type Item struct {
	Name  string `json:"name"`
	Level Level  `json:"level,omitempty"`
}

// Node is a tree, through a pointer without omitempty.
type Node struct {
	Name     string  `json:"name"`
	Parent   *Node   `json:"parent,omitempty"`
	Children []*Node `json:"children,omitempty"`
}

// RecordInput holds the shapes around the types.
type RecordInput struct {
	Base
	*Extra
	// Name names the record.
	Name     string            `json:"name"`
	Timeout  time.Duration     `json:"timeout"`
	Since    time.Time         `json:"since"`
	Until    *time.Time        `json:"until,omitempty"`
	Payload  []byte            `json:"payload,omitempty"`
	Raw      json.RawMessage   `json:"raw,omitempty"`
	Grid     [3]int            `json:"grid"`
	Pair     [2]string         `json:"pair"`
	ByID     map[int]string    `json:"by_id,omitempty"`
	Page     Page[Item]        `json:"page"`
	Extras   any               `json:"extras,omitempty"`
	Priority Priority          `json:"priority,omitempty"`
	Labels   map[string]string `json:"labels,omitempty"`
	Tree     *Node             `json:"tree,omitempty"`
	Signed   map[int8]uint16   `json:"signed,omitempty"`
	Matrix   [2][2]float32     `json:"matrix"`
}

// RecordOutput is written with nil-able fields that have no omitempty.
type RecordOutput struct {
	Base
	*Extra
	Level    Level             `json:"level"`
	Levels   []Level           `json:"levels"`
	Priority Priority          `json:"priority"`
	Parent   *Node             `json:"parent"`
	Tags     []string          `json:"tags"`
	Attrs    map[string]string `json:"attrs"`
	Counts   map[int]int       `json:"counts"`
	Payload  []byte            `json:"payload"`
	Raw      json.RawMessage   `json:"raw"`
	Extras   any               `json:"extras"`
	Page     Page[Item]        `json:"page"`
	Timeout  time.Duration     `json:"timeout"`
	Updated  time.Time         `json:"updated"`
	Deadline *time.Time        `json:"deadline"`
	Window   [2]time.Time      `json:"window"`
	ByCoord  map[Coord]string  `json:"by_coord"`
}

// Record stores a record.
//
//tool:record
func Record(ctx context.Context, in RecordInput) (RecordOutput, error) {
	return RecordOutput{Base: in.Base, Extra: in.Extra, Page: in.Page, Timeout: in.Timeout}, nil
}
