// Package tools100 is the 100-tool set of the benchmarks. tools.go and
// peers100/peers_gen.go are written by internal/gen100, tools_gen.go by
// toolgen.
package tools100

//go:generate go run ../internal/gen100 ..
//go:generate go tool toolgen
