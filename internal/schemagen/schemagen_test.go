package schemagen_test

import (
	"encoding/json"
	"go/types"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/schemagen"
)

// coreArchive is a module with one type per feature; TestSchema names them.
const coreArchive = `
-- core.go --
package x

import (
	"encoding/json"
	"net"
	"net/url"
	"time"

	"example.com/x/dep"
	"example.com/x/other"
)

// Basics has one field
// per basic type.
//
// Second paragraph.
type Basics struct {
	Bool    bool
	Int     int
	Int8    int8
	Int32   int32
	Int64   int64
	Uint32  uint32
	Uint64  uint64
	Uintptr uintptr
	Float32 float32
	Float64 float64
	String  string
	Byte    byte
	Rune    rune
}

// Point is a position.
type Point struct{ X, Y float64 }

type Pointers struct {
	P  *int     ` + "`json:\"p\"`" + `
	PP **string ` + "`json:\"pp,omitempty\"`" + `
	PS *Point   ` + "`json:\"ps\"`" + `
}

// Key is a map key that marshals as text.
type Key struct{ A, B int }

func (k Key) MarshalText() ([]byte, error) { return nil, nil }

type Collections struct {
	S  []string          ` + "`json:\"s\"`" + `
	A  [3]int            ` + "`json:\"a\"`" + `
	B  []byte            ` + "`json:\"b\"`" + `
	BA [2]byte           ` + "`json:\"ba\"`" + `
	M  map[string]int    ` + "`json:\"m\"`" + `
	MI map[int64]bool    ` + "`json:\"mi\"`" + `
	MU map[uint16]bool   ` + "`json:\"mu\"`" + `
	MA map[string]any    ` + "`json:\"ma\"`" + `
	MK map[Key]string    ` + "`json:\"mk\"`" + `
	MB map[string][]byte ` + "`json:\"mb\"`" + `
	NN [][]int           ` + "`json:\"nn\"`" + `
}

// Text marshals as text.
type Text struct{ v int }

func (Text) MarshalText() ([]byte, error) { return nil, nil }

// PtrText marshals as text through a pointer receiver.
type PtrText int

func (*PtrText) MarshalText() ([]byte, error) { return nil, nil }

// Both has MarshalJSON and MarshalText; encoding/json prefers MarshalJSON.
type Both struct {
	V int ` + "`json:\"v\"`" + `
}

func (Both) MarshalJSON() ([]byte, error) { return nil, nil }
func (Both) MarshalText() ([]byte, error) { return nil, nil }

type Special struct {
	When  time.Time       ` + "`json:\"when\"`" + `
	WhenP *time.Time      ` + "`json:\"whenp\"`" + `
	Link  url.URL         ` + "`json:\"link\"`" + `
	LinkP *url.URL        ` + "`json:\"linkp\"`" + `
	IP    net.IP          ` + "`json:\"ip\"`" + `
	Raw   json.RawMessage ` + "`json:\"raw\"`" + `
	Any   any             ` + "`json:\"any\"`" + `
	Text  Text            ` + "`json:\"text\"`" + `
	PText PtrText         ` + "`json:\"ptext\"`" + `
	Both  Both            ` + "`json:\"both\"`" + `
	Dur   time.Duration   ` + "`json:\"dur\"`" + `
}

type JSONTags struct {
	Name    string  ` + "`json:\"name\"`" + `
	Skip    string  ` + "`json:\"-\"`" + `
	Dash    string  ` + "`json:\"-,\"`" + `
	Opt     string  ` + "`json:\"opt,omitempty\"`" + `
	Zero    int     ` + "`json:\"zero,omitzero\"`" + `
	Quoted  int     ` + "`json:\"quoted,string\"`" + `
	QF      float32 ` + "`json:\"qf,string\"`" + `
	QB      bool    ` + "`json:\"qb,string\"`" + `
	QS      string  ` + "`json:\"qs,string\"`" + `
	NoName  int     ` + "`json:\",omitempty\"`" + `
	Req     string  ` + "`json:\"req,omitempty\" jsonschema:\"required\"`" + `
	Null    *string ` + "`json:\"null\" jsonschema:\"nullable\"`" + `
	// NullAny admits null already.
	NullAny *any    ` + "`json:\"nullany\" jsonschema:\"nullable\"`" + `
	Titled  *any    ` + "`json:\"titled\" jsonschema:\"title=T,nullable\"`" + `
	Hidden  string  ` + "`json:\"hidden\" jsonschema:\"-\"`" + `
	private int
}

// Described is described.
type Described struct {
	// Doc is the field's doc
	// over two lines.
	Doc  string ` + "`json:\"doc\"`" + `
	Line string ` + "`json:\"line\"`" + ` // Line is a line comment.
	// Both has a doc comment, which wins.
	Both string ` + "`json:\"both\"`" + ` // Not this.
	// Tag loses to jsonschema_description.
	Tag string ` + "`json:\"tag\" jsonschema_description:\"From the tag.\"`" + `
	// KW loses to the description keyword.
	KW string ` + "`json:\"kw\" jsonschema:\"description=From the keyword.\" jsonschema_description:\"Not this.\"`" + `
	TypeDoc Plain ` + "`json:\"typeDoc\"`" + `
	// FieldDoc wins over the type's doc.
	FieldDoc Plain ` + "`json:\"fieldDoc\"`" + `
	Nested   Point ` + "`json:\"nested\"`" + `
	None     string ` + "`json:\"none\"`" + `
	Dep      dep.Item ` + "`json:\"dep\"`" + `
}

// Plain is a string type without constants.
type Plain string

type Enums struct {
	Unit   Unit   ` + "`json:\"unit\"`" + `
	Level  Level  ` + "`json:\"level,omitempty\"`" + `
	Units  []Unit ` + "`json:\"units\"`" + `
	QLevel Level  ` + "`json:\"qlevel,string\"`" + `
	Plain  Plain  ` + "`json:\"plain\"`" + `
	Dep    dep.Color ` + "`json:\"dep\"`" + `
}

// Node is a tree node.
type Node struct {
	Name     string ` + "`json:\"name\"`" + `
	Children []Node ` + "`json:\"children,omitempty\"`" + `
}

type Company struct {
	CEO Employee ` + "`json:\"ceo\"`" + `
}

// Employee works in a team.
type Employee struct {
	Name string ` + "`json:\"name\"`" + `
	Team *Team   ` + "`json:\"team,omitempty\"`" + `
}

// Team has members.
type Team struct {
	Members []Employee ` + "`json:\"members\"`" + `
	Office  Address    ` + "`json:\"office\"`" + `
}

// Address is used once, inside Team.
type Address struct {
	City string ` + "`json:\"city\"`" + `
}

type Route struct {
	// From is where it starts.
	From Place  ` + "`json:\"from\"`" + `
	To   *Place ` + "`json:\"to\"`" + `
	Via  Stop   ` + "`json:\"via\"`" + `
	A    Stops  ` + "`json:\"a\"`" + `
	B    Stops  ` + "`json:\"b\"`" + `
}

// Place is shared.
type Place struct {
	Name string ` + "`json:\"name\"`" + `
}

// Stop is used once.
type Stop struct {
	Minutes int ` + "`json:\"minutes\"`" + `
}

// Stops is a named slice used twice; its element ends up twice in the
// output, so it goes to $defs.
type Stops []Halt

type Halt struct {
	Code string ` + "`json:\"code\"`" + `
}

// User of package x.
type User struct {
	X string ` + "`json:\"x\"`" + `
}

type Clash struct {
	A1 dep.User ` + "`json:\"a1\"`" + `
	A2 dep.User ` + "`json:\"a2\"`" + `
	B1 other.User ` + "`json:\"b1\"`" + `
	B2 other.User ` + "`json:\"b2\"`" + `
	X1 User ` + "`json:\"x1\"`" + `
	X2 User ` + "`json:\"x2\"`" + `
	Once dep.Item ` + "`json:\"once\"`" + `
}

type Page[T any] struct {
	Items []T    ` + "`json:\"items\"`" + `
	Next  string ` + "`json:\"next,omitempty\"`" + `
}

type Feeds struct {
	A Page[dep.Item] ` + "`json:\"a\"`" + `
	B Page[dep.Item] ` + "`json:\"b\"`" + `
	C Page[string]   ` + "`json:\"c\"`" + `
}

type Embeds struct {
	dep.Audit
	*Point
	Own string ` + "`json:\"own\"`" + `
}

// Hides hides an embedded struct, and skips another.
type Hides struct {
	dep.Audit ` + "`jsonschema:\"-\"`" + `
	Point     ` + "`json:\"-\"`" + `
	Own string ` + "`json:\"own\"`" + `
}

type Shapes struct {
	Shape any      ` + "`json:\"shape\" jsonschema:\"oneof_ref=#/$defs/Circle;#/$defs/Square\"`" + `
	Many  []Circle ` + "`json:\"many\" jsonschema:\"anyof_ref=#/$defs/Circle\"`" + `
}

// Circle is a shape.
type Circle struct {
	R float64 ` + "`json:\"r\"`" + `
}

// Square is a shape.
type Square struct {
	S float64 ` + "`json:\"s\"`" + `
}

type Tags []string

type NamedKeywords struct {
	T Tags ` + "`json:\"t\" jsonschema:\"minItems=1,minLength=2\"`" + `
}
-- enum_a.go --
package x

// Unit is a temperature unit.
type Unit string

const (
	Celsius    Unit = "celsius"
	Fahrenheit Unit = "fahrenheit"
	kelvin     Unit = "kelvin" // unexported: left out
	Untyped         = "untyped"
)

// Level is a log level.
type Level int

const (
	Debug Level = iota
	Info
	Verbose = Debug // a duplicate value
)

const Other int = 5
-- enum_b.go --
package x

const (
	Warn  Level = 10
	Error Level = 20
)

const Rankine Unit = "rankine"
-- dep/dep.go --
package dep

// Item is an item from
// another package.
type Item struct {
	// Name is the item's name.
	Name string ` + "`json:\"name\"`" + `
	Qty  int    ` + "`json:\"qty,omitempty\"`" + ` // Qty is how many.
}

// Color is a color.
type Color int

const (
	Red Color = iota + 1
	Green
)

// User of package dep.
type User struct {
	D string ` + "`json:\"d\"`" + `
}

// Audit is embedded.
type Audit struct {
	// By is who did it.
	By string ` + "`json:\"by\"`" + `
}
-- other/other.go --
package other

// User of package other.
type User struct {
	O string ` + "`json:\"o\"`" + `
}
`

