package tfighters

import (
	"errors"
	"net/netip"
	"slices"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// ClientState is where a Client stands in the session.
type ClientState uint8

// Client states, in the order the original server leads a client through
// them.
const (
	// ClientAwaitHi: connected, waiting for SMSG_HI.
	ClientAwaitHi ClientState = iota
	// ClientAwaitNick: CMSG_VERSION and CMSG_NICK sent, waiting for an
	// accepting SMSG_NICKREPLY (a rejection leaves the client here; ask
	// for another nick with SetNick).
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
	// ClientClosed: kicked, or left (Leave): the session is over.
	ClientClosed
)

var clientStateNames = []string{
	"await-hi", "await-nick", "lag-check", "spawn-ready", "spawning", "playing", "dead", "closed",
}

// String returns the state's name, such as "lag-check".
func (s ClientState) String() string { return session.NameOr(clientStateNames, s, "invalid") }

// ErrSequence reports a message or a call that the session's state does
// not allow (in a *session.SequenceError).
var ErrSequence = errors.New("tfighters: out of sequence")

// ErrBulletLimit is returned by Client.Shoot when MaxBullets-1 of the
// player's bullets may still be alive on the server: a CMSG_NEWBULLET then
// could find the original server's count of them at MaxBullets, which is
// the state in which it looks for the oldest bullet to replace and kicks
// the player ("Impossible #001") when its object list holds none
// (docs/errata/tfighters.md, erratum 28). Try again later.
var ErrBulletLimit = errors.New("tfighters: bullet held back: the original server may still count MaxBullets-1 of the player's bullets")

// Object is what a Client knows of a player or bot the server told it
// about.
type Object struct {
	ID        uint32     // the id in every message about the object
	Nick      string     // from SMSG_NEWUSER and SMSG_NICK
	Type      ObjectType // player, bot or bullet
	X, Y, Deg Dbl        // position and heading, as last reported
	Accel     int8       // -1, 0 or +1
	Turn      int8       // -4, -2, 0, +2 or +4
	Speed     Dbl        // speed, as last reported
	Frags     int16      // from SMSG_NEWUSER and SMSG_SPAWN, plus one per SMSG_KILL by it
	// Invincible is set by SMSG_INVINCIBLE and cleared when its time runs
	// out (a Handle or Tick at a later time): the original server sends
	// nothing when it ends (server/ship.c clears its flag silently).
	Invincible bool
	// InvincibleUntil is when Invincible ends: the time of the Handle that
	// took SMSG_INVINCIBLE plus its invincibility_t; zero when not
	// invincible.
	InvincibleUntil time.Time
	// Alive: announced (SMSG_NEWUSER: the original client sets dead = 0,
	// client/socket.cpp m_newuser) or spawned (SMSG_SPAWN), and not
	// killed (SMSG_KILL) since.
	Alive bool
}

// Client is the client side of a TFighters session: a session.Framed
// that does no I/O. A session.Conn drives it over the TCP connection to
// the server (or a test, by hand): Handle takes each frame the server
// sends, Transmit gives the frames to send, Tick ends invincibility on
// time (the original server never announces its end), and Done reports
// the end. What happened is read with Event; the game acts with SetNick,
// Spawn, Accel, Turn, Shoot, Say and Leave, each checked and queued
// through Send.
//
// The flow, as the original server runs it: the server speaks first with
// SMSG_HI; the client answers CMSG_VERSION and CMSG_NICK; the server
// replies SMSG_NICKREPLY (EventJoined, or EventNickRejected) and, once the
// nick is accepted, SMSG_PING (answered with CMSG_PONG, which earns an
// SMSG_LAG) and the user list (SMSG_NEWUSER, EventPlayerJoined for the
// others, each followed by SMSG_INVINCIBLE if the object is invincible);
// after the lag rounds comes SMSG_SPAWNREADY (EventSpawnReady), and Spawn
// then brings SMSG_INVINCIBLE and SMSG_SPAWN for the player
// (EventSpawned, ClientPlaying).
//
// The zero Client works: it asks for no nick until SetNick gives it one,
// and sends version 1.
type Client struct {
	// MyVersion is sent in CMSG_VERSION (0: 1, the original client's
	// CLIENT_VERSION).
	MyVersion uint32
	// Lax lets Send queue what breaks the spec's rules (Validate) or the
	// session's sequence, and Handle take what breaks the rules from the
	// server: for a fuzzer. Messages of the server's direction, nil and
	// other protocols' messages are refused all the same.
	Lax bool

	state         ClientState
	nick          []byte // the nick asked for (before SMSG_HI) or accepted
	id            uint32
	serverVersion uint32
	lag           int32
	nickProblem   string
	reason        string
	objects       map[uint32]*Object
	invincible    int  // how many objects are Invincible, so that Tick and Deadline skip the scan when none is
	versionSent   bool // CMSG_VERSION is queued
	awaitingReply bool // a CMSG_NICK is waiting for its SMSG_NICKREPLY
	wantNick      []byte

	shots  [MaxBullets - 1]time.Time // when the last shots were sent, oldest first once full
	nshots int                       // how many of shots are in use

	dec    *wire.Decoder
	out    outbox
	events events
	m      clientMessages
}

// clientMessages are the values a Client's actions fill and queue: Send
// encodes them at once, so one of each is enough, and an action
// allocates nothing.
type clientMessages struct {
	version Version
	nick    ClientNick
	pong    Pong
	spawn   ClientSpawn
	accel   ClientAccel
	turn    ClientTurn
	bullet  ClientNewBullet
	say     ClientSay
	teamSay ClientTeamSay
	cmd     Cmd
}

// NewClient returns a Client that will ask for nick (see SetNick).
func NewClient(nick string) *Client {
	return &Client{MyVersion: 1, nick: []byte(nick), objects: map[uint32]*Object{}}
}

// Framing returns the table and FromServer: a Client's units are the
// frames the server sends.
func (c *Client) Framing() (*spec.Table, wire.Direction) { return table, FromServer }

// State returns where the session stands.
func (c *Client) State() ClientState { return c.state }

// ID returns the id the server gave this connection in SMSG_HI.
func (c *Client) ID() uint32 { return c.id }

// Nick returns the nick the client asks for, or has once accepted.
func (c *Client) Nick() string { return string(c.nick) }

// ServerVersion returns the server's version from SMSG_HI.
func (c *Client) ServerVersion() uint32 { return c.serverVersion }

// Lag returns the last one-way lag the server reported (SMSG_LAG), in
// milliseconds.
func (c *Client) Lag() int32 { return c.lag }

// NickProblem returns the text of the last rejecting SMSG_NICKREPLY, or
// "" once a nick is accepted.
func (c *Client) NickProblem() string { return c.nickProblem }

// Reason returns the text of the SMSG_KICK or SMSG_QUIT that closed the
// session, or "".
func (c *Client) Reason() string { return c.reason }

// Object returns what the server said about the object id (read-only),
// or nil.
func (c *Client) Object(id uint32) *Object { return c.objects[id] }

// Objects returns every object the Client knows of (read-only), by id.
func (c *Client) Objects() []*Object {
	out := make([]*Object, 0, len(c.objects))
	for _, o := range c.objects {
		out = append(out, o)
	}
	slices.SortFunc(out, func(a, b *Object) int { return int(int64(a.ID) - int64(b.ID)) })
	return out
}

// Event returns the oldest event not yet read, and false when there is
// none. Past 1024 unread events, the oldest are dropped.
func (c *Client) Event() (Event, bool) { return c.events.pop() }

// Done reports whether the session has ended (kicked, or Leave) and
// everything queued has been transmitted.
func (c *Client) Done() bool { return c.state == ClientClosed && c.out.empty() }

// Transmit appends the next frame to send to the server to buf; ok is
// false when there is none. It allocates nothing once its buffers have
// grown.
func (c *Client) Transmit(now time.Time, buf []byte) (to netip.AddrPort, unit []byte, ok bool) {
	unit, ok = c.out.next(buf)
	return netip.AddrPort{}, unit, ok
}

// Deadline returns when the next object's invincibility runs out (Tick
// then clears it), or the zero Time when no object is invincible.
func (c *Client) Deadline() time.Time {
	if c.invincible == 0 || c.state == ClientClosed {
		return time.Time{}
	}
	var d time.Time
	for _, o := range c.objects {
		if o.Invincible && (d.IsZero() || o.InvincibleUntil.Before(d)) {
			d = o.InvincibleUntil
		}
	}
	return d.Add(time.Nanosecond) // the object is invincible until then, included
}

// Tick ends the invincibility of every object whose time has run out at
// now, as the original client does once a frame (client/ship.cpp
// moveships). Handle does the same before each frame.
func (c *Client) Tick(now time.Time) { c.expire(now) }

// expire clears Invincible on the objects whose InvincibleUntil is before
// now.
func (c *Client) expire(now time.Time) {
	if c.invincible == 0 {
		return
	}
	for _, o := range c.objects {
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
	if o := c.objects[id]; o != nil {
		c.setInvincible(o, false, time.Time{})
		delete(c.objects, id)
	}
}

// seqErr is an ErrSequence with its place: what came, in which state.
func (c *Client) seqErr(what string) error {
	return &session.SequenceError{Protocol: proto, What: what, State: c.state.String(), Err: ErrSequence}
}

// object returns the Object for id, creating it (and, in a zero Client,
// the map) if needed.
func (c *Client) object(id uint32) *Object {
	o := c.objects[id]
	if o == nil {
		if c.objects == nil {
			c.objects = map[uint32]*Object{}
		}
		o = &Object{ID: id}
		c.objects[id] = o
	}
	return o
}

// Handle takes one frame from the server, received at now: it decodes it
// (with a reused Decoder: no allocation), updates the state and the
// objects, queues any answer and records events. It refuses, with an
// error and no effect, a frame that does not decode, that breaks a rule
// of the spec (unless Lax), a client's message, and a message the state
// does not allow (a *session.SequenceError wrapping ErrSequence). A code
// the spec does not define is skipped, as the original client does.
func (c *Client) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	if c.dec == nil {
		c.dec = NewDecoder()
	}
	c.dec.Policy = wire.Checked
	if c.Lax {
		c.dec.Policy = wire.Lax
	}
	m, n, err := c.dec.Decode(unit, FromServer)
	if err != nil {
		return err
	}
	if err := m.Form().Exact(n, len(unit), nil); err != nil {
		return err
	}
	return c.handle(now, m)
}

// handle is Handle of a decoded message.
func (c *Client) handle(now time.Time, m Message) error {
	if r, ok := m.(*wire.Raw); ok {
		if Code(r.Code).From() == FromClient {
			return c.seqErr(Code(r.Code).String() + " (a client's code) from the server")
		}
		return nil
	}
	if c.state == ClientClosed || c.state == ClientAwaitHi && CodeOf(m) != CodeHi {
		return c.seqErr(m.Form().Name)
	}
	c.expire(now)
	switch m := m.(type) {
	case *Hi:
		if c.state != ClientAwaitHi {
			return c.seqErr("SMSG_HI")
		}
		c.serverVersion, c.id = m.MyVersion, m.UWID
		c.state = ClientAwaitNick
		c.m.version = Version{MyVersion: c.MyVersion}
		if c.MyVersion == 0 {
			c.m.version.MyVersion = 1
		}
		if err := c.Send(&c.m.version); err != nil {
			return err
		}
		if len(c.nick) > 0 {
			return c.sendNick(c.nick)
		}
	case *NickReply:
		if !c.awaitingReply {
			return c.seqErr("SMSG_NICKREPLY")
		}
		c.awaitingReply = false
		if m.GoodOrBad != NickResultOK {
			c.nickProblem = string(m.Text)
			c.events.push(Event{Kind: EventNickRejected, Text: c.nickProblem})
			return nil
		}
		c.nick, c.nickProblem = append(c.nick[:0], c.wantNick...), ""
		if c.state == ClientAwaitNick {
			c.state = ClientLagCheck
			c.events.push(Event{Kind: EventJoined, ID: c.id, Text: string(c.nick)})
		}
	case *Ping:
		c.m.pong = Pong{ServerTime: m.Time}
		return c.Send(&c.m.pong)
	case *Lag:
		c.lag = m.Diff
	case *SpawnReady:
		switch c.state {
		case ClientLagCheck, ClientDead, ClientSpawnReady:
			c.state = ClientSpawnReady
			c.events.push(Event{Kind: EventSpawnReady})
		default:
			return c.seqErr("SMSG_SPAWNREADY")
		}
	case *NewUser:
		o := c.object(m.ID)
		o.Nick, o.Type, o.Alive = string(m.Nick), m.Type, true
		o.X, o.Y, o.Deg, o.Accel, o.Turn, o.Speed, o.Frags = m.X, m.Y, m.Deg, m.Accel, m.Turn, m.Speed, m.Frags
		if m.ID != c.id {
			c.events.push(Event{Kind: EventPlayerJoined, ID: m.ID, Text: o.Nick})
		}
	case *ServerSpawn:
		o := c.object(m.ID)
		o.Type, o.Alive = m.Type, true
		o.X, o.Y, o.Deg, o.Accel, o.Turn, o.Speed, o.Frags = m.X, m.Y, m.Deg, m.Accel, m.Turn, m.Speed, m.Frags
		if m.ID == c.id {
			c.state = ClientPlaying
		}
		c.events.push(Event{Kind: EventSpawned, ID: m.ID, X: m.X, Y: m.Y})
	case *ServerAccel:
		o := c.object(m.ID)
		o.X, o.Y, o.Accel, o.Speed = m.X, m.Y, m.Accel, m.Speed
	case *ServerTurn:
		o := c.object(m.ID)
		o.X, o.Y, o.Turn, o.Deg = m.X, m.Y, m.Turn, m.Deg
	case *ServerNewBullet:
		c.events.push(Event{Kind: EventShot, ID: m.OwnerID, Bullet: m.ID, X: m.X, Y: m.Y, Deg: m.Deg})
	case *Hit:
		c.events.push(Event{Kind: EventHit, ID: m.VictimID, Bullet: m.EvilID, Power: m.NewPower})
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
		if o := c.objects[m.EvilID]; o != nil {
			o.Frags++
		}
		if m.VictimID == c.id && c.state == ClientPlaying {
			c.state = ClientDead
		}
		c.events.push(Event{Kind: EventKilled, ID: m.VictimID, By: m.EvilID})
	case *ServerNick:
		o := c.object(m.ID)
		o.Nick = string(m.NewNick)
		c.events.push(Event{Kind: EventNick, ID: m.ID, Text: o.Nick})
	case *ServerSay:
		c.events.push(Event{Kind: EventChat, ID: m.ID, Text: string(m.Text)})
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
	if id != c.id {
		c.events.push(Event{Kind: EventPlayerLeft, ID: id, Text: string(reason)})
		return
	}
	c.state, c.reason = ClientClosed, string(reason)
	c.out.clear()
	c.events.push(Event{Kind: EventKicked, ID: id, Text: c.reason})
}

// Send checks m and queues it for the server: the one way every message
// of the Client leaves. It refuses nil, another protocol's message and a
// server's message (a *wire.SendError), and, unless Lax, a message that
// breaks the spec's rules (Validate's error) or that the state does not
// allow as the original server sees it (a *session.SequenceError wrapping
// ErrSequence); after the session has ended it refuses everything. What
// Send takes changes the state as the matching action would (CMSG_SPAWN:
// ClientSpawning). Send keeps no reference to m: it encodes it at once.
func (c *Client) Send(m Message) error {
	if err := check(m, FromClient, c.Lax); err != nil {
		return err
	}
	if c.state == ClientClosed {
		return c.seqErr(m.Form().Name)
	}
	if !c.Lax {
		if err := c.allows(m); err != nil {
			return err
		}
	}
	if err := c.out.push(m); err != nil {
		return err
	}
	switch m := m.(type) {
	case *Version:
		c.versionSent = true
	case *ClientNick:
		c.wantNick, c.awaitingReply = append(c.wantNick[:0], m.Nick...), true
	case *ClientSpawn:
		c.state = ClientSpawning
	}
	return nil
}

// allows returns the error of a message the original server does not take
// in the Client's state, as it would see it (server/packet.c dopacket:
// CMSG_VERSION once, first; CMSG_NICK after it; CMSG_PONG always; the
// rest once registered, and the game's messages once spawned), or nil.
func (c *Client) allows(m Message) error {
	ok := true
	switch m.(type) {
	case *Version:
		ok = c.state == ClientAwaitNick && !c.versionSent
	case *ClientNick:
		ok = c.versionSent && !c.awaitingReply
	case *Pong:
		ok = c.state != ClientAwaitHi
	case *ClientSpawn:
		ok = c.state == ClientSpawnReady
	case *ClientAccel, *ClientTurn, *ClientNewBullet:
		ok = c.state == ClientPlaying
	default: // CMSG_SAY, CMSG_TEAMSAY, CMSG_CMD, CMSG_PASS and unknown codes
		ok = c.registered()
	}
	if !ok {
		return c.seqErr(m.Form().Name)
	}
	return nil
}

// registered reports whether the server has finished the lag checks, so
// that it accepts chat and commands (before, the original kicks: "Packet
// error/not registered").
func (c *Client) registered() bool {
	return c.state >= ClientSpawnReady && c.state != ClientClosed
}

// SetNick asks for a (new) nick with CMSG_NICK; before SMSG_HI it only
// sets the nick the handshake will ask for. The answer comes as
// EventJoined (the first accepted nick), EventNick (a change, from the
// server's SMSG_NICK) or EventNickRejected. A nick the original refuses
// (NickProblem) is refused here, with wire.ErrInvalid or wire.ErrTooLong.
func (c *Client) SetNick(nick string) error {
	c.m.nick.Nick = append(c.m.nick.Nick[:0], nick...)
	if err := c.m.nick.Validate(); err != nil && !c.Lax {
		return err
	}
	switch c.state {
	case ClientClosed:
		return c.seqErr("CMSG_NICK")
	case ClientAwaitHi:
		c.nick = append(c.nick[:0], nick...)
		return nil
	}
	return c.Send(&c.m.nick)
}

// sendNick queues CMSG_NICK for nick.
func (c *Client) sendNick(nick []byte) error {
	c.m.nick.Nick = append(c.m.nick.Nick[:0], nick...)
	return c.Send(&c.m.nick)
}

// Spawn asks to (re)spawn with CMSG_SPAWN; the state must be
// ClientSpawnReady (EventSpawnReady).
func (c *Client) Spawn() error { return c.Send(&c.m.spawn) }

// Accel sends an acceleration update (CMSG_ACCEL): the ship at x, y,
// accelerating (+1), braking (-1) or neither (0), at speed.
func (c *Client) Accel(x, y Dbl, accel int8, speed Dbl) error {
	c.m.accel = ClientAccel{X: x, Y: y, Accel: accel, Speed: speed}
	return c.Send(&c.m.accel)
}

// Turn sends a direction update (CMSG_TURN): the ship at x, y, turning
// by turn (-4, -2, 0, +2, +4), heading deg.
func (c *Client) Turn(x, y Dbl, turn int8, deg Dbl) error {
	c.m.turn = ClientTurn{X: x, Y: y, Turn: turn, Deg: deg}
	return c.Send(&c.m.turn)
}

// Shoot fires a bullet from x, y towards deg (CMSG_NEWBULLET) at now. It
// holds the shot back with ErrBulletLimit while MaxBullets-1 bullets sent
// by this Client may still be alive on the server (BulletHold plus twice
// Lag): the original server keeps a count of a player's bullets apart
// from its objects, and a CMSG_NEWBULLET that finds the count at
// MaxBullets makes it look for the oldest bullet to remove, and kick the
// player if the count and the objects disagree (erratum 28). With at most
// MaxBullets-1 bullets alive, that branch never runs. Bullets also end
// early on the server (a wall, a ship); the Client does not see that, so
// it may hold a shot the server would have taken.
func (c *Client) Shoot(now time.Time, x, y, deg Dbl) error {
	if c.state != ClientPlaying && !c.Lax {
		return c.seqErr("CMSG_NEWBULLET")
	}
	if c.nshots == len(c.shots) {
		hold := BulletHold + 2*time.Duration(max(c.lag, 0))*time.Millisecond
		if now.Sub(c.shots[0]) < hold {
			return ErrBulletLimit
		}
	}
	c.m.bullet = ClientNewBullet{X: x, Y: y, Deg: deg}
	if err := c.Send(&c.m.bullet); err != nil {
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

// Say sends a chat line (CMSG_SAY); the server sends it back to everyone,
// us included (EventChat).
func (c *Client) Say(text string) error {
	c.m.say.Text = append(c.m.say.Text[:0], text...)
	return c.Send(&c.m.say)
}

// TeamSay sends a team chat line (CMSG_TEAMSAY); the original server
// ignores it.
func (c *Client) TeamSay(text string) error {
	c.m.teamSay.Text = append(c.m.teamSay.Text[:0], text...)
	return c.Send(&c.m.teamSay)
}

// Command sends a command such as "addbot" (CMSG_CMD); the original
// server ignores it.
func (c *Client) Command(text string) error {
	c.m.cmd.Text = append(c.m.cmd.Text[:0], text...)
	return c.Send(&c.m.cmd)
}

// Leave ends the session. The protocol has no message for it: the
// original client quits by closing its connection (erratum 29), and the
// original server tells the others with SMSG_KICK "Read error" (erratum
// 12). What was queued before is still transmitted; then Done reports
// true, and a session.Conn closes the connection. The state becomes
// ClientClosed. Leaving twice is out of sequence.
func (c *Client) Leave() error {
	if c.state == ClientClosed {
		return c.seqErr("Leave")
	}
	c.state = ClientClosed
	return nil
}
