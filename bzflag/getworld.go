package bzflag

// GetWorldRequest is MsgGetWorld from client to server: a request for the
// world database from byte Offset on.
type GetWorldRequest struct {
	Offset uint16 `json:"offset"` // `offset'
}

var getWorldRequestForm = &forms[4]

// Size returns the frame size, 6.
func (*GetWorldRequest) Size() int { return HeaderLen + 2 }

// AppendBinary appends the frame.
func (m *GetWorldRequest) AppendBinary(b []byte) ([]byte, error) {
	return appendU16Frame(b, CodeGetWorld, m.Offset), nil
}

// MarshalBinary returns the frame.
func (m *GetWorldRequest) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *GetWorldRequest) Decode(b []byte) (n int, err error) {
	m.Offset, n, err = decodeU16(b, getWorldRequestForm)
	return n, err
}

// UnmarshalBinary decodes exactly one frame.
func (m *GetWorldRequest) UnmarshalBinary(b []byte) error {
	return unmarshal(m, getWorldRequestForm, b)
}

// Validate returns nil: any offset is well formed.
func (*GetWorldRequest) Validate() error { return nil }

// GetWorldReply is MsgGetWorld from server to client: a block of the world
// database and how many bytes remain.
//
// Remaining counts from the requested offset to the end of the database,
// this block included, as the 1.7 server sends it and the 1.7 client
// reads it (the spec says "after the returned block"; errata W1 in
// docs/errata/bzflag.md, part 2): the first reply's Remaining is the size of
// the whole database.
//
// The 1.7 server sends blocks of 256 bytes at most; the spec allows up to
// MaxWorldChunk. Decode copies the block into Data, reusing its capacity.
type GetWorldReply struct {
	Remaining uint16 `json:"remaining"` // `remaining': bytes from the offset to the end
	Data      []byte `json:"data"`      // `data'
}

var getWorldReplyForm = &forms[5]

// Size returns the frame size, 6 + len(Data).
func (m *GetWorldReply) Size() int { return HeaderLen + 2 + len(m.Data) }

// AppendBinary appends the frame. Data longer than MaxWorldChunk fails
// with wire.ErrTooLong.
func (m *GetWorldReply) AppendBinary(b []byte) ([]byte, error) {
	if len(m.Data) > MaxWorldChunk {
		return b, tooLong(getWorldReplyForm, "data")
	}
	b = appendHeader(b, CodeGetWorld, 2+len(m.Data))
	b = be.AppendU16(b, m.Remaining)
	return append(b, m.Data...), nil
}

// MarshalBinary returns the frame.
func (m *GetWorldReply) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *GetWorldReply) Decode(b []byte) (int, error) {
	n, err := checkHeader(b, getWorldReplyForm)
	if err != nil {
		m.Remaining, m.Data = 0, m.Data[:0]
		return 0, err
	}
	m.Remaining = be.U16(b[4:])
	m.Data = append(m.Data[:0], b[6:HeaderLen+n]...)
	return HeaderLen + n, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *GetWorldReply) UnmarshalBinary(b []byte) error {
	return unmarshal(m, getWorldReplyForm, b)
}

// Validate checks that Data fits in one frame.
func (m *GetWorldReply) Validate() error {
	if len(m.Data) > MaxWorldChunk {
		return tooLong(getWorldReplyForm, "data")
	}
	return nil
}
