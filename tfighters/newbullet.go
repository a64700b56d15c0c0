package tfighters

// ClientNewBullet is CMSG_NEWBULLET <x (dbl)> <y (dbl)> <deg (dbl)>: the
// client fired. The server relays it to every other player as
// SMSG_NEWBULLET.
type ClientNewBullet struct {
	X   Dbl `json:"x"`   // position
	Y   Dbl `json:"y"`   // position
	Deg Dbl `json:"deg"` // direction in degrees
}

// layoutClientNewBullet lists the fields of CMSG_NEWBULLET with their offsets, header included.
var layoutClientNewBullet = [...]Field{
	{"x", "dbl", 4},
	{"y", "dbl", 8},
	{"deg", "dbl", 12},
}

// sizeClientNewBullet is the length of CMSG_NEWBULLET without its strings.
const sizeClientNewBullet = 16

// Code returns CodeClientNewBullet.
func (*ClientNewBullet) Code() Code { return CodeClientNewBullet }

// Size returns the length of the encoded message, header included.
func (*ClientNewBullet) Size() int { return sizeClientNewBullet }

// AppendBinary appends the message, header included, to b.
func (m *ClientNewBullet) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, CodeClientNewBullet, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendI32(b, int32(m.X))
	b = le.AppendI32(b, int32(m.Y))
	b = le.AppendI32(b, int32(m.Deg))
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *ClientNewBullet) Decode(b []byte) (int, error) {
	*m = ClientNewBullet{}
	if !isFrame(b, CodeClientNewBullet, sizeClientNewBullet) {
		return 0, fixedError(b, CodeClientNewBullet, layoutClientNewBullet[:])
	}
	b = b[:sizeClientNewBullet]
	m.X = Dbl(le.I32(b[4:]))
	m.Y = Dbl(le.I32(b[8:]))
	m.Deg = Dbl(le.I32(b[12:]))
	return sizeClientNewBullet, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *ClientNewBullet) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *ClientNewBullet) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (*ClientNewBullet) Validate() error { return nil }

// ServerNewBullet is SMSG_NEWBULLET <id (u32)> <ownerid (u32)> <x (dbl)>
// <y (dbl)> <deg (dbl)>: a new bullet. The original never sets the
// bullet's id (uninitialised memory; see docs/errata/tfighters.md).
type ServerNewBullet struct {
	ID      uint32 `json:"id"`      // the bullet
	OwnerID uint32 `json:"ownerid"` // the player who fired it
	X       Dbl    `json:"x"`       // position
	Y       Dbl    `json:"y"`       // position
	Deg     Dbl    `json:"deg"`     // direction in degrees
}

// layoutServerNewBullet lists the fields of SMSG_NEWBULLET with their offsets, header included.
var layoutServerNewBullet = [...]Field{
	{"id", "u32", 4},
	{"ownerid", "u32", 8},
	{"x", "dbl", 12},
	{"y", "dbl", 16},
	{"deg", "dbl", 20},
}

// sizeServerNewBullet is the length of SMSG_NEWBULLET without its strings.
const sizeServerNewBullet = 24

// Code returns CodeServerNewBullet.
func (*ServerNewBullet) Code() Code { return CodeServerNewBullet }

// Size returns the length of the encoded message, header included.
func (*ServerNewBullet) Size() int { return sizeServerNewBullet }

// AppendBinary appends the message, header included, to b.
func (m *ServerNewBullet) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, CodeServerNewBullet, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendU32(b, m.ID)
	b = le.AppendU32(b, m.OwnerID)
	b = le.AppendI32(b, int32(m.X))
	b = le.AppendI32(b, int32(m.Y))
	b = le.AppendI32(b, int32(m.Deg))
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *ServerNewBullet) Decode(b []byte) (int, error) {
	*m = ServerNewBullet{}
	if !isFrame(b, CodeServerNewBullet, sizeServerNewBullet) {
		return 0, fixedError(b, CodeServerNewBullet, layoutServerNewBullet[:])
	}
	b = b[:sizeServerNewBullet]
	m.ID = le.U32(b[4:])
	m.OwnerID = le.U32(b[8:])
	m.X = Dbl(le.I32(b[12:]))
	m.Y = Dbl(le.I32(b[16:]))
	m.Deg = Dbl(le.I32(b[20:]))
	return sizeServerNewBullet, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *ServerNewBullet) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *ServerNewBullet) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (*ServerNewBullet) Validate() error { return nil }
