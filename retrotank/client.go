package retrotank

import (
	"errors"
	"math/rand/v2"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// ErrDenied is returned by Client.Receive when the server answers the
// connection request with MSG_TYPE_CONN_DENY.
var ErrDenied = errors.New("retrotank: connection denied by the server")

// ErrNotConnected is returned for sending before the server accepted the
// client, or after the connection ended.
var ErrNotConnected = errors.New("retrotank: not connected")

// ClientState is the state of a Client's connection.
type ClientState uint8

// The client states.
const (
	// ClientIdle: Connect was not called yet.
	ClientIdle ClientState = iota
	// ClientConnecting: CONN_REQ is sent and resent until the server
	// accepts or denies it.
	ClientConnecting
	// ClientSetup: the server accepted; the setup pages are arriving.
	ClientSetup
	// ClientReady: every setup page arrived (Battlefield is complete).
	ClientReady
	// ClientDisconnecting: CONN_DISCONN is sent and awaits its ACK.
	ClientDisconnecting
	// ClientClosed: the connection is over (by either side).
	ClientClosed
	// ClientDenied: the server denied the connection.
	ClientDenied
	// ClientDropped: the server stopped answering (ErrPeerTimeout).
	ClientDropped
)

var clientStateNames = []string{"idle", "connecting", "setup", "ready", "disconnecting", "closed", "denied", "dropped"}

// String returns the state's name, such as "setup".
func (s ClientState) String() string { return session.Name(clientStateNames, s) }

// Final reports whether the connection is over.
func (s ClientState) Final() bool { return s >= ClientClosed }

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
}

// Client is the client side of a Retro Tank connection on the game port:
// a state machine the caller drives with the datagrams it receives from
// the server (Receive), those it asks for (Next) and the time. It owns no
// socket, timer or goroutine (docs/errata/retrotank.md, S4).
//
// Connect starts sending CONN_REQ with a random id, resent every Retry
// until a CONN_ACCEPT or CONN_DENY with that id arrives (or the Ack
// Timeout runs out: ErrPeerTimeout). The acceptance is acknowledged
// through the acknowledgement system and gives the client its id. The
// setup pages then fill Battlefield; GAME_START messages update Start by
// the spec's rule. Disconnect sends CONN_DISCONN.
type Client struct {
	cfg     ClientConfig
	state   ClientState
	rand    uint32
	id      PlayerID
	acker   Acker
	dec     *wire.Decoder
	asm     Assembler
	start   StartTracker
	reqAt   time.Time // first CONN_REQ
	nextReq time.Time
	req     ConnReq
	disc    ConnDisconn
}

// NewClient returns an idle Client.
func NewClient(c ClientConfig) *Client {
	session.Default(&c.Retry, DefaultResend)
	if c.RandID == nil {
		c.RandID = rand.Uint32
	}
	cl := &Client{cfg: c, dec: wire.NewDecoder(table)}
	cl.acker.Reset(c.Ack)
	return cl
}

// State returns the connection's state.
func (c *Client) State() ClientState { return c.state }

// ID returns the client id the server assigned (CONN_ACCEPT's localPlayer).
func (c *Client) ID() PlayerID { return c.id }

// RandID returns the random identification of the connection request.
func (c *Client) RandID() uint32 { return c.rand }

// Acker returns the client's acknowledgement state machine.
func (c *Client) Acker() *Acker { return &c.acker }

// Setup returns the assembler of the setup pages received so far.
func (c *Client) Setup() *Assembler { return &c.asm }

// Battlefield returns the game setup once every page arrived.
func (c *Client) Battlefield() (*Battlefield, error) { return c.asm.Battlefield() }

// Start returns the game's start time, by the GAME_START rule.
func (c *Client) Start() (uint32, bool) { return c.start.Start() }

// Connect starts the connection at time now: CONN_REQ with a fresh random
// id is due at once.
func (c *Client) Connect(now time.Time) {
	c.rand = c.cfg.RandID()
	c.state = ClientConnecting
	c.reqAt, c.nextReq = now, now
	var b uint8
	if c.cfg.Bcast {
		b = 1
	}
	c.req = ConnReq{Bcast: b, RandID: c.rand}
}

// Send queues an acknowledged message to the server (PLAYER_UPDATE,
// PLAYER_SPAWN) and returns its id.
func (c *Client) Send(m Acked, now time.Time) (MessageID, error) {
	if c.state != ClientSetup && c.state != ClientReady {
		return 0, ErrNotConnected
	}
	return c.acker.Queue(m, now)
}

