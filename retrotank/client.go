package retrotank

import (
	"errors"
	"math/rand/v2"
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// Errors of the sessions.
var (
	// ErrDenied is the Err of a Client's EventDenied: the server answered
	// the connection request with MSG_TYPE_CONN_DENY.
	ErrDenied = errors.New("retrotank: connection denied by the server")
	// ErrSequence is wrapped by the *session.SequenceError of a call or a
	// message the session's state does not allow: an action before the
	// server accepted the client or after it left, a datagram before
	// Join, a client's message after its CONN_DISCONN.
	ErrSequence = errors.New("retrotank: out of sequence")
	// ErrPlayerID is returned for a message that names another player
	// than its sender: a client's PLAYER_UPDATE, PLAYER_SPAWN, ACK or
	// CONN_DISCONN with an id not its own (docs/errata/retrotank.md, S9).
	ErrPlayerID = errors.New("retrotank: another player's id")
	// ErrNoPlayer is returned by Server.Send and Kick for a player id with
	// no connection.
	ErrNoPlayer = errors.New("retrotank: no such player")
	// ErrServerOnly is returned by Server.Handle for a datagram whose type
	// only the server sends (a *wire.Raw of the client's direction).
	ErrServerOnly = errors.New("retrotank: a message only the server sends, from a client")
	// ErrClientOnly is returned by Client.Handle for a datagram whose type
	// only a client sends.
	ErrClientOnly = errors.New("retrotank: a message only a client sends, from the server")
)

// seqErr returns the *session.SequenceError of what in state.
func seqErr(what, state string) error {
	return &session.SequenceError{Protocol: "retrotank", What: what, State: state, Err: ErrSequence}
}

// ClientState is the state of a Client's connection.
type ClientState uint8

// The client states, in the order a connection goes through them.
const (
	// ClientIdle: Join was not called yet.
	ClientIdle ClientState = iota
	// ClientConnecting: CONN_REQ is sent and resent until the server
	// accepts or denies it.
	ClientConnecting
	// ClientSetup: the server accepted; the setup pages are arriving.
	ClientSetup
	// ClientReady: every setup page arrived (Battlefield is complete): in
	// the game.
	ClientReady
	// ClientLeaving: Leave was called; CONN_DISCONN waits until every
	// message the client sent is acknowledged.
	ClientLeaving
	// ClientDisconnecting: CONN_DISCONN is sent and awaits its ACK.
	ClientDisconnecting
	// ClientClosed: the connection is over (by either side).
	ClientClosed
	// ClientDenied: the server denied the connection.
	ClientDenied
	// ClientDropped: the server stopped answering (ErrPeerTimeout).
	ClientDropped
)

var clientStateNames = []string{"idle", "connecting", "setup", "ready", "leaving", "disconnecting", "closed", "denied", "dropped"}

// String returns the state's name, such as "setup".
func (s ClientState) String() string { return session.Name(clientStateNames, s) }

// Final reports whether the connection is over.
func (s ClientState) Final() bool { return s >= ClientClosed }

// connected reports whether the server accepted the client and it has
// not begun to leave.
func (s ClientState) connected() bool { return s == ClientSetup || s == ClientReady }

// Defaults of the client's time synchronisation (docs/errata/retrotank.md,
// S7; the spec gives no values).
const (
	DefaultSyncEvery   = 200 * time.Millisecond
	DefaultSyncSamples = 4
)

// ClientConfig configures a Client; the zero value means the defaults.
type ClientConfig struct {
	// Ack configures the acknowledgement system.
	Ack AckConfig
	// Bcast is CONN_REQ's "broadcast receive capable" flag.
	Bcast bool
	// RandID returns the random client identification of CONN_REQ
	// (math/rand/v2's Uint32 if nil).
	RandID func() uint32
	// Retry is the time between two CONN_REQ (DefaultResend if 0).
	Retry time.Duration
	// TimeServer is the server's time-sync address (its host, port
	// TimeSyncPort). The client sends its time-sync requests there, as
	// units of its own session, and takes every datagram from there as a
	// reply. Zero: no time synchronisation (GameTime is the client's own
	// clock).
	TimeServer netip.AddrPort
	// SyncEvery is the time between two time-sync requests
	// (DefaultSyncEvery if 0); SyncSamples is how many replies the client
	// collects before it stops asking (DefaultSyncSamples if 0).
	SyncEvery   time.Duration
	SyncSamples int
	// Lax lets the client send what breaks the spec's rules: Send skips
	// Validate and the checks of the client's own id (for a fuzzer).
	Lax bool
}

// Client is the client side of a Retro Tank connection: a session.Session
// (no socket, clock, timer or goroutine of its own), run over one UDP
// socket by a session.Packet driver whose remote is the server's game port.
//
// Join starts sending CONN_REQ with a random id, resent every Retry until
// a CONN_ACCEPT or CONN_DENY with that id arrives (EventJoined or
// EventDenied), or the Ack Timeout runs out (EventTimeout). The setup
// pages then fill Battlefield (EventSetupComplete: ClientReady); with a
// TimeServer, time-sync requests go to it and its replies set the
// estimate of the common game time (EventSynced). GAME_START sets the
// start time by the spec's rule (EventGameStart; Started says whether it
// has passed), and SCORE, GAME_OVER and the server's PLAYER_UPDATE are
// events. Move, Shoot and Spawn are the game's actions; Leave sends
// CONN_DISCONN once every message the client sent is acknowledged, and
// the client is Done once the server acknowledges it.
//
// Its zero value is a client with the default configuration.
type Client struct {
	cfg     ClientConfig
	inited  bool
	state   ClientState
	rand    uint32
	id      PlayerID
	acker   Acker
	dec     *wire.Decoder
	asm     Assembler
	start   StartTracker
	sync    TimeSync
	epoch   time.Time // the client's clock counts from here (Join's now)
	reqAt   time.Time // first CONN_REQ
	nextReq time.Time
	req     ConnReq
	disc    ConnDisconn
	discID  MessageID
	reqErr  TimeoutError

	nextSync          time.Time
	syncGot           int
	synced            bool
	treq              TimeRequest
	trep              TimeReply
	seen              [4]uint64 // the players heard of, a bit each
	ev                events
	pu                PlayerUpdate
	ps                PlayerSpawn
	timeServerAddress netip.AddrPort
}

// NewClient returns an idle Client.
func NewClient(c ClientConfig) *Client {
	cl := &Client{cfg: c}
	cl.init()
	return cl
}

// init fills in the configuration's defaults, once: a zero Client works.
func (c *Client) init() {
	if c.inited {
		return
	}
	c.inited = true
	session.Default(&c.cfg.Retry, DefaultResend)
	session.Default(&c.cfg.SyncEvery, DefaultSyncEvery)
	session.Default(&c.cfg.SyncSamples, DefaultSyncSamples)
	if c.cfg.RandID == nil {
		c.cfg.RandID = rand.Uint32
	}
	c.timeServerAddress = netip.AddrPortFrom(c.cfg.TimeServer.Addr().Unmap(), c.cfg.TimeServer.Port())
	c.dec = wire.NewDecoder(table)
	c.acker.Reset(c.cfg.Ack)
}

// State returns the connection's state.
func (c *Client) State() ClientState { return c.state }

// ID returns the client id the server assigned (CONN_ACCEPT's
// localPlayer), which is its player's id.
func (c *Client) ID() PlayerID { return c.id }

// RandID returns the random identification of the connection request.
func (c *Client) RandID() uint32 { return c.rand }

// InFlight returns how many messages the client sent are not yet
// acknowledged.
func (c *Client) InFlight() int { return c.acker.InFlight() }

// Battlefield returns the game setup once every page arrived
// (ErrIncomplete before).
func (c *Client) Battlefield() (*Battlefield, error) { return c.asm.Battlefield() }

// Start returns the game's start time, in common game time, by the
// GAME_START rule; ok is false before the first GAME_START.
func (c *Client) Start() (uint32, bool) { return c.start.Start() }

// GameTime returns the estimate of the common game time at now: the
// client's clock (milliseconds since Join) plus the time sync's offset,
// which is 0 before the first reply.
func (c *Client) GameTime(now time.Time) uint32 { return c.sync.GameTime(c.clock(now)) }

// Started reports whether the game has started at now: a GAME_START came
// and GameTime(now) is at or after its start time, compared as the 32-bit
// clock wraps (StartTracker.Started).
func (c *Client) Started(now time.Time) bool { return c.start.Started(c.GameTime(now)) }

// Sync returns the time sync's estimate: the offset of the game time from
// the client's clock and the round trip of the best sample; ok is false
// before the first reply.
func (c *Client) Sync() (offset int32, rtt uint32, ok bool) { return c.sync.Estimate() }

// Synced reports whether the time sync has collected its samples
// (EventSynced came).
func (c *Client) Synced() bool { return c.synced }

// clock returns the client's clock at now: milliseconds since Join,
// wrapping at 2^32.
func (c *Client) clock(now time.Time) uint32 { return uint32(now.UnixMilli() - c.epoch.UnixMilli()) }

// Event pops the oldest event; ok is false when there is none.
func (c *Client) Event() (Event, bool) { return c.ev.pop() }

// Join starts the connection at now: CONN_REQ with a fresh random id is
// due at once. It is refused (ErrSequence) unless the client is idle.
func (c *Client) Join(now time.Time) error {
	c.init()
	if c.state != ClientIdle {
		return seqErr("Join", c.state.String())
	}
	c.rand = c.cfg.RandID()
	c.state = ClientConnecting
	c.epoch, c.reqAt, c.nextReq = now, now, now
	var b uint8
	if c.cfg.Bcast {
		b = 1
	}
	c.req = ConnReq{Bcast: b, RandID: c.rand}
	return nil
}

// Send checks m and queues it to the server through the acknowledgement
// system, returning its id: the one way a client's message leaves (Move,
// Shoot, Spawn and Leave come through here). It refuses, with the error
// of wire.CheckSend, a nil m, another protocol's message and a server's
// message; unless Lax, one that fails Validate, a PLAYER_UPDATE with
// PLAYER_UPDATE_DFS (ErrClientDFS), a PLAYER_UPDATE or PLAYER_SPAWN for
// another player (ErrPlayerID) and CONN_DISCONN (Leave sends it); and any
// message before the server accepted the client or once it is leaving
// (ErrSequence).
func (c *Client) Send(now time.Time, m Acked) (MessageID, error) {
	c.init()
	if err := wire.CheckSend(table, m, wire.FromClient, c.cfg.Lax); err != nil {
		return 0, err
	}
	if !c.state.connected() && !(c.cfg.Lax && c.state == ClientLeaving) {
		return 0, seqErr(m.Form().Name, c.state.String())
	}
	if !c.cfg.Lax {
		switch p := m.(type) {
		case *ConnDisconn:
			return 0, seqErr("MSG_TYPE_CONN_DISCONN (Leave sends it)", c.state.String())
		case *PlayerUpdate:
			if p.Flags&UpdateDFS != 0 {
				return 0, ErrClientDFS
			}
			if p.FirstPlayer != c.id {
				return 0, playerErr("PLAYER_UPDATE", p.FirstPlayer, c.id)
			}
		case *PlayerSpawn:
			if p.Player != c.id {
				return 0, playerErr("PLAYER_SPAWN", p.Player, c.id)
			}
		}
	}
	return c.acker.Queue(m, now)
}

// Move sends the player's tank: a PLAYER_UPDATE of the client's own
// player with PLAYER_UPDATE_TANK and tank as its data (the spec does not
// give the layout of the data portions), stamped with GameTime(now). It
// is refused (ErrSequence) before the setup is complete (ClientReady).
func (c *Client) Move(now time.Time, tank []byte) (MessageID, error) {
	return c.update(now, UpdateTank, tank)
}

// Shoot sends the player's shell: a PLAYER_UPDATE with
// PLAYER_UPDATE_SHELL and shell as its data, as Move does.
func (c *Client) Shoot(now time.Time, shell []byte) (MessageID, error) {
	return c.update(now, UpdateShell, shell)
}

func (c *Client) update(now time.Time, flags UpdateFlags, data []byte) (MessageID, error) {
	if c.state != ClientReady {
		return 0, seqErr(flags.String()+" update", c.state.String())
	}
	c.pu = PlayerUpdate{UpdateTime: c.GameTime(now), FirstPlayer: c.id, Flags: flags, Data: data}
	id, err := c.Send(now, &c.pu)
	c.pu.Data = nil
	return id, err
}

// Spawn asks the server to spawn the client's player (PLAYER_SPAWN). It
// is refused (ErrSequence) before the setup is complete.
func (c *Client) Spawn(now time.Time) (MessageID, error) {
	if c.state != ClientReady {
		return 0, seqErr("Spawn", c.state.String())
	}
	c.ps = PlayerSpawn{Player: c.id}
	return c.Send(now, &c.ps)
}

// Leave ends the connection: the client sends nothing more of its own,
// sends CONN_DISCONN once every message it sent is acknowledged, and is
// closed (EventClosed, Done) once the server acknowledges that. It is
// refused (ErrSequence) unless the server accepted the client and it is
// not leaving already.
func (c *Client) Leave(now time.Time) error {
	c.init()
	if !c.state.connected() {
		return seqErr("Leave", c.state.String())
	}
	c.state = ClientLeaving
	return c.progress(now)
}

// progress moves a leaving client on: CONN_DISCONN once nothing is in
// flight, closed once it is acknowledged.
func (c *Client) progress(now time.Time) error {
	if c.state == ClientLeaving && c.acker.InFlight() == 0 {
		c.disc = ConnDisconn{Client: c.id}
		if err := wire.CheckSend(table, &c.disc, wire.FromClient, c.cfg.Lax); err != nil {
			return err
		}
		id, err := c.acker.Queue(&c.disc, now)
		if err != nil {
			return err
		}
		c.discID, c.state = id, ClientDisconnecting
	}
	if c.state == ClientDisconnecting && c.acker.Acked(c.discID) {
		c.state = ClientClosed
		c.ev.push(Event{Kind: EventClosed, Player: c.id}, nil, nil)
	}
	return nil
}

// fromTimeServer reports whether a datagram from from is the time
// server's.
func (c *Client) fromTimeServer(from netip.AddrPort) bool {
	return c.timeServerAddress.IsValid() && from.IsValid() &&
		from.Port() == c.timeServerAddress.Port() && from.Addr().Unmap() == c.timeServerAddress.Addr()
}

// Handle takes one datagram that arrived from the server at now: from
// the game port (from is then the server's address, or zero), or from
// the TimeServer. It returns an error for a datagram it refuses (it does
// not decode, breaks a rule of the spec, a setup page that contradicts
// the others, a contradictory GAME_START, a stray time-sync reply, a
// client's message): the connection survives it. A message that breaks a
// rule is still acknowledged, not delivered.
func (c *Client) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	c.init()
	if c.fromTimeServer(from) {
		return c.handleTime(now, unit)
	}
	if c.state == ClientIdle || c.state == ClientDenied || c.state == ClientDropped {
		return seqErr("a datagram", c.state.String())
	}
	m, _, err := c.dec.Decode(unit, wire.FromServer)
	if m == nil {
		return err
	}
	switch p := m.(type) {
	case *ConnDeny:
		if c.state == ClientConnecting && p.RandID == c.rand {
			c.state = ClientDenied
			c.ev.push(Event{Kind: EventDenied, Err: ErrDenied}, nil, nil)
		}
		return nil
	case *ConnAccept:
		if p.RandID != c.rand {
			return nil // another request's
		}
		if c.state == ClientConnecting {
			c.id = p.Client
			c.acker.Client = p.Client
			c.sync.Client = p.Client
			c.state = ClientSetup
			c.nextSync = now
			c.ev.push(Event{Kind: EventJoined, Player: c.id}, nil, nil)
		}
	case *wire.Raw:
		return codeErr(ErrClientOnly, p.Code)
	default:
		if c.state == ClientConnecting {
			return nil // not ours yet
		}
	}
	deliver := c.acker.Receive(m, now)
	if err != nil || !deliver { // a rule broken (Checked): acknowledged, not delivered
		if perr := c.progress(now); err == nil {
			err = perr
		}
		return err
	}
	err = c.deliver(m)
	if perr := c.progress(now); err == nil {
		err = perr
	}
	return err
}

