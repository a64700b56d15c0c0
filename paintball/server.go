package paintball

import (
	"errors"
	"math"
	"net/netip"
	"slices"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// Both sides meet the session contract.
var (
	_ session.Framed = (*Client)(nil)
	_ session.Server = (*Server)(nil)
)

// Player is what a Server knows of one connection: a copy, read with
// Server.Players or Server.Player.
type Player struct {
	// Peer is the player's connection.
	Peer netip.AddrPort
	// Username is the name of the player's Login, empty before it.
	Username string
	// Team is the team the server assigned at Login (0 to Teams-1), or -1
	// before it. Teams never travel (docs/errata/paintball.md, 16).
	Team int
	// ID is the id of the player's object, 0 before Login. The player is
	// never told it (errata, 14).
	ID int32
}

// LoggedIn reports whether the player has sent its Login.
func (p Player) LoggedIn() bool { return p.ID != 0 }

// peer is one connection as the server keeps it.
type peer struct {
	addr     netip.AddrPort
	name     string
	team     int
	obj      *object // nil before Login
	shooting ShootingState
	lastShot time.Time
	kicked   bool
}

func (p *peer) player() Player {
	pl := Player{Peer: p.addr, Username: p.name, Team: p.team}
	if p.obj != nil {
		pl.ID = p.obj.u.ObjectID
	}
	return pl
}

func (p *peer) state() string {
	if p.obj == nil {
		return "new"
	}
	return "playing"
}

// object is one object of the game as the server keeps it.
type object struct {
	u         Update  // what the clients are told
	x, y      float64 // the exact position, moved by advance
	deadDumps int     // periodic dumps that have carried it dead
}

// The Server's defaults, taken by a field left zero.
const (
	defaultSize           = 1000
	defaultTeams          = 2
	defaultPaintballSpeed = 300
	defaultFireInterval   = 250 * time.Millisecond
	defaultDumpInterval   = 2 * time.Second
	defaultKeepDead       = 2
)

// Server is the server side of Paintball: a session.Server that a
// session.Listener drives over the TCP connections it accepts (or a test,
// by hand). Its peers are named by their connection's address. It does
// no I/O, reads no clock and starts no goroutines; it is not safe for
// concurrent use (call it between the driver's Polls).
//
// It runs the flow of the spec's "Protocol" section: a Login registers the
// player, assigns a team, creates its object and tells the other players
// (a Login with the name) and everyone (an Update of the new object);
// requests change the player's velocity, facing and shooting, and every
// change goes to every player as an Update; a Game Dump Request is
// answered with one Update per object; at its deadlines it moves objects,
// fires automatic paintballs and sends the periodic dump. A closed
// connection kills the player's object (the spec has no packet for
// leaving: errata, 15). What the spec leaves open (units, field, speeds,
// rates) is set by the fields below, each taking its default when zero
// (docs/errata/paintball.md, 13 and 19). The zero Server works: its
// clock starts at the first call that brings the time.
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
	// player (2 s); a negative one sends none.
	DumpInterval time.Duration
	// KeepDead is how many periodic dumps carry a dead object before the
	// server forgets it (2).
	KeepDead int
	// GreetNewcomers sends a new player a Login for each player already
	// there, which the spec does not do (false).
	GreetNewcomers bool
	// Lax lets Handle take requests that break the spec's rules, and Send
	// queue them (a fuzzer's server); a packet of the wrong direction or
	// out of sequence is still refused by Handle.
	Lax bool

	peers    map[netip.AddrPort]*peer
	order    []*peer   // the connected peers, in the order they connected
	objects  []*object // in increasing id order
	nextID   int32
	last     time.Time // the time objects were last moved to; zero: not started
	lastDump time.Time
	dec      session.UnitDecoder
	out      outbox
	events   events
	hangups  []netip.AddrPort

	// The packets the server fills and sends, reused.
	upd   Update
	login Login
}

// NewServer returns a Server with the defaults above, whose clock starts
// at now.
func NewServer(now time.Time) *Server {
	s := &Server{
		Width: defaultSize, Height: defaultSize, Teams: defaultTeams, PaintballSpeed: defaultPaintballSpeed,
		FireInterval: defaultFireInterval, DumpInterval: defaultDumpInterval, KeepDead: defaultKeepDead,
	}
	s.start(now)
	return s
}

// start starts the clock at now, the first time.
func (s *Server) start(now time.Time) {
	if s.last.IsZero() {
		s.last, s.lastDump = now, now
	}
	if s.peers == nil {
		s.peers = map[netip.AddrPort]*peer{}
	}
}

