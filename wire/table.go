package wire

import "math/bits"

// Protocol describes what every form of a protocol shares: its name, byte
// order, the header every frame starts with, its composite field types,
// and the limits of a frame.
type Protocol struct {
	// Name is the protocol's name in errors and tools ("bzflag").
	Name string
	// Order is the byte order of multi-byte fields.
	Order Order
	// Header is the header every frame starts with (a form may override
	// it): it holds the code and, for stream protocols, the length.
	Header []Field
	// Types are the fixed composite field types forms refer to by name
	// ("PlayerId"), in dependency order: a type may use earlier ones.
	Types []Form
	// MaxFrame is the spec's limit on one frame or datagram, header
	// included.
	MaxFrame int
	// HardMax is the most a reader accepts under the Lax policy, for peers
	// that break the spec's limit (0: MaxFrame).
	HardMax int
	// Datagram says frames are datagrams: one read, one frame.
	Datagram bool
	// Split, when set, tells a stream reader the length of the frame at
	// the start of b (header included) where the header alone cannot:
	// 0 and nil ask for more bytes. Without it the header's LengthRole
	// field gives the length.
	Split func(t *Table, b []byte) (int, error)
}

// Table is a protocol's message table: the single description of its
// wire, from which dispatch, constructors, errors and tools all read.
// Build it once, at package initialisation, with NewTable; it is
// read-only afterwards and safe for concurrent use.
type Table struct {
	Protocol
	// Forms are the message forms, in the table's order.
	Forms []Form

	new    func(i int) Message
	header []Field
	hdrEnd int    // the end of the header's fixed fields
	code   *Field // the header's CodeRole field
	length *Field // the header's LengthRole field, if any
	raw    Form
	codes  codeIndex // (code, direction) to form index
}

// NewTable builds a protocol's table: it lays out every type and form
// (offsets, sizes), prebuilds their errors and indexes the forms by code
// and direction. newMessage returns a new zero value of form i's Go type.
//
// NewTable panics on a table that cannot be right (an unknown field type,
// two forms for one code and direction, a header without a code, a code,
// length or marker field that is not 1, 2, 4 or 8 bytes wide): those are
// mistakes in the program, caught when the package initialises.
func NewTable(p Protocol, forms []Form, newMessage func(i int) Message) *Table {
	t := &Table{Protocol: p, Forms: forms, new: newMessage}
	if t.HardMax < t.MaxFrame {
		t.HardMax = t.MaxFrame
	}
	for i := range t.Types {
		ty := &t.Types[i]
		ty.Protocol = p.Name
		ty.Index = i
		ty.table = t
		if !t.layout(ty, nil, "type") {
			panic("wire: type " + ty.Name + " is not fixed")
		}
	}
	t.header = t.layoutHeader(p.Header)
	t.hdrEnd = t.fieldsEnd(t.header)
	t.raw = Form{Name: "unknown", Type: "Raw", From: Both, Protocol: p.Name, Index: -1, table: t}
	t.raw.all = t.header
	t.raw.Size, t.raw.MaxSize = t.hdrEnd, t.HardMax
	t.raw.errs.init(p.Name, t.raw.Name, "", 0)
	for i := range t.header {
		switch t.header[i].Role {
		case CodeRole:
			t.code = &t.header[i]
		case LengthRole:
			t.length = &t.header[i]
		}
	}
	if t.code == nil || t.code.Offset < 0 || t.code.Size > 2 {
		panic("wire: " + p.Name + ": the header needs a code field of 1 or 2 bytes")
	}
	var byDir [2]map[uint32]int // the form index of each code, by direction
	for i := range forms {
		f := &forms[i]
		f.Protocol = p.Name
		f.Index = i
		f.table = t
		h := p.Header
		if f.Header != nil {
			h = f.Header
		}
		t.layout(f, h, "form")
		if f.Code > 0xffff {
			panic("wire: " + f.Name + ": code over 16 bits")
		}
		for d := range byDir {
			if f.From&(1<<d) == 0 {
				continue
			}
			if byDir[d] == nil {
				byDir[d] = map[uint32]int{}
			}
			if _, dup := byDir[d][f.Code]; dup {
				panic("wire: " + p.Name + ": two forms for the code of " + f.Name)
			}
			byDir[d][f.Code] = i
		}
	}
	t.codes = newCodeIndex(byDir, t.code.Size == 2, t.Order)
	return t
}

