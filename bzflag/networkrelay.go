package bzflag

// NetworkRelay is MsgNetworkRelay (both directions), with an empty body: from
// the server, the client must send its player-to-player messages through the
// server; from the client, the client cannot use multicast and asks the server
// to relay. The 1.7 server answers the request with MsgAccept or a bare
// MsgReject.
type NetworkRelay struct{}

var networkRelayForm = &forms[20]

// Size returns the frame size, 4.
func (*NetworkRelay) Size() int { return HeaderLen }

// AppendBinary appends the frame.
func (*NetworkRelay) AppendBinary(b []byte) ([]byte, error) {
	return appendHeader(b, CodeNetworkRelay, 0), nil
}

// MarshalBinary returns the frame.
func (m *NetworkRelay) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (*NetworkRelay) Decode(b []byte) (int, error) { return decodeEmpty(b, networkRelayForm) }

// UnmarshalBinary decodes exactly one frame.
func (m *NetworkRelay) UnmarshalBinary(b []byte) error { return unmarshal(m, networkRelayForm, b) }

// Validate returns nil: the message has no rules.
func (*NetworkRelay) Validate() error { return nil }
