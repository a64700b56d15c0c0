package paintball_test

import (
	"bytes"
	"io"
	"math"
	"os"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/wire"
)

// seedPackets is one valid packet of every type, and then some, every
// golden vector and the loopback captures.
func seedPackets(f *testing.F) [][]byte {
	out := codectest.Encodings(f,
		&paintball.Login{Username: []byte("alice")},
		&paintball.Update{ObjectType: paintball.ObjectTypePlayer, ObjectID: 7, PositionX: 100, PositionY: 200, VelocityX: -5, VelocityY: 3, Facing: math.Pi / 2},
		&paintball.PlayerUpdateRequest{VelocityX: 10, VelocityY: -10, Facing: 1},
		&paintball.ShootUpdateRequest{ShootingState: paintball.ShootingStateAutomatic},
		&paintball.GameDumpRequest{},
		&paintball.Login{Username: []byte("a\xc0\x80\xed\xa0\xbd\xed\xb8\x80")},
		&paintball.Update{ObjectType: paintball.ObjectTypePaintball, ObjectID: 8, PositionX: -1, PositionY: -1},
	)
	for _, v := range goldenVectors {
		out = append(out, codectest.Hex(f, v.Hex))
	}
	for _, file := range []string{captureClient, captureServer} {
		if b, err := os.ReadFile(file); err == nil {
			out = append(out, b)
		}
	}
	return out
}

// FuzzDecode: any bytes decode without panic in either direction, and
// what decodes re-encodes to the bytes it took, Size of them; the
// convenient Decode agrees with the Decoder; every decode error is a
// *wire.Error, and Validate names the rule a message breaks.
func FuzzDecode(f *testing.F) {
	codectest.AddSeeds(f, seedPackets(f))
	d := codectest.Decoding{Decoder: paintball.NewDecoder(), Decode: paintball.Decode,
		From: []wire.Direction{paintball.FromClient, paintball.FromServer}}
	f.Fuzz(func(t *testing.T, b []byte) { d.Fuzz(t, b) })
}

// FuzzStream: a Stream reading any bytes never panics; each message it
// returns re-encodes to exactly the bytes it consumed, in order; a frame
// that fails to decode is consumed whole; broken framing stops the
// stream with nothing consumed after it; a clean end is io.EOF; every other
// error is a *wire.Error, and every message passes checkValidate.
func FuzzStream(f *testing.F) {
	codectest.AddStream(f, seedPackets(f))
	r := bytes.NewReader(nil)
	streams := []*wire.Stream{paintball.NewStream(r, paintball.FromClient), paintball.NewStream(r, paintball.FromServer)}
	f.Fuzz(func(t *testing.T, b []byte) {
		for i, s := range streams {
			r.Reset(b)
			s.Reset(r)
			s.SetPolicy(wire.Policy(i) * wire.Lax) // Checked, then Lax
			pos := 0
			for range len(b) + 2 {
				m, err := s.Next()
				now := len(b) - r.Len() - len(s.Buffered())
				if err != nil && err != io.EOF {
					codectest.CheckError(t, err)
				}
				if m != nil {
					codectest.CheckValidate(t, m)
					re, aerr := m.AppendBinary(nil)
					if aerr != nil || !bytes.Equal(re, b[pos:now]) {
						t.Fatalf("%s re-encodes to %x, consumed %x", m.Form().Name, re, b[pos:now])
					}
					pos = now
					continue
				}
				if err == io.EOF {
					if pos != len(b) {
						t.Fatalf("io.EOF at %d of %d", pos, len(b))
					}
					break
				}
				if now == pos {
					// Broken framing: it stays broken.
					if m2, err2 := s.Next(); m2 != nil || err2 == nil {
						t.Fatalf("the stream goes on after %v", err)
					}
					break
				}
				pos = now // a frame that did not decode, consumed whole
			}
		}
	})
}

// FuzzMirror: any run of Updates (the input cut into 30-byte payloads)
// leaves a Mirror holding, for every id, exactly the last Update of that
// id, dead ones included, in id order.
func FuzzMirror(f *testing.F) {
	codectest.AddSeeds(f, seedPackets(f))
	f.Add(bytes.Repeat([]byte{0, 'P', 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, 9))
	f.Fuzz(func(t *testing.T, b []byte) {
		var mr paintball.Mirror
		last := map[int32]paintball.Update{}
		frame := []byte{paintball.Marker, 0, byte(paintball.CodeUpdate)}
		var u paintball.Update
		for len(b) >= 30 {
			fr := append(frame[:3], b[:30]...)
			b = b[30:]
			if _, err := u.Decode(fr); err != nil {
				t.Fatal(err)
			}
			_, known := last[u.ObjectID]
			if created, err := mr.Apply(&u); err != nil || created == known {
				t.Fatalf("Apply(%d) created = %v, known before = %v", u.ObjectID, created, known)
			}
			last[u.ObjectID] = u
		}
		objs := mr.Objects()
		if len(objs) != len(last) || mr.Len() != len(last) {
			t.Fatalf("%d objects, %d ids", len(objs), len(last))
		}
		live := 0
		for i, o := range objs {
			if i > 0 && objs[i-1].ObjectID >= o.ObjectID {
				t.Fatal("not in id order")
			}
			w := last[o.ObjectID]
			if math.Float64bits(w.Facing) != math.Float64bits(o.Facing) || w.PositionX != o.PositionX || w.PositionY != o.PositionY ||
				w.VelocityX != o.VelocityX || w.VelocityY != o.VelocityY || w.ObjectType != o.ObjectType {
				t.Fatalf("object %d is %+v, last Update %+v", o.ObjectID, o, w)
			}
			if !o.Dead() {
				live++
			}
		}
		if mr.Live() != live {
			t.Fatalf("Live = %d, want %d", mr.Live(), live)
		}
	})
}
