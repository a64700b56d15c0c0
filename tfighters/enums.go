package tfighters

import (
	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire/codec"
)

// ObjectType is the "type (u8)" of SMSG_NEWUSER and SMSG_SPAWN: what kind
// of object the id names. The spec gives no values; these are the
// original server's T_PLAYER, T_BOT and T_BULLET.
type ObjectType uint8

// Object types.
const (
	ObjectTypePlayer ObjectType = 0 // T_PLAYER
	ObjectTypeBot    ObjectType = 1 // T_BOT
	ObjectTypeBullet ObjectType = 2 // T_BULLET
)

var objectTypeNames = []string{"T_PLAYER", "T_BOT", "T_BULLET"}

// known reports whether t is one of the original's values.
func (t ObjectType) known() bool { return int(t) < len(objectTypeNames) }

// String returns the original's name, such as "T_PLAYER", or the number.
func (t ObjectType) String() string { return session.Name(objectTypeNames, t) }

// MarshalText returns the String form.
func (t ObjectType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText accepts a name or a number.
func (t *ObjectType) UnmarshalText(b []byte) error {
	return codec.ParseName(t, b, objectTypeNames, proto, "type")
}

// NickResult is the "goodorbad (u8)" of SMSG_NICKREPLY. The original
// server sends 0 for an accepted nick and 1 for a rejected one: the
// opposite of what the spec says (see docs/errata/tfighters.md).
type NickResult uint8

// Nick results, as the original server sends them.
const (
	NickResultOK       NickResult = 0 // accepted; text is "Ok"
	NickResultRejected NickResult = 1 // rejected; text says why
)

var nickResultNames = []string{"ok", "rejected"}

// known reports whether r is 0 (accepted) or 1 (rejected).
func (r NickResult) known() bool { return int(r) < len(nickResultNames) }

// String returns "ok", "rejected" or the number.
func (r NickResult) String() string { return session.Name(nickResultNames, r) }

// MarshalText returns the String form.
func (r NickResult) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText accepts a name or a number.
func (r *NickResult) UnmarshalText(b []byte) error {
	return codec.ParseName(r, b, nickResultNames, proto, "goodorbad")
}
