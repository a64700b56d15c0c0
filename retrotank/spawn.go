package retrotank

import (
	"slices"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// AreaSet is one set of spawn or goal areas of MSG_TYPE_SPAWN and
// MSG_TYPE_GOAL: a header of two bytes, then the areas.
//
//	9   First: index of the set's first area, within its team's areas
//	10  Team (upper two bits) and len(Areas) - 1 (lower six bits)
//	11  Areas, 8 bytes each
type AreaSet struct {
	// First is the index, within the team's list of areas, of the
	// first area of the set (the spec's "index of the next spawn area").
	First uint8 `json:"first"`
	// Team is the owning team; the wire holds two bits.
	Team Team `json:"team"`
	// Areas are the set's areas, 1 to 64.
	Areas []Area `json:"areas"`
}

// MaxSetAreas is the most areas one set can count in its six bits.
const MaxSetAreas = 64

// setsHead is the size of MSG_TYPE_SPAWN and MSG_TYPE_GOAL before the sets.
const setsHead = 9

// Size returns the encoded length: 9 bytes, 2 per set and 8 per area.
func (m *Spawn) Size() int { return setsSize(m.Sets) }

// AppendBinary appends the page. A set of no areas, of more than 64, or
// of a team over 3 cannot be written (wire.ErrInvalid, nothing appended).
func (m *Spawn) AppendBinary(b []byte) ([]byte, error) { return m.appendPage(b, m.Form()) }

// MarshalBinary is AppendBinary into a new buffer of Size bytes.
func (m *Spawn) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode reads the page: all of b, sets to its end (docs/errata/retrotank.md,
// E14). The sets and their areas reuse the capacity of m.Sets.
func (m *Spawn) Decode(b []byte) (int, error) { return m.decodePage(b, m.Form()) }

// UnmarshalBinary decodes exactly one page from b.
func (m *Spawn) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	return m.Form().Exact(n, len(b), err)
}

// Validate checks the spec's rules: at least one set (19 bytes minimum),
// the datagram limit, teams red or blue, each set within its team's total,
// the page index within totalMsgs and not 0.
func (m *Spawn) Validate() error { return m.validatePage(m.Form()) }

// The codec of a page of sets, MSG_TYPE_SPAWN's layout, which
// MSG_TYPE_GOAL shares: a Goal converts to a Spawn, and the page's form f
// gives the code and the errors.

func (m *Spawn) appendPage(b []byte, f *spec.Form) ([]byte, error) {
	return appendSets(b, f, uint8(f.Code), m.ID, m.TotalMsgs, m.Index, m.RedTotal, m.BlueTotal, m.Sets)
}

func (m *Spawn) decodePage(b []byte, f *spec.Form) (int, error) {
	sets := m.Sets[:0]
	*m = Spawn{}
	if n, err := checkHead(f, b); err != nil {
		m.Sets = sets
		return n, err
	}
	sets, n, err := decodeSets(f, b, sets)
	if err != nil {
		m.Sets = sets[:0]
		return n, err
	}
	m.Sets = sets
	m.ID = MessageID(be.U16(b[1:]))
	m.TotalMsgs = be.U16(b[3:])
	m.Index = be.U16(b[5:])
	m.RedTotal, m.BlueTotal = b[7], b[8]
	return n, nil
}

func (m *Spawn) validatePage(f *spec.Form) error {
	return validateSets(f, m.TotalMsgs, m.Index, m.RedTotal, m.BlueTotal, m.Sets)
}

func setsSize(sets []AreaSet) int {
	n := setsHead
	for i := range sets {
		n += 2 + 8*len(sets[i].Areas)
	}
	return n
}

func appendSets(b []byte, f *spec.Form, code uint8, id MessageID, total, index uint16, red, blue uint8, sets []AreaSet) ([]byte, error) {
	for i := range sets {
		s := &sets[i]
		if len(s.Areas) == 0 || len(s.Areas) > MaxSetAreas || s.Team > 3 {
			return b, f.Err("sets", wire.ErrInvalid)
		}
	}
	b, p := codec.Grow(b, setsSize(sets))
	p[0] = code
	be.PutU16(p[1:], uint16(id))
	be.PutU16(p[3:], total)
	be.PutU16(p[5:], index)
	p[7], p[8] = red, blue
	off := setsHead
	for i := range sets {
		s := &sets[i]
		p[off] = s.First
		p[off+1] = uint8(s.Team)<<6 | uint8(len(s.Areas)-1)
		off += 2
		for j := range s.Areas {
			s.Areas[j].put(p[off:])
			off += 8
		}
	}
	return b, nil
}

// decodeSets reads the sets of b (from offset 9 to its end) into sets,
// reusing the capacity of sets and of their areas.
func decodeSets(f *spec.Form, b []byte, sets []AreaSet) ([]AreaSet, int, error) {
	off := setsHead
	for off < len(b) {
		if len(b)-off < 2 {
			return sets, off, f.Err("sets", wire.ErrShort)
		}
		n := int(b[off+1]&0x3f) + 1
		if len(b)-off-2 < 8*n {
			return sets, off, f.Err("sets", wire.ErrShort)
		}
		var s *AreaSet
		if len(sets) < cap(sets) {
			sets = sets[:len(sets)+1]
			s = &sets[len(sets)-1]
		} else {
			sets = append(sets, AreaSet{})
			s = &sets[len(sets)-1]
		}
		s.First, s.Team = b[off], Team(b[off+1]>>6)
		off += 2
		s.Areas = slices.Grow(s.Areas[:0], n)[:n]
		for j := range s.Areas {
			s.Areas[j].get(b[off:])
			off += areaSize
		}
	}
	return sets, off, nil
}

func validateSets(f *spec.Form, total, index uint16, red, blue uint8, sets []AreaSet) error {
	if index == 0 || index >= total {
		return f.Err("index", wire.ErrInvalid)
	}
	if len(sets) == 0 {
		return f.Err("sets", wire.ErrInvalid)
	}
	if setsSize(sets) > maxDatagram {
		return f.Err("sets", wire.ErrTooLong)
	}
	for i := range sets {
		s := &sets[i]
		t := int(red)
		switch s.Team {
		case TeamRed:
		case TeamBlue:
			t = int(blue)
		default:
			return f.Err("sets", wire.ErrInvalid)
		}
		if int(s.First)+len(s.Areas) > t {
			return f.Err("sets", wire.ErrInvalid)
		}
	}
	return nil
}

// MessageID returns m.ID (Acked).
func (m *Spawn) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID (Acked).
func (m *Spawn) SetMessageID(id MessageID) { m.ID = id }
