package world

import "github.com/gamewire/gamewire/wire"

// getWorld is the Message of download errors.
const getWorld = "MsgGetWorld"

// Assembler is the client side of the world download ("getting the world
// database"). It knows nothing of messages or connections: the caller
// sends a MsgGetWorld request for Offset, feeds the reply's `remaining'
// and data to Feed, and repeats until Done. A MsgSuperKill may arrive
// instead of any reply; the caller then drops the connection (the
// Assembler needs no telling).
//
// `remaining' is read the way bzfs 1.7 writes it, which is not what the
// protocol description says: it is the number of database bytes from the
// requested offset to the end, the reply's own data included, so the
// first reply announces the size of the whole database (see
// docs/errata/bzflag.md, part 2). The download is done when that many bytes
// have arrived.
//
// Feed rejects, with a *wire.Error (message "MsgGetWorld") whose Offset is
// the offset in the database: a reply for another offset than the one
// requested (field "offset"), a database larger than Max (field
// "remaining", ErrTooLong), a `remaining' that contradicts the size
// announced first (field "remaining"), data longer than MaxChunk or than
// what is left (field "data", ErrTooLong), an empty reply before the end
// (field "data"), and data after the end.
//
// The zero value is ready to use, with Max = MaxSize. Reset keeps the
// buffer, so a reused Assembler allocates nothing once its buffer has
// grown to the database's size; the buffer only grows by bytes actually
// received, never by a size read from the network.
type Assembler struct {
	// Max is the largest database accepted; 0 or more than MaxSize mean
	// MaxSize.
	Max int

	buf     []byte
	total   int
	started bool
	err     wire.Error // the last error of Feed: refusing a reply allocates nothing
}

// Reset starts a new download, keeping the buffer's capacity.
func (a *Assembler) Reset() {
	a.buf = a.buf[:0]
	a.total = 0
	a.started = false
}

// Offset returns the offset the next MsgGetWorld request asks for: the
// number of bytes received so far.
func (a *Assembler) Offset() uint16 { return uint16(len(a.buf)) }

// Done reports whether the whole database has arrived.
func (a *Assembler) Done() bool { return a.started && len(a.buf) == a.total }

// Total returns the database size the server announced, and false before
// the first reply.
func (a *Assembler) Total() (int, bool) { return a.total, a.started }

// Database returns the bytes received so far (the whole database once
// Done). It aliases the Assembler's buffer until the next Reset.
func (a *Assembler) Database() []byte { return a.buf }

func (a *Assembler) max() int {
	if a.Max <= 0 || a.Max > MaxSize {
		return MaxSize
	}
	return a.Max
}

// Feed takes one MsgGetWorld reply: offset is the offset the answered
// request asked for, remaining and data are the reply's fields. On error
// nothing is added.
func (a *Assembler) Feed(offset, remaining uint16, data []byte) error {
	off := int(offset)
	if a.Done() {
		// bzfs answers requests past the end with an empty reply and
		// remaining 0; the 1.7 client even asks for one more. Accept
		// those, and nothing else.
		if remaining == 0 && len(data) == 0 && off == a.total {
			return nil
		}
		return a.fail("data", a.total, wire.ErrTrailing)
	}
	if off != len(a.buf) {
		return a.fail("offset", len(a.buf), wire.ErrInvalid)
	}
	total := a.total
	if !a.started {
		total = off + int(remaining)
		if total > a.max() {
			return a.fail("remaining", off, wire.ErrTooLong)
		}
	} else if int(remaining) != total-off {
		return a.fail("remaining", off, wire.ErrInvalid)
	}
	if len(data) > MaxChunk || len(data) > total-off {
		return a.fail("data", off, wire.ErrTooLong)
	}
	if len(data) == 0 && off < total {
		return a.fail("data", off, wire.ErrShort)
	}
	a.total, a.started = total, true
	a.buf = append(a.buf, data...)
	return nil
}

// fail returns the Assembler's own error value, set to the place and kind
// given: valid until the next call of Feed (copy *e to keep it).
func (a *Assembler) fail(field string, off int, kind error) error {
	a.err = wire.Error{Protocol: protocol.Name, Message: getWorld, Field: field, Offset: off, Err: kind}
	return &a.err
}
