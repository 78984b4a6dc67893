//go:build !linux

package devserver

import "os/exec"

// KillWithParent does nothing outside Linux: a test binary killed by its
// timeout may leave its server or workers behind.
func KillWithParent(cmd *exec.Cmd) {}
