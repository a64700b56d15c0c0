package tfighters_test

import (
	"encoding/binary"
	"io"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

// hot are the messages a game sends most: movement, bullets, chat, pings
// and the user list.
var hot = []tfighters.Message{
	&tfighters.ServerAccel{ID: 5, X: 9000, Y: 31000, Accel: 1, Speed: 25},
	&tfighters.ClientTurn{X: 9000, Y: 31000, Turn: -2, Deg: 17500},
	&tfighters.ServerNewBullet{ID: 77, OwnerID: 5, X: 9000, Y: 31000, Deg: 18000},
	&tfighters.Ping{Time: 123456},
	&tfighters.ServerSay{ID: 5, Text: []byte("hello world, this is a chat line")},
	&tfighters.NewUser{ID: 5, X: 9000, Y: 31000, Deg: 18000, Nick: []byte("Alice")},
}

func BenchmarkAppend(b *testing.B) {
	for _, m := range hot {
		b.Run(code(m).String(), func(b *testing.B) { codectest.BenchEncode(b, m) })
	}
}

func BenchmarkDecode(b *testing.B) {
	for _, m := range hot {
		b.Run(code(m).String(), func(b *testing.B) {
			frame, _ := m.AppendBinary(nil)
			codectest.BenchDecode(b, tfighters.New(code(m), tfighters.AnyDirection), frame)
		})
	}
}

// BenchmarkDecoder decodes the hot messages through the dispatching,
// reusing Decoder, and a malformed frame (the error path).
func BenchmarkDecoder(b *testing.B) {
	var frames [][]byte
	size := 0
	for _, m := range hot {
		f, _ := m.AppendBinary(nil)
		frames = append(frames, f)
		size += len(f)
	}
	b.Run("valid", func(b *testing.B) {
		d := tfighters.NewDecoder()
		d.Policy = wire.Lax // no Validate, as the package's own Decoder had
		b.ReportAllocs()
		b.SetBytes(int64(size))
		for b.Loop() {
			for i, f := range frames {
				if _, _, err := d.Decode(f, code(hot[i]).From()); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("short", func(b *testing.B) {
		d := tfighters.NewDecoder()
		f := frames[0][:len(frames[0])-1]
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := d.Decode(f, tfighters.FromServer); err == nil {
				b.Fatal("decoded")
			}
		}
	})
}

// hotServer are the hot messages a server sends.
var hotServer = []tfighters.Message{
	hot[0], &tfighters.ServerTurn{ID: 5, X: 9000, Y: 31000, Turn: -2, Deg: 17500}, hot[2], hot[3], hot[4], hot[5],
}

// BenchmarkConn reads the hot messages of a server from a stream through
// one Conn (frame splitting, dispatch, validation): the steady state of a
// session.
func BenchmarkConn(b *testing.B) {
	var stream []byte
	for _, m := range hotServer {
		stream, _ = m.AppendBinary(stream)
	}
	c := tfighters.NewConn(rw{&nettest.Repeat{B: stream}, io.Discard}, tfighters.FromServer)
	b.ReportAllocs()
	b.SetBytes(int64(len(stream)))
	for b.Loop() {
		for range hotServer {
			if _, err := c.Next(); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// accelWire is SMSG_ACCEL as encoding/binary sees it.
type accelWire struct {
	Len, Type uint16
	ID        uint32
	X, Y      int32
	Accel     int8
	Speed     int32
}

// BenchmarkCompareServerAccel decodes SMSG_ACCEL with gamewire, with
// encoding/binary, and with hand-written straight-line code.
func BenchmarkCompareServerAccel(b *testing.B) {
	frame, _ := (&tfighters.ServerAccel{ID: 5, X: 9000, Y: 31000, Accel: 1, Speed: 25}).AppendBinary(nil)
	b.Run("gamewire", func(b *testing.B) {
		var m tfighters.ServerAccel
		b.ReportAllocs()
		for b.Loop() {
			if _, err := m.Decode(frame); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-binary", func(b *testing.B) {
		var m accelWire
		b.ReportAllocs()
		for b.Loop() {
			if _, err := binary.Decode(frame, binary.LittleEndian, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("hand-written", func(b *testing.B) {
		var m accelWire
		b.ReportAllocs()
		for b.Loop() {
			if len(frame) < 21 || binary.LittleEndian.Uint16(frame) != 19 || binary.LittleEndian.Uint16(frame[2:]) != 0x0400 {
				b.Fatal("bad frame")
			}
			m.ID = binary.LittleEndian.Uint32(frame[4:])
			m.X = int32(binary.LittleEndian.Uint32(frame[8:]))
			m.Y = int32(binary.LittleEndian.Uint32(frame[12:]))
			m.Accel = int8(frame[16])
			m.Speed = int32(binary.LittleEndian.Uint32(frame[17:]))
		}
	})
}
