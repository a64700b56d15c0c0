package world

// Link is a teleporter link block (WorldCodeLink): a player entering face
// From comes out of face To. Faces are numbered from zero, two per
// teleporter in database order (see Teleporter); a face may lead to
// itself.
type Link struct {
	From uint16 `json:"from"`
	To   uint16 `json:"to"`
}

var linkLayout = layout{CodeLink, "WorldCodeLink", 6, []field{
	{fCode, 0}, {"from", 2}, {"to", 4},
}}

// Size returns the encoded length, 6 bytes.
func (m Link) Size() int { return linkLayout.size }

// AppendBinary appends the block, code included.
func (m Link) AppendBinary(b []byte) ([]byte, error) {
	b = be.AppendU16(b, uint16(CodeLink))
	b = be.AppendU16(b, m.From)
	return be.AppendU16(b, m.To), nil
}

// MarshalBinary returns the encoded block.
func (m Link) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the block at the start of b and returns its length.
func (m *Link) Decode(b []byte) (int, error) { return m.decodeAt(b, 0) }

func (m *Link) decodeAt(b []byte, base int) (int, error) {
	if err := linkLayout.check(b, base); err != nil {
		*m = Link{}
		return 0, err
	}
	*m = Link{be.U16(b[2:4]), be.U16(b[4:6])}
	return linkLayout.size, nil
}

// UnmarshalBinary decodes b, which must hold exactly one block.
func (m *Link) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	return trailing(linkLayout.name, n, len(b))
}