// deliver acts on a message delivered for the first time.
func (c *Client) deliver(m Message) error {
	switch p := m.(type) {
	case *Option, *Obstacle, *Spawn, *Goal:
		if err := c.asm.Add(m); err != nil {
			return err
		}
		if c.asm.Done() && c.state == ClientSetup {
			c.state = ClientReady
			c.ev.push(Event{Kind: EventSetupComplete, Player: c.id}, nil, nil)
		}
	case *GameStart:
		changed, err := c.start.Observe(p)
		if err != nil {
			return err
		}
		if changed {
			c.ev.push(Event{Kind: EventGameStart, Start: p.StartTime}, nil, nil)
		}
	case *GameOver:
		c.ev.push(Event{Kind: EventGameOver, Winner: p.Winner, RedScore: p.RedScore, BlueScore: p.BlueScore}, nil, nil)
	case *Score:
		for _, s := range p.Scores {
			c.hear(s.Killer)
			c.hear(s.Killed)
		}
		c.ev.push(Event{Kind: EventScore, RedScore: p.RedScore, BlueScore: p.BlueScore}, p.Scores, nil)
	case *PlayerUpdate:
		c.hear(p.FirstPlayer)
		c.ev.push(Event{Kind: EventUpdate, Player: p.FirstPlayer, Time: p.UpdateTime, Flags: p.Flags}, nil, p.Data)
	case *ConnDisconn:
		if c.state != ClientClosed {
			c.state = ClientClosed
			c.ev.push(Event{Kind: EventLeft, Player: c.id}, nil, nil)
		}
	}
	return nil
}

