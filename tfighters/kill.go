package tfighters

import "github.com/gamewire/gamewire/wire"

// Kill is SMSG_KILL <victimid (u32)> <evilid (u32)> <killtxt (str)>: "Kill
// message for victimid by evilid"; an empty killtxt means the default
// message. The original sends the shooter's id as evilid and always an
// empty killtxt.
type Kill struct {
	VictimID uint32    `json:"victimid"` // who died
	EvilID   uint32    `json:"evilid"`   // who killed
	KillTxt  wire.Text `json:"killtxt"`  // the kill message, empty for the default
}

// layoutKill lists the fields of SMSG_KILL with their offsets, header included.
var layoutKill = [...]Field{
	{"victimid", "u32", 4},
	{"evilid", "u32", 8},
	{"killtxt", "str", 12},
}

// sizeKill is the length of SMSG_KILL without its strings.
const sizeKill = 12

// Code returns CodeKill.
func (*Kill) Code() Code { return CodeKill }

// Size returns the length of the encoded message, header included.
func (m *Kill) Size() int { return sizeKill + len(m.KillTxt) + 1 }

// AppendBinary appends the message, header included, to b.
func (m *Kill) AppendBinary(b []byte) ([]byte, error) {
	if err := checkStr(m.KillTxt, CodeKill, "killtxt", 12); err != nil {
		return b, err
	}
	b, err := appendHeader(b, CodeKill, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendU32(b, m.VictimID)
	b = le.AppendU32(b, m.EvilID)
	b = wire.AppendCString(b, m.KillTxt)
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *Kill) Decode(b []byte) (int, error) {
	killTxt := m.KillTxt[:0]
	*m = Kill{}
	end, s, ok := strFrame(b, CodeKill, sizeKill)
	if !ok {
		m.KillTxt = killTxt
		return 0, fixedError(b, CodeKill, layoutKill[:])
	}
	b = b[:sizeKill]
	m.VictimID = le.U32(b[4:])
	m.EvilID = le.U32(b[8:])
	m.KillTxt = append(killTxt, s...)
	return end, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *Kill) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *Kill) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *Kill) Validate() error {
	if len(m.KillTxt) > MaxTextLen {
		return tooLong(CodeKill, "killtxt", 12)
	}
	return nil
}
