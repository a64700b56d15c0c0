package tfighters

import (
	"errors"
	"time"

	"github.com/gamewire/gamewire/session"
)

// ClientState is where a Client stands in the session.
type ClientState uint8

// Client states, in the order the original server leads a client through
// them.
const (
	// ClientAwaitHi: connected, waiting for SMSG_HI.
	ClientAwaitHi ClientState = iota
	// ClientAwaitNick: CMSG_VERSION and CMSG_NICK sent, waiting for an
	// accepting SMSG_NICKREPLY (a rejection leaves the client here; send
	// another nick with SetNick).
	ClientAwaitNick
	// ClientLagCheck: registered; the server measures the lag with
	// SMSG_PING rounds until it sends SMSG_SPAWNREADY.
	ClientLagCheck
	// ClientSpawnReady: the server accepts CMSG_SPAWN (see Spawn).
	ClientSpawnReady
	// ClientSpawning: CMSG_SPAWN sent, waiting for our SMSG_SPAWN.
	ClientSpawning
	// ClientPlaying: spawned; moving, turning and shooting are allowed.
	ClientPlaying
	// ClientDead: killed; waiting for SMSG_SPAWNREADY.
	ClientDead
	// ClientClosed: kicked, or the session is over.
	ClientClosed
)

var clientStateNames = []string{
	"await-hi", "await-nick", "lag-check", "spawn-ready", "spawning", "playing", "dead", "closed",
}

// String returns the state's name, such as "lag-check".
func (s ClientState) String() string { return session.NameOr(clientStateNames, s, "invalid") }

// ErrSequence reports a message or a call that the session's state does
// not allow.
var ErrSequence = errors.New("tfighters: out of sequence")

// ErrBulletLimit is returned by Client.Shoot when MaxBullets-1 of the
// player's bullets may still be alive on the server: a CMSG_NEWBULLET then
// could find the original server's count of them at MaxBullets, which is
// the state in which it looks for the oldest bullet to replace and kicks
// the player ("Impossible #001") when its object list holds none
// (docs/errata/tfighters.md, erratum 28). Try again later.
var ErrBulletLimit = errors.New("tfighters: bullet held back: the original server may still count MaxBullets-1 of the player's bullets")

// Object is what a Client knows of a player, bot or bullet the server told
// it about.
type Object struct {
	ID        uint32     // the id in every message about the object
	Nick      string     // from SMSG_NEWUSER and SMSG_NICK
	Type      ObjectType // player, bot or bullet
	X, Y, Deg Dbl        // position and heading, as last reported
	Accel     int8       // -1, 0 or +1
	Turn      int8       // -4, -2, 0, +2 or +4
	Speed     Dbl        // speed, as last reported
	Frags     int16      // from SMSG_NEWUSER and SMSG_SPAWN, plus one per SMSG_KILL by it
	// Invincible is set by SMSG_INVINCIBLE and cleared when its time
	// runs out on the Client's Clock: the original server sends nothing
	// when it ends (server/ship.c clears its flag silently).
	Invincible bool
	// InvincibleUntil is when Invincible ends, on the Client's Clock
	// (the receipt of SMSG_INVINCIBLE plus its invincibility_t); zero
	// when not invincible.
	InvincibleUntil time.Time
	// Alive: announced (SMSG_NEWUSER: the original client sets dead = 0,
	// client/socket.cpp m_newuser) or spawned (SMSG_SPAWN), and not
	// killed (SMSG_KILL) since.
	Alive bool
}

