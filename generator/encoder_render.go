package generator

// This file writes the text of the generated output encoders (see
// encoder.go), already in gofmt's layout: the file is built at generate
// time without go/format, and TestEncoderFormatted checks the text against
// format.Source over many random types.

import (
	"fmt"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// expr is a Go expression for a value being encoded: x itself, or, when
// ptr, the value x points to. x is always a primary expression (a name, a
// selector or an index), so that x.F and *x need no parentheses.
type expr struct {
	x   string
	ptr bool
}

// val spells the value.
func (v expr) val() string {
	if v.ptr {
		return "*" + v.x
	}
	return v.x
}

// sel spells the field name of the value (a pointer to a struct is
// dereferenced by the selector).
func (v expr) sel(name string) expr { return expr{x: v.x + "." + name} }

// emitter writes the body of one function.
type emitter struct {
	e       *encoders
	fn      *encFunc
	buf     []byte
	indent  int
	locals  int
	usesErr bool
	// inline are the named types being written inline (they cannot be
	// named in the file), against unbounded recursion.
	inline []types.Type
}

func (m *emitter) line(format string, args ...any) {
	m.indentLine()
	m.buf = fmt.Appendf(m.buf, format, args...)
	m.buf = append(m.buf, '\n')
}

// text writes a line of the concatenation of parts.
func (m *emitter) text(parts ...string) {
	m.indentLine()
	for _, p := range parts {
		m.buf = append(m.buf, p...)
	}
	m.buf = append(m.buf, '\n')
}

func (m *emitter) indentLine() {
	if m.buf == nil {
		m.buf = make([]byte, 0, 1024)
	}
	for range m.indent {
		m.buf = append(m.buf, '\t')
	}
}

// block writes head {, the lines of f one level in, and }.
func (m *emitter) block(head string, f func()) {
	m.text(head, " {")
	m.indent++
	f()
	m.indent--
	m.line("}")
}

// ifElse writes if cond { then } else { els }.
func (m *emitter) ifElse(cond string, then, els func()) {
	m.text("if ", cond, " {")
	m.indent++
	then()
	m.indent--
	m.text("} else {")
	m.indent++
	els()
	m.indent--
	m.line("}")
}

// local returns a new local name: prefix and a number.
func (m *emitter) local(prefix string) string {
	m.locals++
	return prefix + strconv.Itoa(m.locals)
}

// body writes an encoder's body: f, then the return.
func (m *emitter) body(f func()) {
	m.indent = 1
	f()
	m.line("return dst, nil")
}

// function returns the function's source: its doc comment, header, body.
func (m *emitter) function(doc, header string) []byte {
	src := make([]byte, 0, len(doc)+len(header)+len(m.buf)+32)
	src = append(src, "// "...)
	src = append(src, doc...)
	src = append(src, '\n')
	src = append(src, header...)
	src = append(src, '\n')
	if m.usesErr {
		src = append(src, "\tvar err error\n"...)
	}
	src = append(src, m.buf...)
	return append(src, "}\n"...)
}

// lit appends the constant text s.
func (m *emitter) lit(s string) {
	m.indentLine()
	m.buf = append(m.buf, "dst = append(dst, "...)
	switch {
	case len(s) == 1:
		m.buf = append(m.buf, '\'')
		m.buf = append(m.buf, s...)
		m.buf = append(m.buf, "')\n"...)
		return
	case strings.ContainsAny(s, "`\r") || !strings.ContainsAny(s, `"\\`):
		m.buf = strconv.AppendQuote(m.buf, s)
	default:
		m.buf = append(m.buf, '`')
		m.buf = append(m.buf, s...)
		m.buf = append(m.buf, '`')
	}
	m.buf = append(m.buf, "...)\n"...)
}

// call writes a call that may fail: dst, err = call.
func (m *emitter) call(format string, args ...any) {
	m.callExpr(fmt.Sprintf(format, args...))
}

// callExpr writes the call expr that may fail: dst, err = expr.
func (m *emitter) callExpr(expr string) {
	m.usesErr = true
	m.text("if dst, err = ", expr, "; err != nil {")
	m.indent++
	m.text("return nil, err")
	m.indent--
	m.text("}")
}

// bindValue returns a primary expression for the value of v: v.x, or a
// new local holding *v.x.
func (m *emitter) bindValue(v expr) string {
	if !v.ptr {
		return v.x
	}
	l := m.local("x")
	m.line("%s := *%s", l, v.x)
	return l
}

// value writes the encoding of v, of type t, as encoding/json's encoder of
// t does (newTypeEncoder): addr says the value is addressable as
// encoding/json sees it, quoted that the field has the ",string" option.
func (m *emitter) value(v expr, t types.Type, addr, quoted bool) {
	e := m.e
	t = types.Unalias(t)
	u := t.Underlying()
	_, isPtr := u.(*types.Pointer)
	_, isIface := u.(*types.Interface)
	switch {
	case isTime(t):
		m.call("%s.AppendTime(dst, %s)", e.jsonout(), v.val())
		return
	case !isPtr && !isIface && addr && e.ptrHas(t, mJSON) && !e.has(t, mJSON):
		m.addressed(v, "AppendMarshalJSON")
		return
	case e.has(t, mJSON):
		m.method(v, t, "AppendMarshalJSON")
		return
	case !isPtr && !isIface && addr && e.ptrHas(t, mText) && !e.has(t, mText):
		m.addressed(v, "AppendMarshalText")
		return
	case e.has(t, mText):
		m.method(v, t, "AppendMarshalText")
		return
	}
	switch u := u.(type) {
	case *types.Basic:
		m.basic(v.val(), t, u, quoted)
	case *types.Pointer:
		x := m.bindValue(v)
		m.ifElse(x+" == nil", func() { m.lit("null") }, func() {
			m.value(expr{x: x, ptr: true}, u.Elem(), true, quoted)
		})
	case *types.Interface:
		m.call("%s.AppendAny(dst, %s)", e.jsonout(), v.val())
	case *types.Struct, *types.Slice, *types.Array, *types.Map:
		named, ok := t.(*types.Named)
		if !ok {
			m.structure(v, t, addr)
			return
		}
		if e.ownFunc(named) {
			m.callFunc(e.function(named, addr), v.val())
			return
		}
		for _, in := range m.inline {
			if types.Identical(in, t) {
				unsupported("recursive type %s cannot be named in the generated file", t)
			}
		}
		m.inline = append(m.inline, t)
		m.structure(v, t, addr)
		m.inline = m.inline[:len(m.inline)-1]
	default:
		unsupported("json.Marshal cannot encode type %s", t)
	}
}

// callFunc calls the encoder f on the value x.
func (m *emitter) callFunc(f *encFunc, x string) {
	switch {
	case !f.depth:
		m.callExpr(f.name + "(dst, " + x + ")")
	case m.fn.depth:
		m.callExpr(f.name + "(dst, " + x + ", depth+1)")
	default:
		m.callExpr(f.name + "(dst, " + x + ", 0)")
	}
}

// addressed writes the call of a method of *T on an addressable value of
// type T, as encoding/json calls it on the value's address.
func (m *emitter) addressed(v expr, fn string) {
	if v.ptr {
		m.call("%s.%s(dst, %s)", m.e.jsonout(), fn, v.x)
		return
	}
	c := m.local("c")
	m.line("%s := %s", c, v.x)
	m.call("%s.%s(dst, &%s)", m.e.jsonout(), fn, c)
}

// method writes the call of a MarshalJSON or MarshalText method of t on
// v: a nil pointer or interface is null (encoding/json's
// marshalerEncoder).
func (m *emitter) method(v expr, t types.Type, fn string) {
	e := m.e
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		x := m.bindValue(v)
		m.ifElse(x+" == nil", func() { m.lit("null") }, func() {
			if p, ok := u.(*types.Pointer); ok && isTime(p.Elem()) && fn == "AppendMarshalJSON" {
				m.call("%s.AppendTimePointer(dst, %s)", e.jsonout(), x)
				return
			}
			m.call("%s.%s(dst, %s)", e.jsonout(), fn, x)
		})
	default:
		m.call("%s.%s(dst, %s)", e.jsonout(), fn, v.val())
	}
}

