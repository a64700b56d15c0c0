package retrotank

import (
	"errors"
	"hash/fnv"

	"github.com/gamewire/gamewire/wire"
)

// Errors of the game setup.
var (
	// ErrTooMany is returned by BuildPages for a battlefield the messages
	// cannot describe: more than 65535 obstacles or more than 255 spawn or
	// goal areas of one team.
	ErrTooMany = errors.New("retrotank: battlefield exceeds what the setup messages can count")
	// ErrPageConflict is returned by Assembler.Add for a page that
	// contradicts pages received before it (another totalMsgs or total,
	// another page under the same index, another value for an obstacle or
	// area), and by Assembler.Battlefield when pages are missing.
	ErrPageConflict = errors.New("retrotank: setup pages contradict each other")
	// ErrIncomplete is returned by Assembler.Battlefield before every page
	// has arrived.
	ErrIncomplete = errors.New("retrotank: setup pages missing")
)

// TeamAreas are the areas of each team.
type TeamAreas struct {
	Red  []Area `json:"red"`
	Blue []Area `json:"blue"`
}

func (t *TeamAreas) of(team Team) *[]Area {
	if team == TeamBlue {
		return &t.Blue
	}
	return &t.Red
}

// Battlefield is a whole game setup: the options of MSG_TYPE_OPTION, the
// obstacles, the spawn areas and the goal areas, which the server sends as
// a series of pages (BuildPages) and a client rebuilds (Assembler).
type Battlefield struct {
	Flags     uint8     `json:"flags"`
	Duration  uint32    `json:"duration"`
	RedScore  uint16    `json:"redScore"`
	BlueScore uint16    `json:"blueScore"`
	WinScore  uint16    `json:"winScore"`
	Width     uint16    `json:"width"`
	Height    uint16    `json:"height"`
	Obstacles []Area    `json:"obstacles"`
	Spawns    TeamAreas `json:"spawns"`
	Goals     TeamAreas `json:"goals"`
}

// Limits of a Battlefield the pages can carry.
const (
	MaxObstacles = 65535 // OBSTACLE's total is a u16
	MaxTeamAreas = 255   // SPAWN's and GOAL's per-team totals are u8
)

// areasPerPage is the most areas the builder puts in one SPAWN or GOAL
// page: with one set per team, 9 + 2*2 + 8*62 = 509 bytes.
const areasPerPage = 62

