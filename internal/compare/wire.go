package compare

import (
	"github.com/gamewire/gamewire/wire/codec"
)

// DecodeWire decodes b into m with wire: one length check, then reads at
// fixed offsets.
func DecodeWire(m *Record, b []byte) error {
	if len(b) < Size {
		return errShort(len(b))
	}
	b = b[:Size]
	m.ID = codec.BigEndian.U32(b[0:])
	m.Status = codec.BigEndian.U16(b[4:])
	m.Pos = [3]float32{codec.BigEndian.F32(b[6:]), codec.BigEndian.F32(b[10:]), codec.BigEndian.F32(b[14:])}
	m.Vel = [3]float32{codec.BigEndian.F32(b[18:]), codec.BigEndian.F32(b[22:]), codec.BigEndian.F32(b[26:])}
	m.Azimuth = codec.BigEndian.F32(b[30:])
	m.AngVel = codec.BigEndian.F32(b[34:])
	m.Team, m.Flags = b[38], b[39]
	copy(m.Tag[:], b[40:48])
	return nil
}

// AppendWire appends the encoding of m to b as gamewire's generated
// codecs do: codec.Grow once, then wire's Put functions at fixed offsets.
func AppendWire(b []byte, m *Record) []byte {
	b, p := codec.Grow(b, Size)
	p = p[:Size] // one bounds check here, none below
	codec.BigEndian.PutU32(p[0:], m.ID)
	codec.BigEndian.PutU16(p[4:], m.Status)
	pos, vel := &m.Pos, &m.Vel
	codec.BigEndian.PutF32(p[6:], pos[0])
	codec.BigEndian.PutF32(p[10:], pos[1])
	codec.BigEndian.PutF32(p[14:], pos[2])
	codec.BigEndian.PutF32(p[18:], vel[0])
	codec.BigEndian.PutF32(p[22:], vel[1])
	codec.BigEndian.PutF32(p[26:], vel[2])
	codec.BigEndian.PutF32(p[30:], m.Azimuth)
	codec.BigEndian.PutF32(p[34:], m.AngVel)
	p[38], p[39] = m.Team, m.Flags
	copy(p[40:48], m.Tag[:])
	return b
}

// AppendWireFields appends the encoding of m to b field by field with
// wire's Append functions, the style the generated codecs replace (issue
// 10, point 9): each append checks the capacity again.
func AppendWireFields(b []byte, m *Record) []byte {
	b = codec.BigEndian.AppendU32(b, m.ID)
	b = codec.BigEndian.AppendU16(b, m.Status)
	for _, v := range m.Pos {
		b = codec.BigEndian.AppendF32(b, v)
	}
	for _, v := range m.Vel {
		b = codec.BigEndian.AppendF32(b, v)
	}
	b = codec.BigEndian.AppendF32(b, m.Azimuth)
	b = codec.BigEndian.AppendF32(b, m.AngVel)
	b = append(b, m.Team)
	b = append(b, m.Flags)
	return append(b, m.Tag[:]...)
}
