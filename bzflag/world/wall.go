package world

// Wall is a wall block (WorldCodeWall): a vertical rectangle with no depth.
type Wall struct {
	// Center is the center in xy and the bottom in z.
	Center [3]float32 `json:"center"`
	// Angle is the rotation in radians from the x axis in the xy plane.
	Angle float32 `json:"angle"`
	// Width is the half width in xy, measured from the center.
	Width float32 `json:"width"`
	// Height is the full height in z, measured from the bottom.
	Height float32 `json:"height"`
}

var wallLayout = layout{CodeWall, "WorldCodeWall", 26, []field{
	{fCode, 0}, {fCenter, 2}, {fAngle, 14}, {fWidth, 18}, {fHeight, 22},
}}

// Size returns the encoded length, 26 bytes.
func (m Wall) Size() int { return wallLayout.size }

// AppendBinary appends the block, code included.
func (m Wall) AppendBinary(b []byte) ([]byte, error) {
	b = be.AppendU16(b, uint16(CodeWall))
	b = appendVec(b, &m.Center)
	b = be.AppendF32(b, m.Angle)
	b = be.AppendF32(b, m.Width)
	return be.AppendF32(b, m.Height), nil
}

// MarshalBinary returns the encoded block.
func (m Wall) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the block at the start of b and returns its length.
func (m *Wall) Decode(b []byte) (int, error) { return m.decodeAt(b, 0) }

func (m *Wall) decodeAt(b []byte, base int) (int, error) {
	if err := wallLayout.check(b, base); err != nil {
		*m = Wall{}
		return 0, err
	}
	b = b[:26]
	m.Center = vec(b[2:])
	m.Angle = be.F32(b[14:])
	m.Width = be.F32(b[18:])
	m.Height = be.F32(b[22:])
	return 26, nil
}

// UnmarshalBinary decodes b, which must hold exactly one block.
func (m *Wall) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	return trailing(wallLayout.name, n, len(b))
}
