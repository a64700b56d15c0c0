package world

import "github.com/gamewire/gamewire/wire"

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
type World struct {
	Style       Style        `json:"style"`
	Bases       []Base       `json:"bases,omitempty"`
	Walls       []Wall       `json:"walls,omitempty"`
	Boxes       []Box        `json:"boxes,omitempty"`
	Pyramids    []Pyramid    `json:"pyramids,omitempty"`
	Teleporters []Teleporter `json:"teleporters,omitempty"`
	Links       []Link       `json:"links,omitempty"`
	Order       []Code       `json:"order,omitempty"`
}

// Size returns the encoded length of the database, end of data included.
func (w *World) Size() int {
	return w.Style.Size() +
		len(w.Bases)*baseLayout.size +
		len(w.Walls)*wallLayout.size +
		len(w.Boxes)*boxLayout.size +
		len(w.Pyramids)*pyramidLayout.size +
		len(w.Teleporters)*teleporterLayout.size +
		len(w.Links)*linkLayout.size +
		endLayout.size
}

// SetOrder sets Order to the order bzfs 1.7 writes a database in: the
// bases, the walls, the boxes, the pyramids, then each teleporter followed
// by the links of its two faces (links 2*N and 2*N+1, as bzfs makes them),
// then any links left over.
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

// checkOrder verifies that Order names exactly the blocks the slices hold.
func (w *World) checkOrder() error {
	var n [6]int
	for i, c := range w.Order {
		k := kind(c)
		if k < 0 {
			return wire.NewError(protocol, dbName, "order", i, wire.ErrInvalid)
		}
		n[k]++
	}
	if n[0] != len(w.Bases) || n[1] != len(w.Walls) || n[2] != len(w.Boxes) ||
		n[3] != len(w.Pyramids) || n[4] != len(w.Teleporters) || n[5] != len(w.Links) {
		return wire.NewError(protocol, dbName, "order", len(w.Order), wire.ErrInvalid)
	}
	return nil
}

// kind numbers the object codes for counting, -1 for any other code.
func kind(c Code) int {
	switch c {
	case CodeBase:
		return 0
	case CodeWall:
		return 1
	case CodeBox:
		return 2
	case CodePyramid:
		return 3
	case CodeTeleporter:
		return 4
	case CodeLink:
		return 5
	}
	return -1
}

// AppendBinary appends the database. It fails with ErrInvalid (field
// "order") if Order does not name exactly the blocks the slices hold, and
// with ErrTooLong if the style header's Extra is too long.
func (w *World) AppendBinary(b []byte) ([]byte, error) {
	if err := w.checkOrder(); err != nil {
		return b, err
	}
	start := len(b)
	b, err := w.Style.AppendBinary(b)
	if err != nil {
		return b[:start], err
	}
	var n [6]int
	for _, c := range w.Order {
		k := kind(c)
		i := n[k]
		n[k]++
		switch c {
		case CodeBase:
			b, _ = w.Bases[i].AppendBinary(b)
		case CodeWall:
			b, _ = w.Walls[i].AppendBinary(b)
		case CodeBox:
			b, _ = w.Boxes[i].AppendBinary(b)
		case CodePyramid:
			b, _ = w.Pyramids[i].AppendBinary(b)
		case CodeTeleporter:
			b, _ = w.Teleporters[i].AppendBinary(b)
		case CodeLink:
			b, _ = w.Links[i].AppendBinary(b)
		}
	}
	return End{}.AppendBinary(b)
}

// MarshalBinary returns the encoded database.
func (w *World) MarshalBinary() ([]byte, error) { return w.AppendBinary(make([]byte, 0, w.Size())) }

// Decode decodes the database at the start of b, up to and including the
// end of data, and returns its length. Errors name the block ("WorldCodeWall"),
// the field and the offset in the database; an unknown block code fails
// with wire.ErrUnknownCode (message "world database", field "code"), a
// database that ends inside a block or before the end of data with
// wire.ErrShort. On error w holds the whole blocks decoded so far, and
// Order names exactly those.
func (w *World) Decode(b []byte) (int, error) {
	w.Bases, w.Walls, w.Boxes = w.Bases[:0], w.Walls[:0], w.Boxes[:0]
	w.Pyramids, w.Teleporters, w.Links = w.Pyramids[:0], w.Teleporters[:0], w.Links[:0]
	w.Order = w.Order[:0]
	off, err := w.Style.decodeAt(b, 0)
	if err != nil {
		return 0, err
	}
	for {
		if len(b)-off < 2 {
			return off, wire.NewError(protocol, dbName, "code", off, wire.ErrShort)
		}
		c := Code(be.U16(b[off:]))
		var n int
		switch c {
		case CodeEnd:
			return off + 2, nil
		case CodeBase:
			n, err = decodeBlock(&w.Bases, b, off)
		case CodeWall:
			n, err = decodeBlock(&w.Walls, b, off)
		case CodeBox:
			n, err = decodeBlock(&w.Boxes, b, off)
		case CodePyramid:
			n, err = decodeBlock(&w.Pyramids, b, off)
		case CodeTeleporter:
			n, err = decodeBlock(&w.Teleporters, b, off)
		case CodeLink:
			n, err = decodeBlock(&w.Links, b, off)
		default:
			return off, wire.NewError(protocol, dbName, "code", off, wire.ErrUnknownCode)
		}
		if err != nil {
			return off, err
		}
		w.Order = append(w.Order, c)
		off += n
	}
}

// block is what decodeBlock needs of a block type.
type block[T any] interface {
	*T
	decodeAt(b []byte, base int) (int, error)
}

// decodeBlock decodes the block at b[off:] onto the end of *s, reusing
// its capacity. On error *s is left as it was, so a World that fails to
// decode holds only whole blocks, each with its entry in Order.
func decodeBlock[T any, P block[T]](s *[]T, b []byte, off int) (int, error) {
	*s = append(*s, *new(T))
	n, err := P(&(*s)[len(*s)-1]).decodeAt(b[off:], off)
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
	if err != nil {
		return err
	}
	return trailing(dbName, n, len(b))
}

// Validate checks the rules the wire format can carry but the protocol
// forbids: Order must match the slices, and every link must name faces of
// teleporters the database holds (2*len(Teleporters) faces). Errors give
// the offset the offending block has in the encoded database.
func (w *World) Validate() error {
	if err := w.checkOrder(); err != nil {
		return err
	}
	faces := 2 * len(w.Teleporters)
	off, links := w.Style.Size(), 0
	for _, c := range w.Order {
		if c == CodeLink {
			l := w.Links[links]
			links++
			if int(l.From) >= faces {
				return wire.NewError(protocol, linkLayout.name, "from", off+2, wire.ErrInvalid)
			}
			if int(l.To) >= faces {
				return wire.NewError(protocol, linkLayout.name, "to", off+4, wire.ErrInvalid)
			}
		}
		off += blockSize(c)
	}
	return nil
}

// blockSize returns the encoded size of an object block of code c.
func blockSize(c Code) int {
	switch c {
	case CodeBase:
		return baseLayout.size
	case CodeWall:
		return wallLayout.size
	case CodeBox:
		return boxLayout.size
	case CodePyramid:
		return pyramidLayout.size
	case CodeTeleporter:
		return teleporterLayout.size
	case CodeLink:
		return linkLayout.size
	}
	return 0
}
