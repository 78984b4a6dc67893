package jsonarg

import (
	"math"
	"math/big"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"
)

// Decoder reads one call's arguments. It keeps the JSON path of the value
// being read (for messages), the violations found so far, and whether it has
// fallen back. Get one with [New]; it is not safe for concurrent use.
//
// A generated decoder reads a value by looking at its kind with
// [Decoder.Peek] and calling the reader of that kind, or
// [Decoder.WrongType] when the schema does not allow it. Objects are read
// with [Decoder.Object] and a loop on [Decoder.Next], arrays with
// [Decoder.Array] and [Decoder.NextItem]. Every reader checks the JSON
// syntax of what it consumes; on anything it cannot decide exactly as the
// runtime's general path does it falls back, after which every reader
// returns zero values and the loops end.
type Decoder struct {
	data      []byte
	pos       int
	failed    bool
	dropNulls bool

	frames []frame // open objects and arrays, outermost first
	unexp  []keyRef
	lines  []span // recorded violations, each a line of arena
	arena  []byte // rendered violation lines
	keyBuf []byte // the current key, when it had escapes
	key    []byte // the current key, unescaped
	strBuf []byte // unescaped string for TextBytes
	names  []byte // unescaped unexpected names, while sorting them
	nspans []span
	skips  []byte // closing brackets while skipping

	num numRef // the last number read
}

// frame is an open object or array, with its current key or index.
type frame struct {
	array bool
	has   bool // a current key or index is set
	key   keyRef
	index int
	base  int // len(unexp) when the object was entered
}

// keyRef is a key in the input: the bytes between its quotes.
type keyRef struct {
	start, end int
	esc        bool
}

// numRef is the last number read, for the bound checks.
type numRef struct {
	start, end int
	kind       numKind
	i          int64
	u          uint64
	f          float64 // parsed as float64, for numFloat
}

type numKind uint8

const (
	numNone numKind = iota
	numInt
	numUint
	numFloat
)

// maxDepth bounds nesting; encoding/json gives up at 10000 levels.
const maxDepth = 10000

var pool = sync.Pool{New: func() any { return new(Decoder) }}

// New returns a decoder of data, from a pool. dropOptionalNulls is the
// runtime's strict-mode rule (a tool whose Spec is Strict): a null where an
// optional property's value should be means the property is absent (see
// [Decoder.DropNull]).
func New(data []byte, dropOptionalNulls bool) *Decoder {
	d := pool.Get().(*Decoder)
	d.data = data
	d.pos = 0
	d.failed = false
	d.dropNulls = dropOptionalNulls
	d.frames = d.frames[:0]
	d.unexp = d.unexp[:0]
	d.lines = d.lines[:0]
	d.arena = d.arena[:0]
	d.key = nil
	d.num = numRef{}
	return d
}

// Release returns d to the pool. d must not be used afterwards.
func (d *Decoder) Release() {
	d.data = nil
	d.key = nil
	const keep = 64 << 10
	if cap(d.arena) > keep {
		d.arena = nil
	}
	if cap(d.strBuf) > keep {
		d.strBuf = nil
	}
	if cap(d.keyBuf) > keep {
		d.keyBuf = nil
	}
	if cap(d.names) > keep {
		d.names = nil
	}
	if cap(d.frames) > 1024 {
		d.frames = nil
	}
	if cap(d.skips) > 1024 {
		d.skips = nil
	}
	if cap(d.lines) > 1024 {
		d.lines = nil
	}
	if cap(d.unexp) > 1024 {
		d.unexp = nil
	}
	if cap(d.nspans) > 1024 {
		d.nspans = nil
	}
	pool.Put(d)
}

// Finish ends decoding: data after the top-level value (other than
// whitespace) makes the decoder fall back, and so does an object or array
// left open. It reports whether the decoder fell back and, if not, the
// message that lists the violations, "" for none, worded exactly as the
// runtime's general path words it ("arguments do not match the input
// schema: at /units: expected one of \"celsius\", \"fahrenheit\""; sorted,
// de-duplicated, at most 8 listed; see [SchemaMessage]).
func (d *Decoder) Finish() (fallback bool, msg string) {
	return d.FinishPrefixed("")
}