// basic writes a boolean, number or string.
func (m *emitter) basic(x string, t types.Type, b *types.Basic, quoted bool) {
	jo := m.e.jsonout()
	conv := func(to string) string {
		if bt, ok := t.(*types.Basic); ok && bt.Name() == to {
			return x
		}
		return to + "(" + x + ")"
	}
	info := b.Info()
	switch {
	case info&types.IsBoolean != 0:
		m.quoted(quoted, func() { m.text("dst = ", jo, ".AppendBool(dst, ", conv("bool"), ")") })
	case info&types.IsInteger != 0 && info&types.IsUnsigned != 0:
		m.quoted(quoted, func() { m.text("dst = ", jo, ".AppendUint(dst, ", conv("uint64"), ")") })
	case info&types.IsInteger != 0:
		m.quoted(quoted, func() { m.text("dst = ", jo, ".AppendInt(dst, ", conv("int64"), ")") })
	case info&types.IsFloat != 0 && info&types.IsComplex == 0:
		bits := "64"
		if b.Kind() == types.Float32 {
			bits = "32"
		}
		m.quoted(quoted, func() { m.callExpr(jo + ".AppendFloat(dst, " + conv("float64") + ", " + bits + ")") })
	case info&types.IsString != 0:
		switch {
		case isNamedType(t, "encoding/json", "Number"):
			m.quoted(quoted, func() { m.call("%s.AppendNumber(dst, %s)", jo, conv("string")) })
		case quoted:
			m.line("dst = %s.AppendQuotedString(dst, %s)", jo, conv("string"))
		default:
			m.text("dst = ", jo, ".AppendString(dst, ", conv("string"), ")")
		}
	default:
		unsupported("json.Marshal cannot encode type %s", t)
	}
}

