package paintball

import (
	"math"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// Player is one connection of a Server. Drain what the server queued for
// it with Next and write it to the connection.
type Player struct {
	// Username is the name of the player's Login, empty before it.
	Username string
	// Team is the team the server assigned at Login (0 to Teams-1), or -1
	// before it. Teams never travel (docs/errata/paintball.md, 16).
	Team int
	// ID is the id of the player's object, 0 before Login. The player is
	// never told it (errata, 14).
	ID int32

	obj      *object
	shooting ShootingState
	lastShot time.Time
	gone     bool
	out      session.Queue[Message]
}

// Next returns the next packet to send to the player, or nil. A broadcast
// queues one packet for several players: treat it as read-only.
func (p *Player) Next() Message { return p.out.Next() }

// LoggedIn reports whether the player has sent its Login.
func (p *Player) LoggedIn() bool { return p.obj != nil }

// object is one object of the game as the server keeps it.
type object struct {
	u         Update  // what the clients are told
	x, y      float64 // the exact position, moved by Tick
	deadDumps int     // periodic dumps that have carried it dead
}

// Server is the server side of Paintball as a state machine the caller
// drives: Accept each connection, feed every packet from it to Handle,
// call Leave when it closes, call Tick regularly, and write what each
// Player's Next returns. It has no goroutines and reads no clock: every
// call that needs the time takes it.
//
// It runs the flow of the spec's "Protocol" section: a Login registers the
// player, assigns a team, creates its object and tells the other players
// (a Login with the name) and everyone (an Update of the new object);
// requests change the player's velocity, facing and shooting, and every
// change goes to every player as an Update; a Game Dump Request is
// answered with one Update per object; Tick moves objects, fires
// automatic paintballs and sends the periodic dump. What the spec leaves
// open (units, field, speeds, rates) is set by the fields below
// (docs/errata/paintball.md, 13 and 19).
type Server struct {
	// Width and Height bound the field: positions run from 0 to Width-1
	// and Height-1 (1000 x 1000).
	Width, Height int32
	// Teams is how many teams players are put in (2).
	Teams int
	// PaintballSpeed is a paintball's speed in units per second (300).
	PaintballSpeed float64
	// FireInterval is the least time between two shots of a player, single
	// or automatic (250 ms).
	FireInterval time.Duration
	// DumpInterval is the period of the complete game dump sent to every
	// player (2 s); 0 sends none.
	DumpInterval time.Duration
	// KeepDead is how many periodic dumps carry a dead object before the
	// server forgets it (2).
	KeepDead int
	// GreetNewcomers sends a new player a Login for each player already
	// there, which the spec does not do (false).
	GreetNewcomers bool

	players  []*Player
	objects  []*object // in increasing id order
	nextID   int32
	last     time.Time // the time objects were last moved to
	lastDump time.Time
}

// NewServer returns a Server with the defaults above, whose clock starts
// at now.
func NewServer(now time.Time) *Server {
	return &Server{
		Width: 1000, Height: 1000, Teams: 2, PaintballSpeed: 300,
		FireInterval: 250 * time.Millisecond, DumpInterval: 2 * time.Second, KeepDead: 2,
		nextID: 1, last: now, lastDump: now,
	}
}

// Players returns the connected players, in the order they connected.
func (s *Server) Players() []*Player { return s.players }

// Accept adds a new connection. Nothing is sent until its Login.
func (s *Server) Accept() *Player {
	p := &Player{Team: -1}
	s.players = append(s.players, p)
	return p
}

// Leave handles a closed connection: the player's object is marked dead
// and everyone left is told (the spec has no packet for leaving: errata,
// 15), and the player is forgotten.
func (s *Server) Leave(p *Player, now time.Time) {
	if p.gone {
		return
	}
	s.advance(now)
	p.gone = true
	p.out.Clear()
	for i, q := range s.players {
		if q == p {
			s.players = append(s.players[:i], s.players[i+1:]...)
			break
		}
	}
	if p.obj != nil {
		s.kill(p.obj)
	}
}

// broadcast queues m for every logged-in player but except.
func (s *Server) broadcast(m Message, except *Player) {
	for _, q := range s.players {
		if q != except && q.obj != nil {
			q.out.Push(m)
		}
	}
}

// changed tells every player the new state of o.
func (s *Server) changed(o *object) {
	u := o.u
	s.broadcast(&u, nil)
}

// kill marks o dead and tells everyone.
func (s *Server) kill(o *object) {
	o.u.PositionX, o.u.PositionY, o.u.VelocityX, o.u.VelocityY = -1, -1, 0, 0
	s.changed(o)
}

func (s *Server) newObject(t ObjectType, x, y float64) *object {
	o := &object{u: Update{ObjectType: t, ObjectID: s.nextID}, x: x, y: y}
	s.nextID++
	o.u.PositionX, o.u.PositionY = int32(x), int32(y)
	s.objects = append(s.objects, o)
	return o
}

// AddObstacle places an obstacle at (x, y), tells everyone, and returns
// its id.
func (s *Server) AddObstacle(x, y int32) int32 {
	o := s.newObject(ObjectTypeObstacle, float64(x), float64(y))
	s.changed(o)
	return o.u.ObjectID
}

// State returns every object the server keeps, dead ones not yet
// forgotten included, in increasing id order: what a dump sends. It
// allocates.
func (s *Server) State() []Update {
	out := make([]Update, len(s.objects))
	for i, o := range s.objects {
		out[i] = o.u
	}
	return out
}

// Dump queues a complete game dump for p: one Update per object, in
// increasing id order.
func (s *Server) Dump(p *Player) {
	for _, o := range s.objects {
		u := o.u
		p.out.Push(&u)
	}
}

func (p *Player) seqErr(what string) error {
	state := "playing"
	switch {
	case p.gone:
		state = "gone"
	case p.obj == nil:
		state = "new"
	}
	return seqErr(what, state)
}

// Handle processes one packet from p at time now. A packet the state
// does not allow (anything before Login, a second Login, a packet of the
// server's direction) fails with an error wrapping ErrSequence, and a
// request that breaks a rule with its Validate error; either is otherwise
// ignored. Handle keeps no reference to m.
func (s *Server) Handle(p *Player, m Message, now time.Time) error {
	if p.gone {
		return p.seqErr(m.Form().Name)
	}
	if l, ok := m.(*Login); ok {
		if p.obj != nil {
			return p.seqErr("Login")
		}
		s.advance(now)
		s.login(p, l)
		return nil
	}
	if p.obj == nil {
		return p.seqErr(m.Form().Name)
	}
	switch m := m.(type) {
	case *PlayerUpdateRequest:
		if err := m.Validate(); err != nil {
			return err
		}
		s.advance(now)
		o := p.obj
		o.u.VelocityX, o.u.VelocityY, o.u.Facing = m.VelocityX, m.VelocityY, m.Facing
		s.changed(o)
	case *ShootUpdateRequest:
		if err := m.Validate(); err != nil {
			return err
		}
		s.advance(now)
		p.shooting = m.ShootingState
		if m.ShootingState != ShootingStateNone {
			s.fire(p, now)
		}
		if p.shooting == ShootingStateSingle {
			p.shooting = ShootingStateNone
		}
	case *GameDumpRequest:
		s.advance(now)
		s.Dump(p)
	default:
		return p.seqErr(m.Form().Name)
	}
	return nil
}

// login registers p: a team, an object, a Login to the others, an Update
// of the new object to everyone.
func (s *Server) login(p *Player, l *Login) {
	p.Username = UTF(l.Username).String()
	p.Team = s.smallestTeam()
	teams := max(s.Teams, 1)
	x := float64(s.Width) * float64(p.Team+1) / float64(teams+1)
	p.obj = s.newObject(ObjectTypePlayer, math.Trunc(x), float64(s.Height/2))
	p.ID = p.obj.u.ObjectID
	s.broadcast(&Login{Username: append([]byte(nil), l.Username...)}, p)
	if s.GreetNewcomers {
		for _, q := range s.players {
			if q != p && q.obj != nil {
				u, _ := MakeUTF(q.Username) // came from a Login: it converts
				p.out.Push(&Login{Username: u})
			}
		}
	}
	s.changed(p.obj)
}

// smallestTeam returns the team with the fewest logged-in players, the
// lowest on a tie.
func (s *Server) smallestTeam() int {
	teams := max(s.Teams, 1)
	best, bestN := 0, math.MaxInt
	for t := 0; t < teams; t++ {
		n := 0
		for _, q := range s.players {
			if q.obj != nil && q.Team == t {
				n++
			}
		}
		if n < bestN {
			best, bestN = t, n
		}
	}
	return best
}

// fire shoots one paintball from p's position along its facing, unless p
// shot less than FireInterval ago.
func (s *Server) fire(p *Player, now time.Time) {
	if !p.lastShot.IsZero() && now.Sub(p.lastShot) < s.FireInterval {
		return
	}
	p.lastShot = now
	po := p.obj
	b := s.newObject(ObjectTypePaintball, po.x, po.y)
	sin, cos := math.Sincos(po.u.Facing)
	b.u.VelocityX = int32(math.Round(cos * s.PaintballSpeed))
	b.u.VelocityY = int32(math.Round(sin * s.PaintballSpeed))
	b.u.Facing = po.u.Facing
	s.changed(b)
}

// advance moves every live object to where its velocity (units per
// second) has taken it by now. A paintball that leaves the field dies; a
// player that reaches the edge stops there. Both are changes everyone is
// told of; plain movement is not (the periodic dump carries it).
func (s *Server) advance(now time.Time) {
	dt := now.Sub(s.last).Seconds()
	if dt <= 0 {
		return
	}
	s.last = now
	w, h := float64(s.Width-1), float64(s.Height-1)
	for _, o := range s.objects {
		if o.u.Dead() || (o.u.VelocityX == 0 && o.u.VelocityY == 0) {
			continue
		}
		o.x += float64(o.u.VelocityX) * dt
		o.y += float64(o.u.VelocityY) * dt
		out := o.x < 0 || o.y < 0 || o.x > w || o.y > h
		switch {
		case out && o.u.ObjectType == ObjectTypePaintball:
			s.kill(o)
			continue
		case out:
			o.x, o.y = min(max(o.x, 0), w), min(max(o.y, 0), h)
			o.u.VelocityX, o.u.VelocityY = 0, 0
			o.u.PositionX, o.u.PositionY = int32(o.x), int32(o.y)
			s.changed(o)
			continue
		}
		o.u.PositionX, o.u.PositionY = int32(o.x), int32(o.y)
	}
}

// Tick runs the periodic work at time now: it moves the objects, fires
// the paintballs of automatic fire, and every DumpInterval sends every
// player a complete game dump, after which dead objects that KeepDead
// dumps have carried are forgotten.
func (s *Server) Tick(now time.Time) {
	s.advance(now)
	for _, p := range s.players {
		if p.obj != nil && p.shooting == ShootingStateAutomatic {
			s.fire(p, now)
		}
	}
	if s.DumpInterval <= 0 || now.Sub(s.lastDump) < s.DumpInterval {
		return
	}
	s.lastDump = now
	for _, p := range s.players {
		if p.obj != nil {
			s.Dump(p)
		}
	}
	kept := s.objects[:0]
	for _, o := range s.objects {
		if o.u.Dead() {
			if o.deadDumps++; o.deadDumps >= s.KeepDead && !s.connected(o) {
				continue
			}
		}
		kept = append(kept, o)
	}
	clear(s.objects[len(kept):])
	s.objects = kept
}

// connected reports whether o is the object of a connected player.
func (s *Server) connected(o *object) bool {
	for _, p := range s.players {
		if p.obj == o {
			return true
		}
	}
	return false
}

var _ wire.Message = (*Update)(nil)