func TestSchema(t *testing.T) {
	l := loadArchive(t, coreArchive, true, ".")
	tests := []struct {
		name string
		want string
	}{
		{"Basics", `{
			"type": "object",
			"description": "Basics has one field per basic type.\n\nSecond paragraph.",
			"properties": {
				"Bool": {"type": "boolean"},
				"Int": {"type": "integer"},
				"Int8": {"type": "integer", "minimum": -128, "maximum": 127},
				"Int32": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647},
				"Int64": {"type": "integer"},
				"Uint32": {"type": "integer", "minimum": 0, "maximum": 4294967295},
				"Uint64": {"type": "integer", "minimum": 0},
				"Uintptr": {"type": "integer", "minimum": 0},
				"Float32": {"type": "number"},
				"Float64": {"type": "number"},
				"String": {"type": "string"},
				"Byte": {"type": "integer", "minimum": 0, "maximum": 255},
				"Rune": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647}
			},
			"additionalProperties": false,
			"required": ["Bool", "Int", "Int8", "Int32", "Int64", "Uint32", "Uint64", "Uintptr", "Float32", "Float64", "String", "Byte", "Rune"]
		}`},
		// A pointer has the schema of its element; Point is used once, so
		// it is inlined with its doc comment.
		{"Pointers", `{
			"properties": {
				"p": {
					"type": [
						"integer",
						"null"
					]
				},
				"pp": {
					"type": [
						"string",
						"null"
					]
				},
				"ps": {
					"properties": {
						"X": {
							"type": "number"
						},
						"Y": {
							"type": "number"
						}
					},
					"additionalProperties": false,
					"required": [
						"X",
						"Y"
					],
					"description": "Point is a position.",
					"type": [
						"object",
						"null"
					]
				}
			},
			"additionalProperties": false,
			"type": "object",
			"required": [
				"p",
				"ps"
			]
		}`},
		{"Collections", `{
			"properties": {
				"s": {
					"items": {
						"type": "string"
					},
					"type": [
						"array",
						"null"
					]
				},
				"a": {
					"items": {
						"type": "integer"
					},
					"type": "array",
					"maxItems": 3,
					"minItems": 3
				},
				"b": {
					"contentEncoding": "base64",
					"type": [
						"string",
						"null"
					]
				},
				"ba": {
					"items": {
						"type": "integer",
						"maximum": 255,
						"minimum": 0
					},
					"type": "array",
					"maxItems": 2,
					"minItems": 2
				},
				"m": {
					"additionalProperties": {
						"type": "integer"
					},
					"type": [
						"object",
						"null"
					]
				},
				"mi": {
					"patternProperties": {
						"^-?[0-9]+$": {
							"type": "boolean"
						}
					},
					"additionalProperties": false,
					"type": [
						"object",
						"null"
					]
				},
				"mu": {
					"patternProperties": {
						"^([0-9]|[1-9][0-9]{1,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$": {
							"type": "boolean"
						}
					},
					"additionalProperties": false,
					"type": [
						"object",
						"null"
					]
				},
				"ma": {
					"type": [
						"object",
						"null"
					]
				},
				"mk": {
					"additionalProperties": {
						"type": "string"
					},
					"type": [
						"object",
						"null"
					]
				},
				"mb": {
					"additionalProperties": {
						"contentEncoding": "base64",
						"type": [
							"string",
							"null"
						]
					},
					"type": [
						"object",
						"null"
					]
				},
				"nn": {
					"items": {
						"items": {
							"type": "integer"
						},
						"type": [
							"array",
							"null"
						]
					},
					"type": [
						"array",
						"null"
					]
				}
			},
			"additionalProperties": false,
			"type": "object",
			"required": [
				"s",
				"a",
				"b",
				"ba",
				"m",
				"mi",
				"mu",
				"ma",
				"mk",
				"mb",
				"nn"
			]
		}`},
		{"Special", `{
			"$defs": {
				"URL": {
					"properties": {
						"Scheme": {
							"type": "string"
						},
						"Opaque": {
							"type": "string"
						},
						"User": {
							"properties": {},
							"additionalProperties": false,
							"type": [
								"object",
								"null"
							]
						},
						"Host": {
							"type": "string"
						},
						"Path": {
							"type": "string"
						},
						"Fragment": {
							"type": "string"
						},
						"RawQuery": {
							"type": "string"
						},
						"RawPath": {
							"type": "string"
						},
						"RawFragment": {
							"type": "string"
						},
						"ForceQuery": {
							"type": "boolean"
						},
						"OmitHost": {
							"type": "boolean"
						}
					},
					"additionalProperties": false,
					"type": "object",
					"required": [
						"Scheme",
						"Opaque",
						"User",
						"Host",
						"Path",
						"Fragment",
						"RawQuery",
						"RawPath",
						"RawFragment",
						"ForceQuery",
						"OmitHost"
					]
				}
			},
			"properties": {
				"when": {
					"type": "string",
					"format": "date-time"
				},
				"whenp": {
					"format": "date-time",
					"type": [
						"string",
						"null"
					]
				},
				"link": {
					"$ref": "#/$defs/URL"
				},
				"linkp": {
					"anyOf": [
						{
							"$ref": "#/$defs/URL"
						},
						{
							"type": "null"
						}
					]
				},
				"ip": {
					"type": "string"
				},
				"raw": true,
				"any": true,
				"text": {
					"type": "string",
					"description": "Text marshals as text."
				},
				"ptext": {
					"type": "string",
					"description": "PtrText marshals as text through a pointer receiver."
				},
				"both": {
					"description": "Both has MarshalJSON and MarshalText; encoding/json prefers MarshalJSON."
				},
				"dur": {
					"type": "integer"
				}
			},
			"additionalProperties": false,
			"type": "object",
			"required": [
				"when",
				"whenp",
				"link",
				"linkp",
				"ip",
				"raw",
				"any",
				"text",
				"ptext",
				"both",
				"dur"
			]
		}`},
		// "-" skips, "-," names the property "-", omitempty and omitzero
		// make a field optional, ",string" turns numbers and booleans into
		// strings, jsonschema:"required" wins over omitempty, nullable adds
		// null (not to a schema of annotations only, which admits null:
		// oneOf would then reject it, null matching both branches),
		// jsonschema:"-" hides.
		{"JSONTags", `{
			"properties": {
				"name": {
					"type": "string"
				},
				"-": {
					"type": "string"
				},
				"opt": {
					"type": "string"
				},
				"zero": {
					"type": "integer"
				},
				"quoted": {
					"type": "string",
					"pattern": "^-?[0-9]+$"
				},
				"qf": {
					"type": "string",
					"pattern": "^-?([0-9]{1,21}(\\.[0-9]+)?|[0-9](\\.[0-9]+)?[eE][+-]?([0-9]{1,2}|[12][0-9]{2}|30[0-7]))$"
				},
				"qb": {
					"type": "string",
					"enum": [
						"true",
						"false"
					]
				},
				"qs": {
					"type": "string"
				},
				"NoName": {
					"type": "integer"
				},
				"req": {
					"type": "string"
				},
				"null": {
					"oneOf": [
						{
							"type": "string"
						},
						{
							"type": "null"
						}
					]
				},
				"nullany": {
					"description": "NullAny admits null already."
				},
				"titled": {
					"title": "T"
				}
			},
			"additionalProperties": false,
			"type": "object",
			"required": [
				"name",
				"-",
				"quoted",
				"qf",
				"qb",
				"qs",
				"req",
				"null",
				"nullany",
				"titled"
			]
		}`},
		// Plain, a described string type, is used twice: $defs.
		{"Described", `{
			"type": "object",
			"description": "Described is described.",
			"$defs": {
				"Plain": {"type": "string", "description": "Plain is a string type without constants."}
			},
			"properties": {
				"doc": {"type": "string", "description": "Doc is the field's doc over two lines."},
				"line": {"type": "string", "description": "Line is a line comment."},
				"both": {"type": "string", "description": "Both has a doc comment, which wins."},
				"tag": {"type": "string", "description": "From the tag."},
				"kw": {"type": "string", "description": "From the keyword."},
				"typeDoc": {"$ref": "#/$defs/Plain"},
				"fieldDoc": {"$ref": "#/$defs/Plain", "description": "FieldDoc wins over the type's doc."},
				"nested": {
					"type": "object",
					"description": "Point is a position.",
					"properties": {"X": {"type": "number"}, "Y": {"type": "number"}},
					"additionalProperties": false,
					"required": ["X", "Y"]
				},
				"none": {"type": "string"},
				"dep": {
					"type": "object",
					"description": "Item is an item from another package.",
					"properties": {
						"name": {"type": "string", "description": "Name is the item's name."},
						"qty": {"type": "integer", "description": "Qty is how many."}
					},
					"additionalProperties": false,
					"required": ["name"]
				}
			},
			"additionalProperties": false,
			"required": ["doc", "line", "both", "tag", "kw", "typeDoc", "fieldDoc", "nested", "none", "dep"]
		}`},
		// Exported constants of exactly the type, from both files, in
		// declaration order; duplicates and unexported constants left out.
		// Unit is used twice: $defs. Level is used once as itself, and
		// once with ",string", which changes its body: inlined twice.
		{"Enums", `{
			"$defs": {
				"Unit": {
					"type": "string",
					"enum": [
						"celsius",
						"fahrenheit",
						"rankine"
					],
					"description": "Unit is a temperature unit."
				}
			},
			"properties": {
				"unit": {
					"$ref": "#/$defs/Unit"
				},
				"level": {
					"type": "integer",
					"enum": [
						0,
						1,
						10,
						20
					],
					"description": "Level is a log level."
				},
				"units": {
					"items": {
						"$ref": "#/$defs/Unit"
					},
					"type": [
						"array",
						"null"
					]
				},
				"qlevel": {
					"type": "string",
					"enum": [
						"0",
						"1",
						"10",
						"20"
					],
					"description": "Level is a log level."
				},
				"plain": {
					"type": "string",
					"description": "Plain is a string type without constants."
				},
				"dep": {
					"type": "integer",
					"enum": [
						1,
						2
					],
					"description": "Color is a color."
				}
			},
			"additionalProperties": false,
			"type": "object",
			"required": [
				"unit",
				"units",
				"qlevel",
				"plain",
				"dep"
			]
		}`},
		// The root is inlined, and its uses inside it are "$ref": "#".
		{"Node", `{
			"properties": {
				"name": {
					"type": "string"
				},
				"children": {
					"items": {
						"$ref": "#"
					},
					"type": "array"
				}
			},
			"additionalProperties": false,
			"type": "object",
			"required": [
				"name"
			],
			"description": "Node is a tree node."
		}`},
		// Employee and Team are on a cycle: both in $defs. Address is used
		// once, inside Team: inlined there.
		{"Company", `{
			"$defs": {
				"Employee": {
					"properties": {
						"name": {
							"type": "string"
						},
						"team": {
							"$ref": "#/$defs/Team"
						}
					},
					"additionalProperties": false,
					"type": "object",
					"required": [
						"name"
					],
					"description": "Employee works in a team."
				},
				"Team": {
					"properties": {
						"members": {
							"items": {
								"$ref": "#/$defs/Employee"
							},
							"type": [
								"array",
								"null"
							]
						},
						"office": {
							"properties": {
								"city": {
									"type": "string"
								}
							},
							"additionalProperties": false,
							"type": "object",
							"required": [
								"city"
							],
							"description": "Address is used once, inside Team."
						}
					},
					"additionalProperties": false,
					"type": "object",
					"required": [
						"members",
						"office"
					],
					"description": "Team has members."
				}
			},
			"properties": {
				"ceo": {
					"$ref": "#/$defs/Employee"
				}
			},
			"additionalProperties": false,
			"type": "object",
			"required": [
				"ceo"
			]
		}`},
		// Place is used twice: one $defs entry, two $refs. Stop is used once:
		// inlined. Stops, a named slice, is used twice: $defs, and Halt
		// appears once, in it.
		{"Route", `{
			"$defs": {
				"Place": {
					"properties": {
						"name": {
							"type": "string"
						}
					},
					"additionalProperties": false,
					"type": "object",
					"required": [
						"name"
					],
					"description": "Place is shared."
				},
				"Stops": {
					"items": {
						"properties": {
							"code": {
								"type": "string"
							}
						},
						"additionalProperties": false,
						"type": "object",
						"required": [
							"code"
						]
					},
					"type": "array",
					"description": "Stops is a named slice used twice; its element ends up twice in the output, so it goes to $defs."
				}
			},
			"properties": {
				"from": {
					"$ref": "#/$defs/Place",
					"description": "From is where it starts."
				},
				"to": {
					"anyOf": [
						{
							"$ref": "#/$defs/Place"
						},
						{
							"type": "null"
						}
					]
				},
				"via": {
					"properties": {
						"minutes": {
							"type": "integer"
						}
					},
					"additionalProperties": false,
					"type": "object",
					"required": [
						"minutes"
					],
					"description": "Stop is used once."
				},
				"a": {
					"anyOf": [
						{
							"$ref": "#/$defs/Stops"
						},
						{
							"type": "null"
						}
					]
				},
				"b": {
					"anyOf": [
						{
							"$ref": "#/$defs/Stops"
						},
						{
							"type": "null"
						}
					]
				}
			},
			"additionalProperties": false,
			"type": "object",
			"required": [
				"from",
				"to",
				"via",
				"a",
				"b"
			]
		}`},
		// Three distinct types named User: qualified by package name.
		{"Clash", `{
			"type": "object",
			"properties": {
				"a1": {"$ref": "#/$defs/dep.User"},
				"a2": {"$ref": "#/$defs/dep.User"},
				"b1": {"$ref": "#/$defs/other.User"},
				"b2": {"$ref": "#/$defs/other.User"},
				"x1": {"$ref": "#/$defs/x.User"},
				"x2": {"$ref": "#/$defs/x.User"},
				"once": {
					"type": "object",
					"description": "Item is an item from another package.",
					"properties": {
						"name": {"type": "string", "description": "Name is the item's name."},
						"qty": {"type": "integer", "description": "Qty is how many."}
					},
					"additionalProperties": false,
					"required": ["name"]
				}
			},
			"additionalProperties": false,
			"required": ["a1", "a2", "b1", "b2", "x1", "x2", "once"],
			"$defs": {
				"dep.User": {"type": "object", "description": "User of package dep.", "properties": {"d": {"type": "string"}}, "additionalProperties": false, "required": ["d"]},
				"other.User": {"type": "object", "description": "User of package other.", "properties": {"o": {"type": "string"}}, "additionalProperties": false, "required": ["o"]},
				"x.User": {"type": "object", "description": "User of package x.", "properties": {"x": {"type": "string"}}, "additionalProperties": false, "required": ["x"]}
			}
		}`},
		// Generic instantiations get readable $defs names.
		{"Feeds", `{
			"$defs": {
				"Page_Item": {
					"properties": {
						"items": {
							"items": {
								"properties": {
									"name": {
										"type": "string",
										"description": "Name is the item's name."
									},
									"qty": {
										"type": "integer",
										"description": "Qty is how many."
									}
								},
								"additionalProperties": false,
								"type": "object",
								"required": [
									"name"
								],
								"description": "Item is an item from another package."
							},
							"type": [
								"array",
								"null"
							]
						},
						"next": {
							"type": "string"
						}
					},
					"additionalProperties": false,
					"type": "object",
					"required": [
						"items"
					]
				}
			},
			"properties": {
				"a": {
					"$ref": "#/$defs/Page_Item"
				},
				"b": {
					"$ref": "#/$defs/Page_Item"
				},
				"c": {
					"properties": {
						"items": {
							"items": {
								"type": "string"
							},
							"type": [
								"array",
								"null"
							]
						},
						"next": {
							"type": "string"
						}
					},
					"additionalProperties": false,
					"type": "object",
					"required": [
						"items"
					]
				}
			},
			"additionalProperties": false,
			"type": "object",
			"required": [
				"a",
				"b",
				"c"
			]
		}`},
		// Embedded structs from another package and through a pointer are
		// flattened; their field docs come along.
		{"Embeds", `{
			"properties": {
				"by": {
					"type": "string",
					"description": "By is who did it."
				},
				"X": {
					"type": "number"
				},
				"Y": {
					"type": "number"
				},
				"own": {
					"type": "string"
				}
			},
			"additionalProperties": false,
			"type": "object",
			"required": [
				"by",
				"own"
			]
		}`},
		// jsonschema:"-" on an embedded struct hides its fields from the
		// schema (as in invopop); json:"-" skips it (as in encoding/json).
		{"Hides", `{
			"type": "object",
			"description": "Hides hides an embedded struct, and skips another.",
			"properties": {"own": {"type": "string"}},
			"additionalProperties": false,
			"required": ["own"]
		}`},
		// oneof_ref and anyof_ref name types of the package; they go to $defs.
		{"Shapes", `{
			"$defs": {
				"Circle": {
					"properties": {
						"r": {
							"type": "number"
						}
					},
					"additionalProperties": false,
					"type": "object",
					"required": [
						"r"
					],
					"description": "Circle is a shape."
				},
				"Square": {
					"properties": {
						"s": {
							"type": "number"
						}
					},
					"additionalProperties": false,
					"type": "object",
					"required": [
						"s"
					],
					"description": "Square is a shape."
				}
			},
			"properties": {
				"shape": {
					"oneOf": [
						{
							"$ref": "#/$defs/Circle"
						},
						{
							"$ref": "#/$defs/Square"
						}
					]
				},
				"many": {
					"items": {
						"anyOf": [
							{
								"$ref": "#/$defs/Circle"
							}
						]
					},
					"type": [
						"array",
						"null"
					]
				}
			},
			"additionalProperties": false,
			"type": "object",
			"required": [
				"shape",
				"many"
			]
		}`},
		// Type keywords apply to a named slice (invopop drops them, as it
		// gives the field a $ref).
		{"NamedKeywords", `{
			"properties": {
				"t": {
					"items": {
						"type": "string",
						"minLength": 2
					},
					"minItems": 1,
					"type": [
						"array",
						"null"
					]
				}
			},
			"additionalProperties": false,
			"type": "object",
			"required": [
				"t"
			]
		}`},
	}
	b := l.builder()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs := l.schema(t, b, tt.name)
			require.Empty(t, l.errorStrings(errs))
			if os.Getenv("DUMPWANT") != "" && !assert.ObjectsAreEqual(normJSON(tt.want), normJSON(got)) {
				os.WriteFile("/tmp/want/"+tt.name+".json", []byte(got), 0o644)
			}
			assert.JSONEq(t, tt.want, got)
			assert.NoError(t, compile2020(t, got), "2020-12 meta-schema")
		})
	}
}

