// Package openaitest forwards to the providers' one fake server.
//
// Deprecated: use [providertest], whose server speaks the OpenAI APIs
// among others. This package stays only until agent/toolsearch_test.go,
// its last caller, moves.
package openaitest

import (
	"testing"

	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
)

// Server is [providertest.Server].
type Server = providertest.Server

// Request is [providertest.Request].
type Request = providertest.Request

// NewServer is [providertest.NewServer].
func NewServer(tb testing.TB, turns ...scripted.Turn) *Server {
	return providertest.NewServer(tb, turns...)
}
