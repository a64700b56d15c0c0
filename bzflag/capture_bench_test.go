package bzflag_test

import (
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/internal/nettest"
)

// captureFrames reads the real bzfs 1.7g2 server capture and returns it
// with its frames.
func captureFrames(b *testing.B) ([]byte, [][]byte) {
	capture := nettest.ReadFile(b, bzfsServer)
	var frames [][]byte
	for rest := capture; len(rest) > 0; {
		n, err := bzflag.Table().FrameLen(rest)
		if err != nil {
			b.Fatal(err)
		}
		frames = append(frames, rest[:n])
		rest = rest[n:]
	}
	return capture, frames
}

// BenchmarkCaptureStream decodes the real server capture through a warm
// stream (the capture repeated without end), one op per frame: framing,
// dispatch, decoding and Validate.
func BenchmarkCaptureStream(b *testing.B) {
	capture, frames := captureFrames(b)
	s := bzflag.NewStream(&nettest.Repeat{B: capture}, bzflag.FromServer)
	for range frames {
		if _, err := s.Next(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(capture) / len(frames)))
	for b.Loop() {
		if _, err := s.Next(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCaptureCopy is the floor BenchmarkCaptureStream is measured
// against: a plain copy of the same frames, one op per frame.
func BenchmarkCaptureCopy(b *testing.B) {
	capture, frames := captureFrames(b)
	dst := make([]byte, bzflag.MaxPacketLen)
	b.ReportAllocs()
	b.SetBytes(int64(len(capture) / len(frames)))
	i := 0
	for b.Loop() {
		copy(dst, frames[i])
		if i++; i == len(frames) {
			i = 0
		}
	}
}