// FinishPrefixed is Finish with prefix written at the start of a message
// that is not "", in the same allocation: the runtime's
// "invalid arguments: ".
func (d *Decoder) FinishPrefixed(prefix string) (fallback bool, msg string) {
	if !d.failed {
		if len(d.frames) != 0 || d.pos == 0 {
			d.Fallback()
		} else {
			d.ws()
			if d.pos != len(d.data) {
				d.Fallback()
			}
		}
	}
	if d.failed {
		return true, ""
	}
	if len(d.lines) == 0 {
		return false, ""
	}
	return false, buildMessage(prefix, d.arena, d.lines)
}

// Fallback gives up: the runtime will decode these arguments with its
// general path. Reading on after Fallback is safe; every reader returns
// zero values.
func (d *Decoder) Fallback() {
	d.failed = true
	d.pos = len(d.data)
}

// Failed reports whether d has fallen back.
func (d *Decoder) Failed() bool { return d.failed }

// ws skips whitespace.
func (d *Decoder) ws() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// kinds maps the first byte of a value to its kind.
var kinds = [256]Kind{
	'n': Null, 't': Bool, 'f': Bool, '"': String, '[': Array, '{': Object,
	'-': Number, '0': Number, '1': Number, '2': Number, '3': Number, '4': Number,
	'5': Number, '6': Number, '7': Number, '8': Number, '9': Number,
}

// Peek skips whitespace and returns the kind of the next value without
// consuming it. At anything that cannot start a JSON value it falls back
// and returns Invalid.
func (d *Decoder) Peek() Kind {
	d.ws()
	if d.pos >= len(d.data) {
		d.Fallback()
		return Invalid
	}
	k := kinds[d.data[d.pos]]
	if k == Invalid {
		d.Fallback()
	}
	return k
}

// literal consumes the literal lit (null, true, false) or falls back.
func (d *Decoder) literal(lit string) bool {
	d.ws()
	if len(d.data)-d.pos >= len(lit) && string(d.data[d.pos:d.pos+len(lit)]) == lit {
		d.pos += len(lit)
		return true
	}
	d.Fallback()
	return false
}

// Null consumes a null. Precondition: Peek() == Null.
func (d *Decoder) Null() {
	if !d.failed {
		d.literal("null")
	}
}

// DropNull returns true, having consumed the next value, if that value is
// null and the decoder drops optional nulls (strict mode); otherwise it
// consumes nothing and returns false. Generated code calls it first for
// each optional property, never for a required one (whose null stays a
// violation), nor for a property the schema does not know.
func (d *Decoder) DropNull() bool {
	if !d.dropNulls || d.failed || d.Peek() != Null {
		return false
	}
	return d.literal("null")
}

// Bool consumes a boolean. Precondition: Peek() == Bool.
func (d *Decoder) Bool() bool {
	if d.failed {
		return false
	}
	d.ws()
	if d.pos < len(d.data) && d.data[d.pos] == 't' {
		return d.literal("true")
	}
	d.literal("false")
	return false
}

// Text consumes a string and returns it unescaped, as encoding/json
// would. Precondition: Peek() == String. (It is not called String so that
// a Decoder is no fmt.Stringer: printing one must not consume its input.) Invalid UTF-8 or a lone
// surrogate falls back.
func (d *Decoder) Text() string {
	start, end, esc, ok := d.scanString()
	if !ok {
		return ""
	}
	if !esc {
		return string(d.data[start:end])
	}
	d.strBuf = unescape(d.strBuf[:0], d.data[start:end])
	return string(d.strBuf)
}

