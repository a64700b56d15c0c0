package bzflag

import "github.com/gamewire/gamewire/wire"

// Reject is MsgReject (server to client): the server refused a MsgEnter,
// giving the reason.
//
// The 1.7 server's source also has a MsgReject whose body is empty, as the
// refusal of a MsgNetworkRelay request; Bare marks that form, whose Reason
// is then always zero. bzfs 1.7e6 to 1.7g2 never send it: the function
// that decides returns true on every path, so they always accept
// (src/bzfs/bzfs.cxx, startPlayerPacketRelay; errata M18). The form is
// kept for a Go server that does refuse, and the 1.7 client reads it as a
// refusal.
type Reject struct {
	Reason RejectCode `json:"rejectCode"`     // `code'
	Bare   bool       `json:"bare,omitempty"` // the empty-body form (not in the spec)
}

// Size returns the frame size: 6, or 4 if Bare.
func (m *Reject) Size() int {
	if m.Bare {
		return HeaderLen
	}
	return HeaderLen + 2
}

// AppendBinary appends the frame.
func (m *Reject) AppendBinary(b []byte) ([]byte, error) {
	if m.Bare {
		return appendHeader(b, CodeReject, 0), nil
	}
	return be.AppendU16(appendHeader(b, CodeReject, 2), uint16(m.Reason)), nil
}

// MarshalBinary returns the frame.
func (m *Reject) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *Reject) Decode(b []byte) (int, error) {
	*m = Reject{}
	n, err := checkHeader(b, rejectForm)
	switch {
	case err != nil:
		return failAt(err)
	case n == 0:
		m.Bare = true
		return HeaderLen, nil
	case n != 2:
		return 0, rejectForm.Err("length", wire.ErrInvalid)
	}
	m.Reason = RejectCode(be.U16(b[4:]))
	return HeaderLen + 2, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *Reject) UnmarshalBinary(b []byte) error { return unmarshal(m, rejectForm, b) }

// Validate checks that the code is one the spec lists, and zero if Bare.
func (m *Reject) Validate() error {
	if !m.Reason.Known() || (m.Bare && m.Reason != 0) {
		return invalid(rejectForm, "rejectCode")
	}
	return nil
}

// rejectForm is the table's entry of Reject.
var rejectForm = (*Reject)(nil).Form()