// BuildPages splits bf into the setup messages, in this order: the
// MSG_TYPE_OPTION page (index 0), the MSG_TYPE_OBSTACLE pages (62
// obstacles each, the last one fewer), the MSG_TYPE_SPAWN pages and the
// MSG_TYPE_GOAL pages (up to 62 areas each, in at most one set per team;
// red areas first). Every page fits a 512-byte datagram and passes
// Validate. Message ids are left 0: the Acker assigns them. A nil bf is
// refused with ErrNil.
func BuildPages(bf *Battlefield) ([]Acked, error) {
	if bf == nil {
		return nil, ErrNil
	}
	if len(bf.Obstacles) > MaxObstacles ||
		len(bf.Spawns.Red) > MaxTeamAreas || len(bf.Spawns.Blue) > MaxTeamAreas ||
		len(bf.Goals.Red) > MaxTeamAreas || len(bf.Goals.Blue) > MaxTeamAreas {
		return nil, ErrTooMany
	}
	nObs := (len(bf.Obstacles) + MaxObstaclesPerMsg - 1) / MaxObstaclesPerMsg
	nSpawn := (len(bf.Spawns.Red) + len(bf.Spawns.Blue) + areasPerPage - 1) / areasPerPage
	nGoal := (len(bf.Goals.Red) + len(bf.Goals.Blue) + areasPerPage - 1) / areasPerPage
	total := uint16(1 + nObs + nSpawn + nGoal)
	pages := make([]Acked, 0, total)
	pages = append(pages, &Option{Flags: bf.Flags, Duration: bf.Duration, RedScore: bf.RedScore, BlueScore: bf.BlueScore,
		WinScore: bf.WinScore, Width: bf.Width, Height: bf.Height, TotalMsgs: total})
	for i := 0; i < nObs; i++ {
		first := i * MaxObstaclesPerMsg
		end := min(first+MaxObstaclesPerMsg, len(bf.Obstacles))
		pages = append(pages, &Obstacle{TotalMsgs: total, Index: uint16(len(pages)), Total: uint16(len(bf.Obstacles)),
			First: uint16(first), Obstacles: append([]Area(nil), bf.Obstacles[first:end]...)})
	}
	for _, kind := range []MsgType{MsgTypeSpawn, MsgTypeGoal} {
		ta := &bf.Spawns
		if kind == MsgTypeGoal {
			ta = &bf.Goals
		}
		n := len(ta.Red) + len(ta.Blue)
		for start := 0; start < n; start += areasPerPage {
			end := min(start+areasPerPage, n)
			var sets []AreaSet
			if start < len(ta.Red) {
				sets = append(sets, AreaSet{First: uint8(start), Team: TeamRed, Areas: append([]Area(nil), ta.Red[start:min(end, len(ta.Red))]...)})
			}
			if end > len(ta.Red) {
				from := max(start, len(ta.Red)) - len(ta.Red)
				sets = append(sets, AreaSet{First: uint8(from), Team: TeamBlue, Areas: append([]Area(nil), ta.Blue[from:end-len(ta.Red)]...)})
			}
			idx := uint16(len(pages))
			red, blue := uint8(len(ta.Red)), uint8(len(ta.Blue))
			if kind == MsgTypeSpawn {
				pages = append(pages, &Spawn{TotalMsgs: total, Index: idx, RedTotal: red, BlueTotal: blue, Sets: sets})
			} else {
				pages = append(pages, &Goal{TotalMsgs: total, Index: idx, RedTotal: red, BlueTotal: blue, Sets: sets})
			}
		}
	}
	return pages, nil
}

// Assembler rebuilds a Battlefield from its setup pages, arriving in any
// order and any number of times. It refuses a page that breaks the spec's
// rules (Validate) or contradicts the pages before it (ErrPageConflict),
// accepts the same page again silently, and says which pages are missing.
// Memory is bounded by the totals the pages declare (u16 and u8 counts).
type Assembler struct {
	total  int // totalMsgs, 0 before the first page
	sig    []uint64
	have   int
	option Option
	obsN   int
	obs    []Area
	obsSet []bool
	areas  [2]struct {
		n    [2]int // per team, -1 before the first page
		a    [2][]Area
		set  [2][]bool
		seen bool
	}
	scratch []byte
}

// Add takes one setup page: *Option, *Obstacle, *Spawn or *Goal (nil:
// ErrNil).
func (s *Assembler) Add(m Message) error {
	if isNil(m) {
		return ErrNil
	}
	if err := m.Validate(); err != nil {
		return err
	}
	var total, index uint16
	switch p := m.(type) {
	case *Option:
		total, index = p.TotalMsgs, 0
	case *Obstacle:
		total, index = p.TotalMsgs, p.Index
	case *Spawn:
		total, index = p.TotalMsgs, p.Index
	case *Goal:
		total, index = p.TotalMsgs, p.Index
	default:
		return m.Form().Err("", wire.ErrInvalid)
	}
	if s.total == 0 {
		s.total = int(total)
		s.sig = make([]uint64, total)
	} else if int(total) != s.total {
		return ErrPageConflict
	}
	// the page's signature: its bytes after the message id
	b, err := m.AppendBinary(s.scratch[:0])
	if err != nil {
		return err
	}
	s.scratch = b
	h := fnv.New64a()
	h.Write(b[:1])
	h.Write(b[3:])
	sig := h.Sum64() | 1 // never 0, which marks a missing page
	if old := s.sig[index]; old != 0 {
		if old != sig {
			return ErrPageConflict
		}
		return nil // the same page again
	}
	switch p := m.(type) {
	case *Option:
		s.option = *p
		s.option.ID = 0
	case *Obstacle:
		if err := s.addObstacles(p); err != nil {
			return err
		}
	case *Spawn:
		if err := s.addSets(0, p.RedTotal, p.BlueTotal, p.Sets); err != nil {
			return err
		}
	case *Goal:
		if err := s.addSets(1, p.RedTotal, p.BlueTotal, p.Sets); err != nil {
			return err
		}
	}
	s.sig[index] = sig
	s.have++
	return nil
}