// Client is the client side of a TFighters session as a state machine
// the caller drives: feed it every message the server sends with Handle,
// and send what Next returns, and call Tick once a frame (or as often as
// the game wants invincibility to end on time). Its clock is injected
// (Clock); it starts no goroutines.
//
// The flow, as the original server runs it: the server speaks first with
// SMSG_HI; the client answers CMSG_VERSION and CMSG_NICK; the server
// replies SMSG_NICKREPLY and, once the nick is accepted, SMSG_PING (to
// be answered with CMSG_PONG, which earns an SMSG_LAG) and the user list
// (SMSG_NEWUSER, each followed by SMSG_INVINCIBLE if the object is
// invincible); after the lag rounds comes SMSG_SPAWNREADY, and CMSG_SPAWN
// then brings SMSG_INVINCIBLE and SMSG_SPAWN for the player.
type Client struct {
	// MyVersion is sent in CMSG_VERSION (NewClient sets 1, the original
	// client's CLIENT_VERSION).
	MyVersion uint32
	// Nick is the nick the client asks for, or has once accepted.
	Nick []byte
	// Clock is the session's clock, read by Handle and Tick to time
	// invincibility (NewClient sets time.Now; nil means time.Now). Games
	// and tests inject their own.
	Clock func() time.Time

	state ClientState
	// ID is the id the server gave this connection in SMSG_HI.
	ID uint32
	// ServerVersion is the server's version from SMSG_HI.
	ServerVersion uint32
	// Lag is the last one-way lag the server reported (SMSG_LAG), in
	// milliseconds.
	Lag int32
	// NickProblem is the text of the last rejecting SMSG_NICKREPLY.
	NickProblem string
	// Reason is the text of the SMSG_KICK or SMSG_QUIT that closed the
	// session.
	Reason string
	// Objects holds what the server said about every object, by id.
	Objects map[uint32]*Object

	shots      [MaxBullets - 1]time.Time // when the last shots were sent, oldest first once full
	nshots     int                       // how many of shots are in use
	wantNick   []byte                    // the nick of the CMSG_NICK awaiting its reply
	out        session.Queue[Message]
	invincible int // how many Objects are Invincible, so that Tick skips the scan when none is
}

// NewClient returns a Client that will ask for nick.
func NewClient(nick string) *Client {
	return &Client{MyVersion: 1, Nick: []byte(nick), Clock: time.Now, Objects: map[uint32]*Object{}}
}

// now reads the Clock.
func (c *Client) now() time.Time {
	if c.Clock == nil {
		return time.Now()
	}
	return c.Clock()
}

// Tick ends the invincibility of every object whose time has run out on
// the Clock, as the original client does once a frame (client/ship.cpp
// moveships). Handle does the same before each message.
func (c *Client) Tick() { c.expire(c.now()) }

// expire clears Invincible on the objects whose InvincibleUntil is before
// now.
func (c *Client) expire(now time.Time) {
	if c.invincible == 0 {
		return
	}
	for _, o := range c.Objects {
		if o.Invincible && now.After(o.InvincibleUntil) {
			c.setInvincible(o, false, time.Time{})
		}
	}
}

// setInvincible sets o's invincibility, keeping the count Tick reads.
func (c *Client) setInvincible(o *Object, on bool, until time.Time) {
	if o.Invincible != on {
		if on {
			c.invincible++
		} else {
			c.invincible--
		}
	}
	o.Invincible, o.InvincibleUntil = on, until
}

// forget deletes an object, keeping the invincible count.
func (c *Client) forget(id uint32) {
	if o := c.Objects[id]; o != nil {
		c.setInvincible(o, false, time.Time{})
		delete(c.Objects, id)
	}
}

// State returns where the session stands.
func (c *Client) State() ClientState { return c.state }

// Next returns the next message to send to the server, or nil.
func (c *Client) Next() Message { return c.out.Next() }

func (c *Client) send(m Message) { c.out.Push(m) }

// seqErr is an ErrSequence with its place: what came, in which state.
func (c *Client) seqErr(what string) error {
	return &session.SequenceError{Protocol: proto, What: what, State: c.state.String(), Err: ErrSequence}
}

// object returns the Object for id, creating it (and, in a Client that
// NewClient did not make, the map) if needed.
func (c *Client) object(id uint32) *Object {
	o := c.Objects[id]
	if o == nil {
		if c.Objects == nil {
			c.Objects = map[uint32]*Object{}
		}
		o = &Object{ID: id}
		c.Objects[id] = o
	}
	return o
}

