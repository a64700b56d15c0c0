package retrotank

// Helpers of the hand-written codecs (ACK, OBSTACLE, SPAWN, GOAL and the
// time-sync datagrams): the codecs the table cannot say.

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

var be = codec.BigEndian

// shortAt returns the offset and ErrShort error of the first field of f
// that b does not hold completely.
func shortAt(f *spec.Form, n int) (int, error) {
	l := f.Layout()
	for i := range l {
		if l[i].Offset >= 0 && l[i].Offset+l[i].Size > n {
			return l[i].Offset, f.ErrAt(i, wire.ErrShort)
		}
	}
	return n, f.Err("", wire.ErrShort)
}

// checkHead checks b holds at least the form's fixed part and its type.
func checkHead(f *spec.Form, b []byte) (int, error) {
	if len(b) < f.Size {
		return shortAt(f, len(b))
	}
	if uint32(b[0]) != f.Code {
		return 0, f.ErrAt(0, wire.ErrInvalid)
	}
	return 0, nil
}
