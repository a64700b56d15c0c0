package tfighters

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

// SMSG_PING's time is the original server's C long in host order, so its
// width is the build's: 4 bytes on 32-bit hosts and Windows (the spec's
// u32, and what the original client reads), 8 bytes on 64-bit Unix
// (erratum 4). The table says so with a "timeHigh" tail of 0 or 4 bytes
// (Ping.TimeHigh): either form re-encodes exactly. The codec is written
// here, as the table's kinds cannot say "0 or 4 bytes".

// The sizes of SMSG_PING with a 4-byte and with an 8-byte time.
const (
	sizePing     = 8
	sizeWidePing = 12
)

// Field indexes of SMSG_PING in its form's Layout.
const (
	pingLen = iota
	pingType
	pingTime
	pingTimeHigh
)

// NewWidePing returns the SMSG_PING of a 64-bit build of the original
// server: time in 8 bytes.
func NewWidePing(time uint64) *Ping {
	return &Ping{Time: uint32(time), TimeHigh: le.AppendU32(nil, uint32(time>>32))}
}

// Wide reports whether the time takes 8 bytes (a 64-bit build of the
// original server).
func (m *Ping) Wide() bool { return len(m.TimeHigh) == 4 }

// Time64 returns the whole time, its upper half from TimeHigh.
func (m *Ping) Time64() uint64 {
	if m.Wide() {
		return uint64(le.U32(m.TimeHigh))<<32 | uint64(m.Time)
	}
	return uint64(m.Time)
}

// Size returns the length of the encoded message, header included.
func (m *Ping) Size() int { return sizePing + len(m.TimeHigh) }

// AppendBinary appends the message, header included, to b. TimeHigh must
// hold 0 or 4 bytes (ErrTooLong past 4, ErrInvalid for 1 to 3).
func (m *Ping) AppendBinary(b []byte) ([]byte, error) {
	switch len(m.TimeHigh) {
	case 0, 4:
	default:
		if len(m.TimeHigh) > 4 {
			return b, m.Form().ErrAt(pingTimeHigh, wire.ErrTooLong)
		}
		return b, m.Form().ErrAt(pingTimeHigh, wire.ErrInvalid)
	}
	n := m.Size()
	b, p := codec.Grow(b, n)
	le.PutU16(p, uint16(n-2))
	le.PutU16(p[2:], CodePing)
	le.PutU32(p[4:], m.Time)
	copy(p[8:], m.TimeHigh)
	return b, nil
}

// MarshalBinary returns the encoded message.
func (m *Ping) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b into m, which it resets
// (keeping TimeHigh's capacity), and returns its length. The frame must
// hold a 4- or an 8-byte time.
func (m *Ping) Decode(b []byte) (int, error) {
	*m = Ping{TimeHigh: m.TimeHigh[:0]}
	f := m.Form()
	if len(b) < sizePing {
		return f.Short(len(b))
	}
	if le.U16(b[2:]) != CodePing {
		return 2, f.ErrAt(pingType, wire.ErrInvalid)
	}
	switch n := 2 + int(le.U16(b)); {
	case n == sizePing:
		m.Time = le.U32(b[4:])
		return sizePing, nil
	case n == sizeWidePing && len(b) >= sizeWidePing:
		m.Time = le.U32(b[4:])
		m.TimeHigh = append(m.TimeHigh, b[8:12]...)
		return sizeWidePing, nil
	case n == sizeWidePing:
		return sizePing, f.ErrAt(pingTimeHigh, wire.ErrShort)
	}
	// Neither 4 nor 8 bytes of time.
	return 0, f.ErrAt(pingLen, wire.ErrInvalid)
}

// UnmarshalBinary decodes exactly one message from b; m does not alias b.
func (m *Ping) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	return m.Form().Exact(n, len(b), err)
}

// Validate reports an upper half other than 0: the spec's time is a u32,
// and the original client reads only the low 32 bits.
func (m *Ping) Validate() error {
	if m.Wide() && le.U32(m.TimeHigh) != 0 {
		return m.Form().ErrAt(pingTimeHigh, wire.ErrInvalid)
	}
	return nil
}
