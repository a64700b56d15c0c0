package tfighters

import "github.com/gamewire/gamewire/wire"

// Ping is SMSG_PING <time (u32)>: "Server time", in milliseconds since the
// server started; the client returns it in CMSG_PONG.
//
// The original server writes its time as a C long in host order, so its
// width is the build's: 4 bytes on 32-bit hosts and Windows (the spec's
// u32, and what the original client reads), 8 bytes on 64-bit Unix. Ping
// decodes both: Wide records an 8-byte time and TimeHigh its upper half,
// so either form re-encodes exactly. The table says it as a "timeHigh"
// tail of 0 or 4 bytes; the codec is written here. See
// docs/errata/tfighters.md, erratum 4.
type Ping struct {
	Time     uint32 `json:"time"`     // the server's time in milliseconds (its low 32 bits)
	Wide     bool   `json:"wide"`     // the time took 8 bytes (a 64-bit build of the original server)
	TimeHigh uint32 `json:"timeHigh"` // the upper 32 bits of an 8-byte time; 0 unless Wide
}

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

// Size returns the length of the encoded message, header included.
func (m *Ping) Size() int {
	if m.Wide {
		return sizeWidePing
	}
	return sizePing
}

// AppendBinary appends the message, header included, to b. A TimeHigh
// other than 0 needs Wide (ErrInvalid on timeHigh).
func (m *Ping) AppendBinary(b []byte) ([]byte, error) {
	if !m.Wide && m.TimeHigh != 0 {
		return b, m.Form().ErrAt(pingTimeHigh, wire.ErrInvalid)
	}
	n := m.Size()
	b, p := wire.Grow(b, n)
	le.PutU16(p, uint16(n-2))
	le.PutU16(p[2:], CodePing)
	le.PutU32(p[4:], m.Time)
	if m.Wide {
		le.PutU32(p[8:], m.TimeHigh)
	}
	return b, nil
}

// MarshalBinary returns the encoded message.
func (m *Ping) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The frame must hold a 4- or an 8-byte time.
func (m *Ping) Decode(b []byte) (int, error) {
	*m = Ping{}
	f := m.Form()
	if len(b) < sizePing {
		if len(b) < 2 {
			return 0, f.ErrAt(pingLen, wire.ErrShort)
		}
		if len(b) < HeaderLen {
			return 2, f.ErrAt(pingType, wire.ErrShort)
		}
		return HeaderLen, f.ErrAt(pingTime, wire.ErrShort)
	}
	if le.U16(b[2:]) != CodePing {
		return 2, f.ErrAt(pingType, wire.ErrInvalid)
	}
	switch n := 2 + int(le.U16(b)); {
	case n == sizePing:
		m.Time = le.U32(b[4:])
		return sizePing, nil
	case n == sizeWidePing && len(b) >= sizeWidePing:
		m.Time, m.Wide, m.TimeHigh = le.U32(b[4:]), true, le.U32(b[8:])
		return sizeWidePing, nil
	case n == sizeWidePing:
		return sizePing, f.ErrAt(pingTimeHigh, wire.ErrShort)
	case n < sizePing:
		return 0, f.ErrAt(pingLen, wire.ErrInvalid)
	}
	// Neither 4 nor 8 bytes of time: more than the fields.
	return 0, f.ErrAt(pingLen, wire.ErrTrailing)
}

// UnmarshalBinary decodes exactly one message from b.
func (m *Ping) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err == nil && n != len(b) {
		err = m.Form().Err("", wire.ErrTrailing)
	}
	return err
}

// Validate reports a TimeHigh other than 0: the spec's time is a u32, and
// the original client reads only the low 32 bits.
func (m *Ping) Validate() error {
	if m.TimeHigh != 0 {
		return m.Form().ErrAt(pingTimeHigh, wire.ErrInvalid)
	}
	return nil
}
