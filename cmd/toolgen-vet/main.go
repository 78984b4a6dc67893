// Command toolgen-vet runs toolgen's checks (package toolcheck) as a vet
// tool, so that go vet, and editors that run it on save, report misplaced
// or malformed //tool: directives, wrong tool signatures and input types
// with no JSON form at their lines:
//
//	go get -tool github.com/toolgen-go/toolgen/cmd/toolgen-vet
//	go vet -vettool=$(go tool -n toolgen-vet) ./...
//
// It also runs on its own, loading the packages itself:
//
//	go tool toolgen-vet ./...
//
// Its flags are -dialects, as toolgen's, and -warnings (default true);
// toolgen-vet -help lists them with the driver's own. The manual is
// https://github.com/toolgen-go/toolgen/blob/main/docs/vet.md.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/toolgen-go/toolgen/toolcheck"
)

// main is unitchecker's when go vet runs it (with one .cfg file per
// package), and a standalone checker otherwise.
func main() { singlechecker.Main(toolcheck.Analyzer) }
