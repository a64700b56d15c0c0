package tfighters

import "github.com/gamewire/gamewire/wire"

// Ping is SMSG_PING <time (u32)>: "Server time", in milliseconds since the
// server started; the client returns it in CMSG_PONG.
//
// The original server writes its time as a C long in host order, so its
// width is the build's: 4 bytes on 32-bit hosts and Windows (the spec's
// u32, and what the original client reads), 8 bytes on 64-bit Unix. Ping
// decodes both: Wide records an 8-byte time and TimeHigh its upper half,
// so either form re-encodes exactly. See docs/errata/tfighters.md.
type Ping struct {
	Time     uint32 `json:"time"`     // the server's time in milliseconds (its low 32 bits)
	Wide     bool   `json:"wide"`     // the time took 8 bytes (a 64-bit build of the original server)
	TimeHigh uint32 `json:"timeHigh"` // the upper 32 bits of an 8-byte time; 0 unless Wide
}

// sizePing is the length of SMSG_PING with a 4-byte time.
const sizePing = 8

// Code returns CodePing.
func (*Ping) Code() Code { return CodePing }

// Size returns the length of the encoded message, header included.
func (m *Ping) Size() int {
	if m.Wide {
		return sizePing + 4
	}
	return sizePing
}

// AppendBinary appends the message, header included, to b. A TimeHigh
// other than 0 needs Wide.
func (m *Ping) AppendBinary(b []byte) ([]byte, error) {
	if !m.Wide && m.TimeHigh != 0 {
		return b, wire.NewError(proto, "SMSG_PING", "timeHigh", 8, wire.ErrInvalid)
	}
	b, err := appendHeader(b, CodePing, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendU32(b, m.Time)
	if m.Wide {
		b = le.AppendU32(b, m.TimeHigh)
	}
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The frame must hold a 4- or an 8-byte time.
func (m *Ping) Decode(b []byte) (int, error) {
	*m = Ping{}
	switch {
	case isFrame(b, CodePing, sizePing):
		m.Time = le.U32(b[4:])
		return sizePing, nil
	case isFrame(b, CodePing, sizePing+4):
		m.Time, m.Wide, m.TimeHigh = le.U32(b[4:]), true, le.U32(b[8:])
		return sizePing + 4, nil
	}
	fields := layoutPing[:]
	if len(b) >= 2 && le.U16(b) == sizePing+4-2 {
		fields = layoutWidePing[:]
	}
	return 0, fixedError(b, CodePing, fields)
}

// layoutWidePing is the wire layout of SMSG_PING from a 64-bit build of
// the original server.
var layoutWidePing = [...]Field{{"time", "u32", 4}, {"timeHigh", "u32", 8}}

// UnmarshalBinary decodes exactly one message from b.
func (m *Ping) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *Ping) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate reports a TimeHigh other than 0: the spec's time is a u32, and
// the original client reads only the low 32 bits.
func (m *Ping) Validate() error {
	if m.TimeHigh != 0 {
		return invalid(CodePing, "timeHigh", 8)
	}
	return nil
}
