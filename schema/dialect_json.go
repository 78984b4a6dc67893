package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	json2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// jsonObject is a JSON object that keeps its keys in document order, so
// that a converted schema lists properties (and every other keyword) in the
// order the generator wrote them. Values are *jsonObject, []any, string,
// json.Number, bool or nil.
type jsonObject struct {
	keys []string
	vals map[string]any
}

func newJSONObject() *jsonObject { return &jsonObject{vals: map[string]any{}} }

func (o *jsonObject) get(k string) (any, bool) {
	v, ok := o.vals[k]
	return v, ok
}

func (o *jsonObject) has(k string) bool {
	_, ok := o.vals[k]
	return ok
}

// set replaces the value of k in place, or appends k.
func (o *jsonObject) set(k string, v any) {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

// setAfter sets k right after the key after, or appends it when after is
// absent. A k already present keeps its place.
func (o *jsonObject) setAfter(after, k string, v any) {
	if o.has(k) || !o.has(after) {
		o.set(k, v)
		return
	}
	for i, key := range o.keys {
		if key == after {
			o.keys = append(o.keys[:i+1], append([]string{k}, o.keys[i+1:]...)...)
			break
		}
	}
	o.vals[k] = v
}

func (o *jsonObject) del(k string) {
	if _, ok := o.vals[k]; !ok {
		return
	}
	delete(o.vals, k)
	for i, key := range o.keys {
		if key == k {
			o.keys = append(o.keys[:i:i], o.keys[i+1:]...)
			break
		}
	}
}

func (o *jsonObject) len() int { return len(o.keys) }

// clone copies o's key list and map; the values are shared.
func (o *jsonObject) clone() *jsonObject {
	c := &jsonObject{keys: append([]string(nil), o.keys...), vals: make(map[string]any, len(o.vals))}
	for k, v := range o.vals {
		c.vals[k] = v
	}
	return c
}

// maxSchemaNesting bounds the nesting of a schema document, so that a
// hostile or broken schema cannot exhaust the stack.
const maxSchemaNesting = 512

// orderedOptions read a schema as encoding/json does: a repeated key is
// allowed, and invalid UTF-8 becomes U+FFFD.
var orderedOptions = json2.JoinOptions(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))

// decodeOrdered parses one JSON value, objects as *jsonObject and numbers
// as json.Number (so that 1e400 or 0.1 survive unchanged). It reads tokens
// with jsontext, which the generator's check of every tool against every
// dialect needs: encoding/json's Decoder.Token took three quarters of a
// conversion.
func decodeOrdered(data []byte) (any, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("empty schema")
	}
	dec := jsontext.NewDecoder(bytes.NewBuffer(data), orderedOptions)
	v, err := decodeOrderedValue(dec, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return nil, errors.New("unexpected data after the schema")
	}
	return v, nil
}

func decodeOrderedValue(dec *jsontext.Decoder, depth int) (any, error) {
	if depth > maxSchemaNesting {
		return nil, fmt.Errorf("schema nests deeper than %d levels", maxSchemaNesting)
	}
	tok, err := dec.ReadToken()
	if err != nil {
		return nil, err
	}
	switch tok.Kind() {
	case '{':
		obj := newJSONObject()
		for dec.PeekKind() != '}' {
			kt, err := dec.ReadToken()
			if err != nil {
				return nil, err
			}
			key := kt.String() // before the next read voids kt
			v, err := decodeOrderedValue(dec, depth+1)
			if err != nil {
				return nil, err
			}
			obj.set(key, v) // a repeated key keeps its first place and its last value, as encoding/json does
		}
		_, err := dec.ReadToken()
		return obj, err
	case '[':
		arr := []any{}
		for dec.PeekKind() != ']' {
			v, err := decodeOrderedValue(dec, depth+1)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err := dec.ReadToken()
		return arr, err
	case '"':
		return tok.String(), nil
	case '0':
		return json.Number(tok.String()), nil
	case 't', 'f':
		return tok.Bool(), nil
	}
	return nil, nil // null
}

// encodeOrdered writes v as compact JSON, object keys in their order.
// Strings are escaped as encoding/json does, except that <, > and & are
// kept: a schema is not embedded in HTML.
func encodeOrdered(v any) []byte {
	var b bytes.Buffer
	writeOrdered(&b, v)
	return b.Bytes()
}

func writeOrdered(b *bytes.Buffer, v any) {
	switch v := v.(type) {
	case *jsonObject:
		b.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, k)
			b.WriteByte(':')
			writeOrdered(b, v.vals[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			writeOrdered(b, e)
		}
		b.WriteByte(']')
	case string:
		writeJSONString(b, v)
	case json.Number:
		b.WriteString(string(v))
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case nil:
		b.WriteString("null")
	default:
		panic(fmt.Sprintf("schema: unexpected %T in a schema document", v))
	}
}

func writeJSONString(b *bytes.Buffer, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\r':
				b.WriteString(`\r`)
			case c == '\t':
				b.WriteString(`\t`)
			case c < 0x20:
				b.WriteString(`\u00`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&0xf])
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
		case r == '\u2028' || r == '\u2029':
			b.WriteString(`\u202`)
			b.WriteByte(hex[r&0xf])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
}
