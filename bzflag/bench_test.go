package bzflag_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"reflect"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/gamewire/gamewire/wire"
)

// Hot messages, as a game sends them many times a second.
var (
	benchPlayerUpdate = &bzflag.PlayerUpdate{
		ID: p1, Status: bzflag.StatusAlive, Position: bzflag.Vec3{12.5, -40, 0},
		Velocity: bzflag.Vec3{20, 3.5, 0}, Azimuth: 1.25, AngularVelocity: 0.785,
	}
	benchShotBegin = &bzflag.ShotBegin{
		Shooter: p1, ShotID: 2, Position: bzflag.Vec3{12.5, -40, 1.57}, Velocity: bzflag.Vec3{100, 0, 0},
		FlagType: bzflag.RapidFireFlag, Lifetime: 1.75,
	}
	benchFlagUpdate = &bzflag.FlagUpdate{Index: 7, Flag: fs}
)

// benchCodec measures AppendBinary into a buffer with capacity and Decode
// into a reused value, for one message.
func benchCodec(b *testing.B, m, into bzflag.Message) {
	frame, _ := m.MarshalBinary()
	buf := make([]byte, 0, bzflag.MaxPacketLen)
	b.Run("encode", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(frame)))
		for i := 0; i < b.N; i++ {
			buf, _ = m.AppendBinary(buf[:0])
		}
	})
	b.Run("decode", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(frame)))
		for i := 0; i < b.N; i++ {
			if _, err := into.Decode(frame); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkPlayerUpdate(b *testing.B) { benchCodec(b, benchPlayerUpdate, new(bzflag.PlayerUpdate)) }
func BenchmarkShotBegin(b *testing.B)    { benchCodec(b, benchShotBegin, new(bzflag.ShotBegin)) }
func BenchmarkFlagUpdate(b *testing.B)   { benchCodec(b, benchFlagUpdate, new(bzflag.FlagUpdate)) }
func BenchmarkEnter(b *testing.B) {
	benchCodec(b, &bzflag.Enter{ID: p1, Team: bzflag.RedTeam, CallSign: bzflag.NewCallSign("tank")}, new(bzflag.Enter))
}
func BenchmarkMessageFromServer(b *testing.B) {
	benchCodec(b, &bzflag.MessageFromServer{From: p1, Text: bzflag.NewMessageText("hello")}, new(bzflag.MessageFromServer))
}
func BenchmarkGetWorldReply(b *testing.B) {
	benchCodec(b, &bzflag.GetWorldReply{Remaining: 1000, Data: make([]byte, 256)}, new(bzflag.GetWorldReply))
}

// BenchmarkMessages measures encode and decode of every message type, on
// one generated valid value of each.
func BenchmarkMessages(b *testing.B) {
	byType := map[string]bzflag.Message{}
	for _, v := range sample(bzflaggen.ValidMessage(), 2000) {
		m := v.(bzflag.Message)
		name := reflect.TypeOf(m).Elem().Name()
		if _, ok := byType[name]; !ok {
			byType[name] = m
		}
	}
	for _, l := range bzflag.Table().Forms {
		m, ok := byType[l.Type]
		if !ok {
			b.Fatalf("no sample of %s", l.Type)
		}
		b.Run(l.Type, func(b *testing.B) {
			benchCodec(b, m, reflect.New(reflect.TypeOf(m).Elem()).Interface().(bzflag.Message))
		})
	}
}

// BenchmarkDecoder decodes a mix of the frames a client receives in play
// through the dispatching Decoder.
func BenchmarkDecoder(b *testing.B) {
	var stream []byte
	for _, m := range []bzflag.Message{benchPlayerUpdate, benchPlayerUpdate, benchShotBegin, benchFlagUpdate,
		&bzflag.PlayerUpdate{ID: p2}, &bzflag.ShotEnd{Shooter: p1, ShotID: 2}, &bzflag.LagPing{Seq: 1}} {
		stream, _ = m.AppendBinary(stream)
	}
	d := bzflag.NewDecoder()
	d.Policy = wire.Lax // decode only, as the Decoder before the table did
	b.ReportAllocs()
	b.SetBytes(int64(len(stream)))
	for i := 0; i < b.N; i++ {
		for rest := stream; len(rest) > 0; {
			_, n, err := d.Decode(rest, bzflag.FromServer)
			if err != nil {
				b.Fatal(err)
			}
			rest = rest[n:]
		}
	}
}

// playerUpdateWire mirrors MsgPlayerUpdate for encoding/binary.
type playerUpdateWire struct {
	Length, Code    uint16
	Host            [4]byte
	Port, Number    uint16
	Status          uint16
	Pos, Vel        [3]float32
	Azimuth, AngVel float32
}

// BenchmarkCompare decodes the same MsgPlayerUpdate with gamewire, with
// encoding/binary and with hand-written straight-line code; compare the
// ns/op of the three.
func BenchmarkCompare(b *testing.B) {
	frame, _ := benchPlayerUpdate.MarshalBinary()
	b.Run("gamewire", func(b *testing.B) {
		var m bzflag.PlayerUpdate
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := m.Decode(frame); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-binary", func(b *testing.B) {
		var w playerUpdateWire
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := binary.Decode(frame, binary.BigEndian, &w); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-binary-reader", func(b *testing.B) {
		var w playerUpdateWire
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if err := binary.Read(bytes.NewReader(frame), binary.BigEndian, &w); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("hand-written", func(b *testing.B) {
		var w playerUpdateWire
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if len(frame) < 46 || frame[0] != 0 || frame[1] != 42 || frame[2] != 'p' || frame[3] != 'u' {
				b.Fatal("bad frame")
			}
			p := frame[:46]
			u16 := func(o int) uint16 { return uint16(p[o])<<8 | uint16(p[o+1]) }
			f32 := func(o int) float32 {
				return math.Float32frombits(uint32(p[o])<<24 | uint32(p[o+1])<<16 | uint32(p[o+2])<<8 | uint32(p[o+3]))
			}
			w.Length, w.Code = u16(0), u16(2)
			copy(w.Host[:], p[4:8])
			w.Port, w.Number, w.Status = u16(8), u16(10), u16(12)
			w.Pos = [3]float32{f32(14), f32(18), f32(22)}
			w.Vel = [3]float32{f32(26), f32(30), f32(34)}
			w.Azimuth, w.AngVel = f32(38), f32(42)
		}
	})
}
