//go:build unix

package generator

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user and system) used so far by this process
// and by its waited-for children (the go command that go/packages runs).
func processCPU() (self, children time.Duration) {
	var selfUsage, kids syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &selfUsage) != nil || syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids) != nil {
		return 0, 0
	}
	cpu := func(r *syscall.Rusage) time.Duration {
		return time.Duration(r.Utime.Nano() + r.Stime.Nano())
	}
	return cpu(&selfUsage), cpu(&kids)
}
