// Package tools100 is the 100-tool set of the benchmarks. tools.go and
// peers100/peers_gen.go are written by internal/gen100, tools_gen.go by
// toolgen. The benchmarks call the tools directly, whose schemas are then
// the standard dialect: -dialects standard says so, so that the maps of
// the tools are not reported for the providers they are never sent to.
package tools100

//go:generate go run ../internal/gen100 ..
//go:generate go tool toolgen -dialects standard
