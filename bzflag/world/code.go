package world

import (
	"strconv"

	"github.com/gamewire/gamewire/wire"
)

// Code is a world database block code (the spec's WorldCode... constants),
// the two bytes every block starts with.
type Code uint16

// Limits of the download (MaxSize, which the table uses, is in forms.go).
const (
	// MaxPacketLen is the protocol's MaxPacketLen: the largest message,
	// header included.
	MaxPacketLen = 1024
	// MaxChunk is the most database bytes one MsgGetWorld reply may
	// carry: MaxPacketLen less the length, code and `remaining' fields.
	MaxChunk = MaxPacketLen - 6
)

// String returns the spec's name of the code ("WorldCodeWall"), from the
// table, or the code in hexadecimal for a code the protocol does not
// define.
func (c Code) String() string {
	if f := table.Lookup(uint32(c), wire.FromServer); f != nil {
		return f.Name
	}
	return "0x" + strconv.FormatUint(uint64(c), 16)
}

// MarshalText returns String's result, so JSON shows names.
func (c Code) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText accepts what MarshalText produces, a name or 0x-hex;
// other text fails with wire.ErrInvalid.
func (c *Code) UnmarshalText(t []byte) error {
	s := string(t)
	for i := range table.Forms {
		if f := &table.Forms[i]; f.Name == s {
			*c = Code(f.Code)
			return nil
		}
	}
	if len(s) > 2 && s[:2] == "0x" {
		v, err := strconv.ParseUint(s[2:], 16, 16)
		if err == nil {
			*c = Code(v)
			return nil
		}
	}
	return errUnknownName
}

// errUnknownName is UnmarshalText's error for text that names no code.
var errUnknownName = &wire.Error{Protocol: protocol.Name, Message: "text", Field: "code", Err: wire.ErrInvalid}