// coreNames are the types of coreArchive that have a valid schema.
var coreNames = []string{
	"Basics", "Pointers", "Collections", "Special", "JSONTags", "Described",
	"Enums", "Node", "Company", "Route", "Clash", "Feeds", "Embeds", "Hides", "Shapes",
	"NamedKeywords", "dep.Item", "dep.Color",
}

// TestSchemaFromExportData loads every package from export data, without
// syntax: comments come from parsing the files again, matched by name, and
// the schemas are the same as from source.
func TestSchemaFromExportData(t *testing.T) {
	fromSource := loadArchive(t, coreArchive, true, ".")
	// All packages are roots: a dependency known only through the export
	// data of its importer is incomplete (no unreferenced constants).
	fromExport := loadPackages(t, fromSource.dir, false, "./...")
	require.Empty(t, fromExport.pkgs["example.com/x"].Syntax)
	bs, be := fromSource.builder(), fromExport.builder()
	for _, name := range coreNames {
		t.Run(name, func(t *testing.T) {
			want, errs := fromSource.schema(t, bs, name)
			require.Empty(t, fromSource.errorStrings(errs))
			got, errs := fromExport.schema(t, be, name)
			require.Empty(t, fromExport.errorStrings(errs))
			assert.JSONEq(t, want, got)
		})
	}
}

