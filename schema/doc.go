// Package schema holds the JSON Schema rules that toolgen's generator and
// the tools it generates share: the providers' dialects of a schema
// ([Convert]), the limits of a call's arguments ([Limits], [CheckLimits]),
// and the validation of arguments, with messages that name the path and
// what was expected and never quote the arguments ([ErrInvalidArguments]).
//
// Schemas, dialects and the argument path are described in
// https://github.com/toolgen-go/toolgen/blob/main/docs/schemas.md.
package schema
