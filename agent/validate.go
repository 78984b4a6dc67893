package agent

// WithOutputValidation makes every tool of the run check its output
// against its output schema, as [Agent].ValidateOutputs does for all its
// runs: an output that does not match is an error result of kind
// [toolexec.KindInvalidOutput] whose message gives the paths and what was expected,
// never the output's values, and the loop goes on. Tools that are not
// [tool.Func] values, and Funcs without an output schema, are not checked. The
// run's subagents, and tools that call others with their ctx, check
// theirs too.
//
// A Func's schema is generated from its output type, so a mismatch is a
// bug: most often a nil slice, map or pointer that encodes as null where
// the schema wants an array or an object (return an empty one, or tag the
// field omitempty). Validation costs what checking arguments does, about
// 2 µs per value of the output on a 2-core machine (0.6 ms for a list of
// 100 small records: BenchmarkOutputValidation); turn it on in tests, as
// the examples do, or in production where that is cheap.
func WithOutputValidation() Option {
	return func(cc *callConfig) { cc.validateOutputs = true }
}
