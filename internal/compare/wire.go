package compare

import "github.com/gamewire/gamewire/wire"

// DecodeWire decodes b into m with wire: one length check, then reads at
// fixed offsets.
func DecodeWire(m *Record, b []byte) error {
	if len(b) < Size {
		return errShort(len(b))
	}
	b = b[:Size]
	m.ID = wire.BigEndian.U32(b[0:])
	m.Status = wire.BigEndian.U16(b[4:])
	m.Pos = [3]float32{wire.BigEndian.F32(b[6:]), wire.BigEndian.F32(b[10:]), wire.BigEndian.F32(b[14:])}
	m.Vel = [3]float32{wire.BigEndian.F32(b[18:]), wire.BigEndian.F32(b[22:]), wire.BigEndian.F32(b[26:])}
	m.Azimuth = wire.BigEndian.F32(b[30:])
	m.AngVel = wire.BigEndian.F32(b[34:])
	m.Team, m.Flags = b[38], b[39]
	copy(m.Tag[:], b[40:48])
	return nil
}

// AppendWire appends the encoding of m to b as gamewire's generated
// codecs do: wire.Grow once, then wire's Put functions at fixed offsets.
func AppendWire(b []byte, m *Record) []byte {
	b, p := wire.Grow(b, Size)
	p = p[:Size] // one bounds check here, none below
	wire.BigEndian.PutU32(p[0:], m.ID)
	wire.BigEndian.PutU16(p[4:], m.Status)
	pos, vel := &m.Pos, &m.Vel
	wire.BigEndian.PutF32(p[6:], pos[0])
	wire.BigEndian.PutF32(p[10:], pos[1])
	wire.BigEndian.PutF32(p[14:], pos[2])
	wire.BigEndian.PutF32(p[18:], vel[0])
	wire.BigEndian.PutF32(p[22:], vel[1])
	wire.BigEndian.PutF32(p[26:], vel[2])
	wire.BigEndian.PutF32(p[30:], m.Azimuth)
	wire.BigEndian.PutF32(p[34:], m.AngVel)
	p[38], p[39] = m.Team, m.Flags
	copy(p[40:48], m.Tag[:])
	return b
}

// AppendWireFields appends the encoding of m to b field by field with
// wire's Append functions, the style the generated codecs replace (issue
// 10, point 9): each append checks the capacity again.
func AppendWireFields(b []byte, m *Record) []byte {
	b = wire.BigEndian.AppendU32(b, m.ID)
	b = wire.BigEndian.AppendU16(b, m.Status)
	for _, v := range m.Pos {
		b = wire.BigEndian.AppendF32(b, v)
	}
	for _, v := range m.Vel {
		b = wire.BigEndian.AppendF32(b, v)
	}
	b = wire.BigEndian.AppendF32(b, m.Azimuth)
	b = wire.BigEndian.AppendF32(b, m.AngVel)
	b = wire.AppendU8(b, m.Team)
	b = wire.AppendU8(b, m.Flags)
	return append(b, m.Tag[:]...)
}
