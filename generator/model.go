package generator

import (
	"encoding/json"
	"go/token"
)

// Package is one Go package with tools: what the renderer needs, free of
// go/ast, go/types and jennifer.
type Package struct {
	// Path is the import path; Name the package name; Dir its directory.
	Path, Name, Dir string
	// Tools are the package's tools in source order.
	Tools []*Tool
	// Names are the identifiers the generated file declares at package
	// level, with how the file refers to its imports (see [Imports]).
	Imports Imports
}

// Imports are the local names the generated file uses for its imports, so
// that none collides with a name the package declares.
type Imports struct {
	// Runtime is the name for github.com/toolgen-go/toolgen/runtime.
	Runtime string
	// JSON is the name for encoding/json.
	JSON string
}

// Tool is one annotated function or method.
type Tool struct {
	// ID is the directive's id; Key the Toolset key (the id unless key=).
	ID, Key string
	// Title and Description are what the model and clients are told.
	Title, Description string
	// Func is the function's or method's name; Recv the receiver's type name
	// for a method, "" for a function.
	Func, Recv string
	// Ctor is the name of the generated constructor; SchemaConst the prefix
	// of its schema constants.
	Ctor, SchemaConst string
	// In and Out are the function's input and output types, as written.
	In, Out *TypeExpr
	// InputSchema and OutputSchema are indented JSON Schemas.
	InputSchema, OutputSchema json.RawMessage
	// Flags from the directive.
	Approval, Strict, ReadOnly, Destructive, Idempotent, OpenWorld bool
	// Options are the directive's options as written: flags map to "".
	Options map[string]string
	// Pos is the position of the function's name.
	Pos token.Position
}

// TypeKind is the form of a [TypeExpr].
type TypeKind int

// The kinds of type expressions a tool signature can use.
const (
	KindNamed TypeKind = iota // a named (defined or predeclared) type, maybe instantiated
	KindPointer
	KindSlice
	KindArray
	KindMap
	KindAny
)

// TypeExpr is a Go type as the generated code spells it.
type TypeExpr struct {
	Kind TypeKind
	// PkgPath and Name name a KindNamed type; PkgPath is "" for predeclared
	// types such as string or error.
	PkgPath, Name string
	// PkgName is the package's name, for the import.
	PkgName string
	// TypeArgs are an instantiated generic type's arguments.
	TypeArgs []*TypeExpr
	// Elem is the element of a pointer, slice, array or map; Key a map's key.
	Elem, Key *TypeExpr
	// Len is an array's length.
	Len int64
}
