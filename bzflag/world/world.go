package world

import (
	"slices"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

// World is the whole world database: the style header, the object blocks
// and the end of data.
//
// The blocks of each type are in their own slice, in database order, and
// Order records how the types interleave: Order[i] is the code of the i'th
// object block, and the k'th CodeWall in Order is Walls[k] (the same for
// every type). Decode fills Order; to build a database, fill the slices and
// call SetOrder, or set Order yourself. The order matters: teleporter
// faces are numbered by the teleporters' order.
//
// Decode reuses the slices' capacity, so decoding world after world into
// one World allocates nothing once the slices are large enough.
//
// Errors: an error about a block names the block ("WorldCodeWall"), its
// field and the byte offset in the database; one about the database as a
// whole names the message "world database". Where the offset depends on
// the input, the error is written into the World's own error value, so no
// failure allocates: such an error is valid until the next call of a
// method of w (copy *e to keep it), and a World whose methods may fail is
// not shared between goroutines without a lock. That error value is the
// World's one unexported field: go-cmp compares Worlds with
// cmpopts.IgnoreUnexported(world.World{}).
type World struct {
	Style       Style        `json:"style"`
	Bases       []Base       `json:"bases,omitempty"`
	Walls       []Wall       `json:"walls,omitempty"`
	Boxes       []Box        `json:"boxes,omitempty"`
	Pyramids    []Pyramid    `json:"pyramids,omitempty"`
	Teleporters []Teleporter `json:"teleporters,omitempty"`
	Links       []Link       `json:"links,omitempty"`
	Order       []Code       `json:"order,omitempty"`

	err wire.Error // the last error whose offset is the input's
}

// block is what World does with one object block type: the table's form
// of the type (forms[i]) says its code and size, and these functions
// reach the World's slice of it.
type block struct {
	len    func(w *World) int
	decode func(w *World, b []byte) (int, error)
	append func(w *World, i int, b []byte) ([]byte, error)
}

// blockOf is the block of the object type whose slice in a World s
// returns.
func blockOf[T any, P interface {
	*T
	Decode([]byte) (int, error)
	AppendBinary([]byte) ([]byte, error)
}](s func(w *World) *[]T) block {
	return block{
		len:    func(w *World) int { return len(*s(w)) },
		decode: func(w *World, b []byte) (int, error) { return decodeOnto[T, P](s(w), b) },
		append: func(w *World, i int, b []byte) ([]byte, error) { return P(&(*s(w))[i]).AppendBinary(b) },
	}
}

// blocks are the object block types, at the index of their form in the
// table; the style header and the end of data, which are not object
// blocks, have none.
var blocks = [...]block{
	1: blockOf(func(w *World) *[]Base { return &w.Bases }),
	2: blockOf(func(w *World) *[]Wall { return &w.Walls }),
	3: blockOf(func(w *World) *[]Pyramid { return &w.Pyramids }),
	4: blockOf(func(w *World) *[]Box { return &w.Boxes }),
	5: blockOf(func(w *World) *[]Teleporter { return &w.Teleporters }),
	6: blockOf(func(w *World) *[]Link { return &w.Links }),
	7: {},
}

// The indexes in the table of the forms World treats apart.
const (
	styleForm = 0
	linkForm  = 6
	endForm   = 7
)

// kind returns the index in the table of the form of c when c is the code
// of an object block, and -1 for any other code: the table's direct
// lookup, two array indexings.
func kind(c Code) int {
	if f := table.Lookup(uint32(c), wire.FromServer); f != nil && blocks[f.Index].len != nil {
		return f.Index
	}
	return -1
}

// The errors about the database as a whole, at offset 0: World moves them
// to the offset where they occur, into its own error value.
var (
	errCodeShort = &wire.Error{Protocol: protocol.Name, Message: dbName, Field: "code", Err: wire.ErrShort}
	errCode      = &wire.Error{Protocol: protocol.Name, Message: dbName, Field: "code", Err: wire.ErrUnknownCode}
	errOrder     = &wire.Error{Protocol: protocol.Name, Message: dbName, Field: "order", Err: wire.ErrInvalid}
	errTrailing  = &wire.Error{Protocol: protocol.Name, Message: dbName, Err: wire.ErrTrailing}
)

// dbName is the Message of errors about the database as a whole.
const dbName = "world database"

// fail returns err with its offset moved on by base, written into w's own
// error value.
func (w *World) fail(err error, base int) error { return codec.Shift(&w.err, err, base) }

// Size returns the encoded length of the database, end of data included.
func (w *World) Size() int {
	n := w.Style.Size() + forms[endForm].Size
	for i := range blocks {
		if b := &blocks[i]; b.len != nil {
			n += b.len(w) * forms[i].Size
		}
	}
	return n
}

// SetOrder sets Order to the order bzfs 1.7 writes a database in: the
// bases, the walls, the boxes, the pyramids, then each teleporter followed
// by the links of its two faces (links 2*N and 2*N+1, as bzfs makes them),
// then any links left over (errata W7).
func (w *World) SetOrder() {
	o := w.Order[:0]
	o = appendN(o, CodeBase, len(w.Bases))
	o = appendN(o, CodeWall, len(w.Walls))
	o = appendN(o, CodeBox, len(w.Boxes))
	o = appendN(o, CodePyramid, len(w.Pyramids))
	links := len(w.Links)
	for range w.Teleporters {
		o = append(o, CodeTeleporter)
		k := min(links, 2)
		o = appendN(o, CodeLink, k)
		links -= k
	}
	w.Order = appendN(o, CodeLink, links)
}

func appendN(o []Code, c Code, n int) []Code {
	for range n {
		o = append(o, c)
	}
	return o
}

// checkOrder verifies that Order names exactly the blocks the slices hold:
// an error's offset is the index in Order of the first code that names no
// object block, or len(Order) when the counts differ.
func (w *World) checkOrder() error {
	var n [len(blocks)]int
	for i, c := range w.Order {
		k := kind(c)
		if k < 0 {
			return w.fail(errOrder, i)
		}
		n[k]++
	}
	for i := range blocks {
		if b := &blocks[i]; b.len != nil && n[i] != b.len(w) {
			return w.fail(errOrder, len(w.Order))
		}
	}
	return nil
}

// AppendBinary appends the database. It fails with ErrInvalid (field
// "order") if Order does not name exactly the blocks the slices hold, and
// with ErrTooLong if the style header's Extra is too long; b is then
// returned as it was.
func (w *World) AppendBinary(b []byte) ([]byte, error) {
	if err := w.checkOrder(); err != nil {
		return b, err
	}
	b = slices.Grow(b, w.Size()) // one allocation at most
	b, err := w.Style.AppendBinary(b)
	if err != nil {
		return b, err
	}
	var n [len(blocks)]int
	for _, c := range w.Order {
		k := kind(c)
		b, _ = blocks[k].append(w, n[k], b) // fixed blocks: no error
		n[k]++
	}
	return codec.BigEndian.AppendU16(b, uint16(CodeEnd)), nil
}

// MarshalBinary returns the encoded database.
func (w *World) MarshalBinary() ([]byte, error) { return w.AppendBinary(make([]byte, 0, w.Size())) }

// Decode decodes the database at the start of b, up to and including the
// end of data, and returns its length. Errors name the block ("WorldCodeWall"),
// the field and the offset in the database, and Decode returns that
// offset with them; an unknown block code fails with wire.ErrUnknownCode
// (message "world database", field "code"), a database that ends inside a
// block or before the end of data with wire.ErrShort. On error w holds the
// whole blocks decoded so far, and Order names exactly those.
func (w *World) Decode(b []byte) (int, error) {
	w.Bases, w.Walls, w.Boxes = w.Bases[:0], w.Walls[:0], w.Boxes[:0]
	w.Pyramids, w.Teleporters, w.Links = w.Pyramids[:0], w.Teleporters[:0], w.Links[:0]
	w.Order = w.Order[:0]
	off, err := w.Style.Decode(b)
	if err != nil {
		return off, err // at the start: its offset is the database's
	}
	for {
		if len(b)-off < 2 {
			return off, w.fail(errCodeShort, off)
		}
		c := Code(codec.BigEndian.U16(b[off:]))
		if c == CodeEnd {
			return off + 2, nil
		}
		k := kind(c)
		if k < 0 {
			return off, w.fail(errCode, off)
		}
		n, err := blocks[k].decode(w, b[off:])
		if err != nil {
			return off + n, w.fail(err, off)
		}
		w.Order = append(w.Order, c)
		off += n
	}
}

// decodeOnto decodes the block at the start of b onto the end of *s,
// reusing its capacity. On error *s is left as it was, so a World that
// fails to decode holds only whole blocks, each with its entry in Order.
func decodeOnto[T any, P interface {
	*T
	Decode([]byte) (int, error)
}](s *[]T, b []byte) (int, error) {
	*s = append(*s, *new(T))
	n, err := P(&(*s)[len(*s)-1]).Decode(b)
	if err != nil {
		*s = (*s)[:len(*s)-1]
	}
	return n, err
}

// UnmarshalBinary decodes b, which must hold exactly one database: data
// after the end of data fails with wire.ErrTrailing. The result does not
// alias b.
func (w *World) UnmarshalBinary(b []byte) error {
	n, err := w.Decode(b)
	if err == nil && n != len(b) {
		err = w.fail(errTrailing, n)
	}
	return err
}

// Validate checks the rules the wire format can carry but the protocol
// forbids: Order must match the slices, and every link must name faces of
// teleporters the database holds (2*len(Teleporters) faces). Errors give
// the offset the offending block's field has in the encoded database.
func (w *World) Validate() error {
	if err := w.checkOrder(); err != nil {
		return err
	}
	faces := 2 * len(w.Teleporters)
	off, links := w.Style.Size(), 0
	for _, c := range w.Order {
		k := kind(c)
		if k == linkForm {
			l := &w.Links[links]
			links++
			if int(l.From) >= faces {
				return w.fail(forms[linkForm].Err("from", wire.ErrInvalid), off)
			}
			if int(l.To) >= faces {
				return w.fail(forms[linkForm].Err("to", wire.ErrInvalid), off)
			}
		}
		off += forms[k].Size
	}
	return nil
}
