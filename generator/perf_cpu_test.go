package generator

import (
	"testing"
	"time"
)

// cpuMeter reports the CPU time per operation of a benchmark, in-process and
// in the go command: on a shared machine, wall time measures the neighbours
// as much as the code.
type cpuMeter struct {
	self, children time.Duration
}

func startCPU() cpuMeter {
	self, children := processCPU()
	return cpuMeter{self, children}
}

// report adds the metrics cpu-ms/op (this process) and gocmd-ms/op (the go
// command) to b.
func (m cpuMeter) report(b *testing.B) {
	self, children := processCPU()
	if self == 0 || b.N == 0 {
		return
	}
	b.ReportMetric(float64((self-m.self).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64((children-m.children).Microseconds())/1000/float64(b.N), "gocmd-ms/op")
}
