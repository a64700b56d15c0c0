package bzflag

import (
	"strconv"

	"github.com/gamewire/gamewire/wire"
)

// Code is a message code: the second uint16 of every frame. The values are
// two ASCII letters, as in BZFlag 1.7's include/Protocol.h.
type Code uint16

// Message codes, for convenience: the table (forms.go) is where a form's
// code and name are given, and String reads them there. The first group
// are the spec's, the second the codes the 1.7 client and server exchange
// that the spec omits (see docs/errata/bzflag.md).
const (
	CodeNull         Code = 0x0000 // "MsgNull": never sent
	CodeAccept       Code = 0x6163 // 'ac' MsgAccept
	CodeAlive        Code = 0x616c // 'al' MsgAlive
	CodeAddPlayer    Code = 0x6170 // 'ap' MsgAddPlayer
	CodeCaptureFlag  Code = 0x6366 // 'cf' MsgCaptureFlag
	CodeDropFlag     Code = 0x6466 // 'df' MsgDropFlag
	CodeEnter        Code = 0x656e // 'en' MsgEnter
	CodeExit         Code = 0x6578 // 'ex' MsgExit
	CodeFlagUpdate   Code = 0x6675 // 'fu' MsgFlagUpdate
	CodeGrabFlag     Code = 0x6766 // 'gf' MsgGrabFlag
	CodeGMUpdate     Code = 0x676d // 'gm' MsgGMUpdate
	CodeGetWorld     Code = 0x6777 // 'gw' MsgGetWorld
	CodeKilled       Code = 0x6b6c // 'kl' MsgKilled
	CodeMessage      Code = 0x6d67 // 'mg' MsgMessage
	CodeNetworkRelay Code = 0x6e72 // 'nr' MsgNetworkRelay
	CodeLagPing      Code = 0x7069 // 'pi' MsgLagPing
	CodePlayerUpdate Code = 0x7075 // 'pu' MsgPlayerUpdate
	CodeReject       Code = 0x726a // 'rj' MsgReject
	CodeRemovePlayer Code = 0x7270 // 'rp' MsgRemovePlayer
	CodeShotBegin    Code = 0x7362 // 'sb' MsgShotBegin
	CodeScore        Code = 0x7363 // 'sc' MsgScore
	CodeShotEnd      Code = 0x7365 // 'se' MsgShotEnd
	CodeSuperKill    Code = 0x736b // 'sk' MsgSuperKill
	CodeScoreOver    Code = 0x736f // 'so' MsgScoreOver
	CodeTimeLeft     Code = 0x746f // 'to' MsgTimeLeft (the source's MsgTimeUpdate)
	CodeTeleport     Code = 0x7470 // 'tp' MsgTeleport (the spec's diagrams say 0x7363)
	CodeSetTTL       Code = 0x7474 // 'tt' MsgSetTTL
	CodeTeamUpdate   Code = 0x7475 // 'tu' MsgTeamUpdate (the spec's diagram says 0x746f)

	// Codes the 1.7 client and server exchange that the spec omits.
	CodeAcquireRadio       Code = 0x6172 // 'ar' MsgAcquireRadio
	CodeAudio              Code = 0x6175 // 'au' MsgAudio (no layout)
	CodeIDAck              Code = 0x6964 // 'id' MsgIdAck
	CodeUDPLinkRequest     Code = 0x6f66 // 'of' MsgUDPLinkRequest
	CodeUDPLinkEstablished Code = 0x6f67 // 'og' MsgUDPLinkEstablished
	CodeUDPLinkUpdate      Code = 0x6f68 // 'oh' MsgUDPLinkUpdate (unused)
	CodeServerControl      Code = 0x6f69 // 'oi' MsgServerControl (no layout)
	CodeClientVersion      Code = 0x6f6a // 'oj' MsgClientVersion
	CodeQueryGame          Code = 0x7167 // 'qg' MsgQueryGame
	CodeQueryPlayers       Code = 0x7170 // 'qp' MsgQueryPlayers
	CodeReleaseRadio       Code = 0x7272 // 'rr' MsgReleaseRadio
	CodeVideo              Code = 0x7669 // 'vi' MsgVideo (no layout)
	CodeWantWHash          Code = 0x7768 // 'wh' MsgWantWHash

	// CodeTimeUpdate is BZFlag 1.7's name for CodeTimeLeft.
	CodeTimeUpdate = CodeTimeLeft
)

// codeNames names the codes of 1.7 that have no form in the table (the
// names of the others are the table's), and gives MsgTimeLeft its 1.7
// name, MsgTimeUpdate, which UnmarshalText accepts too (String and Known
// find its form first).
var codeNames = [...]struct {
	code Code
	name string
}{
	{CodeNull, "MsgNull"},
	{CodeAudio, "MsgAudio"},
	{CodeUDPLinkUpdate, "MsgUDPLinkUpdate"},
	{CodeServerControl, "MsgServerControl"},
	{CodeVideo, "MsgVideo"},
	{CodeTimeUpdate, "MsgTimeUpdate"},
}

// form returns a form of code c from either side, or nil.
func (c Code) form() *wire.Form {
	if f := table.Lookup(uint32(c), FromClient); f != nil {
		return f
	}
	return table.Lookup(uint32(c), FromServer)
}

// name returns the spec's name of the code, the table's (or that of
// codeNames for a code without a form), or "" for a code 1.7 does not
// define.
func (c Code) name() string {
	if f := c.form(); f != nil {
		return f.Name
	}
	for _, e := range &codeNames {
		if e.code == c {
			return e.name
		}
	}
	return ""
}

// String returns the spec's name of the code ("MsgEnter"), or "0x" and
// four hexadecimal digits for a code 1.7 does not define.
func (c Code) String() string {
	if n := c.name(); n != "" {
		return n
	}
	b := []byte("0x0000")
	const digits = "0123456789abcdef"
	for i := 0; i < 4; i++ {
		b[5-i] = digits[(c>>(4*uint(i)))&15]
	}
	return string(b)
}

// Known reports whether c is a code BZFlag 1.7 defines.
func (c Code) Known() bool { return c.name() != "" }

// MarshalText returns the String form.
func (c Code) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText accepts a spec name ("MsgEnter"; "MsgTimeUpdate" too), or
// a number (decimal, or hexadecimal with 0x).
func (c *Code) UnmarshalText(t []byte) error {
	if f := table.Form(string(t), 0); f != nil && f.Name == string(t) {
		*c = Code(f.Code)
		return nil
	}
	for _, e := range &codeNames {
		if string(t) == e.name {
			*c = e.code
			return nil
		}
	}
	v, err := strconv.ParseUint(string(t), 0, 16)
	if err != nil {
		return errInvalidText
	}
	*c = Code(v)
	return nil
}
