package compare

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gamewire/gamewire/internal/nettest"
)

// Kind says how to read a unit of a capture: which side sent it (the
// layout of some codes depends on it), or that it is the packet header at
// the start of a datagram.
type Kind uint8

const (
	FromClient   Kind = iota // a message the client sent
	FromServer               // a message the server sent
	PacketHeader             // the packet header of a datagram
)

// Appender is an encodable value: a decoded message of any of the
// variants.
type Appender interface {
	AppendBinary(b []byte) ([]byte, error)
}

// Codec is one way to decode and encode a protocol's units. A Codec is
// not safe for concurrent use.
type Codec interface {
	// Decode decodes the unit at the start of b (a whole frame, a packet
	// header, or one message of a datagram) into a value the Codec owns
	// and reuses, and returns the value and the unit's length. The value
	// is valid until the next Decode of the same type.
	Decode(b []byte, k Kind) (v any, n int, err error)
	// Appender returns v, a value Decode returned, as the Appender that
	// encodes it this Codec's way.
	Appender(v any) Appender
}

// selfAppending gives a Codec whose values encode themselves its
// Appender method.
type selfAppending struct{}

func (selfAppending) Appender(v any) Appender { return v.(Appender) }

// A StreamReader is a protocol's own stream decoder (gamewire's), set up
// one way. Read decodes every unit of c and calls visit, if it is not
// nil, with each decoded message; it returns how many it decoded.
type StreamReader interface {
	Read(c *Capture, visit func(any)) (int, error)
}

// Stream names one way of using gamewire's stream decoder.
type Stream struct {
	Name string
	New  func() StreamReader
}

// Protocol is what the comparison knows of a protocol: where its
// captures are, how its frames are split, its codecs and its stream
// decoders. Each protocol registers one in its own file (paintball.go).
type Protocol struct {
	Name string
	// Files are the captures, as globs under the module's testdata
	// directory. A stream capture is a binary file of what one side
	// sent; a datagram capture is a text file of one datagram in hex a
	// line (blank lines and lines that start with # are skipped).
	Files []string
	// Datagram says whether the captures are datagrams.
	Datagram bool
	// PacketHeader says a datagram starts with a packet header, a unit
	// of its own (lwar's), before its messages.
	PacketHeader bool
	// From returns the sender of a capture's messages from its file
	// name (required for a stream protocol).
	From func(file string) Kind
	// FrameLen returns the length of the frame at the start of b, or 0
	// if it cannot tell (stream protocols).
	FrameLen func(b []byte) int
	// Gamewire, Handwritten and Binary return a new Codec of each
	// variant: gamewire's decoder and its messages' AppendBinary (the
	// codec alone: it checks the structure, as the hand-written code
	// does, not the spec's rules), hand-written straight-line code into
	// plain structs, and encoding/binary.
	Gamewire, Handwritten, Binary func() Codec
	// Checked, if not nil, returns gamewire's decoder as a user gets it
	// by default: each message also checked against the spec's rules
	// (Validate).
	Checked func() Codec
	// Streams are gamewire's stream decoders: the first, "warm", is
	// reused across iterations; the others show other ways to set one up.
	Streams []Stream
}

// protocols are the registered protocols, in registration order.
var protocols []*Protocol

// register adds p to the comparison.
func register(p *Protocol) *Protocol {
	protocols = append(protocols, p)
	return p
}

// Capture is one capture file: what one side of a stream sent, or a
// sequence of datagrams.
type Capture struct {
	File      string
	From      Kind     // the sender of the capture's messages
	Header    bool     // each datagram starts with a packet header
	Stream    []byte   // the bytes of a stream capture
	Datagrams [][]byte // the datagrams of a datagram capture
}

// Len returns the number of bytes of the capture.
func (c *Capture) Len() int {
	n := len(c.Stream)
	for _, d := range c.Datagrams {
		n += len(d)
	}
	return n
}

// testdata is the module's testdata directory, seen from this package.
var testdata = filepath.Join("..", "..", "testdata")

// Load reads p's captures.
func (p *Protocol) Load() ([]*Capture, error) {
	var cs []*Capture
	for _, glob := range p.Files {
		files, err := filepath.Glob(filepath.Join(testdata, glob))
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("%s: no capture matches %s", p.Name, glob)
		}
		for _, f := range files {
			c := &Capture{File: f, Header: p.PacketHeader}
			if p.From != nil {
				c.From = p.From(f)
			}
			if p.Datagram {
				c.Datagrams, err = readHex(f)
			} else {
				c.Stream, err = os.ReadFile(f)
			}
			if err != nil {
				return nil, err
			}
			cs = append(cs, c)
		}
	}
	return cs, nil
}

// readHex reads one datagram a line, in hex (nettest.ParseHexLines).
func readHex(file string) ([][]byte, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return nettest.ParseHexLines(file, b)
}

// fromName returns FromServer for a file whose name says "server", else
// FromClient.
func fromName(file string) Kind {
	if strings.Contains(filepath.Base(file), "server") {
		return FromServer
	}
	return FromClient
}

// A walker decodes every unit of a capture as Walk does, without a
// visit.
type walker interface {
	walk(c *Capture) (int, error)
}

// Walk decodes every unit of c with codec, splitting c as gamewire's
// stream decoders do: a stream frame after frame, each datagram message
// after message (after its packet header, if it has one). It calls visit
// (if not nil) with each unit's bytes, kind and decoded value, and
// returns the number of units.
//
// A codec that is a walker walks c itself when visit is nil (the
// benchmarks' case): gamewire's codecs call their wire.Decoder directly
// (wireCodec.walk), as a user's loop does, instead of through Codec's Decode,
// an adapter whose call a message no user pays. Each side then makes one
// indirect call a message: the hand-written code into its Codec,
// gamewire's Decoder into the message's Decode.
func Walk(c *Capture, codec Codec, visit func(b []byte, k Kind, v any)) (int, error) {
	if w, ok := codec.(walker); ok && visit == nil {
		return w.walk(c)
	}
	units := 0
	if c.Datagrams == nil {
		for off := 0; off < len(c.Stream); units++ {
			v, n, err := codec.Decode(c.Stream[off:], c.From)
			if err != nil {
				return units, fmt.Errorf("%s at byte %d: %w", c.File, off, err)
			}
			if visit != nil {
				visit(c.Stream[off:off+n], c.From, v)
			}
			off += n
		}
		return units, nil
	}
	for i, d := range c.Datagrams {
		k := c.From
		if c.Header {
			k = PacketHeader
		}
		for off := 0; off < len(d); units++ {
			v, n, err := codec.Decode(d[off:], k)
			if err != nil {
				return units, fmt.Errorf("%s: datagram %d at byte %d: %w", c.File, i, off, err)
			}
			if visit != nil {
				visit(d[off:off+n], k, v)
			}
			off += n
			k = c.From
		}
	}
	return units, nil
}

// copyFrames splits c by its framing and copies each frame (each
// datagram) into buf, the floor of any stream decoder: it returns the
// number of frames.
func copyFrames(p *Protocol, c *Capture, buf []byte) int {
	frames := 0
	for off := 0; off < len(c.Stream); frames++ {
		n := p.FrameLen(c.Stream[off:])
		if n <= 0 || n > len(c.Stream)-off {
			return -1
		}
		copy(buf, c.Stream[off:off+n])
		off += n
	}
	for _, d := range c.Datagrams {
		copy(buf, d)
		frames++
	}
	return frames
}
