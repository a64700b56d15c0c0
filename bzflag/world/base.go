package world

// Base is a team base block (WorldCodeBase, "team base"): the area a
// team's flag starts in and must be brought back to.
type Base struct {
	// Team is the spec's `team id', a TeamColor (1 red ... 4 purple).
	Team uint16 `json:"teamId"`
	// Center is the center in xy and the bottom in z.
	Center [3]float32 `json:"center"`
	// Angle is the rotation in radians from the x axis in the xy plane.
	Angle float32 `json:"angle"`
	// Extent is the spec's `size' (x, y): how far the base extends from
	// its center (named Extent because Size is the codec's length method).
	Extent [2]float32 `json:"size"`
	// Safety is where a team flag dropped on another team's base goes.
	Safety [3]float32 `json:"safety"`
}

var baseLayout = layout{CodeBase, "WorldCodeBase", 40, []field{
	{fCode, 0}, {"teamId", 2}, {fCenter, 4}, {fAngle, 16}, {"size", 20}, {"safety", 28},
}}

// Size returns the encoded length, 40 bytes.
func (m Base) Size() int { return baseLayout.size }

// AppendBinary appends the block, code included.
func (m Base) AppendBinary(b []byte) ([]byte, error) {
	b = be.AppendU16(b, uint16(CodeBase))
	b = be.AppendU16(b, m.Team)
	b = appendVec(b, &m.Center)
	b = be.AppendF32(b, m.Angle)
	b = be.AppendF32(b, m.Extent[0])
	b = be.AppendF32(b, m.Extent[1])
	return appendVec(b, &m.Safety), nil
}

// MarshalBinary returns the encoded block.
func (m Base) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the block at the start of b and returns its length.
func (m *Base) Decode(b []byte) (int, error) { return m.decodeAt(b, 0) }

func (m *Base) decodeAt(b []byte, base int) (int, error) {
	if err := baseLayout.check(b, base); err != nil {
		*m = Base{}
		return 0, err
	}
	b = b[:40]
	m.Team = be.U16(b[2:])
	m.Center = vec(b[4:])
	m.Angle = be.F32(b[16:])
	m.Extent = [2]float32{be.F32(b[20:]), be.F32(b[24:])}
	m.Safety = vec(b[28:])
	return 40, nil
}

// UnmarshalBinary decodes b, which must hold exactly one block.
func (m *Base) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	return trailing(baseLayout.name, n, len(b))
}