// sharedArchive has roots that use Leaf once each (inline, so that a
// Builder builds its body once and shares it: inlineBody), with tags that
// change the schema of the use, its items or its enum.
const sharedArchive = `
-- shared.go --
package x

// Leaf is shared.
type Leaf struct {
	// A is a number.
	A int      ` + "`json:\"a\"`" + `
	B []string ` + "`json:\"b,omitempty\"`" + `
}

// Kind is an enum.
type Kind int

const (
	KindA Kind = 1
	KindB Kind = 2
)

// Pair is another struct.
type Pair struct {
	N int ` + "`json:\"n\"`" + `
}

type TagX struct {
	X Leaf ` + "`json:\"x\" jsonschema:\"title=T,description=D\" jsonschema_extras:\"x-a=1\"`" + `
}

type RefY struct {
	Y []Leaf ` + "`json:\"y\" jsonschema:\"minItems=2,oneof_ref=#/$defs/Pair\"`" + `
}

type NullN struct {
	N *Leaf ` + "`json:\"n\" jsonschema:\"nullable\"`" + `
}

type StrK struct {
	K Kind   ` + "`json:\"k,string\"`" + `
	Z []Kind ` + "`json:\"z\" jsonschema:\"maximum=2\"`" + `
}

type FmtY struct {
	Y []Leaf ` + "`json:\"y\" jsonschema:\"format=date\"`" + `
}

// Leaves is a list.
type Leaves []Leaf

type TagL struct {
	L Leaves ` + "`json:\"l\" jsonschema:\"minItems=1,pattern=^a\"`" + `
}

type PlainL struct {
	L Leaves ` + "`json:\"l\"`" + `
}

type Plain struct {
	X Leaf ` + "`json:\"x\"`" + `
}

type PlainY struct {
	Y []Leaf ` + "`json:\"y\"`" + `
}

type PlainM struct {
	M map[string]Leaf ` + "`json:\"m\"`" + `
	K Kind            ` + "`json:\"k\"`" + `
	Z []Kind          ` + "`json:\"z\"`" + `
}
`