// TextBytes is Text without the copy: the unescaped bytes, valid until
// the next call of a reader. Generated code uses it where it keeps no
// string (an enum assigned from its constants: switch
// string(d.TextBytes()) does not allocate) or counts runes first.
func (d *Decoder) TextBytes() []byte {
	start, end, esc, ok := d.scanString()
	if !ok {
		return nil
	}
	if !esc {
		return d.data[start:end]
	}
	d.strBuf = unescape(d.strBuf[:0], d.data[start:end])
	return d.strBuf
}

// Int consumes a number for a Go signed integer. ok is false when the
// number is not an integer (a violation "expected integer, got number" is
// recorded, as the schema's "type": "integer" reports it) or when
// encoding/json would reject it although it is an integer (1.0, 1e3, out
// of int64's range: the decoder falls back). Precondition: Peek() ==
// Number. The caller checks the schema's bounds, which include the Go
// type's.
//
// The recorded violation is the one of a schema whose type is exactly
// "integer"; for another type set, generated code falls back when ok is
// false and Failed is not.
func (d *Decoder) Int() (v int64, ok bool) {
	start, end, plain, ok := d.number()
	if !ok {
		return 0, false
	}
	if !plain {
		d.notInteger(start, end)
		return 0, false
	}
	b := d.data[start:end]
	neg := b[0] == '-'
	if neg {
		b = b[1:]
	}
	if len(b) > 19 {
		d.Fallback()
		return 0, false
	}
	var u uint64
	for _, c := range b {
		u = u*10 + uint64(c-'0') // 19 digits cannot overflow uint64
	}
	switch {
	case !neg && u <= math.MaxInt64:
		v = int64(u)
	case neg && u <= 1<<63:
		v = -int64(u) // -(1<<63) wraps to itself: math.MinInt64
	default:
		d.Fallback()
		return 0, false
	}
	d.num = numRef{start: start, end: end, kind: numInt, i: v}
	return v, true
}

// Uint is Int for a Go unsigned integer. A negative number falls back (the
// schema's minimum 0 reports it; encoding/json rejects even -0), as does
// one beyond uint64's range.
func (d *Decoder) Uint() (v uint64, ok bool) {
	start, end, plain, ok := d.number()
	if !ok {
		return 0, false
	}
	b := d.data[start:end]
	if b[0] == '-' {
		d.Fallback()
		return 0, false
	}
	if !plain {
		d.notInteger(start, end)
		return 0, false
	}
	if len(b) > 20 {
		d.Fallback()
		return 0, false
	}
	for _, c := range b {
		dg := uint64(c - '0')
		if v > (math.MaxUint64-dg)/10 {
			d.Fallback()
			return 0, false
		}
		v = v*10 + dg
	}
	d.num = numRef{start: start, end: end, kind: numUint, u: v}
	return v, true
}

// notInteger handles a number with a fraction or an exponent read for an
// integer: integral ones (1.0, 1e3) fall back, because encoding/json rejects
// what the schema accepts; others are the "type" violation.
func (d *Decoder) notInteger(start, end int) {
	switch integral(d.data[start:end]) {
	case 1:
		d.Fallback()
	case 0:
		d.record(appendType(d.lineStart(), "integer", "number"))
	default:
		d.Fallback()
	}
}

// integral reports whether the number literal b (valid JSON) is an
// integer: 1 yes, 0 no, -1 undecided (an exponent of more than four
// digits, which the general path may not even parse).
func integral(b []byte) int {
	i := 0
	if b[0] == '-' {
		i++
	}
	// value = digits × 10^(exp-frac), digits the integer and fraction parts
	// together; zeros after the last non-zero digit only scale it.
	trailing, nonzero, frac := 0, false, 0
	digit := func(c byte) {
		if c == '0' {
			trailing++
		} else {
			trailing, nonzero = 0, true
		}
	}
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		digit(b[i])
	}
	if i < len(b) && b[i] == '.' {
		for i++; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			digit(b[i])
			frac++
		}
	}
	exp := 0
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		neg := false
		if b[i] == '+' || b[i] == '-' {
			neg = b[i] == '-'
			i++
		}
		if len(b)-i > 4 {
			return -1
		}
		for ; i < len(b); i++ {
			exp = exp*10 + int(b[i]-'0')
		}
		if neg {
			exp = -exp
		}
	}
	if !nonzero || exp+trailing-frac >= 0 {
		return 1
	}
	return 0
}

