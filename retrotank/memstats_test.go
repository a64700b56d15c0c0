package retrotank_test

import "runtime"

// runtimeMemStats counts heap allocations exactly between start and stop
// (testing.AllocsPerRun rounds down an average).
type runtimeMemStats struct{ before uint64 }

func (m *runtimeMemStats) start() {
	var s runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&s)
	m.before = s.Mallocs
}

func (m *runtimeMemStats) stop() uint64 {
	var s runtime.MemStats
	runtime.ReadMemStats(&s)
	return s.Mallocs - m.before
}