// Disconnect queues CONN_DISCONN; the client is closed once the server
// acknowledges it (messages still unacknowledged then are given up).
func (c *Client) Disconnect(now time.Time) error {
	if c.state != ClientSetup && c.state != ClientReady {
		return ErrNotConnected
	}
	c.disc = ConnDisconn{Client: c.id}
	id, err := c.acker.Queue(&c.disc, now)
	if err != nil {
		return err
	}
	c.disc.ID = id
	c.state = ClientDisconnecting
	return nil
}

// Receive takes one datagram from the server at time now. It returns the
// message to hand to the application, or nil (an ACK, a copy of a message
// already delivered, a message before acceptance); the message belongs
// to the Client and is valid until the next Receive. Setup pages also go
// into Setup, GAME_START into Start. A malformed datagram, a page that
// contradicts the others, a denial (ErrDenied) and a contradictory
// GAME_START are errors; the connection survives all but the denial.
func (c *Client) Receive(b []byte, now time.Time) (Message, error) {
	if c.state == ClientIdle || c.state == ClientDenied || c.state == ClientDropped {
		return nil, ErrNotConnected
	}
	m, _, err := c.dec.Decode(b, wire.FromServer)
	if m == nil {
		return nil, err
	}
	switch p := m.(type) {
	case *ConnDeny:
		if c.state == ClientConnecting && p.RandID == c.rand {
			c.state = ClientDenied
			return m, ErrDenied
		}
		return nil, nil
	case *ConnAccept:
		if p.RandID != c.rand {
			return nil, nil
		}
		if c.state == ClientConnecting {
			c.id = p.Client
			c.acker.Client = p.Client
			c.state = ClientSetup
		}
	case *wire.Raw:
		return m, err
	default:
		if c.state == ClientConnecting {
			return nil, nil // not ours yet
		}
	}
	if err != nil { // a rule broken (Checked policy): still acknowledged
		c.acker.Receive(m, now)
		return m, err
	}
	if !c.acker.Receive(m, now) {
		return nil, nil
	}
	switch p := m.(type) {
	case *Option, *Obstacle, *Spawn, *Goal:
		if err := c.asm.Add(m); err != nil {
			return m, err
		}
		if c.asm.Done() && c.state == ClientSetup {
			c.state = ClientReady
		}
	case *GameStart:
		if _, err := c.start.Observe(p); err != nil {
			return m, err
		}
	case *ConnDisconn:
		c.state = ClientClosed
	}
	return m, nil
}

// Next appends to buf the next datagram to send to the server at time
// now: CONN_REQ while connecting, then ACKs and (re)transmissions of the
// acknowledged messages. ok is false when nothing is due. When the server
// stops answering, the client is dropped and the error wraps
// ErrPeerTimeout.
func (c *Client) Next(now time.Time, buf []byte) (b []byte, ok bool, err error) {
	switch c.state {
	case ClientIdle, ClientDenied, ClientDropped:
		return buf, false, nil
	case ClientConnecting:
		if now.Sub(c.reqAt) >= c.acker.cfg.Timeout {
			c.state = ClientDropped
			c.acker.terr = TimeoutError{Type: MsgTypeConnReq}
			return buf, false, &c.acker.terr
		}
		if !now.Before(c.nextReq) {
			c.nextReq = now.Add(c.cfg.Retry)
			b, err := c.req.AppendBinary(buf)
			return b, err == nil, err
		}
		return buf, false, nil
	case ClientClosed:
		if c.acker.nacks == 0 { // only the ACKs of the last messages
			return buf, false, nil
		}
	}
	if c.state == ClientDisconnecting && c.acker.Acked(c.disc.ID) {
		// the server has our CONN_DISCONN: what else is in flight is
		// moot, only ACKs still owed go out
		c.state = ClientClosed
		if c.acker.nacks == 0 {
			return buf, false, nil
		}
	}
	b, ok, err = c.acker.Next(now, buf)
	if err != nil {
		c.state = ClientDropped
		return b, false, err
	}
	return b, ok, nil
}

// Deadline returns when Next will next have something to send.
func (c *Client) Deadline(now time.Time) (time.Time, bool) {
	if c.state == ClientConnecting {
		return c.nextReq, true
	}
	if c.state.Final() || c.state == ClientIdle {
		return time.Time{}, false
	}
	return c.acker.Deadline(now)
}
