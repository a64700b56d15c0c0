package lwar

import "github.com/gamewire/gamewire/wire"

// Input is the spec's "Input" message (id 103, unreliable, client to
// server): the client's current input state and the seven before it.
//
// Each state byte holds eight boolean states: bit 0 is the current one,
// bit 1 the previous one, and so on; a client shifts a state in with
// new = old<<1 | active. The server uses FrameNo to tell how many
// messages it missed and then looks at that many bits.
type Input struct {
	PlayerID    ID       `json:"playerId"`    // "playerId": the player that generated the message
	FrameNo     uint32   `json:"frameNo"`     // "frameNo": monotonically increasing frame number, from 1
	Forward     uint8    `json:"forward"`     // "forward": state bits
	Backward    uint8    `json:"backward"`    // "backward": state bits
	TurnLeft    uint8    `json:"turnLeft"`    // "turnLeft": state bits
	TurnRight   uint8    `json:"turnRight"`   // "turnRight": state bits
	StrafeLeft  uint8    `json:"strafeLeft"`  // "strafeLeft": state bits
	StrafeRight uint8    `json:"strafeRight"` // "strafeRight": state bits
	Shooting    [4]uint8 `json:"shooting"`    // "shooting", uint8[4]: state bits of the four weapon slots
	AimX        int16    `json:"aimX"`        // "aim x": world x position of the client's aim
	AimY        int16    `json:"aimY"`        // "aim y": world y position of the client's aim
}

const inputSize = UnreliableHeaderSize + IDSize + 4 + 6 + 4 + 4

// Form returns the message's entry in the table.
func (*Input) Form() *wire.Form { return &forms[11] }

// Size returns the encoded length, 23 bytes.
func (*Input) Size() int { return inputSize }

// AppendBinary appends the encoded message.
func (m *Input) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, byte(TypeInput))
	b = appendID(b, m.PlayerID)
	b = be.AppendU32(b, m.FrameNo)
	b = append(b, m.Forward, m.Backward, m.TurnLeft, m.TurnRight, m.StrafeLeft, m.StrafeRight)
	b = append(b, m.Shooting[:]...)
	b = be.AppendI16(b, m.AimX)
	return be.AppendI16(b, m.AimY), nil
}

// MarshalBinary returns the encoded message.
func (m *Input) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b.
func (m *Input) Decode(b []byte) (int, error) {
	*m = Input{}
	if off, err := begin(b, m.Form(), inputSize); err != nil {
		return off, err
	}
	b = b[:inputSize]
	m.PlayerID = readID(b[1:])
	m.FrameNo = be.U32(b[5:])
	m.Forward, m.Backward, m.TurnLeft = b[9], b[10], b[11]
	m.TurnRight, m.StrafeLeft, m.StrafeRight = b[12], b[13], b[14]
	copy(m.Shooting[:], b[15:19])
	m.AimX = be.I16(b[19:])
	m.AimY = be.I16(b[21:])
	return inputSize, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Input) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate returns nil: the wire format of Input can say nothing the spec
// forbids (frameNo 0 is merely unusual: the original server accepts it).
func (*Input) Validate() error { return nil }
