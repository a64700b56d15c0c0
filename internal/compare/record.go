package compare

import "github.com/gamewire/gamewire/wire"

// Record is a player update with a fixed big-endian layout:
//
//	offset size field
//	     0    4 ID       uint32
//	     4    2 Status   uint16
//	     6   12 Pos      3 x float32
//	    18   12 Vel      3 x float32
//	    30    4 Azimuth  float32
//	    34    4 AngVel   float32
//	    38    1 Team     uint8
//	    39    1 Flags    uint8
//	    40    8 Tag      [8]byte
//
// Its Go layout has no padding in the encoding (encoding/binary packs the
// fields), so encoding/binary reads and writes it as it is.
type Record struct {
	ID      uint32
	Status  uint16
	Pos     [3]float32
	Vel     [3]float32
	Azimuth float32
	AngVel  float32
	Team    uint8
	Flags   uint8
	Tag     [8]byte
}

// Size is the encoded length of a Record.
const Size = 48

// errShort is the error of every decoder here for input shorter than Size.
func errShort(n int) error {
	return &wire.Error{Protocol: "compare", Message: "Record", Offset: n, Err: wire.ErrShort}
}
