package bzflag

import "github.com/gamewire/gamewire/wire"

// Raw is a frame kept as it came: its code and its body. A Decoder with
// KeepUnknown returns frames the package has no layout for as *Raw, so a
// session survives codes that 1.7 defines without a known layout
// (MsgAudio, MsgVideo, MsgServerControl) and codes of later versions.
//
// Decode copies the body into Body, reusing its capacity.
type Raw struct {
	RawCode Code   `json:"code"` // the frame's code
	Body    []byte `json:"body"` // the frame's body
}

// Code returns the frame's code.
func (m *Raw) Code() Code { return m.RawCode }

// Size returns the frame size, 4 + len(Body).
func (m *Raw) Size() int { return HeaderLen + len(m.Body) }

// AppendBinary appends the frame. A body longer than MaxBodyLen fails with
// wire.ErrTooLong.
func (m *Raw) AppendBinary(b []byte) ([]byte, error) {
	if len(m.Body) > MaxBodyLen {
		return b, wire.NewError(proto, "raw", "body", HeaderLen, wire.ErrTooLong)
	}
	return append(appendHeader(b, m.RawCode, len(m.Body)), m.Body...), nil
}

// MarshalBinary returns the frame.
func (m *Raw) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b, whatever its code.
func (m *Raw) Decode(b []byte) (int, error) {
	n, c, err := ReadHeader(b)
	switch {
	case err != nil:
	case n > MaxBodyLen:
		err = wire.NewError(proto, "raw", "length", 0, wire.ErrTooLong)
	case len(b) < HeaderLen+n:
		err = wire.NewError(proto, "raw", "body", HeaderLen, wire.ErrShort)
	}
	if err != nil {
		m.RawCode, m.Body = 0, m.Body[:0]
		return 0, err
	}
	m.RawCode = c
	m.Body = append(m.Body[:0], b[HeaderLen:HeaderLen+n]...)
	return HeaderLen + n, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *Raw) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err == nil && n != len(b) {
		err = wire.NewError(proto, "raw", "", n, wire.ErrTrailing)
	}
	return err
}

// Validate returns nil: a raw frame has no rules.
func (*Raw) Validate() error { return nil }
