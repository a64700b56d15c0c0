package codectest

import (
	"github.com/gamewire/gamewire/wire"
)

// bug selects a deliberate defect of toy, to prove each check can fail.
type bug int

const (
	noBug          bug = iota
	badSize            // Size is one too large
	lossyEncode        // drops the top bit of A
	staleSlice         // Decode does not reset Name when the input has none
	acceptTrailing     // UnmarshalBinary ignores trailing bytes
	wrongShortErr      // a truncated input fails with ErrInvalid
	panicsOnShort      // a truncated input panics
	aliasing           // UnmarshalBinary keeps a slice of its input
	allocates          // Decode allocates a fresh Name every time
	clobbersPrefix     // AppendBinary overwrites b[:len(b)]
	ignoresBit         // decoding ignores a bit that encoding sets: not lossless on bytes
)

var current bug

// toy is a small message: a u16 A, a u32 B, an u8 flag byte and a
// u8-length-prefixed Name, big-endian, with a 1-byte header 0x7e.
type toy struct {
	A    uint16
	B    uint32
	Flag bool
	Name []byte
}

func (m *toy) Size() int {
	n := 1 + 2 + 4 + 1 + 1 + len(m.Name)
	if current == badSize {
		n++
	}
	return n
}

func (m *toy) AppendBinary(b []byte) ([]byte, error) {
	if current == clobbersPrefix && len(b) > 0 {
		b[0] = 0
	}
	a := m.A
	if current == lossyEncode {
		a &^= 0x8000
	}
	b = append(b, 0x7e)
	b = wire.BigEndian.AppendU16(b, a)
	b = wire.BigEndian.AppendU32(b, m.B)
	flag := byte(0)
	if m.Flag {
		flag = 1
	}
	b = append(b, flag)
	return wire.AppendBytes8(b, m.Name)
}

func (m *toy) Decode(b []byte) (int, error) {
	if current == panicsOnShort && len(b) < 8 {
		_ = b[7]
	}
	r := wire.NewReader(b, wire.BigEndian, "toy", "Toy")
	if r.U8("header") != 0x7e && r.Err() == nil {
		r.FailAt("header", 0, wire.ErrUnknownCode)
	}
	m.A = r.U16("a")
	m.B = r.U32("b")
	flag := r.U8("flag")
	if current == ignoresBit {
		m.Flag = flag&1 == 1
	} else {
		m.Flag = flag != 0
		if flag > 1 && r.Err() == nil {
			r.FailAt("flag", 7, wire.ErrInvalid)
		}
	}
	name := r.Bytes8("name")
	if err := r.Err(); err != nil {
		if current == wrongShortErr {
			return r.Offset(), wire.NewError("toy", "Toy", "", 0, wire.ErrInvalid)
		}
		return r.Offset(), err
	}
	switch {
	case current == staleSlice && len(name) == 0:
	case current == allocates:
		m.Name = append([]byte(nil), name...)
	case current == aliasing:
		m.Name = name
	default:
		m.Name = append(m.Name[:0], name...)
	}
	return r.Offset(), nil
}

func (m *toy) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	if n != len(b) && current != acceptTrailing {
		return wire.NewError("toy", "Toy", "", n, wire.ErrTrailing)
	}
	return nil
}

func (m *toy) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }
