package generator

import (
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"github.com/toolgen-go/toolgen/schema"
)

// The model is what the stages pass between them: find fills it from the
// syntax and the types, schema adds the schemas and names their constants,
// render and manifest read it. It holds no go/ast, go/types or jennifer
// value, so each side can be tested alone.

// pkgModel is one Go package with tools or structured outputs.
type pkgModel struct {
	// Path is the import path; Name the package name; Dir its directory.
	Path, Name, Dir string
	// Tools are the package's tools in source order.
	Tools []*toolModel
	// Outputs are the package's structured output schemas in source order.
	Outputs []*outputModel
	// Schemas are the distinct schema texts of the tools and outputs, one
	// constant each, in the order of their first use.
	Schemas []*schemaConst
	// Defs are the bodies of the $defs entries that the schema texts share,
	// one constant each, in the order of their first use (see shareDefs).
	Defs []*defConst
	// Stubs are the hook functions to write into the hooks file, in the
	// order the tools name them.
	Stubs []stub
	// Imports are how the generated files refer to their imports.
	Imports fileImports
	// Tags are the build tags of the run, sorted; Build the expression of
	// the //go:build line of its files ("" without tags); Set the name of
	// the tag set, which the names of the file's toolsets and schema
	// constants hold (Enterprise; "" without tags); ToolsetType the type
	// through which the functions' toolset reaches the constructors.
	Tags        []string
	Build       string
	Set         string
	ToolsetType string
}

// fileImports are the local names the generated files use for their imports,
// so that none collides with a name the package declares.
type fileImports struct {
	// Tool is the name for github.com/toolgen-go/toolgen/tool, LLM for
	// github.com/toolgen-go/toolgen/llm (in the hooks file only), JSON
	// for encoding/json, Context for context (in the hooks file).
	Tool, LLM, JSON, Context string
}

// schemaConst is the constant that holds one schema text of a package.
type schemaConst struct {
	// Name is the constant's name (see nameSchemas).
	Name string
	// Text is the schema, indented JSON.
	Text json.RawMessage
	// Of is the type of the first use, which the name comes from.
	Of *typeExpr
	// Parts are Text cut around the $defs bodies it shares with other
	// schemas (Defs), in order; nil when it shares none.
	Parts []schemaPart
}

// schemaPart is a piece of a schema constant's text: literal text, or the
// body of a shared $defs entry, which its own constant holds.
type schemaPart struct {
	Text []byte
	Def  *defConst
}

// defConst is the constant that holds the body of a $defs entry that
// appears more than once in the schema texts of a package: the schema
// constants are sums of their literal pieces and of these constants,
// which Go adds up at compile time.
type defConst struct {
	// Name is the constant's name; Def the $defs name of its first use,
	// which the name comes from.
	Name, Def string
	// Text is the body, as indented in every root-level $defs entry.
	Text []byte
}

// toolModel is one annotated function or method.
type toolModel struct {
	// ID is the directive's id; Key the Toolset key (the id unless key=).
	ID, Key string
	// Title and Description are what the model and clients are told.
	Title, Description string
	// Func is the function's or method's name; Recv the receiver's type name
	// for a method, "" for a function.
	Func, Recv string
	// Ctor is the name of the generated constructor, Spec that of its Spec
	// variable, Toolset that of the toolset function that holds the tool.
	Ctor, Spec, Toolset string
	// In and Out are the function's input and output types, as written.
	In, Out *typeExpr
	// InputSchema and OutputSchema are the schemas, indented JSON, and
	// Input and Output the constants that hold them.
	InputSchema, OutputSchema json.RawMessage
	Input, Output             *schemaConst
	// Dialects are the input schema in each provider's dialect, or why it
	// cannot be expressed there.
	Dialects map[schema.Dialect]DialectSchema
	// Flags from the directive.
	Approval, Strict, Background bool
	// The MCP hints from the directive: nil when the directive leaves a hint
	// unset, else its value (readonly and readonly=true give true,
	// readonly=false false).
	ReadOnly, Destructive, Idempotent, OpenWorld *bool
	// Suspend and Resume are the types of suspend= and resume=, nil for a
	// tool that cannot suspend; SuspendSchema and ResumeSchema their
	// schemas, and SuspendConst and ResumeConst the constants that hold
	// them.
	Suspend, Resume             *typeExpr
	SuspendSchema, ResumeSchema json.RawMessage
	SuspendConst, ResumeConst   *schemaConst
	// Options are the directive's options as written: flags map to "".
	Options map[string]string
	// Hooks are the functions named by the hook options, by kind.
	Hooks []hook
	// Pos is the position of the function's name.
	Pos token.Position
}

