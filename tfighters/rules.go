package tfighters

import (
	"time"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// Limits that Validate applies. The spec states none; they come from the
// buffers of the original peers, rayburgemeestre/fighterz commit 8812983
// (see docs/errata/tfighters.md).
const (
	// MaxNickLen is the longest nick. The original server accepts up to
	// NICKLEN (63) characters (Fighterz/server/common.h:44, the check in
	// server/packet.c:45) but stores the nick, with its NUL, in a 63-byte
	// array (server/struct.h:22), so a 63-character nick overflows it: 62
	// is the longest that is safe.
	MaxNickLen = 62
	// MaxTextLen is the longest text of a chat message, command, or
	// other string: the original server reads them into 512-byte buffers
	// (server/packet.c:324 and :333, with common/proto.c get_str, which
	// needs the NUL within max-1 bytes) and kicks the client otherwise,
	// leaving 510 characters.
	MaxTextLen = 510
	// MaxReplyLen is the longest text of SMSG_NICKREPLY: the original
	// client reads it into a 256-byte buffer (client/socket.cpp:189-193:
	// 254 characters and the NUL within its 255-byte read limit).
	MaxReplyLen = 254
)

// MaxBullets is BULLET_MAX, 5 (Fighterz/server/genproc.c:235): the
// original server counts each player's bullets and, on a CMSG_NEWBULLET
// that finds the count at MaxBullets, looks for that player's oldest
// bullet among its objects and removes it without a message; if it finds
// none (the count and the objects disagree), it kicks the player with
// "Impossible #001" (server/packet.c:176-195; docs/errata/tfighters.md,
// erratum 28). Client.Shoot therefore keeps at most MaxBullets-1 bullets
// alive.
const MaxBullets = 5

// BulletTTL is how long a bullet lives on the original server, BULLET_TTL,
// 3000 ms (Fighterz/server/genproc.c:236), counted from the time of the
// CMSG_NEWBULLET minus the player's lag (server/packet.c:197,
// server/bullet.c:181).
const BulletTTL = 3000 * time.Millisecond

// BulletHold is how long Client.Shoot counts a bullet as alive, before
// the lag: BulletTTL and 100 ms for the server's loop to get round to
// removing it (server/bullet.c:141-157, run once per loop).
const BulletHold = BulletTTL + 100*time.Millisecond

// Port is the TCP port of a TFighters server. The spec names none; the
// original server listens on PORT, 8099 (Fighterz/server/common.h:5,
// bound in server/server.c:261), and the original client connects to it
// (client/socket.cpp:48, and the default "port:8099" of
// client/project_files/fighterz.cfg:6).
const Port = 8099

// validAccel reports whether a is an accel the spec allows: -1, 0 or +1.
func validAccel(a int8) bool { return a >= -1 && a <= 1 }

// validTurn reports whether t is a turn the spec allows: -4, -2, 0, +2 or
// +4.
func validTurn(t int8) bool { return t >= -4 && t <= 4 && t%2 == 0 }

// checkAccel returns m's error for an accel out of range, or nil.
func checkAccel(m Message, accel int8) error {
	if !validAccel(accel) {
		return invalid(m, "accel")
	}
	return nil
}

// checkTurn returns m's error for a turn out of range, or nil.
func checkTurn(m Message, turn int8) error {
	if !validTurn(turn) {
		return invalid(m, "turn")
	}
	return nil
}

// checkMotion returns m's error for the first of accel, turn and type out
// of range, or nil: the rules SMSG_NEWUSER and SMSG_SPAWN share.
func checkMotion(m Message, accel, turn int8, t ObjectType) error {
	switch {
	case !validAccel(accel):
		return invalid(m, "accel")
	case !validTurn(turn):
		return invalid(m, "turn")
	case !t.known():
		return invalid(m, "type")
	}
	return nil
}

// validNickByte reports whether the original server allows c in a nick:
// letters, digits and - _ [ ] | ^ (server/packet.c, isvalid).
func validNickByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	switch c {
	case '-', '_', '[', ']', '|', '^':
		return true
	}
	return false
}

// NickProblem returns why the original server would reject nick, in its
// own words ("Empty nick", "Nick too long", "Bad character(s) in nick"),
// or "" if it is acceptable. Uniqueness ("Nick already in use") is the
// server's to check.
func NickProblem(nick []byte) string {
	switch {
	case len(nick) == 0:
		return "Empty nick"
	case len(nick) > MaxNickLen:
		return "Nick too long"
	}
	for _, c := range nick {
		if !validNickByte(c) {
			return "Bad character(s) in nick"
		}
	}
	return ""
}

// checkNick is the Validate rule for nick fields: ErrInvalid for an empty
// nick or a byte the original refuses, ErrTooLong past MaxNickLen.
func checkNick(m Message, field string, nick []byte) error {
	switch {
	case len(nick) == 0:
		return invalid(m, field)
	case len(nick) > MaxNickLen:
		return tooLong(m, field)
	}
	for _, b := range nick {
		if !validNickByte(b) {
			return invalid(m, field)
		}
	}
	return nil
}

// textLen is the Validate rule for texts: at most max bytes.
func textLen(m Message, field string, text []byte, max int) error {
	if len(text) > max {
		return tooLong(m, field)
	}
	return nil
}

// invalid returns the prebuilt ErrInvalid of m's field: no rule check
// allocates, so a Stream that validates every message stays free.
func invalid(m Message, field string) error { return fieldErr(m.Form(), field, wire.ErrInvalid) }

// tooLong returns the prebuilt ErrTooLong of m's field.
func tooLong(m Message, field string) error { return fieldErr(m.Form(), field, wire.ErrTooLong) }

// fieldErr returns the prebuilt error of kind for the field called name
// among f's fields after the header (SMSG_NEWUSER has a "type" of its
// own), with the field's offset.
func fieldErr(f *spec.Form, name string, kind error) error {
	lay := f.Layout()
	for i := len(protocol.Header); i < len(lay); i++ {
		if lay[i].Name == name {
			return f.ErrAt(i, kind)
		}
	}
	return f.Err("", kind)
}
