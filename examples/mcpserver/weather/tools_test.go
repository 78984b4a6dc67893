package weather

import (
	"testing"

	"github.com/toolgen-go/toolgen/tooltest"
)

// TestToolsGolden pins what a model sees of the tools: run go test with
// -update to rewrite testdata/tools.golden.json after a change, and review
// its diff.
func TestToolsGolden(t *testing.T) {
	tooltest.Golden(t, Tools(), "testdata/tools.golden.json")
}