// outputModel is one type declaration annotated with //tool:<id>: the
// schema of a structured output.
type outputModel struct {
	// ID is the directive's id; Description what the model is told of the
	// object (the doc comment, or desc=).
	ID, Description string
	// Type is the struct type; Var the name of the generated variable that
	// holds its *tool.StructuredOutput (<Type>Schema).
	Type *typeExpr
	Var  string
	// Strict is the directive's strict flag.
	Strict bool
	// Schema is the type's schema, indented JSON, and Const the constant
	// that holds it.
	Schema json.RawMessage
	Const  *schemaConst
	// Dialects are the schema in each provider's dialect, or why it cannot
	// be expressed there.
	Dialects map[schema.Dialect]DialectSchema
	// Options are the directive's options as written: flags map to "".
	Options map[string]string
	// Pos is the position of the type's name.
	Pos token.Position
}

// hookKind is what a hook function does for a tool.
type hookKind string

// The hook kinds, named after their directive options.
const (
	// hookModel shapes what the model sees of the output:
	// func(ctx context.Context, in In, out Out) (llm.ModelOutput, error).
	hookModel hookKind = "model"
	// hookDisplay returns the display transforms:
	// func() tool.Transforms[In, Out].
	hookDisplay hookKind = "display"
	// hookTranscript returns the transcript transforms:
	// func() tool.Transforms[In, Out].
	hookTranscript hookKind = "transcript"
	// hookInputStart is called when the model starts a call's arguments:
	// func(ctx context.Context, call tool.HookCall) error.
	hookInputStart hookKind = "oninputstart"
	// hookInputDelta is called with each piece of a call's arguments:
	// func(ctx context.Context, call tool.HookCall, delta string) error.
	hookInputDelta hookKind = "oninputdelta"
	// hookInputAvailable is called with a call's valid input:
	// func(ctx context.Context, call tool.HookCall, in In) error.
	hookInputAvailable hookKind = "oninputavailable"
	// hookOutput is called with a successful call's output:
	// func(ctx context.Context, call tool.HookCall, out Out) error.
	hookOutput hookKind = "onoutput"
)

// typedBy reports whether a hook of kind k has the tool's In, and its Out,
// in its signature: a hook may serve several tools only if these agree.
func (k hookKind) typedBy() (in, out bool) {
	switch k {
	case hookInputStart, hookInputDelta:
		return false, false
	case hookInputAvailable:
		return true, false
	case hookOutput:
		return false, true
	}
	return true, true
}

// hook is a hook function named by a directive.
type hook struct {
	Kind hookKind
	// Func is the function's name in the tool's package.
	Func string
	// Missing reports that the function does not exist yet: a stub is
	// written for it.
	Missing bool
}

// stub is a hook function toolgen writes for the user to fill in.
type stub struct {
	Hook hook
	// Tool is the first tool that names the hook; In and Out type it.
	Tool *toolModel
}

// typeKind is the form of a [typeExpr].
type typeKind int

// The kinds of type expressions a tool signature can use.
const (
	kindNamed typeKind = iota // a named (defined or predeclared) type, maybe instantiated
	kindPointer
	kindSlice
	kindArray
	kindMap
	kindAny
)

