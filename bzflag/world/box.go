package world

// Box is a box block (WorldCodeBox): a rotated rectangular building.
type Box struct {
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

var boxLayout = solidLayout(CodeBox, "WorldCodeBox")

// Size returns the encoded length, 30 bytes.
func (m Box) Size() int { return boxLayout.size }

// AppendBinary appends the block, code included.
func (m Box) AppendBinary(b []byte) ([]byte, error) {
	return appendSolid(b, CodeBox, solid{m.Center, m.Angle, m.Width, m.Depth, m.Height}), nil
}

// MarshalBinary returns the encoded block.
func (m Box) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the block at the start of b and returns its length.
func (m *Box) Decode(b []byte) (int, error) { return m.decodeAt(b, 0) }

func (m *Box) decodeAt(b []byte, base int) (int, error) {
	if err := boxLayout.check(b, base); err != nil {
		*m = Box{}
		return 0, err
	}
	s := parseSolid(b)
	*m = Box{s.center, s.angle, s.width, s.depth, s.height}
	return boxLayout.size, nil
}

// UnmarshalBinary decodes b, which must hold exactly one block.
func (m *Box) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	return trailing(boxLayout.name, n, len(b))
}
