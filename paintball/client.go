package paintball

import (
	"math"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// ClientState is where a Client stands in the session.
type ClientState uint8

// Client states.
const (
	// ClientNew: connected, Login not sent yet.
	ClientNew ClientState = iota
	// ClientPlaying: Login sent. The spec has no reply to a Login, so the
	// client is in the game as soon as it has sent it.
	ClientPlaying
	// ClientClosed: the session is over (Close).
	ClientClosed
)

var clientStateNames = []string{"new", "playing", "closed"}

// String returns "new", "playing" or "closed".
func (s ClientState) String() string { return session.NameOr(clientStateNames, s, "invalid") }

// Client is the client side of a Paintball session as a state machine the
// caller drives: call Login, then Move, Shoot and RequestDump as the
// player wishes; send what Next returns; feed every packet the server
// sends to Handle. It has no clock and starts no goroutines.
//
// What the client learns is kept in Mirror (every object, by its last
// Update) and Players (the names of players who logged in after it). The
// spec tells a client neither its own object id nor its team
// (docs/errata/paintball.md, 14): Self guesses the id from evidence.
type Client struct {
	// Username is the name sent in the Login packet.
	Username UTF
	// DumpOnLogin makes Login ask for a game dump right away, so the
	// mirror need not wait for the server's periodic one (true from
	// NewClient).
	DumpOnLogin bool
	// Mirror is the game state as the server's Updates describe it.
	Mirror Mirror
	// Players are the usernames of the Login packets the server sent, in
	// order.
	Players []string

	state ClientState
	out   session.Queue[Message]

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

// Next returns the next packet to send to the server, or nil.
func (c *Client) Next() Message { return c.out.Next() }

func (c *Client) send(m Message) { c.out.Push(m) }

func (c *Client) seqErr(what string) error { return seqErr(what, c.state.String()) }

// Login queues the Login packet (and a Game Dump Request if DumpOnLogin).
// It is allowed once.
func (c *Client) Login() error {
	if c.state != ClientNew {
		return c.seqErr("Login")
	}
	m := &Login{Username: c.Username}
	if _, err := m.AppendBinary(nil); err != nil {
		return err
	}
	c.send(m)
	c.state = ClientPlaying
	if c.DumpOnLogin {
		c.send(&GameDumpRequest{})
	}
	return nil
}

// play queues a request if the client has logged in and m is valid.
func (c *Client) play(m Message) error {
	if c.state != ClientPlaying {
		return c.seqErr(m.Form().Name)
	}
	return session.PushValid(&c.out, m)
}

// Move asks for a new velocity and facing (Player Update Request). facing
// is in radians and must be finite.
func (c *Client) Move(vx, vy int32, facing float64) error {
	m := &PlayerUpdateRequest{VelocityX: vx, VelocityY: vy, Facing: facing}
	if err := c.play(m); err != nil {
		return err
	}
	c.asked, c.hasAsked = *m, true
	return nil
}

// Shoot asks for a shooting state (Shoot Update Request): a single shot,
// automatic fire, or none to stop automatic fire.
func (c *Client) Shoot(s ShootingState) error {
	return c.play(&ShootUpdateRequest{ShootingState: s})
}

// RequestDump asks for a complete game dump (Game Dump Request).
func (c *Client) RequestDump() error { return c.play(&GameDumpRequest{}) }

// Close ends the session: the caller closes the connection; the spec has
// no packet for leaving (errata, 15).
func (c *Client) Close() {
	c.state = ClientClosed
	c.out.Clear()
}

// Handle processes one packet from the server: a Login adds a name to
// Players, an Update goes to Mirror. A packet the server does not send
// (a request, a raw frame of an undefined direction) and any packet
// before Login or after Close fail with an error wrapping ErrSequence and
// are otherwise ignored. Handle keeps no reference to m.
func (c *Client) Handle(m Message) error {
	if c.state != ClientPlaying {
		return c.seqErr(m.Form().Name)
	}
	switch m := m.(type) {
	case *Login:
		c.Players = append(c.Players, UTF(m.Username).String())
	case *Update:
		c.Mirror.Apply(m)
		c.guessSelf(m)
	default:
		return c.seqErr(m.Form().Name)
	}
	return nil
}

// guessSelf settles Self when u is a player Update that answers our last
// Player Update Request and exactly one player object in the mirror has
// that velocity and facing, bit for bit.
func (c *Client) guessSelf(u *Update) {
	if c.selfOK || !c.hasAsked || u.ObjectType != ObjectTypePlayer || !c.answers(u) {
		return
	}
	n := 0
	for _, o := range c.Mirror.objects {
		if o.ObjectType == ObjectTypePlayer && !o.Dead() && c.answers(&o) {
			n++
		}
	}
	if n == 1 {
		c.self, c.selfOK = u.ObjectID, true
	}
}

func (c *Client) answers(u *Update) bool {
	return u.VelocityX == c.asked.VelocityX && u.VelocityY == c.asked.VelocityY &&
		math.Float64bits(u.Facing) == math.Float64bits(c.asked.Facing)
}

// Self returns the client's own object id once the evidence is
// unambiguous: after a Move, exactly one live player object took the
// velocity and facing asked for. The spec never tells a client its id
// (docs/errata/paintball.md, 14); a distinctive facing makes the guess
// quick and sure.
func (c *Client) Self() (id int32, ok bool) { return c.self, c.selfOK }

var _ wire.Message = (*Login)(nil)