// layoutHeader lays out the default header. Its errors name the message
// "frame", as the FrameReader's own framing errors do: before the code is
// known, the frame is all there is to name.
func (t *Table) layoutHeader(h []Field) []Field {
	f := Form{Name: "frame", Fields: h}
	t.layout(&f, nil, "header")
	return f.all
}

// fieldsEnd returns the end of the last fixed field of a laid-out list.
func (t *Table) fieldsEnd(all []Field) int {
	n := 0
	for i := range all {
		if all[i].Offset >= 0 {
			n = all[i].Offset + all[i].Size
		}
	}
	return n
}

// layout computes the offsets and sizes of f's fields after header h and
// reports whether they are all fixed.
func (t *Table) layout(f *Form, h []Field, what string) bool {
	f.all = make([]Field, 0, len(h)+len(f.Fields))
	f.all = append(f.all, h...)
	f.all = append(f.all, f.Fields...)
	off, min, max, fixed := 0, 0, 0, true
	for i := range f.all {
		fl := &f.all[i]
		size, lo, hi := t.fieldSize(f, fl)
		if fl.Role != Data && size != 1 && size != 2 && size != 4 && size != 8 {
			panic("wire: " + what + " " + f.Name + "." + fl.Name + ": a code, length or marker field must be 1, 2, 4 or 8 bytes")
		}
		if fixed {
			fl.Offset = off
		} else {
			fl.Offset = -1
		}
		fl.Size = size
		if size == 0 {
			fixed = false
		}
		off += size
		min += lo
		max += hi
		fl.errs.init(t.Name, f.Name, fl.Name, fl.Offset)
	}
	f.Size = min
	if f.MaxSize == 0 || fixed {
		f.MaxSize = max
	}
	if f.MaxSize < f.Size {
		panic("wire: " + what + " " + f.Name + ": MaxSize below its smallest frame")
	}
	f.errs.init(t.Name, f.Name, "", 0)
	return fixed
}

// fieldSize returns a field's width (0 if variable) and the least and most
// bytes it can take.
func (t *Table) fieldSize(f *Form, fl *Field) (size, min, max int) {
	if n := PrimitiveSize(fl.Type); n > 0 {
		return n, n, n
	}
	switch fl.Type {
	case "cstring":
		return 0, 1, t.limit(fl.Max)
	case "str8":
		return 0, 1, 1 + min255(t.limit(fl.Max))
	case "str16", "utf":
		return 0, 2, 2 + t.limit(fl.Max)
	case "rest":
		return 0, 0, t.limit(fl.Max)
	case "list":
		e := t.Type(fl.Entry)
		if e == nil {
			panic("wire: " + f.Name + "." + fl.Name + ": unknown entry type " + fl.Entry)
		}
		return 0, 0, t.limit(fl.Max * e.Size)
	}
	if elem, n, ok := ParseArray(fl.Type); ok {
		if elem == "bytes" {
			return n, n, n
		}
		if s := PrimitiveSize(elem); s > 0 {
			return n * s, n * s, n * s
		}
		if ty := t.Type(elem); ty != nil {
			return n * ty.Size, n * ty.Size, n * ty.Size
		}
	}
	if ty := t.Type(fl.Type); ty != nil && ty.Size > 0 {
		return ty.Size, ty.Size, ty.Size
	}
	panic("wire: " + f.Name + "." + fl.Name + ": unknown field type " + fl.Type)
}

