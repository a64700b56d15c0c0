package bzflag

import (
	"encoding/binary"
	"math/bits"

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
	// Eight bytes at a time: a callsign's 32 bytes and an email's 128
	// are most of a MsgEnter's or MsgAddPlayer's Validate. The word
	// that holds the first NUL or byte over 0x7f settles the string
	// itself; the padding after it is checked as words too.
	for i := 0; len(b)-i >= 8; i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		// high marks the bytes over 0x7f; zero's lowest bit marks the
		// first NUL exactly (a borrow marks only bytes above a NUL).
		high, zero := w&highBits, (w-lowBits)&^w&highBits
		if high|zero == 0 {
			continue
		}
		if zero == 0 {
			return false // a byte over 0x7f before any NUL
		}
		z := uint(bits.TrailingZeros64(zero)) // 8k+7 for the first NUL at k
		if high&(1<<z-1) != 0 || w>>(z-7) != 0 {
			return false // a byte over 0x7f before it, or not NULs after
		}
		return allZero(b[i+8:])
	}
	// Under eight bytes left and no NUL yet: one at a time.
	for j := len(b) &^ 7; j < len(b); j++ {
		if c := b[j]; c == 0 {
			return allZero(b[j:])
		} else if c >= 0x80 {
			return false
		}
	}
	return false
}

// allZero reports whether every byte of b is a NUL: 32 bytes at a time (an
// email's padding is most of its 128), then 8, then one.
func allZero(b []byte) bool {
	for ; len(b) >= 32; b = b[32:] {
		if binary.LittleEndian.Uint64(b)|binary.LittleEndian.Uint64(b[8:])|
			binary.LittleEndian.Uint64(b[16:])|binary.LittleEndian.Uint64(b[24:]) != 0 {
			return false
		}
	}
	for ; len(b) >= 8; b = b[8:] {
		if binary.LittleEndian.Uint64(b) != 0 {
			return false
		}
	}
	for _, c := range b {
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
