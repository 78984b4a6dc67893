package generator

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestToolsetsText checks the toolset functions written without go/format
// against formatPiece of what renderToolsets builds, on random packages:
// keys of every length find allows (1 to 64 bytes), runs of long and short
// keys that make go/printer start new alignment sections, one-element
// literals, receivers. A key find would not allow is left to go/printer.
func TestToolsetsText(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const keyChars = "abcXYZ019_-"
	key := func() string {
		n := 1 + rng.IntN(64)
		switch rng.IntN(3) {
		case 0:
			n = 1 + rng.IntN(8)
		case 1:
			n = 36 + rng.IntN(29) // around go/printer's smallSize
		}
		b := make([]byte, n)
		for i := range b {
			b[i] = keyChars[rng.IntN(len(keyChars))]
		}
		return string(b)
	}
	sections := 0
	for i := range 2000 {
		p := &Package{Path: "example.com/p", Name: "p", Imports: Imports{Runtime: []string{"runtime", "toolgenruntime"}[rng.IntN(2)], JSON: "json"}}
		for j := range 1 + rng.IntN(12) {
			tool := &Tool{ID: fmt.Sprintf("t-%d", j), Key: key(), Ctor: fmt.Sprintf("F%dTool", j)}
			if rng.IntN(3) == 0 {
				tool.Recv = []string{"Svc", "svc"}[rng.IntN(2)]
				tool.Ctor = tool.Recv + tool.Ctor
			}
			p.Tools = append(p.Tools, tool)
		}
		got, ok := toolsetsText(p)
		require.True(t, ok, "case %d", i)

		f := newFile(p)
		renderToolsets(f, p)
		f.NoFormat = true
		var buf bytes.Buffer
		require.NoError(t, f.Render(&buf))
		src := buf.Bytes()
		at := bytes.Index(src, []byte("\n// "+toolsetsFirstLine(p)+"\n"))
		require.GreaterOrEqual(t, at, 0)
		want, err := formatPiece(src[at+1:])
		require.NoError(t, err)
		require.Equal(t, string(want), string(got), "case %d", i)
		// A literal whose values do not all start in one column has
		// more than one alignment section.
		for _, lit := range strings.Split(string(want), "Toolset{\n")[1:] {
			cols := map[int]bool{}
			for _, line := range strings.Split(lit, "\n") {
				if c := strings.Index(line, "\": "); c >= 0 && strings.HasSuffix(line, "),") {
					cols[len(line)-len(strings.TrimLeft(line[c+2:], " "))] = true
				}
			}
			if len(cols) > 1 {
				sections++
			}
		}
	}
	require.Greater(t, sections, 200, "too few literals with several alignment sections")

	p := &Package{Path: "example.com/p", Name: "p", Imports: Imports{Runtime: "runtime", JSON: "json"},
		Tools: []*Tool{{ID: "a", Key: "a.b", Ctor: "ATool"}}}
	_, ok := toolsetsText(p)
	require.False(t, ok, "a key with a dot")
}
