package toy

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/gamewire/gamewire/wire"
)

// helloSize is the size of a MsgHello frame.
const helloSize = 107

// handHello is MsgHello's codec written by hand, straight-line code on
// encoding/binary: the yardstick of the generated one.
type handHello Hello

func (m *handHello) AppendBinary(b []byte) ([]byte, error) {
	b = binary.BigEndian.AppendUint16(b, helloSize-headerLen)
	b = binary.BigEndian.AppendUint16(b, codeHello)
	b = binary.BigEndian.AppendUint16(b, m.PlayerID.Port)
	b = append(b, m.PlayerID.Number)
	b = append(b, m.PlayerID.Addr[:]...)
	b = binary.BigEndian.AppendUint16(b, uint16(m.Type))
	b = binary.BigEndian.AppendUint16(b, uint16(m.Team))
	b = append(b, m.CallSign[:]...)
	b = append(b, m.Flags, byte(m.Delta))
	b = binary.BigEndian.AppendUint64(b, math.Float64bits(m.Time))
	b = binary.BigEndian.AppendUint64(b, m.Big)
	b = binary.BigEndian.AppendUint64(b, uint64(m.Small))
	b = binary.BigEndian.AppendUint32(b, m.Mask)
	for _, v := range m.Pos {
		b = binary.BigEndian.AppendUint32(b, math.Float32bits(v))
	}
	for _, v := range m.History {
		b = binary.BigEndian.AppendUint16(b, v)
	}
	for i := range m.Buddies {
		b = binary.BigEndian.AppendUint16(b, m.Buddies[i].Port)
		b = append(b, m.Buddies[i].Number)
		b = append(b, m.Buddies[i].Addr[:]...)
	}
	b = binary.BigEndian.AppendUint32(b, uint32(m.Rank))
	return binary.BigEndian.AppendUint32(b, math.Float32bits(m.Speed)), nil
}

// growHello is the same with the generated code's idea: grow once, then
// store at fixed offsets, written by hand on encoding/binary.
func (m *handHello) growAppend(b []byte) []byte {
	n := len(b)
	if cap(b)-n < helloSize {
		b = append(b, make([]byte, helloSize)...)
	} else {
		b = b[:n+helloSize]
	}
	p := b[n:]
	_ = p[helloSize-1]
	binary.BigEndian.PutUint16(p, helloSize-headerLen)
	binary.BigEndian.PutUint16(p[2:], codeHello)
	binary.BigEndian.PutUint16(p[4:], m.PlayerID.Port)
	p[6] = m.PlayerID.Number
	copy(p[7:11], m.PlayerID.Addr[:])
	binary.BigEndian.PutUint16(p[11:], uint16(m.Type))
	binary.BigEndian.PutUint16(p[13:], uint16(m.Team))
	copy(p[15:31], m.CallSign[:])
	p[31] = m.Flags
	p[32] = byte(m.Delta)
	binary.BigEndian.PutUint64(p[33:], math.Float64bits(m.Time))
	binary.BigEndian.PutUint64(p[41:], m.Big)
	binary.BigEndian.PutUint64(p[49:], uint64(m.Small))
	binary.BigEndian.PutUint32(p[57:], m.Mask)
	binary.BigEndian.PutUint32(p[61:], math.Float32bits(m.Pos[0]))
	binary.BigEndian.PutUint32(p[65:], math.Float32bits(m.Pos[1]))
	binary.BigEndian.PutUint32(p[69:], math.Float32bits(m.Pos[2]))
	for i, v := range m.History {
		binary.BigEndian.PutUint16(p[73+2*i:], v)
	}
	for i := range m.Buddies {
		q := p[85+7*i:]
		binary.BigEndian.PutUint16(q, m.Buddies[i].Port)
		q[2] = m.Buddies[i].Number
		copy(q[3:7], m.Buddies[i].Addr[:])
	}
	binary.BigEndian.PutUint32(p[99:], uint32(m.Rank))
	binary.BigEndian.PutUint32(p[103:], math.Float32bits(m.Speed))
	return b
}