// Float consumes a number for a float64 (or float32: bits = 32), as
// encoding/json parses it; out of range falls back. Precondition: Peek()
// == Number.
func (d *Decoder) Float(bits int) (v float64, ok bool) {
	start, end, _, ok := d.number()
	if !ok {
		return 0, false
	}
	s := d.data[start:end]
	f, err := strconv.ParseFloat(string(s), 64)
	if err != nil {
		d.Fallback()
		return 0, false
	}
	d.num = numRef{start: start, end: end, kind: numFloat, f: f}
	if bits == 32 {
		f32, err := strconv.ParseFloat(string(s), 32)
		if err != nil {
			d.Fallback()
			return 0, false
		}
		return f32, true
	}
	return f, true
}

// CmpNumber compares the last number read by Int, Uint or Float with
// bound, exactly, as the validator compares the literal with the schema's
// bound: -1 if the number is less, 0 if equal, +1 if greater. bound must be
// exactly the schema's bound (any integer up to 2^53 in magnitude, or a
// binary fraction such as 0.5); for another bound use CmpRat. It returns 0
// when no number was read.
func (d *Decoder) CmpNumber(bound float64) int {
	switch d.num.kind {
	case numInt:
		return cmpIntFloat(d.num.i, bound)
	case numUint:
		if bound < 0 {
			return 1
		}
		if bound >= 1<<64 {
			return -1
		}
		t := math.Trunc(bound)
		tu := uint64(t)
		switch {
		case d.num.u < tu:
			return -1
		case d.num.u > tu:
			return 1
		case bound > t:
			return -1
		}
		return 0
	case numFloat:
		switch {
		case d.num.f < bound:
			return -1
		case d.num.f > bound:
			return 1
		}
		// Rounding is monotonic: only an equal float can hide a literal
		// on either side of the bound.
		if r := d.Rat(); r != nil {
			return r.Cmp(new(big.Rat).SetFloat64(bound))
		}
	}
	return 0
}

func cmpIntFloat(i int64, f float64) int {
	if f >= 1<<63 {
		return -1
	}
	if f < -(1 << 63) {
		return 1
	}
	t := math.Trunc(f)
	ti := int64(t)
	switch {
	case i < ti:
		return -1
	case i > ti:
		return 1
	case f > t:
		return -1
	case f < t:
		return 1
	}
	return 0
}

// CmpRat is CmpNumber for any bound, such as 0.1, exactly; it allocates.
func (d *Decoder) CmpRat(bound *big.Rat) int {
	r := d.Rat()
	if r == nil || bound == nil {
		return 0
	}
	return r.Cmp(bound)
}

// Rat returns the last number read by Int, Uint or Float as an exact
// rational, as the validator sees it (for "multipleOf" and unusual
// bounds). It is nil when no number was read, and falls back when the
// literal cannot be parsed exactly (an exponent out of math/big's range).
func (d *Decoder) Rat() *big.Rat {
	if d.num.kind == numNone || d.failed {
		return nil
	}
	r, ok := new(big.Rat).SetString(string(d.data[d.num.start:d.num.end]))
	if !ok {
		d.Fallback()
		return nil
	}
	return r
}

// Raw consumes any value and returns its bytes, unchanged (for any,
// json.RawMessage, and types that decode themselves, such as time.Time).
// The bytes alias the input: copy what is kept.
func (d *Decoder) Raw() []byte {
	if d.failed {
		return nil
	}
	d.ws()
	start := d.pos
	d.Skip()
	if d.failed {
		return nil
	}
	return d.data[start:d.pos]
}