func orDefault[T int | int32 | float64 | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

func (s *Server) field() (w, h float64) {
	return float64(orDefault(s.Width, defaultSize) - 1), float64(orDefault(s.Height, defaultSize) - 1)
}

// Event removes and returns the oldest event; false when there is none.
func (s *Server) Event() (Event, bool) { return s.events.pop() }

// Framing returns the table and FromClient: the server reads the
// clients' packets.
func (s *Server) Framing() (*spec.Table, wire.Direction) { return table, FromClient }

// Connected adds a connection. Nothing is sent to it until its Login. A
// peer already connected, or the zero AddrPort, is refused.
func (s *Server) Connected(now time.Time, addr netip.AddrPort) error {
	s.start(now)
	if !addr.IsValid() {
		return errors.New("paintball: a peer with no address")
	}
	if s.peers[addr] != nil {
		return errors.New("paintball: " + addr.String() + " is connected already")
	}
	p := &peer{addr: addr, team: -1}
	s.peers[addr] = p
	s.order = append(s.order, p)
	return nil
}

// Disconnected handles a closed connection: the player's object is
// marked dead and everyone left is told (the spec has no packet for
// leaving: errata, 15), EventPlayerLeft reports it, and the player is
// forgotten.
func (s *Server) Disconnected(now time.Time, addr netip.AddrPort) {
	p := s.peers[addr]
	if p == nil {
		return
	}
	s.start(now)
	s.advance(now)
	delete(s.peers, addr)
	if i := slices.Index(s.order, p); i >= 0 {
		s.order = slices.Delete(s.order, i, i+1)
	}
	if p.obj != nil {
		s.kill(p.obj)
		s.events.push(Event{Kind: EventPlayerLeft, Peer: addr, ID: p.obj.u.ObjectID, Name: p.name})
	}
}

// Kick asks the driver to close a player's connection (Hangup): the spec
// has no packet for it. The player leaves as if it had closed it.
func (s *Server) Kick(addr netip.AddrPort) error {
	p := s.peers[addr]
	if p == nil {
		return errNoPeer(addr)
	}
	if !p.kicked {
		p.kicked = true
		s.hangups = append(s.hangups, addr)
	}
	return nil
}

// Hangup returns a peer whose connection the server wants closed (Kick).
func (s *Server) Hangup() (netip.AddrPort, bool) {
	if len(s.hangups) == 0 {
		return netip.AddrPort{}, false
	}
	a := s.hangups[0]
	s.hangups = append(s.hangups[:0], s.hangups[1:]...)
	return a, true
}

// Done reports false: a Paintball game has no end (errata, 18).
func (s *Server) Done() bool { return false }

func errNoPeer(addr netip.AddrPort) error {
	return errors.New("paintball: no player is connected from " + addr.String())
}

// Players returns the connected players, in the order they connected.
func (s *Server) Players() []Player {
	out := make([]Player, len(s.order))
	for i, p := range s.order {
		out[i] = p.player()
	}
	return out
}

// Player returns the player connected from addr.
func (s *Server) Player(addr netip.AddrPort) (Player, bool) {
	if p := s.peers[addr]; p != nil {
		return p.player(), true
	}
	return Player{}, false
}

// Objects returns every object the server keeps, dead ones not yet
// forgotten included, in increasing id order: what a dump sends. It
// allocates.
func (s *Server) Objects() []Update {
	out := make([]Update, len(s.objects))
	for i, o := range s.objects {
		out[i] = o.u
	}
	return out
}

// Send checks m and queues it for the player at to: every packet the
// server sends goes through queue, which checks it with wire.CheckSend
// (not nil, of this protocol, of the server's direction, valid unless
// Lax). A player that has not logged in is sent nothing (a
// *session.SequenceError) unless Lax. Send keeps no reference to m.
func (s *Server) Send(to netip.AddrPort, m Message) error {
	p := s.peers[to]
	if p == nil {
		return errNoPeer(to)
	}
	if err := wire.CheckSend(table, m, FromServer, s.Lax); err != nil {
		return err
	}
	if p.obj == nil && !s.Lax {
		return seqErr(m.Form().Name, p.state())
	}
	return s.queue(m, to, netip.AddrPort{})
}

// queue checks m and queues it for the peer to or, when to is the zero
// AddrPort, for every logged-in player but except.
func (s *Server) queue(m Message, to, except netip.AddrPort) error {
	if err := wire.CheckSend(table, m, FromServer, s.Lax); err != nil {
		return err
	}
	start, end, err := s.out.encode(m)
	if err != nil {
		return err
	}
	if to.IsValid() {
		s.out.add(to, start, end)
		return nil
	}
	for _, q := range s.order {
		if q.obj != nil && q.addr != except {
			s.out.add(q.addr, start, end)
		}
	}
	return nil
}

// Transmit appends the next packet to send to buf and returns it with
// its player; ok is false when none waits. Packets for a player who has
// gone are dropped.
func (s *Server) Transmit(now time.Time, buf []byte) (to netip.AddrPort, unit []byte, ok bool) {
	for {
		u, b, ok := s.out.next()
		if !ok {
			return netip.AddrPort{}, buf, false
		}
		if s.peers[u.to] == nil {
			continue
		}
		buf = append(buf, b...)
		s.out.reset()
		return u.to, buf, true
	}
}

// Handle decodes one packet from the player at from, at now, and applies
// it. It refuses, with an error and no other effect: a unit from a peer
// that is not connected, that does not decode or is not exactly one
// packet, a request that breaks a rule (its Validate error, unless Lax),
// and, with a *session.SequenceError wrapping ErrSequence, an Update (a
// server's packet), anything before Login and a second Login. The server
// stays up. Handle keeps no reference to unit.
func (s *Server) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	p := s.peers[from]
	if p == nil {
		return errNoPeer(from)
	}
	m, err := s.dec.Decode(table, unit, FromClient, s.Lax)
	if err != nil {
		return err
	}
	if _, raw := m.(*wire.Raw); raw {
		return wrongWay(m, "client", p.state())
	}
	_, login := m.(*Login)
	if login != (p.obj == nil) {
		return seqErr(m.Form().Name, p.state())
	}
	s.advance(now)
	switch m := m.(type) {
	case *Login:
		s.join(p, m)
	case *PlayerUpdateRequest:
		o := p.obj
		o.u.VelocityX, o.u.VelocityY, o.u.Facing = m.VelocityX, m.VelocityY, m.Facing
		s.changed(o)
	case *ShootUpdateRequest:
		p.shooting = m.ShootingState
		if m.ShootingState != ShootingStateNone {
			s.fire(p, now)
		}
		if p.shooting == ShootingStateSingle {
			p.shooting = ShootingStateNone
		}
	case *GameDumpRequest:
		s.dump(p.addr)
	}
	return nil
}

