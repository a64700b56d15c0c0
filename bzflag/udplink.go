package bzflag

// UDPLinkRequest is MsgUDPLinkRequest (both directions): a UDP port. The 1.7
// client asks for a UDP link giving its own UDP port; the server answers with
// its UDP port. Not in the spec.
type UDPLinkRequest struct {
	Port uint16 `json:"port"` // `port'
}

var udpLinkRequestForm = &forms[38]

// Size returns the frame size, 6.
func (*UDPLinkRequest) Size() int { return HeaderLen + 2 }

// AppendBinary appends the frame.
func (m *UDPLinkRequest) AppendBinary(b []byte) ([]byte, error) {
	return appendU16Frame(b, CodeUDPLinkRequest, m.Port), nil
}

// MarshalBinary returns the frame.
func (m *UDPLinkRequest) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *UDPLinkRequest) Decode(b []byte) (n int, err error) {
	m.Port, n, err = decodeU16(b, udpLinkRequestForm)
	return n, err
}

// UnmarshalBinary decodes exactly one frame.
func (m *UDPLinkRequest) UnmarshalBinary(b []byte) error {
	return unmarshal(m, udpLinkRequestForm, b)
}

// Validate returns nil: any port is well formed.
func (*UDPLinkRequest) Validate() error { return nil }

// UDPLinkEstablished is MsgUDPLinkEstablished (client to server): the client
// is ready to receive over the UDP link. The 1.7 client always sends 0. Not in
// the spec.
type UDPLinkEstablished struct {
	Value uint16 `json:"queueUpdate"` // `queue update'
}

var udpLinkEstablishedForm = &forms[39]

// Size returns the frame size, 6.
func (*UDPLinkEstablished) Size() int { return HeaderLen + 2 }

// AppendBinary appends the frame.
func (m *UDPLinkEstablished) AppendBinary(b []byte) ([]byte, error) {
	return appendU16Frame(b, CodeUDPLinkEstablished, m.Value), nil
}

// MarshalBinary returns the frame.
func (m *UDPLinkEstablished) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *UDPLinkEstablished) Decode(b []byte) (n int, err error) {
	m.Value, n, err = decodeU16(b, udpLinkEstablishedForm)
	return n, err
}

// UnmarshalBinary decodes exactly one frame.
func (m *UDPLinkEstablished) UnmarshalBinary(b []byte) error {
	return unmarshal(m, udpLinkEstablishedForm, b)
}

// Validate returns nil: the server ignores the value.
func (*UDPLinkEstablished) Validate() error { return nil }
