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
	// Stubs are the hook functions to write into the hooks file, in the
	// order the tools name them.
	Stubs []Stub
	// Names are the identifiers the generated file declares at package
	// level, with how the file refers to its imports (see [Imports]).
	Imports Imports
	// Decoders are the generated decoder functions of the tools' inputs,
	// in the order the file declares them (see [Decoder]).
	Decoders []*Decoder
	// Encoders are the generated encoder functions of the tools' outputs
	// (see [PackageEncoders]), nil when no tool has one.
	Encoders *PackageEncoders
}

// Imports are the local names the generated file uses for its imports, so
// that none collides with a name the package declares.
type Imports struct {
	// Runtime is the name for github.com/toolgen-go/toolgen/runtime.
	Runtime string
	// JSON is the name for encoding/json.
	JSON string
	// Context is the name for context, in the hooks file.
	Context string
	// JSONArg, Time, UTF8, Big, Regexp, Sync and Slices are the names for
	// github.com/toolgen-go/toolgen/runtime/jsonarg, time, unicode/utf8,
	// math/big, regexp, sync and slices, which the decoders may use; Other the
	// names for the other packages whose types the decoders spell, by
	// path. The file imports those its decoders use.
	JSONArg, Time, UTF8, Big, Regexp, Sync, Slices string
	Other                                          map[string]string
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
	// Hooks are the functions named by the hook options, by kind.
	Hooks []Hook
	// Decoder is the generated function that decodes and checks the tool's
	// arguments in one pass (see [Decoder]), "" when it has none; then
	// NoDecoder says why, and the runtime's general path decodes them.
	Decoder, NoDecoder string
	// Encoder is the generated function that writes the tool's output as
	// json.Marshal would, without reflection (see [PackageEncoders]), ""
	// when it has none; then NoEncoder says why, and the runtime uses
	// json.Marshal.
	Encoder, NoEncoder string
	// Pos is the position of the function's name.
	Pos token.Position
}

// HookKind is what a hook function does for a tool.
type HookKind string

// The hook kinds, named after their directive options.
const (
	// HookModel shapes what the model sees of the output:
	// func(ctx context.Context, in In, out Out) (runtime.ModelOutput, error).
	HookModel HookKind = "model"
	// HookDisplay returns the display transforms:
	// func() runtime.Transforms[In, Out].
	HookDisplay HookKind = "display"
	// HookTranscript returns the transcript transforms:
	// func() runtime.Transforms[In, Out].
	HookTranscript HookKind = "transcript"
)

// Hook is a hook function named by a directive.
type Hook struct {
	Kind HookKind
	// Func is the function's name in the tool's package.
	Func string
	// Missing reports that the function does not exist yet: a stub is
	// written for it.
	Missing bool
}

// Stub is a hook function toolgen writes for the user to fill in.
type Stub struct {
	Hook Hook
	// Tool is the first tool that names the hook; In and Out type it.
	Tool *Tool
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
