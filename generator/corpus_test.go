package generator

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgen-go/toolgen/schema"
)

// The corpus (testdata/corpus) holds real-world request types as tool
// inputs: GitHub's issue and pull request bodies, Stripe's charge, a
// Kubernetes Deployment with its PodSpec, and hard shapes (reuse,
// recursion, maps, pointers, embedding, strict mode).
// Its archives have the golden cases' format, plus one section per tool
// and dialect with the input schema as that provider receives it:
//
//	want:dialects/<key>.<dialect>.json    the converted schema, indented
//	want:dialects/<key>.<dialect>.error   why the dialect cannot express it
//
// go test ./generator -run TestCorpus -update rewrites the want sections.

// TestCorpus generates every corpus case and compares the generated files,
// the manifest and the dialect schemas with the archive, then compiles and
// vets the output.
func TestCorpus(t *testing.T) {
	for _, c := range readCases(t, "corpus") {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := writeModule(t, c.inputs)
			res := generate(t, dir)
			diags := formatDiagnostics(res.Diagnostics, dir)
			require.False(t, HasErrors(res.Diagnostics), "diagnostics:\n%s", diags)
			checkSchemas(t, res.pkgs)
			got := relFiles(t, res.Files, dir)
			manifest, err := json.MarshalIndent(res.Manifest(), "", "  ")
			require.NoError(t, err)
			got["manifest.json"] = append(manifest, '\n')
			if diags != "" || c.wants["diagnostics"] != nil {
				got["diagnostics"] = []byte(diags)
			}
			maps.Copy(got, corpusDialects(t, res.pkgs))

			if *update {
				rewrite(t, c, got)
				return
			}
			assert.ElementsMatch(t, keys(c.wants), keys(got), "generated files")
			for name, want := range c.wants {
				if strings.HasSuffix(name, ".json") {
					assert.JSONEq(t, string(want), string(got[name]), "%s differs; run go test ./generator -run TestCorpus -update and review the diff", name)
					continue
				}
				assert.Equal(t, string(want), string(got[name]), "%s differs; run go test ./generator -run TestCorpus -update and review the diff", name)
			}

			for path, data := range res.Files {
				require.NoError(t, os.WriteFile(path, data, 0o644))
			}
			goCmd(t, dir, "vet", "./...")
		})
	}
}

// corpusDialects converts every tool's input schema to every dialect.
func corpusDialects(t *testing.T, pkgs []*pkgModel) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, pkg := range pkgs {
		for _, tool := range pkg.Tools {
			for _, d := range schema.Dialects() {
				name := "dialects/" + tool.Key + "." + string(d)
				s, err := schema.Convert(tool.InputSchema, d)
				if err != nil {
					out[name+".error"] = []byte(err.Error() + "\n")
					continue
				}
				var b bytes.Buffer
				require.NoError(t, json.Indent(&b, s, "", "  "), "%s: the %s schema is not JSON", tool.Key, d)
				b.WriteByte('\n')
				out[name+".json"] = b.Bytes()
			}
		}
	}
	return out
}

// TestCorpusAgreesWithInvopop runs the agreement test (agree_test.go) on
// the corpus: one module with every case's packages, one program.
func TestCorpusAgreesWithInvopop(t *testing.T) {
	files := map[string][]byte{}
	for _, c := range readCases(t, "corpus") {
		for name, data := range c.inputs {
			require.NotContains(t, files, name, "two corpus cases write %s", name)
			files[name] = data
		}
	}
	tally := &agreeTally{ran: map[string]bool{}, seen: map[agreeDiff]bool{}}
	agreeRunCase(t, agreeCase{name: "corpus", files: files, needTools: true}, tally)
	t.Logf("compared the input and output schemas of %d corpus tools with invopop's", tally.tools)
}
