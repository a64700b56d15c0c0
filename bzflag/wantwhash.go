package bzflag

import "github.com/gamewire/gamewire/wire"

// WantWHashReply is MsgWantWHash from server to client: the digest of the
// world, a NUL-terminated string: 't' (temporary world) or 'p' (permanent
// world) then the MD5 digest in hexadecimal. Not in the spec.
//
// Digest holds the string without its NUL; Decode copies it, reusing
// Digest's capacity.
type WantWHashReply struct {
	Digest wire.Text `json:"digest"` // the digest string
}

// Size returns the frame size, 5 + len(Digest).
func (m *WantWHashReply) Size() int { return HeaderLen + len(m.Digest) + 1 }

// AppendBinary appends the frame. A digest that does not fit in a frame
// fails with wire.ErrTooLong.
func (m *WantWHashReply) AppendBinary(b []byte) ([]byte, error) {
	if len(m.Digest) > MaxBodyLen-1 {
		return b, tooLong(wantWHashReplyForm, "digest")
	}
	b = appendHeader(b, CodeWantWHash, len(m.Digest)+1)
	b = append(b, m.Digest...)
	return append(b, 0), nil
}

// MarshalBinary returns the frame.
func (m *WantWHashReply) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b. The body's last byte must be
// the terminating NUL.
func (m *WantWHashReply) Decode(b []byte) (int, error) {
	n, err := checkHeader(b, wantWHashReplyForm)
	if err == nil && b[HeaderLen+n-1] != 0 {
		err = wantWHashReplyForm.Err("digest", wire.ErrInvalid)
	}
	if err != nil {
		m.Digest = m.Digest[:0]
		return failAt(err)
	}
	m.Digest = append(m.Digest[:0], b[HeaderLen:HeaderLen+n-1]...)
	return HeaderLen + n, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *WantWHashReply) UnmarshalBinary(b []byte) error {
	return unmarshal(m, wantWHashReplyForm, b)
}

// Validate checks the digest's form: 't' or 'p', then hexadecimal digits,
// and no NUL.
func (m *WantWHashReply) Validate() error {
	d := m.Digest
	if len(d) == 0 || (d[0] != 't' && d[0] != 'p') {
		return invalid(wantWHashReplyForm, "digest")
	}
	for _, c := range d[1:] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return invalid(wantWHashReplyForm, "digest")
		}
	}
	return nil
}

// wantWHashReplyForm is the table's entry of WantWHashReply.
var wantWHashReplyForm = (*WantWHashReply)(nil).Form()
