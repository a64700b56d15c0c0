package paintball

// TEMPORARY: written by hand until internal/formgen lands; forms_gen.go
// replaces this file.

import "github.com/gamewire/gamewire/wire"

// Login is the spec's "Login Packet (Type F)".
type Login struct {
	Username UTF `json:"username"`
}

// Form returns the Login form of the table.
func (*Login) Form() *wire.Form { return &table.Forms[0] }

// Update is the spec's "Update Packet (Type A)".
type Update struct {
	ObjectType ObjectType `json:"objectType"`
	ObjectID   int32      `json:"objectId"`
	PositionX  int32      `json:"positionX"`
	PositionY  int32      `json:"positionY"`
	VelocityX  int32      `json:"velocityX"`
	VelocityY  int32      `json:"velocityY"`
	Facing     float64    `json:"facing"`
}

// PlayerUpdateRequest is the spec's "Player Update Request Packet (Type C)".
type PlayerUpdateRequest struct {
	VelocityX int32   `json:"velocityX"`
	VelocityY int32   `json:"velocityY"`
	Facing    float64 `json:"facing"`
}

// ShootUpdateRequest is the spec's "Shoot Update Request Packet (Type D)".
type ShootUpdateRequest struct {
	ShootingState ShootingState `json:"shootingState"`
}

// GameDumpRequest is the spec's "Game Dump Request Packet (Type E)".
type GameDumpRequest struct{}

func (*Update) Form() *wire.Form              { return &table.Forms[1] }
func (*PlayerUpdateRequest) Form() *wire.Form { return &table.Forms[2] }
func (*ShootUpdateRequest) Form() *wire.Form  { return &table.Forms[3] }
func (*GameDumpRequest) Form() *wire.Form     { return &table.Forms[4] }

func (*Update) Size() int              { return 33 }
func (*PlayerUpdateRequest) Size() int { return 19 }
func (*ShootUpdateRequest) Size() int  { return 4 }
func (*GameDumpRequest) Size() int     { return 3 }

func hdr(p []byte, code uint16) { p[0] = Marker; wire.BigEndian.PutU16(p[1:], code) }

// check is the length and header check of a fixed form.
func check(f *wire.Form, b []byte) (int, error) {
	if len(b) < f.Size {
		for i, fl := range f.Layout() {
			if fl.Offset+fl.Size > len(b) {
				return fl.Offset, f.ErrAt(i, wire.ErrShort)
			}
		}
	}
	if b[0] != Marker {
		return 0, f.ErrAt(0, wire.ErrInvalid)
	}
	if uint32(wire.BigEndian.U16(b[1:])) != f.Code {
		return 1, f.ErrAt(1, wire.ErrInvalid)
	}
	return 0, nil
}

func (m *Update) AppendBinary(b []byte) ([]byte, error) {
	b, p := wire.Grow(b, 33)
	hdr(p, CodeUpdate)
	o := wire.BigEndian
	o.PutU16(p[3:], uint16(m.ObjectType))
	o.PutU32(p[5:], uint32(m.ObjectID))
	o.PutU32(p[9:], uint32(m.PositionX))
	o.PutU32(p[13:], uint32(m.PositionY))
	o.PutU32(p[17:], uint32(m.VelocityX))
	o.PutU32(p[21:], uint32(m.VelocityY))
	o.PutF64(p[25:], m.Facing)
	return b, nil
}

func (m *Update) Decode(b []byte) (int, error) {
	*m = Update{}
	if n, err := check(m.Form(), b); err != nil {
		return n, err
	}
	o := wire.BigEndian
	m.ObjectType = ObjectType(o.U16(b[3:]))
	m.ObjectID = o.I32(b[5:])
	m.PositionX = o.I32(b[9:])
	m.PositionY = o.I32(b[13:])
	m.VelocityX = o.I32(b[17:])
	m.VelocityY = o.I32(b[21:])
	m.Facing = o.F64(b[25:])
	return 33, nil
}

func (m *PlayerUpdateRequest) AppendBinary(b []byte) ([]byte, error) {
	b, p := wire.Grow(b, 19)
	hdr(p, CodePlayerUpdateRequest)
	o := wire.BigEndian
	o.PutU32(p[3:], uint32(m.VelocityX))
	o.PutU32(p[7:], uint32(m.VelocityY))
	o.PutF64(p[11:], m.Facing)
	return b, nil
}

func (m *PlayerUpdateRequest) Decode(b []byte) (int, error) {
	*m = PlayerUpdateRequest{}
	if n, err := check(m.Form(), b); err != nil {
		return n, err
	}
	o := wire.BigEndian
	m.VelocityX = o.I32(b[3:])
	m.VelocityY = o.I32(b[7:])
	m.Facing = o.F64(b[11:])
	return 19, nil
}

func (m *ShootUpdateRequest) AppendBinary(b []byte) ([]byte, error) {
	b, p := wire.Grow(b, 4)
	hdr(p, CodeShootUpdateRequest)
	p[3] = byte(m.ShootingState)
	return b, nil
}

func (m *ShootUpdateRequest) Decode(b []byte) (int, error) {
	*m = ShootUpdateRequest{}
	if n, err := check(m.Form(), b); err != nil {
		return n, err
	}
	m.ShootingState = ShootingState(b[3])
	return 4, nil
}

func (m *GameDumpRequest) AppendBinary(b []byte) ([]byte, error) {
	b, p := wire.Grow(b, 3)
	hdr(p, CodeGameDumpRequest)
	return b, nil
}

func (m *GameDumpRequest) Decode(b []byte) (int, error) {
	if n, err := check(m.Form(), b); err != nil {
		return n, err
	}
	return 3, nil
}

func (m *Update) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, 33)) }
func (m *PlayerUpdateRequest) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, 19))
}
func (m *ShootUpdateRequest) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, 4))
}
func (m *GameDumpRequest) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, 3)) }

func unmarshal(m Message, b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	if n != len(b) {
		return m.Form().Err("", wire.ErrTrailing)
	}
	return nil
}

func (m *Update) UnmarshalBinary(b []byte) error              { return unmarshal(m, b) }
func (m *PlayerUpdateRequest) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }
func (m *ShootUpdateRequest) UnmarshalBinary(b []byte) error  { return unmarshal(m, b) }
func (m *GameDumpRequest) UnmarshalBinary(b []byte) error     { return unmarshal(m, b) }

func newMessage(i int) wire.Message {
	switch i {
	case 0:
		return new(Login)
	case 1:
		return new(Update)
	case 2:
		return new(PlayerUpdateRequest)
	case 3:
		return new(ShootUpdateRequest)
	case 4:
		return new(GameDumpRequest)
	}
	return nil
}