// typeExpr is a Go type as the generated code spells it.
type typeExpr struct {
	Kind typeKind
	// PkgPath and Name name a kindNamed type; PkgPath is "" for predeclared
	// types such as string or error.
	PkgPath, Name string
	// PkgName is the package's name, for the import.
	PkgName string
	// TypeArgs are an instantiated generic type's arguments.
	TypeArgs []*typeExpr
	// Elem is the element of a pointer, slice, array or map; Key a map's key.
	Elem, Key *typeExpr
	// Len is an array's length.
	Len int64
}

// newTypeExpr converts a type of a tool's signature to the form the
// renderer spells. Type literals that cannot be written portably (anonymous
// structs, functions, channels, non-empty interfaces) are errors.
func newTypeExpr(t types.Type) (*typeExpr, error) {
	switch t := t.(type) {
	case *types.Alias:
		return newTypeExpr(types.Unalias(t))
	case *types.Basic:
		if t.Kind() == types.Invalid || t.Kind() == types.UnsafePointer || t.Info()&types.IsUntyped != 0 {
			return nil, fmt.Errorf("type %s cannot be a tool's input or output", t)
		}
		return &typeExpr{Kind: kindNamed, Name: t.Name()}, nil
	case *types.Named:
		obj := t.Obj()
		e := &typeExpr{Kind: kindNamed, Name: obj.Name()}
		if obj.Pkg() != nil {
			e.PkgPath, e.PkgName = obj.Pkg().Path(), obj.Pkg().Name()
		}
		if obj.Parent() != nil && obj.Pkg() != nil && obj.Parent() != obj.Pkg().Scope() {
			return nil, fmt.Errorf("type %s is declared inside a function; declare it at package level", obj.Name())
		}
		if args := t.TypeArgs(); args != nil {
			for i := range args.Len() {
				a, err := newTypeExpr(args.At(i))
				if err != nil {
					return nil, err
				}
				e.TypeArgs = append(e.TypeArgs, a)
			}
		}
		return e, nil
	case *types.Pointer:
		return elemExpr(kindPointer, t.Elem())
	case *types.Slice:
		return elemExpr(kindSlice, t.Elem())
	case *types.Array:
		e, err := elemExpr(kindArray, t.Elem())
		if e != nil {
			e.Len = t.Len()
		}
		return e, err
	case *types.Map:
		e, err := elemExpr(kindMap, t.Elem())
		if err != nil {
			return nil, err
		}
		if e.Key, err = newTypeExpr(t.Key()); err != nil {
			return nil, err
		}
		return e, nil
	case *types.Interface:
		if t.Empty() {
			return &typeExpr{Kind: kindAny}, nil
		}
	}
	return nil, fmt.Errorf("type %s cannot be a tool's input or output: use a named type", t)
}

func elemExpr(kind typeKind, elem types.Type) (*typeExpr, error) {
	e, err := newTypeExpr(elem)
	if err != nil {
		return nil, err
	}
	return &typeExpr{Kind: kind, Elem: e}, nil
}

// String spells e as Go code in the package at path would.
func (e *typeExpr) String(path string) string {
	var b strings.Builder
	e.write(&b, path)
	return b.String()
}

func (e *typeExpr) write(b *strings.Builder, path string) {
	switch e.Kind {
	case kindPointer:
		b.WriteString("*")
	case kindSlice:
		b.WriteString("[]")
	case kindArray:
		fmt.Fprintf(b, "[%d]", e.Len)
	case kindMap:
		b.WriteString("map[")
		e.Key.write(b, path)
		b.WriteString("]")
	case kindAny:
		b.WriteString("any")
		return
	case kindNamed:
		if e.PkgPath != "" && e.PkgPath != path {
			b.WriteString(e.PkgName + ".")
		}
		b.WriteString(e.Name)
		for i, a := range e.TypeArgs {
			if i == 0 {
				b.WriteString("[")
			} else {
				b.WriteString(", ")
			}
			a.write(b, path)
		}
		if len(e.TypeArgs) > 0 {
			b.WriteString("]")
		}
		return
	}
	e.Elem.write(b, path)
}
