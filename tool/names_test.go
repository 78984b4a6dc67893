package tool_test

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExportedNames: generated code imports this package, and every tool
// author reads it; it exports at most 100 names as go doc -all lists them
// (constants, variables, functions, types, and the methods and fields of
// the exported types). What hosts need lives in toolexec, what the loop
// needs in agent.
func TestExportedNames(t *testing.T) {
	names := exportedNames(t, ".")
	assert.LessOrEqual(t, len(names), 100, "exported names: %s", strings.Join(names, " "))
	assert.Contains(t, names, "Func.WithModelOutput", "the counter sees methods")
	assert.Contains(t, names, "Spec.InputSchema", "the counter sees fields")
}

// exportedNames lists the exported names of the package in dir, methods and
// fields as Type.Name.
func exportedNames(t *testing.T, dir string) []string {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	require.NoError(t, err)
	require.Len(t, pkgs, 1)
	var names []string
	for _, p := range pkgs {
		d := doc.New(p, "tool", 0)
		values := func(vs []*doc.Value) {
			for _, v := range vs {
				for _, n := range v.Names {
					if ast.IsExported(n) {
						names = append(names, n)
					}
				}
			}
		}
		values(d.Consts)
		values(d.Vars)
		for _, f := range d.Funcs {
			names = append(names, f.Name)
		}
		for _, typ := range d.Types {
			names = append(names, typ.Name)
			values(typ.Consts)
			values(typ.Vars)
			for _, f := range typ.Funcs {
				names = append(names, f.Name)
			}
			for _, m := range typ.Methods {
				names = append(names, typ.Name+"."+m.Name)
			}
			for _, spec := range typ.Decl.Specs {
				var fields *ast.FieldList
				switch x := spec.(*ast.TypeSpec).Type.(type) {
				case *ast.StructType:
					fields = x.Fields
				case *ast.InterfaceType:
					fields = x.Methods
				default:
					continue
				}
				for _, f := range fields.List {
					for _, n := range f.Names {
						if ast.IsExported(n.Name) {
							names = append(names, typ.Name+"."+n.Name)
						}
					}
					if len(f.Names) == 0 {
						names = append(names, typ.Name+".(embedded)")
					}
				}
			}
		}
	}
	return names
}