// hear reports player id the first time the client hears of it.
func (c *Client) hear(id PlayerID) {
	if id == c.id {
		return
	}
	w, bit := id/64, uint64(1)<<(id%64)
	if c.seen[w]&bit == 0 {
		c.seen[w] |= bit
		c.ev.push(Event{Kind: EventPlayerJoined, Player: id}, nil, nil)
	}
}

// handleTime takes a time-sync reply.
func (c *Client) handleTime(now time.Time, unit []byte) error {
	if err := c.trep.UnmarshalBinary(unit); err != nil {
		return err
	}
	if c.state != ClientSetup && c.state != ClientReady {
		return seqErr("a time-sync reply", c.state.String())
	}
	if err := c.sync.Reply(&c.trep, c.clock(now)); err != nil {
		return err
	}
	c.syncGot++
	if c.syncGot >= c.cfg.SyncSamples && !c.synced {
		c.synced = true
		c.ev.push(Event{Kind: EventSynced, Player: c.id}, nil, nil)
	}
	return nil
}

// syncing reports whether the client still asks for the time.
func (c *Client) syncing() bool {
	return c.timeServerAddress.IsValid() && c.state.connected() && c.syncGot < c.cfg.SyncSamples
}

// Transmit appends the next datagram due at now to buf: CONN_REQ while
// connecting, then ACKs and (re)transmissions of the acknowledged
// messages, then a time-sync request (addressed to the TimeServer; every
// other unit goes to the driver's remote, to the zero address). ok is
// false when nothing is due.
func (c *Client) Transmit(now time.Time, buf []byte) (to netip.AddrPort, unit []byte, ok bool) {
	c.init()
	c.expire(now)
	switch c.state {
	case ClientIdle, ClientDenied, ClientDropped:
		return to, buf, false
	case ClientConnecting:
		if now.Before(c.nextReq) {
			return to, buf, false
		}
		c.nextReq = now.Add(c.cfg.Retry)
		if wire.CheckSend(table, &c.req, wire.FromClient, c.cfg.Lax) != nil {
			return to, buf, false
		}
		b, err := c.req.AppendBinary(buf)
		return to, b, err == nil
	case ClientClosed:
		if c.acker.Owed() == 0 { // only the ACKs of the last messages
			return to, buf, false
		}
	}
	b, ok, err := c.acker.Next(now, buf)
	if err != nil {
		c.drop(err)
		return to, buf, false
	}
	if ok {
		return to, b, true
	}
	if c.syncing() && !now.Before(c.nextSync) {
		c.nextSync = now.Add(c.cfg.SyncEvery)
		c.treq = c.sync.Request(c.clock(now))
		if wire.CheckSend(timeTable, &c.treq, wire.FromClient, c.cfg.Lax) != nil {
			return to, buf, false
		}
		b, _ := c.treq.AppendBinary(buf)
		return c.timeServerAddress, b, true
	}
	return to, buf, false
}