func (s *Assembler) addObstacles(p *Obstacle) error {
	if s.obs == nil {
		s.obsN = int(p.Total)
		s.obs = make([]Area, p.Total)
		s.obsSet = make([]bool, p.Total)
	} else if int(p.Total) != s.obsN {
		return ErrPageConflict
	}
	for i, a := range p.Obstacles {
		j := int(p.First) + i
		if s.obsSet[j] && s.obs[j] != a {
			return ErrPageConflict
		}
	}
	for i, a := range p.Obstacles {
		j := int(p.First) + i
		s.obs[j], s.obsSet[j] = a, true
	}
	return nil
}

func (s *Assembler) addSets(kind int, red, blue uint8, sets []AreaSet) error {
	k := &s.areas[kind]
	if !k.seen {
		k.seen = true
		k.n = [2]int{int(red), int(blue)}
		for t := range k.a {
			k.a[t] = make([]Area, k.n[t])
			k.set[t] = make([]bool, k.n[t])
		}
	} else if k.n != [2]int{int(red), int(blue)} {
		return ErrPageConflict
	}
	for _, st := range sets {
		t := int(st.Team)
		for i, a := range st.Areas {
			j := int(st.First) + i
			if k.set[t][j] && k.a[t][j] != a {
				return ErrPageConflict
			}
		}
	}
	for _, st := range sets {
		t := int(st.Team)
		for i, a := range st.Areas {
			j := int(st.First) + i
			k.a[t][j], k.set[t][j] = a, true
		}
	}
	return nil
}

// Total returns totalMsgs as the pages declare it (0 before the first).
func (s *Assembler) Total() int { return s.total }

// Done reports whether every page has arrived.
func (s *Assembler) Done() bool { return s.total > 0 && s.have == s.total }

// Missing appends to dst the indices of the pages not yet received (all
// of them unknown, and nil returned, before the first page).
func (s *Assembler) Missing(dst []uint16) []uint16 {
	for i, v := range s.sig {
		if v == 0 {
			dst = append(dst, uint16(i))
		}
	}
	return dst
}

// Battlefield returns the assembled battlefield: ErrIncomplete before
// every page has arrived, ErrPageConflict when the pages, all there, do
// not describe every obstacle and area their totals announce.
func (s *Assembler) Battlefield() (*Battlefield, error) {
	if !s.Done() {
		return nil, ErrIncomplete
	}
	for _, ok := range s.obsSet {
		if !ok {
			return nil, ErrPageConflict
		}
	}
	bf := &Battlefield{Flags: s.option.Flags, Duration: s.option.Duration, RedScore: s.option.RedScore,
		BlueScore: s.option.BlueScore, WinScore: s.option.WinScore, Width: s.option.Width, Height: s.option.Height,
		Obstacles: append([]Area(nil), s.obs...)}
	for kind, ta := range []*TeamAreas{&bf.Spawns, &bf.Goals} {
		k := &s.areas[kind]
		for t := 0; t < 2; t++ {
			for _, ok := range k.set[t] {
				if !ok {
					return nil, ErrPageConflict
				}
			}
			*ta.of(Team(t)) = append([]Area(nil), k.a[t]...)
		}
	}
	return bf, nil
}
