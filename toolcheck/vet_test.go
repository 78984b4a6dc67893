package toolcheck_test

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The command of docs/vet.md, in a module that has toolgen-vet as a tool
// (the copy of testdata/src): go vet reports the problems at their lines,
// relative to the working directory, and fails; on the clean package,
// whose generated file go vet compiles with it, it reports nothing.
func TestGoVet(t *testing.T) {
	tool := goCmd(t, "tool", "-n", "toolgen-vet")
	path := strings.TrimSpace(tool.out)
	require.NoError(t, tool.err, tool.out)
	require.True(t, filepath.IsAbs(path), "go tool -n prints the tool's path: %q", path)

	vet := goCmd(t, "vet", "-vettool="+path, "./misplaced", "./types", "./clean")
	var exit *exec.ExitError
	require.True(t, errors.As(vet.err, &exit), "go vet fails: %v\n%s", vet.err, vet.out)
	assert.Contains(t, vet.out, "misplaced/misplaced.go:9:1: //tool: directive on a var declaration:")
	assert.Contains(t, vet.out, "types/types.go:10:2: In.Updates: type chan string has no JSON form")
	assert.NotContains(t, vet.out, "clean")

	clean := goCmd(t, "vet", "-vettool="+path, "./clean")
	require.NoError(t, clean.err, clean.out)
	assert.Empty(t, clean.out)

	// Flags go after -vettool; the warnings of the warnings package go.
	warn := goCmd(t, "vet", "-vettool="+path, "./warnings")
	assert.Contains(t, warn.out, "warnings/warnings.go:8:6: warning: struct warnings.In has no json tags")
	nowarn := goCmd(t, "vet", "-vettool="+path, "-warnings=false", "./warnings")
	assert.NotContains(t, nowarn.out, "warning:")
	assert.Contains(t, nowarn.out, "warnings/warnings.go:14:2: Out.Done: type chan bool has no JSON form")
}

// result is what a go command printed and how it ended.
type result struct {
	out string
	err error
}

// goCmd runs the go command in the copy of testdata/src.
func goCmd(t *testing.T, args ...string) result {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = mod
	cmd.Env = goEnv()
	out, err := cmd.CombinedOutput()
	return result{string(out), err}
}