// drop ends the connection: the server stopped answering.
func (c *Client) drop(err error) {
	c.state = ClientDropped
	c.ev.push(Event{Kind: EventTimeout, Player: c.id, Err: err}, nil, nil)
}

// expire drops the client when the server stopped answering at now.
func (c *Client) expire(now time.Time) {
	switch c.state {
	case ClientConnecting:
		if now.Sub(c.reqAt) >= c.acker.cfg.Timeout {
			c.reqErr = TimeoutError{Type: MsgTypeConnReq, Sends: int(now.Sub(c.reqAt) / c.cfg.Retry)}
			c.drop(&c.reqErr)
		}
	case ClientSetup, ClientReady, ClientLeaving, ClientDisconnecting:
		if err := c.acker.Expired(now); err != nil {
			c.drop(err)
		}
	}
}

// Deadline returns when the client next needs Tick: a CONN_REQ to resend,
// a message to resend or give up, an ACK owed, a time-sync request due.
// It is the zero Time when the client waits for nothing.
func (c *Client) Deadline() time.Time {
	var d time.Time
	switch c.state {
	case ClientIdle, ClientDenied, ClientDropped:
		return d
	case ClientConnecting:
		return earliest(c.nextReq, c.reqAt.Add(c.acker.cfg.Timeout))
	case ClientClosed:
		if c.acker.Owed() == 0 {
			return d
		}
	}
	d = c.acker.Deadline()
	if c.syncing() {
		d = earliest(d, c.nextSync)
	}
	return d
}

// earliest returns the earlier of a and b, a zero Time being none.
func earliest(a, b time.Time) time.Time {
	if a.IsZero() || !b.IsZero() && b.Before(a) {
		return b
	}
	return a
}

// Tick lets the client act on the time: it gives the server up when it
// stopped acknowledging (EventTimeout).
func (c *Client) Tick(now time.Time) {
	c.init()
	c.expire(now)
	c.progress(now)
}

// Done reports whether the connection is over and its last ACKs are
// sent: denied, dropped, or closed by either side.
func (c *Client) Done() bool {
	switch c.state {
	case ClientDenied, ClientDropped:
		return true
	case ClientClosed:
		return c.acker.Owed() == 0
	}
	return false
}
