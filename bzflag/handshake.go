package bzflag

import (
	"errors"
	"io"

	"github.com/gamewire/gamewire/wire"
)

// VersionLen is the length of the server's version string.
const VersionLen = 8

// HandshakeLen is the length of what the server sends first on a new
// connection: the version string and the reconnect port.
const HandshakeLen = VersionLen + 2

// Version is the 8-byte version string a server sends first ("connect to
// server"), such as "BZFS107e": the magic "BZFS", the major version as
// one ASCII digit, the minor version as two ASCII digits, and the revision
// as one byte.
type Version [VersionLen]byte

// ServerVersion is the version of the BZFlag 1.7 servers (v1.7e6 to
// v1.7g2 all send "BZFS107e"; the spec's example "BZFS107b" is older).
var ServerVersion = Version{'B', 'Z', 'F', 'S', '1', '0', '7', 'e'}

// Magic is the first four bytes of every server's version string.
const Magic = "BZFS"

// String returns the version as text, bytes as they are.
func (v Version) String() string { return string(v[:]) }

// MarshalText returns the version string (see wire.MarshalFixed).
func (v Version) MarshalText() ([]byte, error) { return wire.MarshalFixed(v[:]) }

// UnmarshalText sets the version string, NUL-padded.
func (v *Version) UnmarshalText(t []byte) error { return wire.UnmarshalFixed(v[:], t) }

// Parse returns the version's numbers. It fails with wire.ErrInvalid
// (message "version") if the magic is not "BZFS" (field "magic") or the
// major or minor digits are not ASCII digits (field "major", "minor").
// The revision is any byte: 1.7 uses a letter.
func (v Version) Parse() (major, minor int, revision byte, err error) {
	if string(v[:4]) != Magic {
		return 0, 0, 0, errVersionMagic
	}
	if !isDigit(v[4]) {
		return 0, 0, 0, errVersionMajor
	}
	if !isDigit(v[5]) || !isDigit(v[6]) {
		return 0, 0, 0, errVersionMinor
	}
	return int(v[4] - '0'), int(v[5]-'0')*10 + int(v[6]-'0'), v[7], nil
}

// The errors of the version string and the handshake, built once.
var (
	errVersionMagic      = &wire.Error{Protocol: proto, Message: "version", Field: "magic", Offset: 0, Err: wire.ErrInvalid}
	errVersionMajor      = &wire.Error{Protocol: proto, Message: "version", Field: "major", Offset: 4, Err: wire.ErrInvalid}
	errVersionMinor      = &wire.Error{Protocol: proto, Message: "version", Field: "minor", Offset: 5, Err: wire.ErrInvalid}
	errHandshakeVersion  = &wire.Error{Protocol: proto, Message: "handshake", Field: "version", Offset: 0, Err: wire.ErrShort}
	errHandshakePort     = &wire.Error{Protocol: proto, Message: "handshake", Field: "port", Offset: VersionLen, Err: wire.ErrShort}
	errHandshakeTrailing = &wire.Error{Protocol: proto, Message: "handshake", Offset: HandshakeLen, Err: wire.ErrTrailing}
)

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// Compatible reports whether a client of version v can play on a server
// of version w: the spec's rule, "major and minor version number changes
// indicate incompatible protocol changes", so both must parse and have the
// same major and minor numbers; the revision may differ. (The 1.7 client
// compares the first seven bytes, which is the same rule.)
func (v Version) Compatible(w Version) bool {
	a, b, _, err := v.Parse()
	if err != nil {
		return false
	}
	c, d, _, err := w.Parse()
	return err == nil && a == c && b == d
}

// Handshake is what a server sends first on a new connection ("connect to
// server"): its version string and the port the client must reconnect
// to. Port 0 means the server rejects the client. It is not a framed
// message: no length, no code.
type Handshake struct {
	Version Version `json:"version"` // `version'
	Port    uint16  `json:"port"`    // `port': the reconnect port
}

// Rejected reports whether the server refused the connection (port 0).
func (h *Handshake) Rejected() bool { return h.Port == 0 }

// Size returns HandshakeLen.
func (*Handshake) Size() int { return HandshakeLen }

// AppendBinary appends the version string and the port, big endian.
func (h *Handshake) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, h.Version[:]...)
	return be.AppendU16(b, h.Port), nil
}

// MarshalBinary returns the encoded handshake.
func (h *Handshake) MarshalBinary() ([]byte, error) {
	return h.AppendBinary(make([]byte, 0, HandshakeLen))
}

// Decode reads a handshake from the start of b and returns HandshakeLen.
func (h *Handshake) Decode(b []byte) (int, error) {
	if len(b) < HandshakeLen {
		*h = Handshake{}
		if len(b) < VersionLen {
			return 0, errHandshakeVersion
		}
		return 0, errHandshakePort
	}
	copy(h.Version[:], b)
	h.Port = be.U16(b[VersionLen:])
	return HandshakeLen, nil
}

// UnmarshalBinary decodes exactly one handshake.
func (h *Handshake) UnmarshalBinary(b []byte) error {
	if n, err := h.Decode(b); err != nil || n == len(b) {
		return err
	}
	return errHandshakeTrailing
}

// Validate checks that the version string parses.
func (h *Handshake) Validate() error {
	_, _, _, err := h.Version.Parse()
	return err
}

// ReadHandshake reads a server's handshake from r and checks it as a
// client of version client does: it returns the handshake with
// ErrIncompatible if the versions are not compatible, or with ErrRefused
// if the port is 0. A stream that ends early fails with wire.ErrShort (and
// io.ErrUnexpectedEOF).
func ReadHandshake(r io.Reader, client Version) (Handshake, error) {
	var b [HandshakeLen]byte
	var h Handshake
	if r == nil {
		return h, ErrNilMessage
	}
	if n, err := io.ReadFull(r, b[:]); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			_, derr := h.Decode(b[:n])
			return h, errors.Join(derr, io.ErrUnexpectedEOF)
		}
		return h, err
	}
	h.Decode(b[:])
	if !client.Compatible(h.Version) {
		return h, ErrIncompatible
	}
	if h.Rejected() {
		return h, ErrRefused
	}
	return h, nil
}

// WriteHandshake writes the handshake a server sends on accepting a
// connection, in one Write.
func WriteHandshake(w io.Writer, h Handshake) error {
	if w == nil {
		return ErrNilMessage
	}
	b, _ := h.AppendBinary(make([]byte, 0, HandshakeLen))
	_, err := w.Write(b)
	return err
}