// quoted writes f, between quotes when q.
func (m *emitter) quoted(q bool, f func()) {
	if q {
		m.lit(`"`)
	}
	f()
	if q {
		m.lit(`"`)
	}
}

// structure writes a struct, slice, array or map by its kind, without
// looking for methods (the caller did).
func (m *emitter) structure(v expr, t types.Type, addr bool) {
	e := m.e
	switch u := t.Underlying().(type) {
	case *types.Struct:
		m.object(v, t, addr)
	case *types.Slice:
		if e.isByteSlice(u) {
			m.line("dst = %s.AppendBytes(dst, %s)", e.jsonout(), v.val())
			return
		}
		x := m.bindValue(v)
		m.ifElse(x+" == nil", func() { m.lit("null") }, func() {
			m.elements(x, u.Elem(), true)
		})
	case *types.Array:
		if u.Len() == 0 {
			m.lit("[]")
			return
		}
		// Ranging over and indexing a pointer to an array need no *.
		m.elements(v.x, u.Elem(), addr)
	case *types.Map:
		m.mapValue(v, u)
	default:
		unsupported("json.Marshal cannot encode type %s", t)
	}
}

// isByteSlice reports whether encoding/json writes a slice of this type
// as base64: its element has kind uint8 and no method of the element's
// pointer applies.
func (e *encoders) isByteSlice(s *types.Slice) bool {
	b, ok := s.Elem().Underlying().(*types.Basic)
	if !ok || b.Kind() != types.Uint8 {
		return false
	}
	return !e.ptrHas(s.Elem(), mJSON) && !e.ptrHas(s.Elem(), mText)
}

// elements writes [e0,e1,...] for the slice or array (or pointer to an
// array) x.
func (m *emitter) elements(x string, elem types.Type, addr bool) {
	m.lit("[")
	i := m.local("i")
	m.block(fmt.Sprintf("for %s := range %s", i, x), func() {
		m.block("if "+i+" > 0", func() { m.lit(",") })
		m.value(expr{x: x + "[" + i + "]"}, elem, addr, false)
	})
	m.lit("]")
}

// mapValue writes a map, its keys sorted as encoding/json sorts them.
func (m *emitter) mapValue(v expr, u *types.Map) {
	e := m.e
	jo := e.jsonout()
	key := types.Unalias(u.Key())
	kb, _ := key.Underlying().(*types.Basic)
	var sorted, name, lookup string
	k := m.local("k")
	switch {
	case kb != nil && kb.Info()&types.IsString != 0:
		sorted = "SortedKeys"
		name = k
		if bt, ok := key.(*types.Basic); !ok || bt.Kind() != types.String {
			name = "string(" + k + ")"
		}
		lookup = k
	case e.has(key, mText):
		// Keys from MarshalText: as json.Marshal does it.
		m.call("%s.AppendMarshal(dst, %s)", jo, v.val())
		return
	case kb != nil && kb.Info()&types.IsInteger != 0 && kb.Info()&types.IsUnsigned != 0:
		sorted, name, lookup = "SortedUintKeys", k+".Name", k+".Key"
	case kb != nil && kb.Info()&types.IsInteger != 0:
		sorted, name, lookup = "SortedIntKeys", k+".Name", k+".Key"
	default:
		unsupported("json.Marshal cannot encode map key type %s", key)
	}
	x := m.bindValue(v)
	m.ifElse(x+" == nil", func() { m.lit("null") }, func() {
		m.lit("{")
		i := m.local("i")
		m.block(fmt.Sprintf("for %s, %s := range %s.%s(%s)", i, k, jo, sorted, x), func() {
			m.block("if "+i+" > 0", func() { m.lit(",") })
			m.line("dst = %s.AppendString(dst, %s)", jo, name)
			m.lit(":")
			elem := types.Unalias(u.Elem())
			val := x + "[" + lookup + "]"
			if _, basic := elem.Underlying().(*types.Basic); !basic || isTime(elem) {
				el := m.local("e")
				m.line("%s := %s", el, val)
				val = el
			}
			// Map values are not addressable.
			m.value(expr{x: val}, elem, false, false)
		})
		m.lit("}")
	})
}