// join registers p: a team, an object, a Login to the others, an Update
// of the new object to everyone.
func (s *Server) join(p *peer, l *Login) {
	p.name = UTF(l.Username).String()
	p.team = s.smallestTeam()
	teams := orDefault(s.Teams, defaultTeams)
	w, h := s.field()
	x := (w + 1) * float64(p.team+1) / float64(teams+1)
	p.obj = s.newObject(ObjectTypePlayer, math.Trunc(x), math.Trunc((h+1)/2))
	s.login.Username = l.Username
	s.queue(&s.login, netip.AddrPort{}, p.addr)
	if s.GreetNewcomers {
		for _, q := range s.order {
			if q != p && q.obj != nil {
				s.login.Username, _ = MakeUTF(q.name) // came from a Login: it converts
				s.queue(&s.login, p.addr, netip.AddrPort{})
			}
		}
	}
	s.login.Username = nil
	s.changed(p.obj)
	s.events.push(Event{Kind: EventPlayerJoined, Peer: p.addr, ID: p.obj.u.ObjectID, Name: p.name, Team: p.team})
}

// changed tells every player the new state of o.
func (s *Server) changed(o *object) {
	s.upd = o.u
	s.queue(&s.upd, netip.AddrPort{}, netip.AddrPort{})
}

// kill marks o dead and tells everyone.
func (s *Server) kill(o *object) {
	o.u.PositionX, o.u.PositionY, o.u.VelocityX, o.u.VelocityY = -1, -1, 0, 0
	s.changed(o)
}

