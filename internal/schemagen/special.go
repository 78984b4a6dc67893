package schemagen

import (
	"encoding/json"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"github.com/invopop/jsonschema"

	"github.com/toolgen-go/toolgen/schema"
)

// This file decides the schema of the types whose JSON form is not their Go
// structure: encoding/json calls their MarshalJSON or MarshalText method.
// go/types cannot see what such a method writes, so toolgen never guesses.
// In order, the schema of such a type (or of a type that declares its own)
// is:
//
//  1. the table of well-known types (wellKnownSchema): the standard
//     library's and Kubernetes' types whose output is documented;
//  2. the type's own declaration: a JSONSchema() *jsonschema.Schema method
//     (invopop's), or Kubernetes' OpenAPISchemaType / OpenAPISchemaFormat /
//     OpenAPIV3OneOfTypes methods, when the method's body returns a literal
//     that can be read at generate time;
//  3. a string, for a type with MarshalText and no MarshalJSON: encoding/json
//     always writes its text as a JSON string;
//  4. for a type with MarshalJSON and none of the above, the unconstrained
//     schema (any JSON value), with a warning that names the field, the type
//     and the fix.

// specialKind is where the schema of a type comes from.
type specialKind uint8

const (
	// structural: the schema of its Go structure.
	structural specialKind = iota
	// tabled: the table of well-known types.
	tabled
	// declared: its JSONSchema or OpenAPI methods.
	declared
	// textual: MarshalText and no MarshalJSON; a string.
	textual
	// opaque: MarshalJSON with no rule; the unconstrained schema.
	opaque
)

// special is what the Builder knows of a type's JSON form.
type special struct {
	kind specialKind
	// schema is the declared schema (declared), copied at each use.
	schema *jsonschema.Schema
	// unread says why a declaring method could not be used ("x.T.JSONSchema
	// does not return a literal toolgen can read"), for the warning of an
	// opaque type.
	unread string
	// table is the type of the table whose schema it has (tabled): the
	// type itself, or the embedded type it has its methods from.
	table *types.Named
}

// specialOf returns where the schema of t comes from, memoized.
func (b *Builder) specialOf(t types.Type) special {
	t = types.Unalias(t)
	if n, ok := t.(*types.Named); ok && isWellKnown(n) {
		return special{kind: tabled, table: n}
	}
	if noMethods(t) {
		return special{}
	}
	if sp, ok := b.memo.special[t]; ok {
		return sp
	}
	sp := b.findSpecial(t)
	b.memo.special[t] = sp
	return sp
}

func (b *Builder) findSpecial(t types.Type) special {
	var unread string
	if n, ok := t.(*types.Named); ok {
		s, method := b.declaredSchema(n)
		if s != nil {
			return special{kind: declared, schema: s}
		}
		unread = method
	}
	if types.IsInterface(t) {
		return special{}
	}
	implements := func(iface *types.Interface) bool {
		return types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface)
	}
	switch {
	case implements(b.jsonMarshaler):
		// A method promoted from an embedded field (go-github's Timestamp
		// embeds time.Time) writes what it writes for that field's type.
		if emb := promotedFrom(t, "MarshalJSON"); emb != nil {
			if sp := b.specialOf(emb); sp.kind != structural && sp.kind != textual {
				return sp
			}
		}
		return special{kind: opaque, unread: unread}
	case implements(b.textMarshaler):
		return special{kind: textual}
	}
	return special{}
}

// promotedFrom returns the type of the embedded field that t (or *t) has
// the method name from, or nil when t declares it itself.
func promotedFrom(t types.Type, name string) types.Type {
	_, index, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, name)
	if len(index) < 2 {
		return nil
	}
	cur := t
	for _, i := range index[:len(index)-1] {
		st, ok := derefOnce(cur).Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return nil
		}
		cur = st.Field(i).Type()
	}
	return derefOnce(cur)
}

// opaqueType reports whether the schema of t is not its structure's.
func (b *Builder) opaqueType(t types.Type) bool {
	return b.specialOf(t).kind != structural
}

// specialSchema returns the schema of a use of t at at when it is not its
// structure's, and nil otherwise.
func (c *ctx) specialSchema(t types.Type, at site) *jsonschema.Schema {
	sp := c.b.specialOf(t)
	switch sp.kind {
	case tabled:
		return wellKnownSchema(sp.table)
	case declared:
		return cloneSchema(sp.schema)
	case textual:
		return &jsonschema.Schema{Type: "string"}
	case opaque:
		c.warnf(at, msgOpaqueMarshaler(typeString(t), sp.unread))
		return &jsonschema.Schema{}
	}
	return nil
}

