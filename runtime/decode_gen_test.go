package runtime_test

// Decoders written by hand in exactly the shape toolgen generates them (see
// package jsonarg): messages computed once from the schema, a seen bit per
// property (bit i of the required ones is the i-th name of "required"), the
// value's kind checked before it is read, unions falling back on any
// violation. decode_diff_test.go holds them to the general path.

import (
	"encoding/json"
	"math/big"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/runtime/jsonarg"
)

// --- weather: the input of the weather tool (helpers_test.go) ---

var (
	weatherRequired  = []string{"location"}
	weatherUnitsEnum = jsonarg.EnumMessage([]any{"celsius", "fahrenheit"})
)

func decodeWeatherIn(d *jsonarg.Decoder, v *weatherIn) {
	if d.Peek() != jsonarg.Object {
		d.WrongType("object")
		return
	}
	var seen uint64
	d.Object()
	for d.Next() {
		switch string(d.Key()) {
		case "location":
			if seen&1 != 0 {
				d.Duplicate()
				return
			}
			seen |= 1
			if d.Peek() != jsonarg.String {
				d.WrongType("string")
				continue
			}
			v.Location = d.Text()
		case "units":
			if seen&2 != 0 {
				d.Duplicate()
				return
			}
			seen |= 2
			if d.DropNull() {
				continue
			}
			if d.Peek() != jsonarg.String {
				d.WrongType("string")
				continue
			}
			switch string(d.TextBytes()) {
			case "celsius":
				v.Units = "celsius"
			case "fahrenheit":
				v.Units = "fahrenheit"
			default:
				d.Violation(weatherUnitsEnum)
			}
		default:
			d.Unexpected()
		}
	}
	d.Missing(^seen&1, weatherRequired)
}

// --- nested: every kind of field ---

type nestedIn struct {
	Name   string             `json:"name"`
	Addr   *nestedAddr        `json:"addr,omitempty"`
	Alt    *nestedAddr        `json:"alt,omitempty" jsonschema:"nullable"`
	Items  []nestedItem       `json:"items,omitempty"`
	Scores map[string]float64 `json:"scores,omitempty"`
	Small  int8               `json:"small"`
	Count  uint               `json:"count,omitempty"`
	Ratio  float64            `json:"ratio,omitempty"`
	OK     bool               `json:"ok,omitempty"`
	Tags   []string           `json:"tags"`
	Extra  json.RawMessage    `json:"extra,omitempty"`
}

type nestedAddr struct {
	City string `json:"city"`
	Zip  string `json:"zip,omitempty"`
}

type nestedItem struct {
	ID   int    `json:"id"`
	Note string `json:"note,omitempty"`
}

const nestedSchema = `{
  "$defs": {
    "Addr": {"properties": {"city": {"type": "string"}, "zip": {"type": "string"}},
      "additionalProperties": false, "type": "object", "required": ["city"]},
    "Item": {"properties": {"id": {"type": "integer"}, "note": {"type": "string"}},
      "additionalProperties": false, "type": "object", "required": ["id"]}
  },
  "properties": {
    "name": {"type": "string", "minLength": 1, "maxLength": 8},
    "addr": {"$ref": "#/$defs/Addr"},
    "alt": {"anyOf": [{"$ref": "#/$defs/Addr"}, {"type": "null"}]},
    "items": {"items": {"$ref": "#/$defs/Item"}, "type": "array"},
    "scores": {"additionalProperties": {"type": "number"}, "type": "object"},
    "small": {"type": "integer", "maximum": 127, "minimum": -128},
    "count": {"type": "integer", "minimum": 0},
    "ratio": {"type": "number", "minimum": -1.5, "exclusiveMaximum": 100},
    "ok": {"type": "boolean"},
    "tags": {"items": {"type": "string"}, "type": "array", "minItems": 1},
    "extra": true
  },
  "additionalProperties": false,
  "type": "object",
  "required": ["name", "small", "tags"]
}`

var (
	nestedRequired     = []string{"name", "small", "tags"}
	addrRequired       = []string{"city"}
	itemRequired       = []string{"id"}
	nestedSmallMin     = jsonarg.MinimumMessage(big.NewRat(-128, 1))
	nestedSmallMax     = jsonarg.MaximumMessage(big.NewRat(127, 1))
	nestedRatioMin     = jsonarg.MinimumMessage(big.NewRat(-3, 2))
	nestedRatioExclMax = jsonarg.ExclusiveMaximumMessage(big.NewRat(100, 1))
)