// TestSharedBodies builds schemas with one Builder, in both orders, and
// each with a Builder of its own: a body shared between roots is never
// changed by what one root's tags do to it, and the schemas are the same
// whatever the Builder built before.
func TestSharedBodies(t *testing.T) {
	l := loadArchive(t, sharedArchive, true, ".")
	names := []string{"TagX", "RefY", "NullN", "StrK", "FmtY", "TagL", "Plain", "PlainY", "PlainM", "PlainL"}
	alone := map[string]string{}
	for _, name := range names {
		s, errs := l.schema(t, l.builder(), name)
		require.Empty(t, l.errorStrings(errs), name)
		alone[name] = s
	}
	reversed := slices.Clone(names)
	slices.Reverse(reversed)
	for _, order := range [][]string{names, reversed} {
		b := l.builder()
		for range 2 {
			for _, name := range order {
				got, errs := l.schema(t, b, name)
				require.Empty(t, l.errorStrings(errs), name)
				assert.Equal(t, alone[name], got, name)
			}
		}
		require.Equal(t, []string{"Kind", "Leaf", "Pair"}, schemagen.SharedBodyNames(b), "Leaf, Kind and the $defs entry of Pair are built once")
	}
	// What the tags did stayed where they were.
	assert.Contains(t, alone["TagX"], `"title":"T"`)
	assert.Contains(t, alone["RefY"], `"oneOf"`)
	assert.Contains(t, alone["FmtY"], `"format":"date"`)
	assert.Contains(t, alone["TagL"], `"pattern":"^a"`)
	for _, plain := range []string{"Plain", "PlainY", "PlainM", "PlainL"} {
		for _, changed := range []string{`"title"`, `x-a`, `"oneOf"`, `"maximum":2`, `"minItems"`, `"1"`, `"format"`, `"pattern"`} {
			assert.NotContains(t, alone[plain], changed, plain)
		}
		assert.Contains(t, alone[plain], `"description":"Leaf is shared."`, plain)
	}
}

