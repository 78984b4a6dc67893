// Package bench measures toolgen beside the Go libraries users would
// otherwise pick: start-up, dispatch, the memory of a large schema and
// generation. See BENCHMARKS.md at the repository root; genkit, which
// cannot share a module with toolgen, is measured in bench/genkit.
package bench