func (m *handHello) Decode(b []byte) (int, error) {
	if len(b) < helloSize {
		*m = handHello{}
		return forms[0].Short(len(b))
	}
	if binary.BigEndian.Uint16(b) != helloSize-headerLen {
		*m = handHello{}
		return 0, forms[0].ErrAt(0, wire.ErrInvalid)
	}
	if binary.BigEndian.Uint16(b[2:]) != codeHello {
		*m = handHello{}
		return 2, forms[0].ErrAt(1, wire.ErrInvalid)
	}
	m.PlayerID.Port = binary.BigEndian.Uint16(b[4:])
	m.PlayerID.Number = b[6]
	copy(m.PlayerID.Addr[:], b[7:11])
	m.Type = PlayerType(binary.BigEndian.Uint16(b[11:]))
	m.Team = int16(binary.BigEndian.Uint16(b[13:]))
	copy(m.CallSign[:], b[15:31])
	m.Flags = b[31]
	m.Delta = int8(b[32])
	m.Time = math.Float64frombits(binary.BigEndian.Uint64(b[33:]))
	m.Big = binary.BigEndian.Uint64(b[41:])
	m.Small = int64(binary.BigEndian.Uint64(b[49:]))
	m.Mask = binary.BigEndian.Uint32(b[57:])
	for i := range m.Pos {
		m.Pos[i] = math.Float32frombits(binary.BigEndian.Uint32(b[61+4*i:]))
	}
	for i := range m.History {
		m.History[i] = binary.BigEndian.Uint16(b[73+2*i:])
	}
	for i := range m.Buddies {
		q := b[85+7*i:]
		m.Buddies[i].Port = binary.BigEndian.Uint16(q)
		m.Buddies[i].Number = q[2]
		copy(m.Buddies[i].Addr[:], q[3:7])
	}
	m.Rank = Rank(binary.BigEndian.Uint32(b[99:]))
	m.Speed = math.Float32frombits(binary.BigEndian.Uint32(b[103:]))
	return helloSize, nil
}

var benchHello = Hello{
	PlayerID: PlayerID{Port: 1, Number: 2, Addr: [4]byte{3, 4, 5, 6}},
	Type:     PlayerTypeBot, Team: -3, CallSign: [16]byte{'a', 'b'}, Flags: 7, Delta: -1,
	Time: 1.5, Big: 1 << 60, Small: -5, Mask: 0xf0f0, Pos: [3]float32{1, 2, 3},
	History: [6]uint16{1, 2, 3, 4, 5, 6}, Rank: -9, Speed: 0.25,
}

var (
	sinkBytes []byte
	sinkN     int
	sinkErr   error
)

// TestHandHelloAgrees makes the benchmark fair: the hand-written codecs
// produce and read the generated code's bytes.
func TestHandHelloAgrees(t *testing.T) {
	want, _ := benchHello.MarshalBinary()
	h := handHello(benchHello)
	a, _ := h.AppendBinary(nil)
	g := h.growAppend(nil)
	var back handHello
	n, err := back.Decode(want)
	if string(a) != string(want) || string(g) != string(want) || err != nil || n != len(want) || Hello(back) != benchHello {
		t.Fatalf("the hand-written MsgHello codecs disagree with the generated one")
	}
}

// BenchmarkHello compares the generated MsgHello codec with hand-written
// straight-line code: append into a buffer with capacity, and decode
// into a reused value.
func BenchmarkHello(b *testing.B) {
	buf := make([]byte, 0, 256)
	frame, _ := benchHello.MarshalBinary()
	h := handHello(benchHello)
	b.Run("append/generated", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, sinkErr = benchHello.AppendBinary(buf[:0])
		}
	})
	b.Run("append/hand-append", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, sinkErr = h.AppendBinary(buf[:0])
		}
	})
	b.Run("append/hand-grow", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes = h.growAppend(buf[:0])
		}
	})
	var m Hello
	var hm handHello
	b.Run("decode/generated", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkN, sinkErr = m.Decode(frame)
		}
	})
	b.Run("decode/hand", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkN, sinkErr = hm.Decode(frame)
		}
	})
	b.Run("decode-error/generated", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkN, sinkErr = m.Decode(frame[:50])
		}
	})
}

// BenchmarkChat measures a variable form: a NUL-terminated string, a
// str8, a fixed field after them and a str16.
func BenchmarkChat(b *testing.B) {
	c := Chat{Text: []byte("hello, world"), Note: []byte("note"), Seq: 9, Blob: make([]byte, 40)}
	buf := make([]byte, 0, 256)
	frame, _ := c.MarshalBinary()
	var m Chat
	b.Run("append", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, sinkErr = c.AppendBinary(buf[:0])
		}
	})
	b.Run("decode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkN, sinkErr = m.Decode(frame)
		}
	})
}