// limit returns n, or the frame limit when n is 0 or larger.
func (t *Table) limit(n int) int {
	if n <= 0 || n > t.HardMax {
		return t.HardMax
	}
	return n
}

func min255(n int) int {
	if n > 255 {
		return 255
	}
	return n
}

// Type returns the composite type called name, or nil.
func (t *Table) Type(name string) *Form {
	for i := range t.Types {
		if t.Types[i].Name == name || t.Types[i].Type == name {
			return &t.Types[i]
		}
	}
	return nil
}

// Form returns the form whose spec name or Go type is name and that
// travels in direction from (any direction when from is 0), or nil.
func (t *Table) Form(name string, from Direction) *Form {
	for i := range t.Forms {
		f := &t.Forms[i]
		if (f.Name == name || f.Type == name) && (from == 0 || f.From.Has(from)) {
			return f
		}
	}
	return nil
}

// Lookup returns the form for code sent in direction from, or nil. It is
// a direct lookup, one multiplication and one array indexing. With from
// Both it returns the form either peer sends with that code when there is
// exactly one (a protocol whose codes tell the direction, or a form of
// both directions), and nil when the two directions have different forms
// for it; the zero Direction means the same.
func (t *Table) Lookup(code uint32, from Direction) *Form {
	if code > 0xffff {
		return nil
	}
	if from == 0 {
		from = Both
	}
	if i := t.codes.find(code, from); i >= 0 {
		return &t.Forms[i]
	}
	return nil
}

// New returns a new zero value of the form's Go type.
func (t *Table) New(f *Form) Message { return t.new(f.Index) }

// Header returns the protocol's header fields, laid out.
func (t *Table) Header() []Field { return t.header }

// RawForm returns the form that stands for codes the table does not know.
func (t *Table) RawForm() *Form { return &t.raw }

// Code reads the message code from the header at the start of b.
func (t *Table) Code(b []byte) (uint32, error) {
	c := t.code
	if len(b) < c.Offset+c.Size {
		return 0, &c.errs.e[0] // ErrShort
	}
	return uint32(t.Order.Uint(b[c.Offset : c.Offset+c.Size])), nil
}

// FrameLen returns the length of the frame at the start of b, header
// included, as the header (or the protocol's Split) gives it: 0 and nil
// when b does not yet hold enough to tell. A datagram protocol's frame is
// the whole of b. A length over HardMax fails with the length field's
// ErrTooLong, an error the table shares and so says no length: FrameLen
// returns the length along with it, for the caller's own error (a
// FrameReader or Stream reports "frame length 9002 exceeds 8194").
func (t *Table) FrameLen(b []byte) (int, error) {
	if t.Datagram {
		return len(b), nil
	}
	if t.Split != nil {
		return t.Split(t, b)
	}
	l := t.length
	if l == nil {
		return 0, &t.raw.errs.e[slotInvalid]
	}
	if len(b) < l.Offset+l.Size {
		return 0, nil
	}
	n := int(t.Order.Uint(b[l.Offset:l.Offset+l.Size])) + l.Adjust
	if n > t.HardMax {
		return n, &l.errs.e[slotTooLong]
	}
	if n < t.hdrEnd {
		return 0, &l.errs.e[slotInvalid]
	}
	return n, nil
}

// The slots of the sentinels in fieldErrors.
const (
	slotShort = iota
	slotTrailing
	slotTooLong
	slotUnknown
	slotInvalid
	slotEnd
)