// Where the encoding of an object stands, for its separators.
const (
	objPending = iota // '{' not written yet
	objEmpty          // '{' written, and nothing after it
	objUnknown        // '{' written, then maybe some fields
	objMore           // '{' and some field written
)

// fieldPlan is how one field is written.
type fieldPlan struct {
	f     *jsonField
	conds []string // all must hold for the field to be written
	val   expr
	addr  bool
}

// object writes a struct as encoding/json's structEncoder does. What is
// known of the separator before each field is worked out here, so that a
// field written in every case costs one constant append for its comma and
// name.
func (m *emitter) object(v expr, t types.Type, addr bool) {
	var plans []fieldPlan
	for _, f := range m.e.jsonFields(t) {
		if p, ok := m.plan(v, t, f, addr); ok {
			plans = append(plans, p)
		}
	}
	state := objPending
	for _, p := range plans {
		name := `"` + htmlEscapeName(p.f.name) + `":`
		write := func(state int) {
			switch state {
			case objPending:
				m.lit("{" + name)
			case objEmpty:
				m.lit(name)
			case objUnknown:
				m.block("if dst[len(dst)-1] != '{'", func() { m.lit(",") })
				m.lit(name)
			default:
				m.lit("," + name)
			}
			m.value(p.val, p.f.typ, p.addr, p.f.quoted)
		}
		if len(p.conds) == 0 {
			write(state)
			state = objMore
			continue
		}
		if state == objPending {
			m.lit("{")
			state = objEmpty
		}
		before := state
		m.block("if "+strings.Join(p.conds, " && "), func() { write(before) })
		if state == objEmpty {
			state = objUnknown
		}
	}
	if state == objPending {
		m.lit("{}")
	} else {
		m.lit("}")
	}
}