// Skip consumes any value, checking its syntax.
func (d *Decoder) Skip() {
	if d.failed {
		return
	}
	d.skips = d.skips[:0]
	for {
		// A value.
		switch d.Peek() {
		case Invalid:
			return
		case Null:
			d.literal("null")
		case Bool:
			d.Bool()
		case Number:
			d.number()
		case String:
			d.scanString()
		case Array:
			d.pos++
			if !d.pushSkip(']') {
				return
			}
			d.ws()
			if d.pos < len(d.data) && d.data[d.pos] == ']' {
				d.pos++
				d.skips = d.skips[:len(d.skips)-1]
				break
			}
			continue
		case Object:
			d.pos++
			if !d.pushSkip('}') {
				return
			}
			d.ws()
			if d.pos < len(d.data) && d.data[d.pos] == '}' {
				d.pos++
				d.skips = d.skips[:len(d.skips)-1]
				break
			}
			if !d.skipKey() {
				return
			}
			continue
		}
		if d.failed {
			return
		}
		// After a value: close brackets or move to the next member.
		for {
			if len(d.skips) == 0 {
				return
			}
			d.ws()
			if d.pos >= len(d.data) {
				d.Fallback()
				return
			}
			c := d.data[d.pos]
			top := d.skips[len(d.skips)-1]
			if c == top {
				d.pos++
				d.skips = d.skips[:len(d.skips)-1]
				continue
			}
			if c != ',' {
				d.Fallback()
				return
			}
			d.pos++
			if top == '}' && !d.skipKey() {
				return
			}
			break
		}
	}
}

func (d *Decoder) pushSkip(c byte) bool {
	if len(d.skips)+len(d.frames) >= maxDepth {
		d.Fallback()
		return false
	}
	d.skips = append(d.skips, c)
	return true
}

// skipKey consumes a key and its colon.
func (d *Decoder) skipKey() bool {
	d.ws()
	if d.pos >= len(d.data) || d.data[d.pos] != '"' {
		d.Fallback()
		return false
	}
	if _, _, _, ok := d.scanString(); !ok {
		return false
	}
	return d.colon()
}

func (d *Decoder) colon() bool {
	d.ws()
	if d.pos >= len(d.data) || d.data[d.pos] != ':' {
		d.Fallback()
		return false
	}
	d.pos++
	return true
}

// WrongType records "expected <want>, got <kind>" at the current path,
// worded as the schema's "type" keyword reports it, and skips the value.
// want is the schema's types as [TypeNames] lists them: in the
// validator's fixed order, so "type": ["string", "null"] is "null or
// string". got is the JSON type of the value: null, boolean, number (for
// every number, integral or not), string, array or object.
func (d *Decoder) WrongType(want string) {
	if d.failed {
		return
	}
	k := d.Peek()
	if k == Invalid {
		return
	}
	d.record(appendType(d.lineStart(), want, k.String()))
	d.Skip()
}

// Violation records msg (a message from the Message functions, computed at
// generate time) at the current path.
func (d *Decoder) Violation(msg string) {
	if d.failed {
		return
	}
	d.record(append(d.lineStart(), msg...))
}

// lineStart appends "at <path>: " to the arena and returns it; record
// takes it back with the message appended.
func (d *Decoder) lineStart() []byte {
	return append(d.appendPath(append(d.arena, linePrefix[:3]...), len(d.frames)), ": "...)
}

// appendPath appends the path of the value that the first n frames lead
// to: "/" for the root, else "/k/0/…".
func (d *Decoder) appendPath(dst []byte, n int) []byte {
	first := true
	for _, f := range d.frames[:n] {
		if !f.has {
			continue
		}
		dst = append(dst, '/')
		first = false
		if f.array {
			dst = strconv.AppendInt(dst, int64(f.index), 10)
		} else if f.key.esc {
			dst = unescape(dst, d.data[f.key.start:f.key.end])
		} else {
			dst = append(dst, d.data[f.key.start:f.key.end]...)
		}
	}
	if first {
		dst = append(dst, '/')
	}
	return dst
}

// record keeps line, appended to the arena by lineStart, as a violation.
func (d *Decoder) record(line []byte) {
	d.lines = append(d.lines, span{len(d.arena), len(line)})
	d.arena = line
}

