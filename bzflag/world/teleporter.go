package world

// Teleporter is a teleporter block (WorldCodeTeleporter). The N'th
// teleporter of the database (counting from zero) has the faces 2*N and
// 2*N+1 that teleporter links and MsgTeleport refer to.
type Teleporter struct {
	// Center is the center in xy and the bottom in z.
	Center [3]float32 `json:"center"`
	// Angle is the rotation in radians from the x axis in the xy plane.
	Angle float32 `json:"angle"`
	// Width is the half width in xy, measured from the center.
	Width float32 `json:"width"`
	// Depth is the half depth in xy, measured from the center.
	Depth float32 `json:"depth"`
	// Height is the full height in z, measured from the bottom.
	Height float32 `json:"height"`
	// Border is the full size of the square cross section of the border.
	Border float32 `json:"border"`
}

var teleporterLayout = layout{CodeTeleporter, "WorldCodeTeleporter", 34, []field{
	{fCode, 0}, {fCenter, 2}, {fAngle, 14}, {fWidth, 18}, {fDepth, 22}, {fHeight, 26}, {"border", 30},
}}

// Size returns the encoded length, 34 bytes.
func (m Teleporter) Size() int { return teleporterLayout.size }

// AppendBinary appends the block, code included.
func (m Teleporter) AppendBinary(b []byte) ([]byte, error) {
	b = appendSolid(b, CodeTeleporter, solid{m.Center, m.Angle, m.Width, m.Depth, m.Height})
	return be.AppendF32(b, m.Border), nil
}

// MarshalBinary returns the encoded block.
func (m Teleporter) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Decode decodes the block at the start of b and returns its length.
func (m *Teleporter) Decode(b []byte) (int, error) { return m.decodeAt(b, 0) }

func (m *Teleporter) decodeAt(b []byte, base int) (int, error) {
	if err := teleporterLayout.check(b, base); err != nil {
		*m = Teleporter{}
		return 0, err
	}
	s := parseSolid(b)
	*m = Teleporter{s.center, s.angle, s.width, s.depth, s.height, be.F32(b[30:34])}
	return teleporterLayout.size, nil
}

// UnmarshalBinary decodes b, which must hold exactly one block.
func (m *Teleporter) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	return trailing(teleporterLayout.name, n, len(b))
}
