package world

// Pyramid is a pyramid block (WorldCodePyramid): a rotated pyramid on a
// rectangular footprint.
type Pyramid struct {
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
}

var pyramidLayout = solidLayout(CodePyramid, "WorldCodePyramid")

// Size returns the encoded length, 30 bytes.
func (m Pyramid) Size() int { return pyramidLayout.size }

// AppendBinary appends the block, code included.
func (m Pyramid) AppendBinary(b []byte) ([]byte, error) {
	return appendSolid(b, CodePyramid, solid{m.Center, m.Angle, m.Width, m.Depth, m.Height}), nil
}

// MarshalBinary returns the encoded block.
func (m Pyramid) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the block at the start of b and returns its length.
func (m *Pyramid) Decode(b []byte) (int, error) { return m.decodeAt(b, 0) }

func (m *Pyramid) decodeAt(b []byte, base int) (int, error) {
	if err := pyramidLayout.check(b, base); err != nil {
		*m = Pyramid{}
		return 0, err
	}
	s := parseSolid(b)
	*m = Pyramid{s.center, s.angle, s.width, s.depth, s.height}
	return pyramidLayout.size, nil
}

// UnmarshalBinary decodes b, which must hold exactly one block.
func (m *Pyramid) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	return trailing(pyramidLayout.name, n, len(b))
}
