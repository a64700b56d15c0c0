package bzflag

import (
	"net/netip"

	"github.com/gamewire/gamewire/wire/codec"
)

// IPv4 is an IPv4 address as it travels: four bytes, most significant
// first. Its text form is dotted decimal.
type IPv4 [4]byte

// String returns the dotted decimal form, "192.0.2.1".
func (a IPv4) String() string { return netip.AddrFrom4(a).String() }

// MarshalText returns the dotted decimal form.
func (a IPv4) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText parses the dotted decimal form.
func (a *IPv4) UnmarshalText(t []byte) error {
	ip, err := netip.ParseAddr(string(t))
	if err != nil || !ip.Is4() {
		return errInvalidText
	}
	*a = ip.As4()
	return nil
}

// IsZero reports whether id is all zeros, which MsgMessage and MsgGMUpdate
// use for "no player".
func (id PlayerID) IsZero() bool { return id == PlayerID{} }

// String returns "host:port#number".
func (id PlayerID) String() string {
	b := netip.AddrPortFrom(netip.AddrFrom4(id.Host), id.Port).String()
	return b + "#" + enumString(nil, int64(id.Number))
}

// appendPlayerID appends the eight bytes of id, as the table lays them
// out (PlayerId's put, generated).
func appendPlayerID(b []byte, id *PlayerID) []byte {
	b, p := codec.Grow(b, PlayerIDLen)
	id.put(p)
	return b
}