// codeIndex maps a message code and a direction (FromClient, FromServer,
// or Both for a form either peer's code gives) to the index of the form:
// a perfect hash, built once per table, so that a lookup is one
// multiplication and one load, with no branch on the code space (bzflag's
// codes are pairs of letters, tfighters' are split by direction at
// 0x8000, lwar's are single bytes).
//
// A key is from<<16 | c, where c is the code as a little-endian load of
// its bytes reads it (the code itself for a little-endian two-byte code or
// a one-byte code, its bytes swapped for a big-endian one): a Decoder
// makes it from the frame with one two-byte load and a mask, with no
// branch on the code's width or order. The key's slot is
// key*mul>>hashShift&mask; the slot holds the key in its upper half and
// the form index in its lower half, or all ones when empty (no key has all
// ones). A Decoder keeps its values for the keys in slots of the same
// numbering.
type codeIndex struct {
	slots []uint64
	mul   uint32
	mask  uint32 // len(slots)-1
	wide  bool   // a two-byte code
	order Order  // its byte order
}

// empty is the content of an unused slot.
const empty = ^uint64(0)

// hashShift is where a slot's bits start in key*mul: a fixed shift costs
// less than a variable one, and at most 18 bits of slot (a key's width)
// fit above it.
const hashShift = 14

// key returns the key of code (16 bits at most) sent in direction from,
// and its slot. A code wider than the table's code field gets a key no
// frame has, 1<<31|code.
func (x *codeIndex) key(code uint32, from Direction) (k, slot uint32) {
	switch {
	case !x.wide && code > 0xff:
		code |= 1 << 31
	case x.wide && x.order == BigEndian:
		code = code>>8 | code&0xff<<8
	}
	k = uint32(from)<<16 | code
	return k, k * x.mul >> hashShift & x.mask
}

// find returns the index of the form for code (16 bits at most) sent in
// direction from, or -1.
func (x *codeIndex) find(code uint32, from Direction) int {
	k, slot := x.key(code, from)
	if e := x.slots[slot]; uint32(e>>32) == k {
		return int(uint32(e))
	}
	return -1
}

// newCodeIndex indexes the forms of each code in each direction (byDir[0]
// the client's, byDir[1] the server's) and, under Both, the form of a code
// when the two directions agree on it (as Table.Lookup says).
func newCodeIndex(byDir [2]map[uint32]int, wide bool, order Order) codeIndex {
	x := codeIndex{wide: wide, order: order}
	var keys []uint32
	var index []int
	add := func(code uint32, from Direction, i int) {
		k, _ := x.key(code, from)
		keys = append(keys, k)
		index = append(index, i)
	}
	for d, forms := range byDir {
		for code, i := range forms {
			add(code, FromClient<<d, i)
		}
	}
	for code, c := range byDir[0] {
		if s, ok := byDir[1][code]; !ok || s == c {
			add(code, Both, c)
		}
	}
	for code, s := range byDir[1] {
		if _, ok := byDir[0][code]; !ok {
			add(code, Both, s)
		}
	}
	// The smallest table (of two slots at least) with a perfect
	// multiplier among a few thousand candidates; at 18 bits (the width
	// of a key) multiplying by 1<<hashShift keeps the whole key, so the
	// search ends.
	for b := uint32(max(1, bits.Len(uint(len(keys))))); ; b++ {
		used := make([]uint64, (1<<b+63)/64)
		x.mask = 1<<b - 1
		x.mul = 1 << hashShift
		for try := 0; try < 4096; try++ {
			if perfect(keys, x.mul, x.mask, used) {
				x.slots = make([]uint64, 1<<b)
				for i := range x.slots {
					x.slots[i] = empty
				}
				for j, k := range keys {
					x.slots[k*x.mul>>hashShift&x.mask] = uint64(k)<<32 | uint64(index[j])
				}
				return x
			}
			x.mul = x.mul*1664525 + 1013904223 | 1 // the next odd candidate
		}
	}
}

// perfect reports whether no two keys share a slot under multiplier mul
// and mask, marking the slots in used (a bit set it clears first).
func perfect(keys []uint32, mul, mask uint32, used []uint64) bool {
	clear(used)
	for _, k := range keys {
		s := k * mul >> hashShift & mask
		if used[s/64]&(1<<(s%64)) != 0 {
			return false
		}
		used[s/64] |= 1 << (s % 64)
	}
	return true
}
