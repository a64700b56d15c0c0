package world

// solid is the layout boxes and pyramids share: center, angle, width,
// depth, height.
type solid struct {
	center                      [3]float32
	angle, width, depth, height float32
}

func solidLayout(c Code, name string) layout {
	return layout{c, name, 30, []field{
		{fCode, 0}, {fCenter, 2}, {fAngle, 14}, {fWidth, 18}, {fDepth, 22}, {fHeight, 26},
	}}
}

func appendSolid(b []byte, c Code, s solid) []byte {
	b = be.AppendU16(b, uint16(c))
	b = appendVec(b, &s.center)
	b = be.AppendF32(b, s.angle)
	b = be.AppendF32(b, s.width)
	b = be.AppendF32(b, s.depth)
	return be.AppendF32(b, s.height)
}

// parseSolid reads a checked 30-byte block.
func parseSolid(b []byte) solid {
	b = b[:30]
	return solid{vec(b[2:]), be.F32(b[14:]), be.F32(b[18:]), be.F32(b[22:]), be.F32(b[26:])}
}
