package compare

import (
	"encoding/binary"
	"math"
	"slices"
)

// DecodeHandwritten decodes b into m with straight-line code over
// encoding/binary.BigEndian and math.Float32frombits.
func DecodeHandwritten(m *Record, b []byte) error {
	if len(b) < Size {
		return errShort(len(b))
	}
	_ = b[Size-1]
	m.ID = binary.BigEndian.Uint32(b[0:4])
	m.Status = binary.BigEndian.Uint16(b[4:6])
	m.Pos[0] = math.Float32frombits(binary.BigEndian.Uint32(b[6:10]))
	m.Pos[1] = math.Float32frombits(binary.BigEndian.Uint32(b[10:14]))
	m.Pos[2] = math.Float32frombits(binary.BigEndian.Uint32(b[14:18]))
	m.Vel[0] = math.Float32frombits(binary.BigEndian.Uint32(b[18:22]))
	m.Vel[1] = math.Float32frombits(binary.BigEndian.Uint32(b[22:26]))
	m.Vel[2] = math.Float32frombits(binary.BigEndian.Uint32(b[26:30]))
	m.Azimuth = math.Float32frombits(binary.BigEndian.Uint32(b[30:34]))
	m.AngVel = math.Float32frombits(binary.BigEndian.Uint32(b[34:38]))
	m.Team = b[38]
	m.Flags = b[39]
	copy(m.Tag[:], b[40:48])
	return nil
}

// AppendHandwritten appends the encoding of m to b, writing at fixed
// offsets into the grown slice with binary.BigEndian.PutUint32 and
// math.Float32bits.
func AppendHandwritten(b []byte, m *Record) []byte {
	n := len(b)
	b = slices.Grow(b, Size)[:n+Size]
	p := (*[Size]byte)(b[n:]) // one check here, none below
	binary.BigEndian.PutUint32(p[0:4], m.ID)
	binary.BigEndian.PutUint16(p[4:6], m.Status)
	binary.BigEndian.PutUint32(p[6:10], math.Float32bits(m.Pos[0]))
	binary.BigEndian.PutUint32(p[10:14], math.Float32bits(m.Pos[1]))
	binary.BigEndian.PutUint32(p[14:18], math.Float32bits(m.Pos[2]))
	binary.BigEndian.PutUint32(p[18:22], math.Float32bits(m.Vel[0]))
	binary.BigEndian.PutUint32(p[22:26], math.Float32bits(m.Vel[1]))
	binary.BigEndian.PutUint32(p[26:30], math.Float32bits(m.Vel[2]))
	binary.BigEndian.PutUint32(p[30:34], math.Float32bits(m.Azimuth))
	binary.BigEndian.PutUint32(p[34:38], math.Float32bits(m.AngVel))
	p[38] = m.Team
	p[39] = m.Flags
	copy(p[40:48], m.Tag[:])
	return b
}
