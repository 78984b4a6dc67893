package schemagen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"

	"github.com/toolgen-go/toolgen/internal/doctext"
)

// This file finds the doc comments of types and struct fields.
//
// Objects come from go/types; their comments live in the syntax. A package
// type-checked from source shares its token.Pos values with its files, but a
// dependency loaded from export data only has file:line positions, and
// parsing its file again gives new token.Pos values. So declarations are
// matched by name (a type spec's name, a field's name, an embedded field's
// type name) and disambiguated by line, never by token.Pos.

// fileIndex holds the named declarations of one file, by name and by name
// and line, so that a lookup costs the same in a file of a thousand structs
// as in a file of one.
type fileIndex struct {
	fields       map[string][]*ast.Field // by field name; embedded fields by type name
	types        map[string][]typeDecl   // by type name
	fieldsAtLine map[nameLine][]*ast.Field
	typesAtLine  map[nameLine][]typeDecl
}

// nameLine is a declared name and the line of its identifier.
type nameLine struct {
	name string
	line int
}

type typeDecl struct {
	spec *ast.TypeSpec
	decl *ast.GenDecl
}

// comments finds and caches the syntax of declaring files.
type comments struct {
	fset  *token.FileSet
	files map[string]*ast.File  // registered with AddFiles, by file name
	index map[string]*fileIndex // nil entry: the file could not be read
	// typeDocs and fieldDocs cache the rendered comments: a type used by a
	// thousand tools is rendered once.
	typeDocs  map[*types.TypeName]string
	fieldDocs map[*types.Var]string
}

func newComments(fset *token.FileSet) *comments {
	return &comments{
		fset:      fset,
		files:     map[string]*ast.File{},
		index:     map[string]*fileIndex{},
		typeDocs:  map[*types.TypeName]string{},
		fieldDocs: map[*types.Var]string{},
	}
}

func (c *comments) add(f *ast.File) {
	if f == nil {
		return
	}
	tf := c.fset.File(f.FileStart)
	if tf == nil {
		return
	}
	c.files[tf.Name()] = f
}

// position returns the unadjusted position of pos: the file that really
// holds the declaration, whatever //line directives say.
func (c *comments) position(pos token.Pos) token.Position {
	if !pos.IsValid() {
		return token.Position{}
	}
	return c.fset.PositionFor(pos, false)
}

// fileOf returns the index of the file that declares pos, parsing the file
// (once) when it was not registered.
func (c *comments) fileOf(pos token.Position) *fileIndex {
	if pos.Filename == "" {
		return nil
	}
	if idx, ok := c.index[pos.Filename]; ok {
		return idx
	}
	f := c.files[pos.Filename]
	if f == nil {
		// A file that cannot be read (say, a standard library file compiled
		// with -trimpath) just has no comments.
		f, _ = parser.ParseFile(c.fset, pos.Filename, nil, parser.ParseComments|parser.SkipObjectResolution)
	}
	var idx *fileIndex
	if f != nil {
		idx = c.indexFile(f)
	}
	c.index[pos.Filename] = idx
	return idx
}

func (c *comments) indexFile(f *ast.File) *fileIndex {
	idx := &fileIndex{
		fields:       map[string][]*ast.Field{},
		types:        map[string][]typeDecl{},
		fieldsAtLine: map[nameLine][]*ast.Field{},
		typesAtLine:  map[nameLine][]typeDecl{},
	}
	tf := c.fset.File(f.FileStart)
	line := func(pos token.Pos) int {
		if tf == nil {
			return 0
		}
		return tf.PositionFor(pos, false).Line
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			if n.Tok == token.TYPE {
				for _, spec := range n.Specs {
					if ts, ok := spec.(*ast.TypeSpec); ok {
						d := typeDecl{spec: ts, decl: n}
						idx.types[ts.Name.Name] = append(idx.types[ts.Name.Name], d)
						k := nameLine{ts.Name.Name, line(ts.Name.Pos())}
						idx.typesAtLine[k] = append(idx.typesAtLine[k], d)
					}
				}
			}
		case *ast.Field:
			if len(n.Names) == 0 {
				if name := embeddedName(n.Type); name != "" {
					idx.fields[name] = append(idx.fields[name], n)
					k := nameLine{name, line(n.Type.Pos())}
					idx.fieldsAtLine[k] = append(idx.fieldsAtLine[k], n)
				}
			}
			for _, id := range n.Names {
				idx.fields[id.Name] = append(idx.fields[id.Name], n)
				k := nameLine{id.Name, line(id.Pos())}
				idx.fieldsAtLine[k] = append(idx.fieldsAtLine[k], n)
			}
		}
		return true
	})
	return idx
}