// TestDeterministic builds each schema with one builder several times, and
// with fresh builders concurrently: the bytes never change.
func TestDeterministic(t *testing.T) {
	l := loadArchive(t, coreArchive, true, ".")
	b := l.builder()
	want := map[string]string{}
	for _, name := range coreNames {
		want[name], _ = l.schema(t, b, name)
	}
	for range 3 {
		for _, name := range coreNames {
			got, _ := l.schema(t, b, name)
			assert.Equal(t, want[name], got, name)
		}
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			b := l.builder()
			for _, name := range coreNames {
				obj := l.lookup(t, name)
				s, _ := b.Schema(obj.Type(), obj.Name())
				data, err := json.Marshal(s)
				assert.NoError(t, err)
				assert.Equal(t, want[name], string(data), name)
			}
		})
	}
	wg.Wait()
}

const rootsArchive = `
-- roots.go --
package x

// Tree is a recursive map.
type Tree map[string]Tree

// List is a recursive slice.
type List []List

// Item is listed.
type Item struct {
	Name string ` + "`json:\"name\"`" + `
}

type Items []Item

type Ints []int

type Name string

// Loop is recursive, and holds a struct used once.
type Loop struct {
	Next *Loop ` + "`json:\"next,omitempty\"`" + `
	Leaf Leaf  ` + "`json:\"leaf\"`" + `
}

type Leaf struct {
	V int ` + "`json:\"v\"`" + `
}

type Ch chan int

type Box[T any] struct {
	V T ` + "`json:\"v\"`" + `
}

type Alias = Item
`