// Object consumes '{' and enters the object. Precondition: Peek() ==
// Object. Loop with Next.
func (d *Decoder) Object() {
	if d.failed {
		return
	}
	d.ws()
	if d.pos >= len(d.data) || d.data[d.pos] != '{' || len(d.frames) >= maxDepth {
		d.Fallback()
		return
	}
	d.pos++
	d.frames = append(d.frames, frame{base: len(d.unexp)})
}

// Next moves to the object's next property and returns true, with the
// current path ending in its key; at '}' it leaves the object, reports the
// properties passed to Unexpected as one violation at the object's path,
// and returns false.
func (d *Decoder) Next() bool {
	if d.failed {
		return false
	}
	n := len(d.frames)
	if n == 0 || d.frames[n-1].array {
		d.Fallback()
		return false
	}
	f := &d.frames[n-1]
	d.ws()
	if d.pos >= len(d.data) {
		d.Fallback()
		return false
	}
	c := d.data[d.pos]
	if c == '}' {
		d.pos++
		d.closeObject()
		return false
	}
	if f.has {
		if c != ',' {
			d.Fallback()
			return false
		}
		d.pos++
		d.ws()
		if d.pos >= len(d.data) {
			d.Fallback()
			return false
		}
		c = d.data[d.pos]
	}
	if c != '"' {
		d.Fallback()
		return false
	}
	start, end, esc, ok := d.scanStringAt()
	if !ok {
		return false
	}
	if d.pos < len(d.data) && d.data[d.pos] == ':' {
		d.pos++
	} else if !d.colon() {
		return false
	}
	f.has = true
	f.key = keyRef{start, end, esc}
	if esc {
		d.keyBuf = unescape(d.keyBuf[:0], d.data[start:end])
		d.key = d.keyBuf
	} else {
		d.key = d.data[start:end]
	}
	return true
}

// closeObject reports the object's unexpected properties and leaves it.
func (d *Decoder) closeObject() {
	n := len(d.frames)
	base := d.frames[n-1].base
	if len(d.unexp) > base {
		d.names = d.names[:0]
		d.nspans = d.nspans[:0]
		for _, k := range d.unexp[base:] {
			s := len(d.names)
			if k.esc {
				d.names = unescape(d.names, d.data[k.start:k.end])
			} else {
				d.names = append(d.names, d.data[k.start:k.end]...)
			}
			d.nspans = append(d.nspans, span{s, len(d.names)})
		}
		names := d.names
		slices.SortFunc(d.nspans, func(a, b span) int {
			return compareBytes(names[a.start:a.end], names[b.start:b.end])
		})
		d.nspans = slices.CompactFunc(d.nspans, func(a, b span) bool {
			return string(names[a.start:a.end]) == string(names[b.start:b.end])
		})
		line := append(d.appendPath(append(d.arena, linePrefix[:3]...), n-1), ": "...)
		line = appendUnexpectedHead(line, len(d.nspans))
		for i, s := range d.nspans {
			if i > 0 {
				line = append(line, ", "...)
			}
			line = appendQuotedBytes(line, names[s.start:s.end])
		}
		d.record(append(line, unexpectedTail...))
		d.unexp = d.unexp[:base]
	}
	d.frames = d.frames[:n-1]
}

func compareBytes(a, b []byte) int {
	switch {
	case string(a) < string(b):
		return -1
	case string(a) > string(b):
		return 1
	}
	return 0
}

// Key is the current property's key, unescaped. It is valid until the next
// call of Next: switch on string(d.Key()) does not allocate.
func (d *Decoder) Key() []byte { return d.key }

// Unexpected notes the current property as one the schema does not allow
// (additionalProperties: false) and skips its value.
func (d *Decoder) Unexpected() {
	if d.failed {
		return
	}
	n := len(d.frames)
	if n == 0 || d.frames[n-1].array || !d.frames[n-1].has {
		d.Fallback()
		return
	}
	d.unexp = append(d.unexp, d.frames[n-1].key)
	d.Skip()
}