func (s *Server) newObject(t ObjectType, x, y float64) *object {
	if s.nextID == 0 {
		s.nextID = 1 // the zero Server's first, and after a wrap
	}
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

// Dump queues a complete game dump for the player at to: one Update per
// object, in increasing id order.
func (s *Server) Dump(to netip.AddrPort) error {
	if s.peers[to] == nil {
		return errNoPeer(to)
	}
	s.dump(to)
	return nil
}

func (s *Server) dump(to netip.AddrPort) {
	for _, o := range s.objects {
		s.upd = o.u
		s.queue(&s.upd, to, netip.AddrPort{})
	}
}

// smallestTeam returns the team with the fewest logged-in players, the
// lowest on a tie.
func (s *Server) smallestTeam() int {
	best, bestN := 0, math.MaxInt
	for t := range orDefault(s.Teams, defaultTeams) {
		n := 0
		for _, q := range s.order {
			if q.obj != nil && q.team == t {
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
func (s *Server) fire(p *peer, now time.Time) {
	if !p.lastShot.IsZero() && now.Sub(p.lastShot) < orDefault(s.FireInterval, defaultFireInterval) {
		return
	}
	p.lastShot = now
	po := p.obj
	b := s.newObject(ObjectTypePaintball, po.x, po.y)
	sin, cos := math.Sincos(po.u.Facing)
	speed := orDefault(s.PaintballSpeed, defaultPaintballSpeed)
	b.u.VelocityX = int32(math.Round(cos * speed))
	b.u.VelocityY = int32(math.Round(sin * speed))
	b.u.Facing = po.u.Facing
	s.changed(b)
}

// advance moves every live object to where its velocity (units per
// second) has taken it by now. A paintball that leaves the field dies; a
// player that reaches the edge stops there. Both are changes everyone is
// told of; plain movement is not (the periodic dump carries it).
func (s *Server) advance(now time.Time) {
	s.start(now)
	dt := now.Sub(s.last).Seconds()
	if dt <= 0 {
		return
	}
	s.last = now
	w, h := s.field()
	for _, o := range s.objects {
		if !moving(o) {
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

func moving(o *object) bool {
	return !o.u.Dead() && (o.u.VelocityX != 0 || o.u.VelocityY != 0)
}

// Deadline returns when the server next has work: the periodic dump, a
// player's next automatic shot, or the moment a moving object leaves the
// field (a paintball dies there, a player stops). The zero Time before
// the clock has started.
func (s *Server) Deadline() time.Time {
	if s.last.IsZero() {
		return time.Time{}
	}
	var d time.Time
	if every := orDefault(s.DumpInterval, defaultDumpInterval); s.DumpInterval >= 0 {
		d = s.lastDump.Add(every)
	}
	for _, p := range s.order {
		if p.obj != nil && p.shooting == ShootingStateAutomatic {
			d = earliest(d, p.lastShot.Add(orDefault(s.FireInterval, defaultFireInterval)))
		}
	}
	w, h := s.field()
	for _, o := range s.objects {
		if moving(o) {
			t := min(exit(o.x, float64(o.u.VelocityX), w), exit(o.y, float64(o.u.VelocityY), h))
			d = earliest(d, s.last.Add(time.Duration(t*float64(time.Second))+time.Millisecond))
		}
	}
	return d
}

// exit returns the seconds until a coordinate at x moving at v leaves
// [0, hi] (a day at most).
func exit(x, v, hi float64) float64 {
	t := 86400.0
	switch {
	case v > 0:
		t = (hi - x) / v
	case v < 0:
		t = x / -v
	}
	return min(max0(t), 86400)
}

func max0(t float64) float64 {
	if t < 0 || math.IsNaN(t) {
		return 0
	}
	return t
}

func earliest(d, t time.Time) time.Time {
	if d.IsZero() || t.Before(d) {
		return t
	}
	return d
}

// Tick runs the periodic work at now: it moves the objects, fires the
// paintballs of automatic fire, and every DumpInterval sends every
// player a complete game dump, after which dead objects that KeepDead
// dumps have carried are forgotten.
func (s *Server) Tick(now time.Time) {
	s.advance(now)
	for _, p := range s.order {
		if p.obj != nil && p.shooting == ShootingStateAutomatic {
			s.fire(p, now)
		}
	}
	every := orDefault(s.DumpInterval, defaultDumpInterval)
	if s.DumpInterval < 0 || now.Sub(s.lastDump) < every {
		return
	}
	s.lastDump = now
	for _, p := range s.order {
		if p.obj != nil {
			s.dump(p.addr)
		}
	}
	keep := orDefault(s.KeepDead, defaultKeepDead)
	kept := s.objects[:0]
	for _, o := range s.objects {
		if o.u.Dead() {
			if o.deadDumps++; o.deadDumps >= keep && !s.connected(o) {
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
	for _, p := range s.order {
		if p.obj == o {
			return true
		}
	}
	return false
}
