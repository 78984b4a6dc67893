package genkit

import (
	"syscall"
	"testing"
	"time"
)

// cpuClock measures the CPU time (user and system, of this process and of
// the children it waited for, such as go list) spent in a benchmark loop.
// On a shared, loaded machine wall time per op includes the time other
// processes held the CPUs; CPU time per op does not, so it is the steadier
// of the two.
type cpuClock struct{ start time.Duration }

func cpuNow() time.Duration {
	var self, children syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children)
	tv := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return tv(self.Utime) + tv(self.Stime) + tv(children.Utime) + tv(children.Stime)
}

func startCPU() cpuClock { return cpuClock{cpuNow()} }

// report adds cpu-ns/op to b's results; call it after the b.Loop loop.
func (c cpuClock) report(b *testing.B) {
	if b.N > 0 {
		b.ReportMetric(float64(cpuNow()-c.start)/float64(b.N), "cpu-ns/op")
	}
}
