// Package bench measures toolgen beside the Go libraries users would
// otherwise pick: start-up, dispatch, the memory of a large schema,
// generation, and the size of the tool definitions sent with every request
// (defsize_test.go). See BENCHMARKS.md at the repository root; genkit, which
// cannot share a module with toolgen, is measured in bench/genkit.
package bench
