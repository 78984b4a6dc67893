// Package anthropictest forwards to the providers' one fake server.
//
// Deprecated: use [providertest], whose server speaks this API among
// others. This package stays only until agent/toolsearch_test.go, its last
// caller, moves.
package anthropictest

import (
	"testing"

	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
)

// NewServer is [providertest.NewServer].
func NewServer(tb testing.TB, turns ...scripted.Turn) *providertest.Server {
	return providertest.NewServer(tb, turns...)
}