func decodeNestedIn(d *jsonarg.Decoder, v *nestedIn) {
	if d.Peek() != jsonarg.Object {
		d.WrongType("object")
		return
	}
	// required: name 1, small 2, tags 4
	var seen uint64
	d.Object()
	for d.Next() {
		switch string(d.Key()) {
		case "name":
			if seen&1 != 0 {
				d.Duplicate()
				return
			}
			seen |= 1
			if d.Peek() != jsonarg.String {
				d.WrongType("string")
				continue
			}
			s := d.Text()
			n := utf8.RuneCountInString(s)
			if n < 1 {
				d.MinLength(1, n)
			}
			if n > 8 {
				d.MaxLength(8, n)
			}
			v.Name = s
		case "small":
			if seen&2 != 0 {
				d.Duplicate()
				return
			}
			seen |= 2
			if d.Peek() != jsonarg.Number {
				d.WrongType("integer")
				continue
			}
			if n, ok := d.Int(); ok {
				switch {
				case n < -128:
					d.Violation(nestedSmallMin)
				case n > 127:
					d.Violation(nestedSmallMax)
				default:
					v.Small = int8(n)
				}
			}
		case "tags":
			if seen&4 != 0 {
				d.Duplicate()
				return
			}
			seen |= 4
			if d.Peek() != jsonarg.Array {
				d.WrongType("array")
				continue
			}
			tags := []string{}
			d.Array()
			for d.NextItem() {
				if d.Peek() != jsonarg.String {
					d.WrongType("string")
					tags = append(tags, "")
					continue
				}
				tags = append(tags, d.Text())
			}
			if len(tags) < 1 {
				d.MinItems(1, len(tags))
			}
			v.Tags = tags
		case "addr":
			if seen&8 != 0 {
				d.Duplicate()
				return
			}
			seen |= 8
			if d.DropNull() {
				continue
			}
			if d.Peek() != jsonarg.Object {
				d.WrongType("object")
				continue
			}
			p := new(nestedAddr)
			decodeNestedAddr(d, p)
			v.Addr = p
		case "alt":
			if seen&16 != 0 {
				d.Duplicate()
				return
			}
			seen |= 16
			if d.DropNull() {
				continue
			}
			switch d.Peek() {
			case jsonarg.Null:
				d.Null()
			case jsonarg.Object:
				mark := d.Mark()
				p := new(nestedAddr)
				decodeNestedAddr(d, p)
				if d.Since(mark) {
					d.Fallback() // a violation inside a union
					return
				}
				v.Alt = p
			default:
				d.Fallback()
				return
			}
		case "items":
			if seen&32 != 0 {
				d.Duplicate()
				return
			}
			seen |= 32
			if d.DropNull() {
				continue
			}
			if d.Peek() != jsonarg.Array {
				d.WrongType("array")
				continue
			}
			items := []nestedItem{}
			d.Array()
			for d.NextItem() {
				var it nestedItem
				if d.Peek() != jsonarg.Object {
					d.WrongType("object")
				} else {
					decodeNestedItem(d, &it)
				}
				items = append(items, it)
			}
			v.Items = items
		case "scores":
			if seen&64 != 0 {
				d.Duplicate()
				return
			}
			seen |= 64
			if d.DropNull() {
				continue
			}
			if d.Peek() != jsonarg.Object {
				d.WrongType("object")
				continue
			}
			m := map[string]float64{}
			d.Object()
			for d.Next() {
				k := string(d.Key())
				if _, dup := m[k]; dup {
					d.Duplicate()
					return
				}
				m[k] = 0 // seen, whatever the value turns out to be
				if d.Peek() != jsonarg.Number {
					d.WrongType("number")
					continue
				}
				if f, ok := d.Float(64); ok {
					m[k] = f
				}
			}
			v.Scores = m
		case "count":
			if seen&128 != 0 {
				d.Duplicate()
				return
			}
			seen |= 128
			if d.DropNull() {
				continue
			}
			if d.Peek() != jsonarg.Number {
				d.WrongType("integer")
				continue
			}
			if n, ok := d.Uint(); ok {
				v.Count = uint(n)
			}
		case "ratio":
			if seen&256 != 0 {
				d.Duplicate()
				return
			}
			seen |= 256
			if d.DropNull() {
				continue
			}
			if d.Peek() != jsonarg.Number {
				d.WrongType("number")
				continue
			}
			if f, ok := d.Float(64); ok {
				if d.CmpNumber(-1.5) < 0 {
					d.Violation(nestedRatioMin)
				}
				if d.CmpNumber(100) >= 0 {
					d.Violation(nestedRatioExclMax)
				}
				v.Ratio = f
			}
		case "ok":
			if seen&512 != 0 {
				d.Duplicate()
				return
			}
			seen |= 512
			if d.DropNull() {
				continue
			}
			if d.Peek() != jsonarg.Bool {
				d.WrongType("boolean")
				continue
			}
			v.OK = d.Bool()
		case "extra":
			if seen&1024 != 0 {
				d.Duplicate()
				return
			}
			seen |= 1024
			if d.DropNull() {
				continue
			}
			v.Extra = append(json.RawMessage(nil), d.Raw()...)
		default:
			d.Unexpected()
		}
	}
	d.Missing(^seen&7, nestedRequired)
}