// Handle processes one message from the server: it updates the state and
// the objects and queues any answer. Messages of the wrong direction and
// messages the state does not allow fail with an error wrapping
// ErrSequence (the message is otherwise ignored). Handle keeps no
// reference to m.
func (c *Client) Handle(m Message) error {
	code := CodeOf(m)
	if code.From() != FromServer {
		return c.seqErr(code.String())
	}
	if c.state == ClientClosed {
		return c.seqErr(code.String())
	}
	now := c.now()
	c.expire(now)
	if c.state == ClientAwaitHi {
		if _, ok := m.(*Hi); !ok {
			return c.seqErr(code.String())
		}
	}
	switch m := m.(type) {
	case *Hi:
		if c.state != ClientAwaitHi {
			return c.seqErr("SMSG_HI")
		}
		c.ServerVersion, c.ID = m.MyVersion, m.UWID
		c.send(&Version{MyVersion: c.MyVersion})
		c.state = ClientAwaitNick
		return c.SetNick(string(c.Nick))
	case *NickReply:
		if c.wantNick == nil {
			return c.seqErr("SMSG_NICKREPLY")
		}
		if m.GoodOrBad != NickResultOK {
			c.NickProblem = string(m.Text)
			c.wantNick = nil
			return nil
		}
		c.Nick, c.wantNick, c.NickProblem = c.wantNick, nil, ""
		if c.state == ClientAwaitNick {
			c.state = ClientLagCheck
		}
	case *Ping:
		c.send(&Pong{ServerTime: m.Time})
	case *Lag:
		c.Lag = m.Diff
	case *SpawnReady:
		switch c.state {
		case ClientLagCheck, ClientDead, ClientSpawnReady:
			c.state = ClientSpawnReady
		default:
			return c.seqErr("SMSG_SPAWNREADY")
		}
	case *NewUser:
		o := c.object(m.ID)
		o.Nick, o.Type, o.Alive = string(m.Nick), m.Type, true
		o.X, o.Y, o.Deg, o.Accel, o.Turn, o.Speed, o.Frags = m.X, m.Y, m.Deg, m.Accel, m.Turn, m.Speed, m.Frags
	case *ServerSpawn:
		o := c.object(m.ID)
		o.Type, o.Alive = m.Type, true
		o.X, o.Y, o.Deg, o.Accel, o.Turn, o.Speed, o.Frags = m.X, m.Y, m.Deg, m.Accel, m.Turn, m.Speed, m.Frags
		if m.ID == c.ID {
			c.state = ClientPlaying
		}
	case *ServerAccel:
		o := c.object(m.ID)
		o.X, o.Y, o.Accel, o.Speed = m.X, m.Y, m.Accel, m.Speed
	case *ServerTurn:
		o := c.object(m.ID)
		o.X, o.Y, o.Turn, o.Deg = m.X, m.Y, m.Turn, m.Deg
	case *Invincible:
		// invincibility_t is the time left in milliseconds; the original
		// server computes it unsigned (server/player.c:249), so a time
		// that had already run out arrives wrapped around: above
		// MaxInt32 it counts as over.
		o := c.object(m.ID)
		if m.YesNo != 0 && m.InvincibilityT <= 1<<31-1 {
			c.setInvincible(o, true, now.Add(time.Duration(m.InvincibilityT)*time.Millisecond))
		} else {
			c.setInvincible(o, false, time.Time{})
		}
	case *Kill:
		c.object(m.VictimID).Alive = false
		if o := c.Objects[m.EvilID]; o != nil {
			o.Frags++
		}
		if m.VictimID == c.ID && c.state == ClientPlaying {
			c.state = ClientDead
		}
	case *ServerNick:
		c.object(m.ID).Nick = string(m.NewNick)
	case *DelObj:
		c.forget(m.ID)
	case *Quit:
		c.gone(m.ID, m.Text)
	case *Kick:
		c.gone(m.ID, m.Text)
	}
	return nil
}

// gone removes a player that quit or was kicked; if it is us, the session
// is over.
func (c *Client) gone(id uint32, reason []byte) {
	c.forget(id)
	if id == c.ID {
		c.state, c.Reason = ClientClosed, string(reason)
		c.out.Clear()
	}
}

