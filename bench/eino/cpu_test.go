package einobench

import (
	"syscall"
	"testing"
	"time"
)

// cpuClock measures the CPU time (user and system) spent in a benchmark
// loop: on a shared, loaded machine it is steadier than wall time.
type cpuClock struct{ start time.Duration }

func cpuNow() time.Duration {
	var self syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	return time.Duration(self.Utime.Nano() + self.Stime.Nano())
}

func startCPU() cpuClock { return cpuClock{cpuNow()} }

// report adds cpu-ns/op to b's results; call it after the b.Loop loop.
func (c cpuClock) report(b *testing.B) {
	if b.N > 0 {
		b.ReportMetric(float64(cpuNow()-c.start)/float64(b.N), "cpu-ns/op")
	}
}
