package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUsage(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
		err  string
	}{
		{"unknown flag", []string{"-nope"}, exitUsage, "flag provided but not defined: -nope"},
		{"check and json", []string{"-check", "-json"}, exitUsage, "-check and -json cannot be used together"},
		{"output with a directory", []string{"-output", "x/tools_gen.go"}, exitUsage, "want a file name ending in .go"},
		{"output not go", []string{"-output", "tools.txt"}, exitUsage, "want a file name ending in .go"},
		{"hooks a test file", []string{"-hooks", "hooks_test.go"}, exitUsage, "-hooks \"hooks_test.go\": want a file name ending in .go (not _test.go)"},
		{"output and hooks the same", []string{"-hooks", "tools_gen.go"}, exitUsage, "-output and -hooks are both"},
		{"hooks and the tagged output the same", []string{"-tags", "pro", "-hooks", "tools_pro_gen.go"}, exitUsage, "-output and -hooks are both \"tools_pro_gen.go\""},
		{"bad tag", []string{"-tags", "pro plus"}, exitUsage, "-tags \"pro plus\": build tag \"pro plus\": want letters, digits, '_' and '.', separated by commas"},
		{"unknown dialect", []string{"-dialects", "gemini,openai"}, exitUsage, `invalid value "gemini,openai" for flag -dialects: unknown dialect "openai"`},
		{"help", []string{"-h"}, exitOK, "usage: toolgen [flags] [packages]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), tc.args, &stdout, &stderr)
			assert.Equal(t, tc.code, code)
			assert.Contains(t, stderr.String(), tc.err)
			assert.Empty(t, stdout.String())
		})
	}
}

// A module outside the repository, as a user would write it: toolgen as a
// tool in go.mod, tools that are functions and methods, types from another
// package, a recursive type and constant enums.
var userModule = map[string]string{
	"go.mod": `module example.com/user

go 1.26

tool github.com/toolgen-go/toolgen/cmd/toolgen

require github.com/toolgen-go/toolgen v0.0.0

replace github.com/toolgen-go/toolgen => ROOT
`,
	"domain/domain.go": `// Package domain is the user's existing code.
package domain

// Category groups products.
type Category string

const (
	Books Category = "books"
	Games Category = "games"
)

// Part is a component of a product; parts have parts.
type Part struct {
	Name  string ` + "`json:\"name\"`" + `
	Parts []Part ` + "`json:\"parts,omitempty\"`" + `
}

// Product is something for sale.
type Product struct {
	SKU      string   ` + "`json:\"sku\"`" + `
	Category Category ` + "`json:\"category,omitempty\"`" + `
	Parts    []Part   ` + "`json:\"parts,omitempty\"`" + `
}
`,
	"shop/shop.go": `package shop

//go:generate go tool toolgen
//go:generate go tool toolgen -tags enterprise

import (
	"context"

	"example.com/user/domain"
)

// SearchInput filters products.
type SearchInput struct {
	// Category limits the search.
	Category domain.Category ` + "`json:\"category\"`" + `
}

// SearchOutput is what matched.
type SearchOutput struct {
	Products []domain.Product ` + "`json:\"products\"`" + `
}

// Search finds products.
//
//tool:search readonly openworld=false
func Search(ctx context.Context, in SearchInput) (SearchOutput, error) { return SearchOutput{}, nil }

// Cart holds products.
type Cart struct{ items []domain.Product }

// Add puts a product in the cart.
//
//tool:add-to-cart key=addToCart
func (c *Cart) Add(ctx context.Context, in *domain.Product) (*SearchOutput, error) {
	c.items = append(c.items, *in)
	return &SearchOutput{Products: c.items}, nil
}
`,
	"shop/enterprise.go": `//go:build enterprise

package shop

import "context"

// RefundInput names the order to refund.
type RefundInput struct {
	Order string ` + "`json:\"order\"`" + `
}

// Refund refunds an order.
//
//tool:refund
func Refund(ctx context.Context, in RefundInput) (bool, error) { return true, nil }
`,
	"main.go": `package main

import (
	"fmt"

	"example.com/user/shop"
)

func main() {
	fmt.Println(len(shop.Tools()), len(shop.CartTools(&shop.Cart{})))
}
`,
}