// embeddedName is the field name of an embedded field's type expression.
func embeddedName(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.StarExpr:
		return embeddedName(x.X)
	case *ast.ParenExpr:
		return embeddedName(x.X)
	case *ast.IndexExpr:
		return embeddedName(x.X)
	case *ast.IndexListExpr:
		return embeddedName(x.X)
	}
	return ""
}

// pick returns the candidate declared on line (all candidates when the
// position has no line), preferring the one at column when several share
// the line.
func pick[T any](cands []T, at token.Position, pos func(T) token.Position) (T, bool) {
	var zero T
	if at.Line == 0 {
		if len(cands) == 1 {
			return cands[0], true
		}
		return zero, false
	}
	var found []T
	for _, c := range cands {
		if pos(c).Line == at.Line {
			found = append(found, c)
		}
	}
	for _, c := range found {
		if pos(c).Column == at.Column {
			return c, true
		}
	}
	if len(found) > 0 {
		return found[0], true
	}
	return zero, false
}

// typeDoc returns the doc comment of a named type as plain text.
func (c *comments) typeDoc(obj *types.TypeName) string {
	if doc, ok := c.typeDocs[obj]; ok {
		return doc
	}
	doc := c.findTypeDoc(obj)
	c.typeDocs[obj] = doc
	return doc
}

func (c *comments) findTypeDoc(obj *types.TypeName) string {
	at := c.position(obj.Pos())
	idx := c.fileOf(at)
	if idx == nil {
		return ""
	}
	cands := idx.types[obj.Name()]
	if at.Line > 0 {
		cands = idx.typesAtLine[nameLine{obj.Name(), at.Line}]
	}
	d, ok := pick(cands, at, func(d typeDecl) token.Position { return c.fset.PositionFor(d.spec.Name.Pos(), false) })
	if !ok {
		return ""
	}
	doc := d.spec.Doc
	if doc == nil && len(d.decl.Specs) == 1 {
		// type T … (not in parentheses): the comment belongs to the
		// declaration, as go/doc reads it.
		doc = d.decl.Doc
	}
	return doctext.FromGroup(doc)
}

// fieldDoc returns the doc comment of a struct field as plain text, or else
// its line comment.
func (c *comments) fieldDoc(v *types.Var) string {
	if doc, ok := c.fieldDocs[v]; ok {
		return doc
	}
	doc := c.findFieldDoc(v)
	c.fieldDocs[v] = doc
	return doc
}

func (c *comments) findFieldDoc(v *types.Var) string {
	at := c.position(v.Pos())
	idx := c.fileOf(at)
	if idx == nil {
		return ""
	}
	cands := idx.fields[v.Name()]
	if at.Line > 0 {
		cands = idx.fieldsAtLine[nameLine{v.Name(), at.Line}]
	}
	f, ok := pick(cands, at, func(f *ast.Field) token.Position {
		for _, id := range f.Names {
			if id.Name == v.Name() {
				return c.fset.PositionFor(id.Pos(), false)
			}
		}
		return c.fset.PositionFor(f.Type.Pos(), false)
	})
	if !ok {
		return ""
	}
	if doc := doctext.FromGroup(f.Doc); doc != "" {
		return doc
	}
	return doctext.FromGroup(f.Comment)
}
