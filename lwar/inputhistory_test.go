package lwar

import (
	"math/rand/v2"
	"testing"
)

func TestPushInput(t *testing.T) {
	tests := []struct {
		old    uint8
		active bool
		want   uint8
	}{
		{0x00, false, 0x00},
		{0x00, true, 0x01},
		{0x01, false, 0x02},
		{0x81, true, 0x03}, // the oldest frame falls off
		{0xff, false, 0xfe},
		{0xff, true, 0xff},
	}
	for _, tt := range tests {
		if got := PushInput(tt.old, tt.active); got != tt.want {
			t.Errorf("PushInput(%#02x, %v) = %#02x, want %#02x", tt.old, tt.active, got, tt.want)
		}
	}
}

func TestInputMask(t *testing.T) {
	tests := []struct {
		frameNo, last uint32
		want          uint8
	}{
		{1, 0, 0x01},
		{2, 1, 0x01},
		{3, 1, 0x03},
		{4, 1, 0x07},
		{8, 1, 0x7f},
		{9, 1, 0xff},
		{100, 1, 0xff},
		{1 << 31, 0, 0xff}, // a shift the C expression leaves undefined
		{5, 5, 0x00},       // repeated frame: nothing new
		{4, 5, 0x00},       // older frame
	}
	for _, tt := range tests {
		if got := InputMask(tt.frameNo, tt.last); got != tt.want {
			t.Errorf("InputMask(%d, %d) = %#02x, want %#02x", tt.frameNo, tt.last, got, tt.want)
		}
		// Cross-check with the spec's expression evaluated in 64 bits,
		// where it is defined for the small differences.
		if tt.frameNo > tt.last && tt.frameNo-tt.last < 32 {
			spec := uint8(^(uint64(0xff) << (tt.frameNo - tt.last)))
			if spec != tt.want {
				t.Errorf("spec expression for %d-%d = %#02x, table says %#02x", tt.frameNo, tt.last, spec, tt.want)
			}
		}
	}
}

func TestInputTracker(t *testing.T) {
	var tr InputTracker
	steps := []struct {
		frameNo uint32
		mask    uint8
		ok      bool
		last    uint32
	}{
		{1, 0x01, true, 1},
		{2, 0x01, true, 2},
		{5, 0x07, true, 5},
		{4, 0x00, false, 5}, // reordered: dropped
		{5, 0x00, true, 5},  // duplicate: nothing new
		{20, 0xff, true, 20},
	}
	for i, s := range steps {
		mask, ok := tr.Take(s.frameNo)
		if mask != s.mask || ok != s.ok || tr.LastFrameNo != s.last {
			t.Errorf("step %d: Take(%d) = %#02x, %v, last %d; want %#02x, %v, last %d",
				i, s.frameNo, mask, ok, tr.LastFrameNo, s.mask, s.ok, s.last)
		}
	}
}

// TestInputHistoryLoss simulates a client pressing a button for single
// frames over a lossy link: the server sees every press unless eight or
// more consecutive Input messages after it are lost, and never sees a
// press that did not happen.
func TestInputHistoryLoss(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for run := 0; run < 200; run++ {
		var state uint8
		var tr InputTracker
		loss := rng.Float64() * 0.7
		pressed := make([]bool, 400)
		seen := make([]bool, 400) // frame numbers the server counted as pressed
		lost := make([]bool, 400)
		for f := 1; f < len(pressed); f++ {
			pressed[f] = rng.IntN(10) == 0
			state = PushInput(state, pressed[f])
			if rng.Float64() < loss {
				lost[f] = true
				continue
			}
			mask, ok := tr.Take(uint32(f))
			if !ok {
				t.Fatalf("frame %d refused in order", f)
			}
			// Attribute each new bit to its frame.
			for bit := 0; bit < 8; bit++ {
				if mask&(1<<bit) != 0 && state&(1<<bit) != 0 {
					seen[f-bit] = true
				}
			}
		}
		for f := 1; f < len(pressed); f++ {
			if seen[f] && !pressed[f] {
				t.Fatalf("run %d: frame %d seen pressed but was not", run, f)
			}
			if !pressed[f] || seen[f] {
				continue
			}
			// Missed: allowed only if frame f and the 7 after it were
			// all lost, or the run ended before a later message came.
			allLost := true
			for g := f; g < f+8 && g < len(pressed); g++ {
				if !lost[g] {
					allLost = false
				}
			}
			if !allLost {
				t.Fatalf("run %d: press at frame %d missed though a message within 8 frames arrived", run, f)
			}
		}
	}
}
