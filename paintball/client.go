package paintball

import (
	"math"
	"net/netip"
	"slices"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// ClientState is where a Client stands in the session.
type ClientState uint8

// Client states.
const (
	// ClientNew: connected, Login not sent yet.
	ClientNew ClientState = iota
	// ClientJoining: Login queued, no Update heard yet. The spec has no
	// reply to a Login, so the client may play already.
	ClientJoining
	// ClientPlaying: an Update came after the Login (EventJoined).
	ClientPlaying
	// ClientClosed: Leave was called; the session is Done once what was
	// queued is sent.
	ClientClosed
)

var clientStateNames = []string{"new", "joining", "playing", "closed"}

// String returns "new", "joining", "playing" or "closed".
func (s ClientState) String() string { return session.NameOr(clientStateNames, s, "invalid") }

// Client is the client side of a Paintball session: a session.Framed
// that a session.Conn drives over the TCP connection to the server (or a
// test, by hand). Call Join, then Move, Shoot and RequestDump as the
// player wishes, and Leave; read what happened with Event. It does no I/O,
// reads no clock and starts no goroutines; it is not safe for concurrent
// use (call it between the driver's Polls).
//
// What the client learns is kept in its Mirror (every object, by its last
// Update) and Players (the names of players who logged in after it). The
// spec tells a client neither its own object id nor its team
// (docs/errata/paintball.md, 14): Self guesses the id from evidence.
//
// The zero Client works: it joins with an empty username.
type Client struct {
	// Username is the name sent in the Login packet.
	Username UTF
	// DumpOnLogin makes Join ask for a game dump right away, so the
	// mirror need not wait for the server's periodic one (true from
	// NewClient).
	DumpOnLogin bool
	// Lax lets Send queue what breaks the spec's rules (Validate) or the
	// session's sequence, and Handle take what breaks the rules: for a
	// fuzzer. A nil message, another protocol's or a server's packet is
	// still refused.
	Lax bool

	state   ClientState
	out     outbox
	events  events
	dec     session.UnitDecoder
	mirror  Mirror
	players []string

	// The packets the actions fill and send, reused: an action allocates
	// nothing.
	login Login
	move  PlayerUpdateRequest
	shoot ShootUpdateRequest
	dump  GameDumpRequest

	asked    PlayerUpdateRequest // the last request, for Self
	hasAsked bool
	self     int32
	selfOK   bool
}

// NewClient returns a Client that will log in as username. A name that
// writeUTF cannot write (over 65535 bytes of modified UTF-8, or not UTF-8)
// fails with the error MakeUTF returns.
func NewClient(username string) (*Client, error) {
	u, err := MakeUTF(username)
	if err != nil {
		return nil, err
	}
	return &Client{Username: u, DumpOnLogin: true}, nil
}

// State returns where the session stands.
func (c *Client) State() ClientState { return c.state }

// Mirror returns the client's copy of the game state.
func (c *Client) Mirror() *Mirror { return &c.mirror }

// Players returns the usernames of the Login packets the server sent,
// in order: the players who logged in after this client (errata, 14).
func (c *Client) Players() []string { return slices.Clone(c.players) }

// Self returns the client's own object id once the evidence is
// unambiguous: after a Move, exactly one live player object took the
// velocity and facing asked for. The spec never tells a client its id
// (docs/errata/paintball.md, 14); a distinctive facing makes the guess
// quick and sure. EventSelf reports it once.
func (c *Client) Self() (id int32, ok bool) { return c.self, c.selfOK }

// Event removes and returns the oldest event; false when there is none.
func (c *Client) Event() (Event, bool) { return c.events.pop() }

// Framing returns the table and FromServer: the client reads the
// server's packets.
func (c *Client) Framing() (*spec.Table, wire.Direction) { return table, FromServer }

// Join queues the Login packet (and a Game Dump Request if DumpOnLogin):
// the handshake, which the spec answers with nothing. It is allowed once,
// in ClientNew.
func (c *Client) Join() error {
	if c.state != ClientNew {
		return seqErr("Join", c.state.String())
	}
	c.login.Username = c.Username
	if err := c.Send(&c.login); err != nil {
		return err
	}
	if c.DumpOnLogin {
		return c.Send(&c.dump)
	}
	return nil
}

// Move asks for a new velocity and facing (Player Update Request). facing
// is in radians and must be finite.
func (c *Client) Move(vx, vy int32, facing float64) error {
	c.move = PlayerUpdateRequest{VelocityX: vx, VelocityY: vy, Facing: facing}
	return c.Send(&c.move)
}

// Shoot asks for a shooting state (Shoot Update Request): a single shot,
// automatic fire, or none to stop automatic fire.
func (c *Client) Shoot(s ShootingState) error {
	c.shoot.ShootingState = s
	return c.Send(&c.shoot)
}

// RequestDump asks for a complete game dump (Game Dump Request).
func (c *Client) RequestDump() error { return c.Send(&c.dump) }

// Leave ends the session: the spec has no packet for leaving (errata,
// 15), so what was queued is sent, then the session is Done and its
// driver closes the connection, which the server sees as the player
// leaving. EventLeft reports it.
func (c *Client) Leave() error {
	if c.state == ClientClosed {
		return seqErr("Leave", c.state.String())
	}
	c.state = ClientClosed
	c.events.push(Event{Kind: EventLeft})
	return nil
}

// Send checks m and queues it: every action goes through it. m must be a
// Paintball packet a client sends (wire.CheckSend: not nil, of this
// protocol, of the client's direction, and valid), and the state must
// allow it: a Login in ClientNew only, a request after it, nothing after
// Leave (a *session.SequenceError wrapping ErrSequence). Lax skips
// Validate and the sequence, but not the end. Send keeps no reference to
// m: it is encoded at once.
func (c *Client) Send(m Message) error {
	if err := wire.CheckSend(table, m, FromClient, c.Lax); err != nil {
		return err
	}
	_, login := m.(*Login)
	if c.state == ClientClosed || !c.Lax && login != (c.state == ClientNew) {
		return seqErr(m.Form().Name, c.state.String())
	}
	start, end, err := c.out.encode(m)
	if err != nil {
		return err
	}
	c.out.add(netip.AddrPort{}, start, end)
	switch m := m.(type) {
	case *Login:
		if c.state == ClientNew {
			c.state = ClientJoining
		}
	case *PlayerUpdateRequest:
		c.asked, c.hasAsked = *m, true
	}
	return nil
}

// Transmit appends the next packet to send to buf; ok is false when none
// waits.
func (c *Client) Transmit(now time.Time, buf []byte) (to netip.AddrPort, unit []byte, ok bool) {
	_, b, ok := c.out.next()
	if !ok {
		return netip.AddrPort{}, buf, false
	}
	buf = append(buf, b...)
	c.out.reset()
	return netip.AddrPort{}, buf, true
}

// Deadline returns the zero Time: the client needs no timer (the spec
// has no keep-alive and no resend).
func (c *Client) Deadline() time.Time { return time.Time{} }

// Tick does nothing: the client has no deadline.
func (c *Client) Tick(now time.Time) {}

// Done reports whether the session is over: Leave was called and what
// was queued has been sent.
func (c *Client) Done() bool { return c.state == ClientClosed && c.out.len() == 0 }

// Handle decodes one packet from the server and applies it: a Login adds
// a name to Players (EventPlayerJoined), an Update goes to the Mirror
// (EventJoined for the first, EventPlayerLeft for a player object's
// death, EventSelf once Self is known). It refuses, with an error and no
// other effect, a unit that does not decode or is not exactly one packet,
// a packet that breaks the spec's rules (unless Lax), a client's packet
// (a *session.SequenceError naming it), and any packet before Join or
// after Leave. Handle keeps no reference to unit.
func (c *Client) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	m, err := c.dec.Decode(table, unit, FromServer, c.Lax)
	if err != nil {
		return err
	}
	if _, raw := m.(*wire.Raw); raw {
		return wrongWay(m, "server", c.state.String())
	}
	if c.state == ClientNew || c.state == ClientClosed {
		return seqErr(m.Form().Name, c.state.String())
	}
	switch m := m.(type) {
	case *Login:
		name := UTF(m.Username).String()
		c.players = append(c.players, name)
		c.events.push(Event{Kind: EventPlayerJoined, Name: name})
	case *Update:
		c.update(m)
	default:
		return wrongWay(m, "server", c.state.String())
	}
	return nil
}

