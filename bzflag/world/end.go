package world

// End is the end-of-data block (WorldCodeEnd) that closes the database.
// It has no fields; World writes and expects it itself.
type End struct{}

var endLayout = layout{CodeEnd, "WorldCodeEnd", 2, []field{{fCode, 0}}}

// Size returns the encoded length, 2 bytes.
func (End) Size() int { return endLayout.size }

// AppendBinary appends the block's code.
func (End) AppendBinary(b []byte) ([]byte, error) { return be.AppendU16(b, uint16(CodeEnd)), nil }

// MarshalBinary returns the encoded block.
func (m End) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, 2)) }

// Decode checks that b starts with the end-of-data code and returns 2.
func (m *End) Decode(b []byte) (int, error) { return m.decodeAt(b, 0) }

func (*End) decodeAt(b []byte, base int) (int, error) {
	if err := endLayout.check(b, base); err != nil {
		return 0, err
	}
	return endLayout.size, nil
}

// UnmarshalBinary decodes b, which must hold exactly the end-of-data code.
func (m *End) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	return trailing(endLayout.name, n, len(b))
}
