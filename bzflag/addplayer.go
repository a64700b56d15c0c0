package bzflag

import "github.com/gamewire/gamewire/wire"

// AddPlayer is MsgAddPlayer (server to client): a player joined, or was
// already in the game when this client joined.
//
// The 1.7 server appends one more player id to the MsgAddPlayer it sends a
// joining player about itself: the id the server assigned to it, which the
// client adopts and acknowledges with MsgIdAck (src/bzfs/bzfs.cxx,
// sendPlayerUpdate; src/bzflag/playing.cxx, joinGame). HasAssignedID marks
// that form; AssignedID is zero without it.
type AddPlayer struct {
	ID            PlayerID   `json:"playerId"`                // `player id'
	Type          PlayerType `json:"type"`                    // `type'
	Team          TeamColor  `json:"team"`                    // `team'
	Wins          uint16     `json:"wins"`                    // `wins'
	Losses        uint16     `json:"losses"`                  // `losses'
	CallSign      CallSign   `json:"callSign"`                // `call sign'
	Email         Email      `json:"email"`                   // `email address'
	HasAssignedID bool       `json:"hasAssignedId,omitempty"` // the extra id is present (not in the spec)
	AssignedID    PlayerID   `json:"assignedId,omitzero"`     // the extra id (not in the spec)
}

const addPlayerSize = HeaderLen + PlayerIDLen + 8 + CallSignLen + EmailLen

// Size returns the frame size: 180, or 188 with the assigned id.
func (m *AddPlayer) Size() int {
	if m.HasAssignedID {
		return addPlayerSize + PlayerIDLen
	}
	return addPlayerSize
}

// AppendBinary appends the frame.
func (m *AddPlayer) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeAddPlayer, m.Size()-HeaderLen)
	b = appendPlayerID(b, &m.ID)
	b = be.AppendU16(b, uint16(m.Type))
	b = be.AppendU16(b, uint16(m.Team))
	b = be.AppendU16(b, m.Wins)
	b = be.AppendU16(b, m.Losses)
	b = append(b, m.CallSign[:]...)
	b = append(b, m.Email[:]...)
	if m.HasAssignedID {
		b = appendPlayerID(b, &m.AssignedID)
	}
	return b, nil
}

// MarshalBinary returns the frame.
func (m *AddPlayer) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *AddPlayer) Decode(b []byte) (int, error) {
	n, err := checkHeader(b, addPlayerForm)
	if err == nil && n != addPlayerSize-HeaderLen && n != addPlayerSize+PlayerIDLen-HeaderLen {
		err = addPlayerForm.Err("length", wire.ErrInvalid)
	}
	if err != nil {
		*m = AddPlayer{}
		return failAt(err)
	}
	m.ID.get(b[4:])
	m.Type = PlayerType(be.U16(b[12:]))
	m.Team = TeamColor(be.U16(b[14:]))
	m.Wins = be.U16(b[16:])
	m.Losses = be.U16(b[18:])
	copy(m.CallSign[:], b[20:])
	copy(m.Email[:], b[20+CallSignLen:])
	m.HasAssignedID = n > addPlayerSize-HeaderLen
	m.AssignedID = PlayerID{}
	if m.HasAssignedID {
		m.AssignedID.get(b[addPlayerSize:])
	}
	return HeaderLen + n, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *AddPlayer) UnmarshalBinary(b []byte) error { return unmarshal(m, addPlayerForm, b) }

// Validate checks the spec's rules: a known type, a known team, call sign
// and email NUL-terminated ASCII padded with NULs, and no assigned id
// unless HasAssignedID.
func (m *AddPlayer) Validate() error {
	switch {
	case !m.Type.Known():
		return invalid(addPlayerForm, "type")
	case !m.Team.Known():
		return invalid(addPlayerForm, "team")
	case !checkCString(m.CallSign[:]):
		return invalid(addPlayerForm, "callSign")
	case !checkCString(m.Email[:]):
		return invalid(addPlayerForm, "email")
	case !m.HasAssignedID && !m.AssignedID.IsZero():
		return invalid(addPlayerForm, "assignedId")
	}
	return nil
}

// addPlayerForm is the table's entry of AddPlayer.
var addPlayerForm = (*AddPlayer)(nil).Form()