// Duplicate falls back: a key seen twice in one object (encoding/json
// merges into maps and structs where a validator sees the last value).
func (d *Decoder) Duplicate() { d.Fallback() }

// Missing records the schema's "required" violation at the current path
// (the object, after Next returned false): names[i] is missing when bit i
// of missing is set, listed in bit order. Bit i must stand for the i-th
// name of the schema's "required" array, the order the validator lists
// missing names in. missing == 0 records nothing.
func (d *Decoder) Missing(missing uint64, names []string) {
	if d.failed || missing == 0 {
		return
	}
	count := 0
	for i := range names {
		if i < 64 && missing&(1<<i) != 0 {
			count++
		}
	}
	if count == 0 {
		return
	}
	line := appendRequiredHead(d.lineStart(), count)
	first := true
	for i, name := range names {
		if i < 64 && missing&(1<<i) != 0 {
			if !first {
				line = append(line, ", "...)
			}
			first = false
			line = appendQuoted(line, name)
		}
	}
	d.record(line)
}

// Array consumes '[' and enters the array. Precondition: Peek() == Array.
// Loop with NextItem.
func (d *Decoder) Array() {
	if d.failed {
		return
	}
	d.ws()
	if d.pos >= len(d.data) || d.data[d.pos] != '[' || len(d.frames) >= maxDepth {
		d.Fallback()
		return
	}
	d.pos++
	d.frames = append(d.frames, frame{array: true, index: -1})
}

// NextItem moves to the array's next item and returns true, with the
// current path ending in its index; at ']' it leaves the array and returns
// false.
func (d *Decoder) NextItem() bool {
	if d.failed {
		return false
	}
	n := len(d.frames)
	if n == 0 || !d.frames[n-1].array {
		d.Fallback()
		return false
	}
	f := &d.frames[n-1]
	d.ws()
	if d.pos >= len(d.data) {
		d.Fallback()
		return false
	}
	c := d.data[d.pos]
	if c == ']' {
		d.pos++
		d.frames = d.frames[:n-1]
		return false
	}
	if f.has {
		if c != ',' {
			d.Fallback()
			return false
		}
		d.pos++
	}
	f.has = true
	f.index++
	return true
}

// Mark returns the number of violations recorded so far, to tell after
// decoding a value whether it had any (see Since).
func (d *Decoder) Mark() int { return len(d.lines) }

// Since reports whether violations were recorded after mark.
func (d *Decoder) Since(mark int) bool { return len(d.lines) > mark }

// MinLength records "expected at least <want> characters, got <got>" (got
// counted in runes, as the schema's minLength counts: see
// utf8.RuneCountInString) at the current path.
func (d *Decoder) MinLength(want, got int) {
	d.count("expected at least ", want, " characters, got ", got)
}

// MaxLength records "expected at most <want> characters, got <got>"; see
// MinLength.
func (d *Decoder) MaxLength(want, got int) {
	d.count("expected at most ", want, " characters, got ", got)
}

// MinItems records "expected at least <want> items, got <got>" (at the
// array's path: after NextItem returned false).
func (d *Decoder) MinItems(want, got int) {
	d.count("expected at least ", want, " items, got ", got)
}

// MaxItems records "expected at most <want> items, got <got>"; see
// MinItems.
func (d *Decoder) MaxItems(want, got int) {
	d.count("expected at most ", want, " items, got ", got)
}

// MinProperties records "expected at least <want> properties, got <got>"
// (at the object's path: after Next returned false).
func (d *Decoder) MinProperties(want, got int) {
	d.count("expected at least ", want, " properties, got ", got)
}

// MaxProperties records "expected at most <want> properties, got <got>";
// see MinProperties.
func (d *Decoder) MaxProperties(want, got int) {
	d.count("expected at most ", want, " properties, got ", got)
}

func (d *Decoder) count(a string, want int, b string, got int) {
	if d.failed {
		return
	}
	d.record(appendCount(d.lineStart(), a, want, b, got))
}

