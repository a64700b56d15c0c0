package main

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// BenchmarkDecodeBzfs decodes the captures of the original 1.7g2 server
// session (each side) to text and to JSON: a text line must cost no more
// than twice the JSON one. The server's side holds the world download,
// which text shows as its 82 objects besides the messages. Each capture is
// repeated 20 times so that the messages, not the setup, are measured.
func BenchmarkDecodeBzfs(b *testing.B) {
	for _, side := range []string{"server", "client"} {
		capture, err := os.ReadFile("../../testdata/bzflag/bzfs-1.7g2-" + side + ".bin")
		if err != nil {
			b.Fatal(err)
		}
		capture = bytes.Repeat(capture, 20)
		p := registry["bzflag"]
		for _, mode := range []struct {
			name string
			json bool
		}{{"json", true}, {"text", false}} {
			b.Run(side+"/"+mode.name, func(b *testing.B) {
				b.SetBytes(int64(len(capture)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					o := decodeOptions{from: side, asJSON: mode.json}
					if err := decode(p, o, bytes.NewReader(capture), io.Discard, io.Discard); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
