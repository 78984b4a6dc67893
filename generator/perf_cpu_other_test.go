//go:build !unix

package generator

import "time"

// processCPU is not measured on this system.
func processCPU() (self, children time.Duration) { return 0, 0 }