// TestRoots covers roots that are not plain structs.
func TestRoots(t *testing.T) {
	l := loadArchive(t, rootsArchive, true, ".")
	item := l.lookup(t, "Item").Type()
	tests := []struct {
		name string
		typ  types.Type
		want string
		errs []string
	}{
		{"Tree", l.lookup(t, "Tree").Type(), `{
			"additionalProperties": {
				"anyOf": [
					{
						"$ref": "#"
					},
					{
						"type": "null"
					}
				]
			},
			"type": "object",
			"description": "Tree is a recursive map."
		}`, nil},
		{"List", l.lookup(t, "List").Type(), `{
			"items": {
				"anyOf": [
					{
						"$ref": "#"
					},
					{
						"type": "null"
					}
				]
			},
			"type": "array",
			"description": "List is a recursive slice."
		}`, nil},
		{"Items", l.lookup(t, "Items").Type(), `{
			"type": "array",
			"items": {"type": "object", "description": "Item is listed.", "properties": {"name": {"type": "string"}}, "additionalProperties": false, "required": ["name"]}
		}`, nil},
		{"pointer to struct", types.NewPointer(item), `{
			"type": "object", "description": "Item is listed.", "properties": {"name": {"type": "string"}}, "additionalProperties": false, "required": ["name"]
		}`, nil},
		{"alias", l.lookup(t, "Alias").Type(), `{
			"type": "object", "description": "Item is listed.", "properties": {"name": {"type": "string"}}, "additionalProperties": false, "required": ["name"]
		}`, nil},
		{"slice of struct", types.NewSlice(item), `{
			"type": "array",
			"items": {"type": "object", "description": "Item is listed.", "properties": {"name": {"type": "string"}}, "additionalProperties": false, "required": ["name"]}
		}`, nil},
		{"map of struct", types.NewMap(types.Typ[types.String], item), `{
			"type": "object",
			"additionalProperties": {"type": "object", "description": "Item is listed.", "properties": {"name": {"type": "string"}}, "additionalProperties": false, "required": ["name"]}
		}`, nil},
		{"Ints", l.lookup(t, "Ints").Type(), `{"type": "array", "items": {"type": "integer"}}`, nil},
		{"Name", l.lookup(t, "Name").Type(), `{"type": "string"}`, nil},
		{"string", types.Typ[types.String], `{"type": "string"}`, nil},
		{"any", types.Universe.Lookup("any").Type(), `true`, nil},
		// The recursive root is written once, at the root, which its uses
		// reference as "#": Leaf, used once, is inlined.
		{"Loop", l.lookup(t, "Loop").Type(), `{
			"properties": {
				"next": {
					"$ref": "#"
				},
				"leaf": {
					"properties": {
						"v": {
							"type": "integer"
						}
					},
					"additionalProperties": false,
					"type": "object",
					"required": [
						"v"
					]
				}
			},
			"additionalProperties": false,
			"type": "object",
			"required": [
				"leaf"
			],
			"description": "Loop is recursive, and holds a struct used once."
		}`, nil},
		{"Ch", l.lookup(t, "Ch").Type(), `true`, []string{
			`roots.go:30: Ch: type x.Ch has no JSON form (encoding/json cannot encode channels); use a data type such as a struct, slice or string, or tag the field json:"-"`,
		}},
		{"Box", l.lookup(t, "Box").Type(), `{
			"type": "object", "properties": {"v": true}, "additionalProperties": false, "required": ["v"]
		}`, []string{
			`roots.go:33: Box.V: type parameter T has no JSON Schema; use the generic type with concrete type arguments`,
		}},
	}
	b := l.builder()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, errs := b.Schema(tt.typ, tt.name)
			got := marshal(t, s)
			if os.Getenv("DUMPWANT") != "" && !assert.ObjectsAreEqual(normJSON(tt.want), normJSON(got)) {
				os.WriteFile("/tmp/want/"+tt.name+".json", []byte(got), 0o644)
			}
			assert.JSONEq(t, tt.want, got)
			assert.Equal(t, tt.errs, l.errorStrings(errs))
			assert.NoError(t, compile2020(t, got))
		})
	}
}

func normJSON(s string) any {
	var v any
	json.Unmarshal([]byte(s), &v)
	return v
}