// update applies u to the mirror and says what it means.
func (c *Client) update(u *Update) {
	old, known := c.mirror.Object(u.ObjectID)
	c.mirror.Apply(u)
	if c.state == ClientJoining {
		c.state = ClientPlaying
		c.events.push(Event{Kind: EventJoined})
	}
	if known && !old.Dead() && old.ObjectType == ObjectTypePlayer && u.Dead() {
		c.events.push(Event{Kind: EventPlayerLeft, ID: u.ObjectID})
	}
	if c.guessSelf(u) {
		c.events.push(Event{Kind: EventSelf, ID: c.self})
	}
}

// guessSelf settles Self when u is a player Update that answers our last
// Player Update Request and exactly one player object in the mirror has
// that velocity and facing, bit for bit; it reports whether it did now.
func (c *Client) guessSelf(u *Update) bool {
	if c.selfOK || !c.hasAsked || u.ObjectType != ObjectTypePlayer || !c.answers(u) {
		return false
	}
	n := 0
	for id := range c.mirror.objects {
		if o := c.mirror.objects[id]; o.ObjectType == ObjectTypePlayer && !o.Dead() && c.answers(&o) {
			n++
		}
	}
	if n == 1 {
		c.self, c.selfOK = u.ObjectID, true
	}
	return c.selfOK
}

func (c *Client) answers(u *Update) bool {
	return u.VelocityX == c.asked.VelocityX && u.VelocityY == c.asked.VelocityY &&
		math.Float64bits(u.Facing) == math.Float64bits(c.asked.Facing)
}

// wrongWay is the error of a packet that travels the other way: a
// request at a client, an Update at a server.
func wrongWay(m Message, by, state string) error {
	name := m.Form().Name
	if r, ok := m.(*wire.Raw); ok {
		name = Code(r.Code).String()
	}
	return seqErr(name+" (only the "+opposite(by)+" sends it) from the "+by, state)
}

func opposite(side string) string {
	if side == "server" {
		return "client"
	}
	return "server"
}
