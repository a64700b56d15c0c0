package world

import (
	"strconv"

	"github.com/gamewire/gamewire/wire"
)

// Code is a world database block code (the spec's WorldCode... constants),
// the two bytes every block starts with.
type Code uint16

// The block codes of the world database (include/Protocol.h in BZFlag 1.7).
const (
	CodeBase       Code = 0x6261 // WorldCodeBase, 'ba': a team base
	CodeBox        Code = 0x6278 // WorldCodeBox, 'bx': a box
	CodeEnd        Code = 0x6564 // WorldCodeEnd, 'ed': end of data
	CodeLink       Code = 0x6c6e // WorldCodeLink, 'ln': a teleporter link
	CodePyramid    Code = 0x7079 // WorldCodePyramid, 'py': a pyramid
	CodeStyle      Code = 0x7374 // WorldCodeStyle, 'st': the style header
	CodeTeleporter Code = 0x7465 // WorldCodeTeleporter, 'te': a teleporter
	CodeWall       Code = 0x776c // WorldCodeWall, 'wl': a wall
)

// Limits of the download.
const (
	// MaxPacketLen is the protocol's MaxPacketLen: the largest message,
	// header included.
	MaxPacketLen = 1024
	// MaxChunk is the most database bytes one MsgGetWorld reply may
	// carry: MaxPacketLen less the length, code and `remaining' fields.
	MaxChunk = MaxPacketLen - 6
	// MaxSize is the largest database the download can carry: offsets and
	// `remaining' are 16-bit.
	MaxSize = 0xffff
)

const protocol = "bzflag"

// dbName is the Message of errors about the database as a whole.
const dbName = "world database"

// String returns the spec's name of the code ("WorldCodeWall"), or the
// code in hexadecimal for a code the protocol does not define.
func (c Code) String() string {
	switch c {
	case CodeBase:
		return "WorldCodeBase"
	case CodeBox:
		return "WorldCodeBox"
	case CodeEnd:
		return "WorldCodeEnd"
	case CodeLink:
		return "WorldCodeLink"
	case CodePyramid:
		return "WorldCodePyramid"
	case CodeStyle:
		return "WorldCodeStyle"
	case CodeTeleporter:
		return "WorldCodeTeleporter"
	case CodeWall:
		return "WorldCodeWall"
	}
	return "0x" + strconv.FormatUint(uint64(c), 16)
}

// MarshalText returns String's result, so JSON shows names.
func (c Code) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText accepts what MarshalText produces, a name or 0x-hex;
// other text fails with wire.ErrInvalid.
func (c *Code) UnmarshalText(t []byte) error {
	s := string(t)
	for _, k := range codes {
		if k.String() == s {
			*c = k
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

var codes = [...]Code{CodeBase, CodeBox, CodeEnd, CodeLink, CodePyramid, CodeStyle, CodeTeleporter, CodeWall}

// errUnknownName is UnmarshalText's error for text that names no code.
var errUnknownName = &wire.Error{Protocol: protocol, Message: "text", Field: "code", Err: wire.ErrInvalid}
