package bzflag

import "encoding/binary"

// FlagUpdate is MsgFlagUpdate (server to client): the state of flag Index
// changed, or the client just joined.
type FlagUpdate struct {
	Index uint16     `json:"flagNum"` // `flag num'
	Flag  FlagStatus `json:"flag"`    // the flag status
}

var flagUpdateFlagErrs = newFlagErrors(flagUpdateForm)

var flagUpdateForm = &forms[8]

const flagUpdateSize = HeaderLen + 2 + FlagStatusLen

// Size returns the frame size, 68.
func (*FlagUpdate) Size() int { return flagUpdateSize }

// AppendBinary appends the frame.
func (m *FlagUpdate) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, flagUpdateSize)
	putHeader(w, CodeFlagUpdate, flagUpdateSize-HeaderLen)
	binary.BigEndian.PutUint16(w[4:], m.Index)
	putFlagStatus(w[6:], &m.Flag)
	return b, nil
}

// MarshalBinary returns the frame.
func (m *FlagUpdate) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *FlagUpdate) Decode(b []byte) (int, error) {
	if !fixedOK(b, CodeFlagUpdate, flagUpdateSize) {
		*m = FlagUpdate{}
		_, err := checkHeader(b, flagUpdateForm)
		return 0, err
	}
	m.Index = be.U16(b[4:])
	m.Flag = getFlagStatus(b[6:])
	return flagUpdateSize, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *FlagUpdate) UnmarshalBinary(b []byte) error { return unmarshal(m, flagUpdateForm, b) }

// Validate checks the flag status's enumerations.
func (m *FlagUpdate) Validate() error {
	return m.Flag.validate(flagUpdateFlagErrs)
}