// scanString consumes a string, checking its syntax and that it decodes
// as encoding/json decodes it without replacement: the bytes between the
// quotes are data[start:end]; esc says whether they hold escapes.
func (d *Decoder) scanString() (start, end int, esc, ok bool) {
	if d.failed {
		return 0, 0, false, false
	}
	d.ws()
	if d.pos >= len(d.data) || d.data[d.pos] != '"' {
		d.Fallback()
		return 0, 0, false, false
	}
	return d.scanStringAt()
}

// scanStringAt is scanString with d.pos at the opening quote.
func (d *Decoder) scanStringAt() (start, end int, esc, ok bool) {
	data := d.data
	i := d.pos + 1
	start = i
	for i < len(data) {
		c := data[i]
		if plainByte[c] {
			i++
			continue
		}
		switch {
		case c == '"':
			d.pos = i + 1
			return start, i, esc, true
		case c == '\\':
			esc = true
			n := escapeLen(data[i:])
			if n == 0 {
				d.Fallback()
				return 0, 0, false, false
			}
			i += n
		case c < 0x20:
			d.Fallback()
			return 0, 0, false, false
		default:
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 {
				d.Fallback()
				return 0, 0, false, false
			}
			i += size
		}
	}
	d.Fallback()
	return 0, 0, false, false
}

// plainByte says which bytes stand for themselves in a JSON string: ASCII
// from space on, but the quote and the backslash.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// escapeLen returns the length of the escape at the start of b (which
// starts with a backslash), a surrogate pair counting as one; 0 for an
// invalid escape or a lone surrogate.
func escapeLen(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	switch b[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		r := hex4(b[2:])
		switch {
		case r < 0:
			return 0
		case r < 0xD800 || r > 0xDFFF:
			return 6
		case r >= 0xDC00:
			return 0 // a lone low surrogate
		}
		if len(b) < 12 || b[6] != '\\' || b[7] != 'u' {
			return 0
		}
		if r2 := hex4(b[8:]); r2 < 0xDC00 || r2 > 0xDFFF {
			return 0
		}
		return 12
	}
	return 0
}

// hex4 decodes four hex digits, -1 if they are not.
func hex4(b []byte) rune {
	if len(b) < 4 {
		return -1
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}

// unescape appends the string content s, checked by scanString, unescaped.
func unescape(dst, s []byte) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			j := i + 1
			for j < len(s) && s[j] != '\\' {
				j++
			}
			dst = append(dst, s[i:j]...)
			i = j
			continue
		}
		switch s[i+1] {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r := hex4(s[i+2:])
			if r >= 0xD800 && r < 0xDC00 {
				r2 := hex4(s[i+8:])
				r = ((r - 0xD800) << 10) + (r2 - 0xDC00) + 0x10000
				i += 6
			}
			dst = utf8.AppendRune(dst, r)
			i += 6
			continue
		default: // '"', '\\', '/'
			dst = append(dst, s[i+1])
		}
		i += 2
	}
	return dst
}

// number consumes a number, checking its grammar; plain says it has no
// fraction and no exponent.
func (d *Decoder) number() (start, end int, plain, ok bool) {
	if d.failed {
		return 0, 0, false, false
	}
	d.ws()
	data := d.data
	i := d.pos
	start = i
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i >= len(data):
		d.Fallback()
		return 0, 0, false, false
	case data[i] == '0':
		i++
	case data[i] >= '1' && data[i] <= '9':
		i++
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	default:
		d.Fallback()
		return 0, 0, false, false
	}
	plain = true
	if i < len(data) && data[i] == '.' {
		plain = false
		i++
		if i >= len(data) || data[i] < '0' || data[i] > '9' {
			d.Fallback()
			return 0, 0, false, false
		}
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		plain = false
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i >= len(data) || data[i] < '0' || data[i] > '9' {
			d.Fallback()
			return 0, 0, false, false
		}
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
	}
	d.pos = i
	return start, i, plain, true
}
