package schema

import (
	"errors"
)

// ErrInvalidArguments is wrapped by every error that [tool.Tool.Prepare] (and
// [tool.Func.Decode], [tool.Func.Call]) returns because the arguments could not be
// used, as opposed to the tool failing.
var ErrInvalidArguments = errors.New("invalid arguments")