// cloneSchema returns a deep copy of a declared schema, which a use may
// change (a field's description, say).
func cloneSchema(s *jsonschema.Schema) *jsonschema.Schema {
	data, err := json.Marshal(s)
	if err != nil {
		return &jsonschema.Schema{}
	}
	var cp jsonschema.Schema
	if err := json.Unmarshal(data, &cp); err != nil {
		return &jsonschema.Schema{}
	}
	return &cp
}

// declaredSchema returns the schema that n declares with a JSONSchema method
// or Kubernetes' OpenAPI methods, read from the methods' bodies. When n has
// such a method but its body is not a literal, or not a valid schema, s is
// nil and why says so.
func (b *Builder) declaredSchema(n *types.Named) (s *jsonschema.Schema, why string) {
	ms := types.NewMethodSet(types.NewPointer(n))
	lookup := func(name string) *types.Func {
		sel := ms.Lookup(n.Obj().Pkg(), name)
		if sel == nil {
			return nil
		}
		fn, _ := sel.Obj().(*types.Func)
		if fn == nil || fn.Signature().Params().Len() != 0 || fn.Signature().Results().Len() != 1 {
			return nil
		}
		return fn
	}
	if fn := lookup(hookJSONSchema); fn != nil && isInvopopSchema(fn.Signature().Results().At(0).Type()) {
		method := typeString(n) + "." + hookJSONSchema
		v, ok := b.returnedValue(fn)
		if !ok {
			return nil, unreadable(method)
		}
		data, err := json.Marshal(v)
		var s jsonschema.Schema
		if err != nil || json.Unmarshal(data, &s) != nil {
			return nil, unreadable(method)
		}
		// Checked as the run time will compile it, so that a typo
		// ("type": "strng") is said here rather than on every call.
		if err := schema.New(method, "declared", data).Err(); err != nil {
			return nil, method + " returns a schema that is not valid JSON Schema: " + firstReason(err)
		}
		return &s, ""
	}
	// Kubernetes: the type, its format and the types of a union.
	var typeList, format, oneOf []string
	for _, m := range []struct {
		name string
		into *[]string
	}{{"OpenAPISchemaType", &typeList}, {"OpenAPISchemaFormat", &format}, {"OpenAPIV3OneOfTypes", &oneOf}} {
		fn := lookup(m.name)
		if fn == nil {
			if m.into == &typeList {
				return nil, ""
			}
			continue
		}
		list, ok := b.returnedStrings(fn)
		if !ok {
			return nil, unreadable(typeString(n) + "." + m.name)
		}
		*m.into = list
	}
	f := ""
	if len(format) > 0 {
		f = format[0]
	}
	if f == "int-or-string" && len(oneOf) == 0 {
		oneOf = []string{"integer", "string"}
	}
	if len(oneOf) > 1 {
		s = &jsonschema.Schema{}
		for _, t := range oneOf {
			s.AnyOf = append(s.AnyOf, openAPIType(t, f))
		}
		return s, ""
	}
	if len(typeList) != 1 {
		return nil, unreadable(typeString(n) + ".OpenAPISchemaType")
	}
	return openAPIType(typeList[0], f), ""
}

// returnedStrings is returnedValue for a method that returns a string or
// a []string: the strings.
func (b *Builder) returnedStrings(fn *types.Func) ([]string, bool) {
	v, ok := b.returnedValue(fn)
	if !ok {
		return nil, false
	}
	switch v := v.(type) {
	case nil:
		return nil, true
	case string:
		return []string{v}, true
	case []any:
		out := make([]string, len(v))
		for i, e := range v {
			if out[i], ok = e.(string); !ok {
				return nil, false
			}
		}
		return out, true
	}
	return nil, false
}

// firstReason is the first specific line of a schema compiler's error,
// which nests its reasons one per line.
func firstReason(err error) string {
	lines := strings.Split(err.Error(), "\n")
	for _, l := range lines {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "-"))
		if strings.HasPrefix(l, "at ") && !strings.HasSuffix(l, "failed") {
			return l
		}
	}
	return lines[0]
}

// unreadable says that method does not return a literal.
func unreadable(method string) string {
	return method + " does not return a literal toolgen can read"
}

// openAPIType is the schema of an OpenAPI type and format. Only formats
// that mean the same in JSON Schema are kept: Kubernetes' own ("quantity",
// "duration" as Go writes it) would make validators refuse what the type
// writes.
func openAPIType(typ, format string) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: typ}
	switch {
	case typ == "string" && format == "date-time":
		s.Format = format
	case typ == "string" && format == "byte":
		s.ContentEncoding = "base64"
	case typ == "integer" && format == "int32":
		s.Minimum, s.Maximum = integerBounds(types.Int32)
	}
	return s
}

