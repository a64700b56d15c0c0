package bzflag

import (
	"encoding/binary"

	"github.com/gamewire/gamewire/wire"
)

// CallSign is a player's call sign: CallSignLen bytes, a NUL-terminated
// ASCII string padded with NULs. The bytes are kept as sent, padding too.
type CallSign [CallSignLen]byte

// MarshalText returns the call sign without its NUL padding (see
// wire.MarshalFixed).
func (c CallSign) MarshalText() ([]byte, error) { return wire.MarshalFixed(c[:]) }

// UnmarshalText sets the call sign, NUL-padded.
func (c *CallSign) UnmarshalText(t []byte) error { return wire.UnmarshalFixed(c[:], t) }

// Email is a player's email address: EmailLen bytes, a NUL-terminated ASCII
// string padded with NULs.
type Email [EmailLen]byte

// MarshalText returns the address without its NUL padding.
func (e Email) MarshalText() ([]byte, error) { return wire.MarshalFixed(e[:]) }

// UnmarshalText sets the address, NUL-padded.
func (e *Email) UnmarshalText(t []byte) error { return wire.UnmarshalFixed(e[:], t) }

// MessageText is the text of MsgMessage: MessageLen bytes, a
// NUL-terminated string padded with NULs.
type MessageText [MessageLen]byte

// MarshalText returns the text without its NUL padding.
func (m MessageText) MarshalText() ([]byte, error) { return wire.MarshalFixed(m[:]) }

// UnmarshalText sets the text, NUL-padded.
func (m *MessageText) UnmarshalText(t []byte) error { return wire.UnmarshalFixed(m[:], t) }

// NewCallSign returns s as a CallSign, cut to CallSignLen-1 bytes so a NUL
// always ends it.
func NewCallSign(s string) (c CallSign) { copy(c[:CallSignLen-1], s); return c }

// NewEmail returns s as an Email, cut to EmailLen-1 bytes.
func NewEmail(s string) (e Email) { copy(e[:EmailLen-1], s); return e }

// NewMessageText returns s as a MessageText, cut to MessageLen-1 bytes.
func NewMessageText(s string) (m MessageText) { copy(m[:MessageLen-1], s); return m }

// checkCString reports whether b is a NUL-terminated ASCII string padded
// with NULs: the rule the spec gives for call signs and email addresses.
func checkCString(b []byte) bool {
	// Eight bytes at a time while they are ASCII and none is NUL: a
	// callsign's 32 bytes and an email's 128 are most of a MsgEnter's or
	// MsgAddPlayer's Validate.
	i := 0
	for ; len(b)-i >= 8; i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		if w&highBits != 0 || (w-lowBits)&^w&highBits != 0 {
			break // a byte at or over 0x80, or a NUL
		}
	}
	end := -1
	for j, c := range b[i:] {
		if c == 0 {
			end = i + j
			break
		}
		if c >= 0x80 {
			return false
		}
	}
	if end < 0 {
		return false
	}
	// The padding, 32 bytes at a time (an email's is most of its 128),
	// then 8.
	rest := b[end:]
	for ; len(rest) >= 32; rest = rest[32:] {
		if binary.LittleEndian.Uint64(rest)|binary.LittleEndian.Uint64(rest[8:])|
			binary.LittleEndian.Uint64(rest[16:])|binary.LittleEndian.Uint64(rest[24:]) != 0 {
			return false
		}
	}
	for ; len(rest) >= 8; rest = rest[8:] {
		if binary.LittleEndian.Uint64(rest) != 0 {
			return false
		}
	}
	for _, c := range rest {
		if c != 0 {
			return false
		}
	}
	return true
}

// The high and low bit of every byte of a word, for checkCString.
const (
	highBits = 0x8080808080808080
	lowBits  = 0x0101010101010101
)
