package main

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// BenchmarkDecodeBzfs decodes the capture of the original 1.7g2 server
// (the world download and the game after it) to text and to JSON: the
// text line must cost no more than twice the JSON one. The capture is
// repeated 20 times so that the messages, not the setup, are measured.
func BenchmarkDecodeBzfs(b *testing.B) {
	capture, err := os.ReadFile("../../testdata/bzflag/bzfs-1.7g2-server.bin")
	if err != nil {
		b.Fatal(err)
	}
	capture = bytes.Repeat(capture, 20) // per-message costs, not per-run ones
	p := registry["bzflag"]
	for _, mode := range []struct {
		name string
		json bool
	}{{"json", true}, {"text", false}} {
		b.Run(mode.name, func(b *testing.B) {
			b.SetBytes(int64(len(capture)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				o := decodeOptions{from: "server", asJSON: mode.json}
				if err := decode(p, o, bytes.NewReader(capture), io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
