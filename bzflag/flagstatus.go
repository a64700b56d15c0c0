package bzflag

import (
	"encoding/binary"

	"github.com/gamewire/gamewire/wire"
)

// FlagStatus is the spec's `flag status', common to MsgFlagUpdate,
// MsgGrabFlag and MsgDropFlag: a flag's kind, where it is and its flight.
// It is FlagStatusLen (62) bytes on the wire.
type FlagStatus struct {
	ID              FlagID    `json:"flagId"`          // `flag id'
	Status          FlagState `json:"status"`          // `status'
	Type            FlagType  `json:"type"`            // `type'
	Owner           PlayerID  `json:"ownerId"`         // `owner id': who has the flag when FlagOnTank
	Position        Vec3      `json:"position"`        // `position': on the ground
	Launch          Vec3      `json:"launch"`          // `launch': where it was thrown from
	Landing         Vec3      `json:"landing"`         // `landing': where it will land
	FlightTime      float32   `json:"flightTime"`      // `flight time': time in the air so far
	FlightEnd       float32   `json:"flightEnd"`       // `flight end': total time of the flight
	InitialVelocity float32   `json:"initialVelocity"` // `initial velocity': vertical, at launch
}

// putFlagStatus writes the 62 bytes of s into w.
func putFlagStatus(w []byte, s *FlagStatus) {
	_ = w[FlagStatusLen-1]
	binary.BigEndian.PutUint16(w, uint16(s.ID))
	binary.BigEndian.PutUint16(w[2:], uint16(s.Status))
	binary.BigEndian.PutUint16(w[4:], uint16(s.Type))
	putPlayerID(w[6:], &s.Owner)
	putVec3(w[14:], &s.Position)
	putVec3(w[26:], &s.Launch)
	putVec3(w[38:], &s.Landing)
	putF32(w[50:], s.FlightTime)
	putF32(w[54:], s.FlightEnd)
	putF32(w[58:], s.InitialVelocity)
}

// getFlagStatus reads a flag status from b[0:62].
func getFlagStatus(b []byte) FlagStatus {
	b = b[:FlagStatusLen]
	return FlagStatus{
		ID:              FlagID(be.U16(b)),
		Status:          FlagState(be.U16(b[2:])),
		Type:            FlagType(be.U16(b[4:])),
		Owner:           getPlayerID(b[6:]),
		Position:        getVec3(b[14:]),
		Launch:          getVec3(b[26:]),
		Landing:         getVec3(b[38:]),
		FlightTime:      f32(b[50:]),
		FlightEnd:       f32(b[54:]),
		InitialVelocity: f32(b[58:]),
	}
}

// validate checks the enumerations of a flag status and returns the error
// of the field that breaks them, from e, or nil.
func (s *FlagStatus) validate(e *flagErrors) error {
	switch {
	case !s.ID.Known():
		return &e[0]
	case !s.Status.Known():
		return &e[1]
	case !s.Type.Known():
		return &e[2]
	}
	return nil
}

// flagErrors are the errors of the flag status fields validate checks
// (flagId, status, type) for one form that carries a flag status, with
// the fields' offsets in its frame: the table names only the form's own
// field "flag", so they are built here, once.
type flagErrors [3]wire.Error

func newFlagErrors(f *wire.Form) *flagErrors {
	var e flagErrors
	base := f.Field("flag").Offset
	ty := table.Type("FlagStatus")
	for i, name := range [...]string{"flagId", "status", "type"} {
		e[i] = wire.Error{Protocol: proto, Message: f.Name, Field: name, Offset: base + ty.Field(name).Offset, Err: wire.ErrInvalid}
	}
	return &e
}