// TestUserModule runs toolgen the way a new user does: go generate (with
// a second run for a tool behind //go:build enterprise), go build with and
// without the tag, -check with and without it, -json, then a stale file
// caught by -check, which shows the diff.
func TestUserModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds toolgen and a module; skipped in -short")
	}
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	dir := t.TempDir()
	for name, src := range userModule {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(strings.ReplaceAll(src, "ROOT", root)), 0o644))
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))

	goRun := func(args ...string) (string, int) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("go %s: %v", strings.Join(args, " "), err)
		}
		return string(out), code
	}

	out, code := goRun("mod", "tidy")
	require.Equal(t, 0, code, out)
	out, code = goRun("generate", "./...")
	require.Equal(t, 0, code, out)
	require.FileExists(t, filepath.Join(dir, "shop", "tools_gen.go"))
	tagged, err := os.ReadFile(filepath.Join(dir, "shop", "tools_enterprise_gen.go"))
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(tagged, []byte("// Code generated by toolgen. DO NOT EDIT.\n//go:build enterprise\n\npackage shop\n")), "%s", tagged)
	assert.Contains(t, string(tagged), "func EnterpriseTools() tool.Toolset")

	out, code = goRun("run", ".")
	require.Equal(t, 0, code, out)
	assert.Equal(t, "1 1\n", out)
	out, code = goRun("build", "-tags", "enterprise", "./...")
	require.Equal(t, 0, code, out)

	out, code = goRun("tool", "toolgen", "-check", "./...")
	assert.Equal(t, 0, code, out)
	out, code = goRun("tool", "toolgen", "-check", "-tags", "enterprise", "./...")
	assert.Equal(t, 0, code, out)

	out, code = goRun("tool", "toolgen", "-json", "./shop")
	require.Equal(t, 0, code, out)
	var manifest []map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &manifest), out)
	require.Len(t, manifest, 2)
	assert.Equal(t, "tool", manifest[0]["kind"])
	assert.Equal(t, "search", manifest[0]["id"])
	assert.Equal(t, "addToCart", manifest[1]["key"])
	assert.Equal(t, "(*Cart).Add", manifest[1]["func"])
	assert.Equal(t, map[string]any{"readOnly": true, "openWorld": false}, manifest[0]["annotations"], "the hints set, false included")
	assert.NotContains(t, manifest[1], "annotations", "no hint set")
	assert.Contains(t, string(mustJSON(t, manifest[0]["inputSchema"])), `"enum":["books","games"]`)

	// A changed doc comment makes the file stale.
	shop := filepath.Join(dir, "shop", "shop.go")
	src, err := os.ReadFile(shop)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(shop, bytes.Replace(src, []byte("// Search finds products."), []byte("// Search finds products by category."), 1), 0o644))
	out, code = goRun("tool", "toolgen", "-check", "./...")
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, filepath.Join("shop", "tools_gen.go")+": stale")
	assert.Contains(t, out, "--- current/shop/tools_gen.go\n+++ generated/shop/tools_gen.go\n")
	assert.Contains(t, out, "\n-\tDescription:  \"Finds products.\",\n+\tDescription:  \"Finds products by category.\",\n")
	out, code = goRun("tool", "toolgen", "-check", "-tags", "enterprise", "./...")
	assert.Equal(t, 0, code, "the tagged file does not hold Search: %s", out)
}

func mustJSON(t *testing.T, v any) []byte {
	data, err := json.Marshal(v)
	require.NoError(t, err)
	return data
}

// TestErrorsWriteNothing runs the command in a module with one good tool
// and one bad one: exit 1, every diagnostic on stderr relative to the
// working directory, and no file written.
func TestErrorsWriteNothing(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	write("go.mod", "module example.com/bad\n\ngo 1.26\n")
	write("p/p.go", `package p

import "context"

type In struct{ N int `+"`json:\"n\"`"+` }

// Good is fine.
//
//tool:good
func Good(ctx context.Context, in In) (int, error) { return in.N, nil }

// Bad takes no context.
//
//tool:bad
func Bad(in In) (int, error) { return in.N, nil }

// Worse has an unknown option.
//
//tool:worse fast
func Worse(ctx context.Context, in In) (int, error) { return in.N, nil }
`)
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"./..."}, &stdout, &stderr)
	assert.Equal(t, exitFail, code)
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	require.Len(t, lines, 2, stderr.String())
	assert.True(t, strings.HasPrefix(lines[0], filepath.Join("p", "p.go")+":15:9: tool function Bad: the first parameter must be a context.Context"), lines[0])
	assert.True(t, strings.HasPrefix(lines[1], filepath.Join("p", "p.go")+":19:14: unknown option \"fast\""), lines[1])
	assert.NoFileExists(t, filepath.Join(dir, "p", "tools_gen.go"))
}

