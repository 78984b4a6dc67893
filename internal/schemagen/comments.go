package schemagen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"sync"

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

// Comments indexes the declarations of the files that declare the types
// of schemas, for their doc comments. It is safe for concurrent use: the
// Builders of parallel workers share one, so that each file is indexed (or
// parsed) once per run rather than once per worker. A file's index is
// built by the first lookup that needs it, under a sync.Once, and never
// changes afterwards, so lookups read it without locking.
type Comments struct {
	fset  *token.FileSet // safe for concurrent use
	mu    sync.Mutex     // guards files, index and docs
	files map[string]*ast.File
	index map[string]*indexEntry
	docs  Docs // of the files added with AddDocs, merged
}

// Docs are the doc comments of the types and struct fields that some
// parsed files declare, as plain text, by the position of the declared
// name: a type's name, a field's name, an embedded field's type name (the
// identifier whose position go/types gives the field). A type checked from
// these very trees has objects at exactly these positions, and a position
// names one place of one file of a FileSet, so a lookup by position needs
// no file, line or name to match, and no comment is rendered at lookup.
type Docs struct {
	types  map[token.Pos]string
	fields map[token.Pos]string
}

// FileDocs reads the doc comments of the types and struct fields of f. It
// needs only the syntax, so it can run before the file is type-checked:
// toolgen reads them while the go command lists the packages.
func FileDocs(f *ast.File) *Docs {
	d := &Docs{types: map[token.Pos]string{}, fields: map[token.Pos]string{}}
	if f == nil {
		return d
	}
	eachDecl(f, func(ts *ast.TypeSpec, decl *ast.GenDecl) {
		d.types[ts.Name.Pos()] = doctext.FromGroup(typeSpecDoc(ts, decl))
	}, func(field *ast.Field) {
		doc := fieldText(field)
		if len(field.Names) == 0 {
			if id := embeddedIdent(field.Type); id != nil {
				d.fields[id.Pos()] = doc
			}
		}
		for _, id := range field.Names {
			d.fields[id.Pos()] = doc
		}
	})
	return d
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

// AddDocs adds the docs of files (FileDocs) that declare types of
// schemas. The docs of a file need not be added: without them, its
// comments are found as those of any other file, by name and line.
// Comments owns the docs once added.
func (cm *Comments) AddDocs(docs ...*Docs) {
	cm.mu.Lock()
	defer cm.mu.Unlock()
	for _, d := range docs {
		if d == nil {
			continue
		}
		if cm.docs.types == nil { // the first: adopted, not copied
			cm.docs = *d
			continue
		}
		maps.Copy(cm.docs.types, d.types)
		maps.Copy(cm.docs.fields, d.fields)
	}
}

// knownDoc looks pos up in the docs added with AddDocs.
func (cm *Comments) knownDoc(m func(*Docs) map[token.Pos]string, pos token.Pos) (string, bool) {
	cm.mu.Lock()
	defer cm.mu.Unlock()
	if cm.docs.types == nil {
		return "", false
	}
	doc, ok := m(&cm.docs)[pos]
	return doc, ok
}

// indexEntry is the index of one file, built once.
type indexEntry struct {
	once sync.Once
	idx  *fileIndex // nil: the file could not be read
}

// NewComments returns an empty index for files whose positions belong to
// fset. Files that must be parsed for their comments are added to fset.
func NewComments(fset *token.FileSet) *Comments {
	return &Comments{fset: fset, files: map[string]*ast.File{}, index: map[string]*indexEntry{}}
}

// AddFiles registers parsed files (with comments) so that doc lookup reuses
// them instead of parsing them again.
func (cm *Comments) AddFiles(files ...*ast.File) {
	cm.mu.Lock()
	defer cm.mu.Unlock()
	for _, f := range files {
		if f == nil {
			continue
		}
		if tf := cm.fset.File(f.FileStart); tf != nil {
			cm.files[tf.Name()] = f
		}
	}
}

// comments is a Builder's view of the shared index, with the caches of the
// rendered comments, which are the Builder's own: a type used by a
// thousand tools is rendered once per Builder.
type comments struct {
	*Comments
	typeDocs  map[*types.TypeName]string
	fieldDocs map[*types.Var]string
}

func newComments(cm *Comments) *comments {
	return &comments{
		Comments:  cm,
		typeDocs:  map[*types.TypeName]string{},
		fieldDocs: map[*types.Var]string{},
	}
}

// position returns the unadjusted position of pos: the file that really
// holds the declaration, whatever //line directives say.
func (cm *Comments) position(pos token.Pos) token.Position {
	if !pos.IsValid() {
		return token.Position{}
	}
	return cm.fset.PositionFor(pos, false)
}

// fileOf returns the index of the file that declares pos, parsing the file
// (once) when it was not registered.
func (cm *Comments) fileOf(pos token.Position) *fileIndex {
	if pos.Filename == "" {
		return nil
	}
	cm.mu.Lock()
	e := cm.index[pos.Filename]
	if e == nil {
		e = &indexEntry{}
		cm.index[pos.Filename] = e
	}
	f := cm.files[pos.Filename]
	cm.mu.Unlock()
	e.once.Do(func() {
		if f == nil {
			// A file that cannot be read (say, a standard library file
			// compiled with -trimpath) just has no comments.
			f, _ = parser.ParseFile(cm.fset, pos.Filename, nil, parser.ParseComments|parser.SkipObjectResolution)
		}
		if f != nil {
			e.idx = cm.indexFile(f)
		}
	})
	return e.idx
}

func (cm *Comments) indexFile(f *ast.File) *fileIndex {
	idx := &fileIndex{
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
	if doc, ok := c.knownDoc(func(d *Docs) map[token.Pos]string { return d.types }, obj.Pos()); ok {
		return doc
	}
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
	if doc, ok := c.knownDoc(func(d *Docs) map[token.Pos]string { return d.fields }, v.Pos()); ok {
		return doc
	}
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