func decodeNestedAddr(d *jsonarg.Decoder, v *nestedAddr) {
	var seen uint64
	d.Object()
	for d.Next() {
		switch string(d.Key()) {
		case "city":
			if seen&1 != 0 {
				d.Duplicate()
				return
			}
			seen |= 1
			if d.Peek() != jsonarg.String {
				d.WrongType("string")
				continue
			}
			v.City = d.Text()
		case "zip":
			if seen&2 != 0 {
				d.Duplicate()
				return
			}
			seen |= 2
			if d.DropNull() {
				continue
			}
			if d.Peek() != jsonarg.String {
				d.WrongType("string")
				continue
			}
			v.Zip = d.Text()
		default:
			d.Unexpected()
		}
	}
	d.Missing(^seen&1, addrRequired)
}

func decodeNestedItem(d *jsonarg.Decoder, v *nestedItem) {
	var seen uint64
	d.Object()
	for d.Next() {
		switch string(d.Key()) {
		case "id":
			if seen&1 != 0 {
				d.Duplicate()
				return
			}
			seen |= 1
			if d.Peek() != jsonarg.Number {
				d.WrongType("integer")
				continue
			}
			if n, ok := d.Int(); ok {
				v.ID = int(n)
			}
		case "note":
			if seen&2 != 0 {
				d.Duplicate()
				return
			}
			seen |= 2
			if d.DropNull() {
				continue
			}
			if d.Peek() != jsonarg.String {
				d.WrongType("string")
				continue
			}
			v.Note = d.Text()
		default:
			d.Unexpected()
		}
	}
	d.Missing(^seen&1, itemRequired)
}

// --- order: the strict tool of strictnull_test.go ---

var (
	orderRequired    = []string{"size"}
	shipToRequired   = []string{"city"}
	orderSizeEnum    = jsonarg.EnumMessage([]any{"S", "L"})
	orderQuantityMin = jsonarg.MinimumMessage(big.NewRat(1, 1))
)

func decodeOrder(d *jsonarg.Decoder, v *order) {
	if d.Peek() != jsonarg.Object {
		d.WrongType("object")
		return
	}
	var seen uint64
	d.Object()
	for d.Next() {
		switch string(d.Key()) {
		case "size":
			if seen&1 != 0 {
				d.Duplicate()
				return
			}
			seen |= 1
			if d.Peek() != jsonarg.String {
				d.WrongType("string")
				continue
			}
			switch string(d.TextBytes()) {
			case "S":
				v.Size = "S"
			case "L":
				v.Size = "L"
			default:
				d.Violation(orderSizeEnum)
			}
		case "quantity":
			if seen&2 != 0 {
				d.Duplicate()
				return
			}
			seen |= 2
			if d.DropNull() {
				continue
			}
			if d.Peek() != jsonarg.Number {
				d.WrongType("integer")
				continue
			}
			if n, ok := d.Int(); ok {
				if n < 1 {
					d.Violation(orderQuantityMin)
				} else {
					v.Quantity = int(n)
				}
			}
		case "ship":
			if seen&4 != 0 {
				d.Duplicate()
				return
			}
			seen |= 4
			if d.DropNull() {
				continue
			}
			if d.Peek() != jsonarg.Object {
				d.WrongType("object")
				continue
			}
			p := new(shipTo)
			decodeShipTo(d, p)
			v.Ship = p
		case "gifts":
			if seen&8 != 0 {
				d.Duplicate()
				return
			}
			seen |= 8
			if d.DropNull() {
				continue
			}
			if d.Peek() != jsonarg.Array {
				d.WrongType("array")
				continue
			}
			gifts := []gift{}
			d.Array()
			for d.NextItem() {
				var g gift
				if d.Peek() != jsonarg.Object {
					d.WrongType("object")
				} else {
					decodeGift(d, &g)
				}
				gifts = append(gifts, g)
			}
			v.Gifts = gifts
		default:
			d.Unexpected()
		}
	}
	d.Missing(^seen&1, orderRequired)
}

func decodeShipTo(d *jsonarg.Decoder, v *shipTo) {
	var seen uint64
	d.Object()
	for d.Next() {
		switch string(d.Key()) {
		case "city":
			if seen&1 != 0 {
				d.Duplicate()
				return
			}
			seen |= 1
			if d.Peek() != jsonarg.String {
				d.WrongType("string")
				continue
			}
			v.City = d.Text()
		case "zip":
			if seen&2 != 0 {
				d.Duplicate()
				return
			}
			seen |= 2
			if d.DropNull() {
				continue
			}
			if d.Peek() != jsonarg.String {
				d.WrongType("string")
				continue
			}
			v.Zip = d.Text()
		default:
			d.Unexpected()
		}
	}
	d.Missing(^seen&1, shipToRequired)
}

func decodeGift(d *jsonarg.Decoder, v *gift) {
	var seen uint64
	d.Object()
	for d.Next() {
		switch string(d.Key()) {
		case "note":
			if seen&1 != 0 {
				d.Duplicate()
				return
			}
			seen |= 1
			if d.DropNull() {
				continue
			}
			if d.Peek() != jsonarg.String {
				d.WrongType("string")
				continue
			}
			v.Note = d.Text()
		default:
			d.Unexpected()
		}
	}
}