// TestOutputOnlyPackage runs the command on a package whose only directive
// is on a type declaration (a structured output): -check finds its file
// missing, a run writes it, -check then passes, -json lists the output with
// every field of its kind, and a changed doc comment makes the file stale.
func TestOutputOnlyPackage(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	dir := t.TempDir()
	write := func(name, src string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	write("go.mod", "module example.com/out\n\ngo 1.26\n\nrequire github.com/toolgen-go/toolgen v0.0.0\n\n"+
		"replace github.com/toolgen-go/toolgen => "+root+"\n")
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	require.NoError(t, err)
	write("go.sum", string(sum))
	write("r/r.go", `package r

// Report is the answer of a review.
//
//tool:report strict
type Report struct {
	// Summary is one paragraph.
	Summary string `+"`json:\"summary\"`"+`
}
`)
	t.Chdir(dir)
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	toolgen := func(args ...string) (string, string, int) {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), args, &stdout, &stderr)
		return stdout.String(), stderr.String(), code
	}
	out := filepath.Join("r", "tools_gen.go")

	_, stderr, code := toolgen("-check", "./...")
	assert.Equal(t, exitFail, code)
	assert.Contains(t, stderr, out+": missing")

	_, stderr, code = toolgen("./...")
	require.Equal(t, 0, code, stderr)
	src, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(src), "var ReportSchema = tool.NewOutput[Report](tool.OutputSpec{")
	assert.NotContains(t, string(src), "func Tools()", "no tools, no toolset")
	_, stderr, code = toolgen("-check", "./...")
	assert.Equal(t, 0, code, stderr)

	stdout, stderr, code := toolgen("-json", "./...")
	require.Equal(t, 0, code, stderr)
	var manifest []map[string]any
	require.NoError(t, json.Unmarshal([]byte(stdout), &manifest), stdout)
	require.Len(t, manifest, 1)
	entry := manifest[0]
	assert.Equal(t, "output", entry["kind"])
	assert.Equal(t, "example.com/out/r", entry["package"])
	assert.Equal(t, "Report", entry["type"])
	assert.Equal(t, "report", entry["id"])
	assert.Equal(t, "Report is the answer of a review.", entry["description"])
	assert.Equal(t, "ReportSchema", entry["var"])
	assert.Equal(t, map[string]any{"strict": ""}, entry["options"])
	assert.Equal(t, filepath.Join("r", "r.go")+":6:6", entry["position"])
	assert.JSONEq(t, `{"type":"object","properties":{"summary":{"type":"string","description":"Summary is one paragraph."}},`+
		`"required":["summary"],"additionalProperties":false,"description":"Report is the answer of a review."}`,
		string(mustJSON(t, entry["schema"])))
	dialects, ok := entry["dialects"].(map[string]any)
	require.True(t, ok, "dialects: %v", entry["dialects"])
	assert.ElementsMatch(t, []string{"openai-strict", "gemini", "anthropic"}, mapKeys(dialects))
	for name, d := range dialects {
		assert.Contains(t, d, "schema", "%s expresses the schema", name)
	}
	for _, toolField := range []string{"func", "key", "inputSchema", "outputSchema", "constructor", "toolset", "inputDialects"} {
		assert.NotContains(t, entry, toolField, "an output entry has no %s", toolField)
	}

	require.NoError(t, os.WriteFile(filepath.Join("r", "r.go"), bytes.Replace(
		[]byte(mustRead(t, filepath.Join("r", "r.go"))), []byte("answer of a review"), []byte("answer of a code review"), 1), 0o644))
	stdout, stderr, code = toolgen("-check", "./...")
	assert.Equal(t, exitFail, code)
	assert.Contains(t, stderr, out+": stale")
	assert.Contains(t, stdout, `+	Description: "Report is the answer of a code review.",`)
}

func mapKeys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func mustRead(t *testing.T, path string) string {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(data)
}