// isInvopopSchema reports whether t is *jsonschema.Schema of invopop.
func isInvopopSchema(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Name() == "Schema" && n.Obj().Pkg() != nil &&
		n.Obj().Pkg().Path() == "github.com/invopop/jsonschema"
}

// returnedValue reads the body of fn, a method without parameters, when it
// is a single return of a literal: strings, numbers, booleans, nil,
// package constants, slices of them, and invopop Schema literals (as the
// JSON object they marshal to). ok is false for any other body.
func (b *Builder) returnedValue(fn *types.Func) (v any, ok bool) {
	decl := b.comments.funcDecl(fn)
	if decl == nil || decl.Body == nil || len(decl.Body.List) != 1 {
		return nil, false
	}
	ret, isRet := decl.Body.List[0].(*ast.ReturnStmt)
	if !isRet || len(ret.Results) != 1 {
		return nil, false
	}
	return literalValue(ret.Results[0], fn.Pkg(), false)
}

// schemaFieldKeys maps the fields of invopop's Schema to their JSON keys.
var schemaFieldKeys = func() map[string]string {
	keys := map[string]string{}
	t := reflect.TypeFor[jsonschema.Schema]()
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.IsExported() && name != "" && name != "-" {
			keys[f.Name] = name
		}
	}
	return keys
}()

// literalValue evaluates x as the JSON value it stands for; inSchema says
// that x is an element whose type is elided in a []*jsonschema.Schema or a
// map of them, and is a Schema literal.
func literalValue(x ast.Expr, pkg *types.Package, inSchema bool) (any, bool) {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return literalValue(x.X, pkg, inSchema)
	case *ast.BasicLit:
		switch x.Kind {
		case token.STRING:
			s, err := strconv.Unquote(x.Value)
			return s, err == nil
		case token.INT, token.FLOAT:
			return json.Number(strings.ReplaceAll(x.Value, "_", "")), true
		}
		return nil, false
	case *ast.Ident:
		switch x.Name {
		case "true":
			return true, true
		case "false":
			return false, true
		case "nil":
			return nil, true
		}
		if pkg == nil {
			return nil, false
		}
		k, ok := pkg.Scope().Lookup(x.Name).(*types.Const)
		if !ok {
			return nil, false
		}
		return constValue(k.Val())
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return literalValue(x.X, pkg, inSchema)
		}
		if x.Op == token.SUB {
			if lit, ok := x.X.(*ast.BasicLit); ok && (lit.Kind == token.INT || lit.Kind == token.FLOAT) {
				return json.Number("-" + strings.ReplaceAll(lit.Value, "_", "")), true
			}
		}
		return nil, false
	case *ast.CompositeLit:
		if inSchema && x.Type == nil || isSchemaType(x.Type) {
			return schemaLiteral(x, pkg)
		}
		arr, ok := x.Type.(*ast.ArrayType)
		if !ok || arr.Len != nil {
			return nil, false
		}
		elemSchema := isSchemaType(arr.Elt)
		out := []any{}
		for _, e := range x.Elts {
			v, ok := literalValue(e, pkg, elemSchema)
			if !ok {
				return nil, false
			}
			out = append(out, v)
		}
		return out, true
	}
	return nil, false
}

// schemaLiteral evaluates a jsonschema.Schema literal with keyed fields.
func schemaLiteral(x *ast.CompositeLit, pkg *types.Package) (any, bool) {
	obj := map[string]any{}
	for _, e := range x.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return nil, false
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			return nil, false
		}
		key, ok := schemaFieldKeys[id.Name]
		if !ok {
			return nil, false
		}
		v, ok := literalValue(kv.Value, pkg, false)
		if !ok {
			return nil, false
		}
		obj[key] = v
	}
	return obj, true
}

// isSchemaType reports whether x spells jsonschema.Schema or
// *jsonschema.Schema (under any import name).
func isSchemaType(x ast.Expr) bool {
	if st, ok := x.(*ast.StarExpr); ok {
		x = st.X
	}
	sel, ok := x.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Schema"
}

// constValue is the JSON value of a constant.
func constValue(v constant.Value) (any, bool) {
	switch v.Kind() {
	case constant.String:
		return constant.StringVal(v), true
	case constant.Bool:
		return constant.BoolVal(v), true
	case constant.Int:
		return json.Number(v.ExactString()), true
	case constant.Float:
		f, _ := constant.Float64Val(v)
		return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), true
	}
	return nil, false
}
