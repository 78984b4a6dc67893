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

// fileIndex holds the named declarations of one file by name and line, so
// that a lookup costs the same in a file of a thousand structs as in a file
// of one. Fields are indexed by field name, embedded fields by type name.
type fileIndex struct {
	// file is the parsed file.
	file         *ast.File
	fieldsAtLine map[nameLine][]*ast.Field
	typesAtLine  map[nameLine][]typeDecl
}

// byName returns the entries of m declared under name on any line, for a
// position without a line, which no loaded package has in practice: a scan
// of the file's index rather than a second map built for every file.
func byName[T any](m map[nameLine][]T, name string) []T {
	var out []T
	for k, list := range m {
		if k.name == name {
			out = append(out, list...)
		}
	}
	return out
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

// eachDecl calls onType with every type spec of f and its declaration,
// and onField with every field of a struct (or of a parameter list, which
// no type's field shares a position with).
func eachDecl(f *ast.File, onType func(*ast.TypeSpec, *ast.GenDecl), onField func(*ast.Field)) {
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			if n.Tok == token.TYPE {
				for _, spec := range n.Specs {
					if ts, ok := spec.(*ast.TypeSpec); ok {
						onType(ts, n)
					}
				}
			}
		case *ast.Field:
			onField(n)
		}
		return true
	})
}

// comments finds the doc comments of the types and fields of schemas in
// the files that declare them, and keeps them rendered: a type used by a
// thousand tools is rendered once.
type comments struct {
	fset      *token.FileSet
	files     map[string]*ast.File  // the parsed files, by name
	index     map[string]*fileIndex // nil: the file could not be read
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

// addFiles registers parsed files (with comments) so that doc lookup
// reuses them instead of parsing them again.
func (cm *comments) addFiles(files ...*ast.File) {
	for _, f := range files {
		if f == nil {
			continue
		}
		if tf := cm.fset.File(f.FileStart); tf != nil {
			cm.files[tf.Name()] = f
		}
	}
}

// position returns the unadjusted position of pos: the file that really
// holds the declaration, whatever //line directives say.
func (cm *comments) position(pos token.Pos) token.Position {
	if !pos.IsValid() {
		return token.Position{}
	}
	return cm.fset.PositionFor(pos, false)
}

// fileOf returns the index of the file that declares pos, parsing the file
// (once) when it was not registered.
func (cm *comments) fileOf(pos token.Position) *fileIndex {
	if pos.Filename == "" {
		return nil
	}
	if idx, ok := cm.index[pos.Filename]; ok {
		return idx
	}
	f := cm.files[pos.Filename]
	if f == nil {
		// A file that cannot be read (say, a standard library file
		// compiled with -trimpath) just has no comments.
		f, _ = parser.ParseFile(cm.fset, pos.Filename, nil, parser.ParseComments|parser.SkipObjectResolution)
	}
	var idx *fileIndex
	if f != nil {
		idx = cm.indexFile(f)
	}
	cm.index[pos.Filename] = idx
	return idx
}

func (cm *comments) indexFile(f *ast.File) *fileIndex {
	idx := &fileIndex{
		file:         f,
		fieldsAtLine: map[nameLine][]*ast.Field{},
		typesAtLine:  map[nameLine][]typeDecl{},
	}
	tf := cm.fset.File(f.FileStart)
	line := func(pos token.Pos) int {
		if tf == nil {
			return 0
		}
		return tf.PositionFor(pos, false).Line
	}
	eachDecl(f, func(ts *ast.TypeSpec, decl *ast.GenDecl) {
		k := nameLine{ts.Name.Name, line(ts.Name.Pos())}
		idx.typesAtLine[k] = append(idx.typesAtLine[k], typeDecl{spec: ts, decl: decl})
	}, func(n *ast.Field) {
		if len(n.Names) == 0 {
			if name := embeddedName(n.Type); name != "" {
				k := nameLine{name, line(n.Type.Pos())}
				idx.fieldsAtLine[k] = append(idx.fieldsAtLine[k], n)
			}
		}
		for _, id := range n.Names {
			k := nameLine{id.Name, line(id.Pos())}
			idx.fieldsAtLine[k] = append(idx.fieldsAtLine[k], n)
		}
	})
	return idx
}

// funcDecl returns the declaration of the function or method fn, or nil
// when its file cannot be read.
func (cm *comments) funcDecl(fn *types.Func) *ast.FuncDecl {
	pos := cm.position(fn.Pos())
	idx := cm.fileOf(pos)
	if idx == nil {
		return nil
	}
	tf := cm.fset.File(idx.file.FileStart)
	for _, d := range idx.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != fn.Name() || (fd.Recv == nil) != (fn.Signature().Recv() == nil) {
			continue
		}
		if tf == nil || pos.Line == 0 || tf.PositionFor(fd.Name.Pos(), false).Line == pos.Line {
			return fd
		}
	}
	return nil
}

// embeddedName is the field name of an embedded field's type expression.
func embeddedName(x ast.Expr) string {
	if id := embeddedIdent(x); id != nil {
		return id.Name
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
	cands := idx.typesAtLine[nameLine{obj.Name(), at.Line}]
	if at.Line == 0 {
		cands = byName(idx.typesAtLine, obj.Name())
	}
	d, ok := pick(cands, at, func(d typeDecl) token.Position { return c.fset.PositionFor(d.spec.Name.Pos(), false) })
	if !ok {
		return ""
	}
	return doctext.FromGroup(typeSpecDoc(d.spec, d.decl))
}

// typeSpecDoc is the doc comment of the type spec ts of decl.
func typeSpecDoc(ts *ast.TypeSpec, decl *ast.GenDecl) *ast.CommentGroup {
	if ts.Doc == nil && len(decl.Specs) == 1 {
		// type T … (not in parentheses): the comment belongs to the
		// declaration, as go/doc reads it.
		return decl.Doc
	}
	return ts.Doc
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
	cands := idx.fieldsAtLine[nameLine{v.Name(), at.Line}]
	if at.Line == 0 {
		cands = byName(idx.fieldsAtLine, v.Name())
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
	return fieldText(f)
}

// fieldText is the doc comment of f as plain text, or else its line
// comment.
func fieldText(f *ast.Field) string {
	if doc := doctext.FromGroup(f.Doc); doc != "" {
		return doc
	}
	return doctext.FromGroup(f.Comment)
}

// embeddedIdent is the identifier of an embedded field's type expression
// whose position go/types gives the field, or nil.
func embeddedIdent(x ast.Expr) *ast.Ident {
	switch x := x.(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	case *ast.StarExpr:
		return embeddedIdent(x.X)
	case *ast.ParenExpr:
		return embeddedIdent(x.X)
	case *ast.IndexExpr:
		return embeddedIdent(x.X)
	case *ast.IndexListExpr:
		return embeddedIdent(x.X)
	}
	return nil
}