// htmlEscapeName is the field name as encoding/json writes it with HTML
// escaping (appendHTMLEscape): valid names hold no other character that
// needs escaping.
func htmlEscapeName(name string) string {
	if !strings.ContainsAny(name, "<>&") {
		return name
	}
	var b strings.Builder
	for _, c := range name {
		switch c {
		case '<', '>', '&':
			fmt.Fprintf(&b, `\u00%02x`, c)
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// plan works out how to reach and test the field f of the struct v of
// type t. ok is false when encoding/json never writes it.
func (m *emitter) plan(v expr, t types.Type, f *jsonField, addr bool) (fieldPlan, bool) {
	p := fieldPlan{f: f, addr: addr}
	cur := v
	curType := types.Unalias(t)
	for j := 0; j < len(f.path); j++ {
		fv := f.path[j]
		last := j == len(f.path)-1
		if !m.accessible(fv) {
			// Reach a later field by promotion through the ones that
			// cannot be named, if Go's promotion finds the same field
			// and no pointer is crossed unseen.
			k := j + 1
			for k < len(f.path) && !m.accessible(f.path[k]) {
				k++
			}
			if k == len(f.path) {
				unsupported("field %s of %s cannot be reached from the generated file", fv.Name(), t)
			}
			for _, skipped := range f.path[j:k] {
				if isUnnamedPointer(skipped.Type()) {
					unsupported("embedded pointer %s of %s cannot be tested from the generated file", skipped.Name(), t)
				}
			}
			obj, index, _ := types.LookupFieldOrMethod(curType, true, m.e.pkg, f.path[k].Name())
			if obj != f.path[k] || !slicesEqual(index, f.index[j:k+1]) {
				unsupported("field %s of %s cannot be reached from the generated file", f.path[k].Name(), t)
			}
			j = k
			fv = f.path[k]
			last = j == len(f.path)-1
		}
		next := cur.sel(fv.Name())
		ft := types.Unalias(fv.Type())
		if !last {
			if ptr, ok := ft.(*types.Pointer); ok {
				p.conds = append(p.conds, next.x+" != nil")
				cur = expr{x: next.x, ptr: true}
				p.addr = true
				curType = ptr.Elem()
				continue
			}
		}
		cur = next
		curType = ft
	}
	p.val = cur
	x := cur.x
	typ := types.Unalias(f.typ)
	if f.omitEmpty {
		switch u := typ.Underlying().(type) {
		case *types.Array:
			if u.Len() == 0 {
				return p, false
			}
		case *types.Slice, *types.Map:
			p.conds = append(p.conds, "len("+x+") != 0")
		case *types.Basic:
			switch info := u.Info(); {
			case info&types.IsBoolean != 0:
				p.conds = append(p.conds, x)
			case info&types.IsString != 0:
				p.conds = append(p.conds, x+` != ""`)
			case info&types.IsNumeric != 0:
				p.conds = append(p.conds, x+" != 0")
			}
		case *types.Pointer, *types.Interface:
			p.conds = append(p.conds, x+" != nil")
		}
	}
	if f.omitZero {
		if c := m.nonZero(x, typ); !slices.Contains(p.conds, c) {
			p.conds = append(p.conds, c)
		}
	}
	return p, true
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// accessible reports whether the generated file may name the field.
func (m *emitter) accessible(f *types.Var) bool {
	return f.Exported() || f.Pkg() == m.e.pkg
}

// nonZero is the condition that x, a field of type t tagged omitzero, is
// not left out: its IsZero method, if it has one, else reflect's IsZero.
func (m *emitter) nonZero(x string, t types.Type) string {
	switch {
	case m.e.has(t, mZero):
		switch t.Underlying().(type) {
		case *types.Interface:
			unsupported("omitzero on interface type %s, which has an IsZero method", t)
		case *types.Pointer:
			return x + " != nil && !" + x + ".IsZero()"
		}
		return "!" + x + ".IsZero()"
	case m.e.ptrHas(t, mZero):
		return "!" + x + ".IsZero()"
	}
	return m.nonZeroPlain(x, t)
}

// nonZeroPlain is the condition that x, of type t, is not its zero value,
// as reflect.Value.IsZero decides.
func (m *emitter) nonZeroPlain(x string, t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch info := u.Info(); {
		case info&types.IsBoolean != 0:
			return x
		case info&types.IsString != 0:
			return x + ` != ""`
		case u.Kind() == types.UnsafePointer:
			return x + " != nil"
		}
		return x + " != 0"
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface, *types.Chan, *types.Signature:
		return x + " != nil"
	case *types.Struct, *types.Array:
		if types.Comparable(t) {
			return "!" + m.e.jsonout() + ".IsZero(" + x + ")"
		}
		if m.e.canSpell(t) {
			return "!" + m.e.zeroFunc(t).name + "(" + x + ")"
		}
	}
	unsupported("omitzero on type %s, which is neither comparable nor spelled in Go without a struct literal", t)
	return ""
}

// zeroChecks writes the statements of an isZero function: return false
// where x, of underlying type u, differs from the zero value.
func (m *emitter) zeroChecks(v expr, u types.Type) {
	switch u := u.(type) {
	case *types.Struct:
		for i := range u.NumFields() {
			f := u.Field(i)
			if f.Name() == "_" {
				continue
			}
			if !m.accessible(f) {
				unsupported("omitzero: field %s cannot be read from the generated file", f.Name())
			}
			m.zeroCheck(v.sel(f.Name()).x, f.Type())
		}
	case *types.Array:
		i := m.local("i")
		m.block(fmt.Sprintf("for %s := range %s", i, v.x), func() {
			m.zeroCheck(v.x+"["+i+"]", u.Elem())
		})
	}
}

// zeroCheck writes the statements that return false when x, of type t, is
// not zero.
func (m *emitter) zeroCheck(x string, t types.Type) {
	t = types.Unalias(t)
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array:
		if !types.Comparable(t) {
			if _, ok := t.(*types.Named); ok && m.e.canSpell(t) {
				m.block("if !"+m.e.zeroFunc(t).name+"("+x+")", func() { m.line("return false") })
				return
			}
			m.zeroChecks(expr{x: x}, t.Underlying())
			return
		}
	}
	m.block("if "+m.nonZeroPlain(x, t), func() { m.line("return false") })
}