// SetNick asks for a (new) nick with CMSG_NICK. Before the first nick is
// accepted, the session waits for the reply.
func (c *Client) SetNick(nick string) error {
	if c.state == ClientAwaitHi || c.state == ClientClosed {
		return c.seqErr("CMSG_NICK")
	}
	m := &ClientNick{Nick: []byte(nick)}
	if err := m.Validate(); err != nil {
		return err
	}
	c.wantNick = []byte(nick)
	c.send(m)
	return nil
}

// registered reports whether the server has finished the lag checks, so
// that it accepts chat and commands.
func (c *Client) registered() bool {
	return c.state >= ClientSpawnReady && c.state != ClientClosed
}

// Spawn asks to (re)spawn with CMSG_SPAWN; the state must be
// ClientSpawnReady.
func (c *Client) Spawn() error {
	if c.state != ClientSpawnReady {
		return c.seqErr("CMSG_SPAWN")
	}
	c.send(&ClientSpawn{})
	c.state = ClientSpawning
	return nil
}

// play queues m if the player is spawned and m is valid.
func (c *Client) play(m Message) error {
	if c.state != ClientPlaying {
		return c.seqErr(m.Form().Name)
	}
	return session.PushValid(&c.out, m)
}

// Accel sends an acceleration update (CMSG_ACCEL).
func (c *Client) Accel(x, y Dbl, accel int8, speed Dbl) error {
	return c.play(&ClientAccel{X: x, Y: y, Accel: accel, Speed: speed})
}

// Turn sends a direction update (CMSG_TURN).
func (c *Client) Turn(x, y Dbl, turn int8, deg Dbl) error {
	return c.play(&ClientTurn{X: x, Y: y, Turn: turn, Deg: deg})
}

// Shoot fires a bullet (CMSG_NEWBULLET). It holds the shot back with
// ErrBulletLimit while MaxBullets-1 bullets sent by this Client may still
// be alive on the server (BulletHold plus twice Lag, on the Clock): the
// original server keeps a count of a player's bullets apart from its
// objects, and a CMSG_NEWBULLET that finds the count at MaxBullets makes
// it look for the oldest bullet to remove, and kick the player if the
// count and the objects disagree (erratum 28). With at most MaxBullets-1
// bullets alive, that branch never runs. Bullets also end early on the
// server (a wall, a ship); the Client does not see that, so it may hold a
// shot the server would have taken.
func (c *Client) Shoot(x, y, deg Dbl) error {
	if c.state != ClientPlaying {
		return c.seqErr("CMSG_NEWBULLET")
	}
	now := c.now()
	if c.nshots == len(c.shots) {
		hold := BulletHold + 2*time.Duration(max(c.Lag, 0))*time.Millisecond
		if now.Sub(c.shots[0]) < hold {
			return ErrBulletLimit
		}
	}
	if err := c.play(&ClientNewBullet{X: x, Y: y, Deg: deg}); err != nil {
		return err
	}
	if c.nshots == len(c.shots) {
		copy(c.shots[:], c.shots[1:])
		c.nshots--
	}
	c.shots[c.nshots] = now
	c.nshots++
	return nil
}

// chat queues m if the server accepts chat in the current state.
func (c *Client) chat(m Message) error {
	if !c.registered() {
		return c.seqErr(m.Form().Name)
	}
	return session.PushValid(&c.out, m)
}

// Say sends a chat line (CMSG_SAY).
func (c *Client) Say(text string) error { return c.chat(&ClientSay{Text: []byte(text)}) }

// TeamSay sends a team chat line (CMSG_TEAMSAY); the original server
// ignores it.
func (c *Client) TeamSay(text string) error { return c.chat(&ClientTeamSay{Text: []byte(text)}) }

// Command sends a command such as "addbot" (CMSG_CMD); the original
// server ignores it.
func (c *Client) Command(text string) error { return c.chat(&Cmd{Text: []byte(text)}) }
