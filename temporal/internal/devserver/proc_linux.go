package devserver

import (
	"os/exec"
	"syscall"
)

// KillWithParent makes cmd's process die with the process that starts it,
// so that a test binary killed by its timeout leaves no server or worker
// behind.
func KillWithParent(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
