package lwar

import (
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/session"
)

// ClientState is the state of a Client's connection to the server (the
// spec's sections "Connecting to the server" and "Disconnecting from the
// server").
type ClientState uint8

// The client states. The last four are final: the client neither sends
// nor receives any more, and Done is true.
const (
	// ClientIdle: Join has not been called.
	ClientIdle ClientState = iota
	// ClientConnecting: Join queued the Connect message, resent until the
	// server acknowledges it with its Join.
	ClientConnecting
	// ClientSyncing: the Join with sequence number 1 arrived
	// (EventAccepted); the server is sending the game state, up to its
	// Synced message.
	ClientSyncing
	// ClientConnected: Synced arrived (EventSynced); the game runs.
	ClientConnected
	// ClientDisconnecting: Leave sent Disconnect; the client waits for
	// the server's Leave for its own player.
	ClientDisconnecting
	// ClientClosed: the server's Leave for the client's player arrived
	// (after Leave, or unasked: the server removed the player).
	ClientClosed
	// ClientFull: the server answered Connect with Full.
	ClientFull
	// ClientDropped: nothing came from the server for DisconnectTimeout,
	// in any state (for ClientConnecting: the server is unreachable).
	ClientDropped
	// ClientAborted: Leave was called before the server accepted the
	// client (ClientConnecting): there was nothing to disconnect from.
	ClientAborted
)

var clientStateNames = []string{"idle", "connecting", "syncing", "connected", "disconnecting", "closed", "full", "dropped", "aborted"}

// String returns the state's name, such as "syncing".
func (s ClientState) String() string { return session.Name(clientStateNames, s) }

// Final reports whether the connection is over.
func (s ClientState) Final() bool { return s >= ClientClosed }

// ClientConfig configures a Client. The zero value is the default.
type ClientConfig struct {
	// Channel configures the client's channel. Its ResendInterval, if 0,
	// is InputInterval for a Client: the client sends at most one packet
	// per InputInterval unless it has something new to say (see
	// docs/errata/lwar.md, C17).
	Channel ChannelConfig
	// Lax lets the actions send what breaks the spec's rules (a name over
	// MaxPlayerNameLength, text that is not UTF-8) and what the state
	// does not allow (a Chat while connecting): for a fuzzer. A message
	// of the server, or none, is refused all the same.
	Lax bool
}

// Controls is what the player holds in one input frame, the argument of
// Client.Move: the client shifts each into its 8-frame history (see
// PushInput) and sends them in an Input.
type Controls struct {
	Forward, Backward       bool
	TurnLeft, TurnRight     bool
	StrafeLeft, StrafeRight bool
	// Shooting says which of the four weapon slots fire.
	Shooting [4]bool
	// AimX and AimY are the world position the player aims at.
	AimX, AimY int16
}

// Client is the client side of an lwar game: a session.Session over one
// Channel to the server, which a session.Packet driver runs over a UDP
// socket (or a test by hand, with injected time). It does no I/O and
// reads no clock.
//
// Join queues the Connect, resent until the server's Join with sequence
// number 1 (EventAccepted); the client is then syncing until Synced
// (EventSynced), and connected after it. Move, Chat, Rename and Select
// are the game's actions, each with the client's own player id; Leave
// sends Disconnect and the client ends with the server's Leave for its
// player (EventClosed). If nothing arrives from the server for
// DisconnectTimeout (15 s), the client is dropped.
//
// The zero Client is ready: NewClient only sets a configuration.
type Client struct {
	cfg    ClientConfig
	ch     *Channel
	state  ClientState
	player ID
	leave  bool // Leave was called: the Leave for our player answers it
	it     Iterator
	ev     events
	e      Event // the event being built
	roster roster
	frame  uint32 // the last Input's frame number
	input  Input

	connect    Connect
	disconnect Disconnect
	chat       Chat
	name       Name
	selection  Selection
}

var _ session.Session = (*Client)(nil)

// NewClient returns a client with configuration cfg; Join starts it.
func NewClient(cfg ClientConfig) *Client { return &Client{cfg: cfg} }

// State returns the connection state.
func (c *Client) State() ClientState { return c.state }

// Player returns the client's own player id, from the server's Join with
// sequence number 1 (the zero ID before it).
func (c *Client) Player() ID { return c.player }

// Channel returns the client's channel, for its counters (Stats) and for
// a fuzzer that sends its own bytes; nil before Join.
func (c *Client) Channel() *Channel { return c.ch }

// Players appends the players the client knows of (its own and the
// server's player included), in the order they joined, to dst.
func (c *Client) Players(dst []Player) []Player { return append(dst, c.roster.players...) }

// Entities appends the entities of the client's world to dst.
func (c *Client) Entities(dst []Entity) []Entity { return append(dst, c.roster.entities...) }

// Entity returns the entity with id id, and whether the client knows it.
func (c *Client) Entity(id ID) (Entity, bool) {
	if e := c.roster.entity(id); e != nil {
		return *e, true
	}
	return Entity{}, false
}

// Event removes and returns the oldest event; ok is false when there is
// none.
func (c *Client) Event() (e Event, ok bool) { return c.ev.pop() }

func (c *Client) emit(kind EventKind) {
	c.e.Kind = kind
	c.ev.push(&c.e)
	c.e = Event{}
}

// Join starts the connection with the player name name (the Connect
// message's "name"): it queues the Connect, which Transmit sends and
// resends until the server answers. It fails for a name the spec does not
// allow (over MaxPlayerNameLength bytes, not UTF-8) unless the client is
// Lax, and when the client has joined already.
func (c *Client) Join(now time.Time, name []byte) error {
	if c.state != ClientIdle {
		return sequenceError("Join", c.state.String())
	}
	cfg := c.cfg.Channel
	session.Default(&cfg.ResendInterval, InputInterval)
	ch := NewChannel(cfg, now)
	c.connect.Name = append(c.connect.Name[:0], name...)
	if err := queueChecked(ch, &c.connect, FromClient, c.cfg.Lax); err != nil {
		return err
	}
	c.ch, c.state = ch, ClientConnecting
	c.roster.reset()
	return nil
}

// send checks m and queues it: it needs the client connected (syncing
// too for Leave), unless the client is Lax and has a channel.
func (c *Client) send(what string, m Message, ok bool) error {
	if c.ch == nil || !ok && !c.cfg.Lax {
		return sequenceError(what, c.state.String())
	}
	return queueChecked(c.ch, m, FromClient, c.cfg.Lax)
}

// Move sends the player's controls of one input frame: the client shifts
// each into its 8-frame history, numbers the frame (from 1, as the
// original client does: InputManager.cs:121) and queues an Input with its
// own player id. The original sends one every InputInterval (30 Hz); call
// Move at that pace. It needs ClientConnected, as the original client
// sends Input only then (Level.cs:206).
func (c *Client) Move(ctl Controls) error {
	if c.ch == nil || c.state != ClientConnected && !c.cfg.Lax {
		return sequenceError("Input", c.state.String())
	}
	in := &c.input
	c.frame++
	in.PlayerID, in.FrameNo = c.player, c.frame
	in.Forward = PushInput(in.Forward, ctl.Forward)
	in.Backward = PushInput(in.Backward, ctl.Backward)
	in.TurnLeft = PushInput(in.TurnLeft, ctl.TurnLeft)
	in.TurnRight = PushInput(in.TurnRight, ctl.TurnRight)
	in.StrafeLeft = PushInput(in.StrafeLeft, ctl.StrafeLeft)
	in.StrafeRight = PushInput(in.StrafeRight, ctl.StrafeRight)
	for i, s := range ctl.Shooting {
		in.Shooting[i] = PushInput(in.Shooting[i], s)
	}
	in.AimX, in.AimY = ctl.AimX, ctl.AimY
	return c.send("Input", in, c.state == ClientConnected)
}

// Chat sends a chat message in the client's name, which the server
// forwards to every client (EventChat), this one included. It needs
// ClientConnected.
func (c *Client) Chat(text []byte) error {
	c.chat.PlayerID, c.chat.Msg = c.player, append(c.chat.Msg[:0], text...)
	return c.send("Chat", &c.chat, c.state == ClientConnected)
}

// Rename sends the player's new name, which the server forwards to every
// client (EventName). It needs ClientConnected.
func (c *Client) Rename(name []byte) error {
	c.name.PlayerID, c.name.Name = c.player, append(c.name.Name[:0], name...)
	return c.send("Name", &c.name, c.state == ClientConnected)
}

// Select sends the player's choice of ship and of the weapons of its
// four slots (type template ids, such as EntityTypeShip and
// EntityTypeGun), which the server forwards to every client
// (EventSelection). It needs ClientConnected.
func (c *Client) Select(ship uint8, weapons [4]uint8) error {
	c.selection.PlayerID, c.selection.ShipType, c.selection.WeaponType = c.player, ship, weapons
	return c.send("Selection", &c.selection, c.state == ClientConnected)
}

// Leave ends the connection: syncing or connected, it queues a
// Disconnect, resent until the server's Leave for the client's player
// arrives (EventClosed, ClientClosed); connecting, there is nothing to
// disconnect from, and the client stops at once (ClientAborted). In a
// final state, and before Join, it returns an error.
func (c *Client) Leave() error {
	switch c.state {
	case ClientConnecting:
		c.state = ClientAborted
		return nil
	case ClientSyncing, ClientConnected:
	default:
		return sequenceError("Leave", c.state.String())
	}
	if err := queueChecked(c.ch, &c.disconnect, FromClient, c.cfg.Lax); err != nil {
		return err
	}
	c.state, c.leave = ClientDisconnecting, true
	return nil
}

// Transmit appends the next packet for the server to buf: header, then
// the due reliable messages and the queued unreliable ones (see
// Channel.AppendPacket). ok is false when nothing is due now (see
// Channel.NeedsSend), before Join and once the connection is over; the
// next packet is due at Deadline.
func (c *Client) Transmit(now time.Time, buf []byte) (to netip.AddrPort, unit []byte, ok bool) {
	if c.ch == nil || c.state.Final() || !c.ch.NeedsSend(now) {
		return netip.AddrPort{}, buf, false
	}
	return netip.AddrPort{}, c.ch.AppendPacket(buf, now), true
}

// Deadline returns when the client next needs Tick and Transmit: a
// resend, a keep-alive, the disconnect timeout (see Channel.Deadline);
// the zero Time before Join and once the connection is over.
func (c *Client) Deadline() time.Time {
	if c.ch == nil || c.state.Final() {
		return time.Time{}
	}
	return c.ch.Deadline()
}

// Tick checks the disconnect timeout: if nothing has arrived from the
// server for more than DisconnectTimeout, the client is dropped
// (EventClosed with LeaveTimeout).
func (c *Client) Tick(now time.Time) {
	if c.ch != nil && !c.state.Final() && c.ch.TimedOut(now) {
		c.state = ClientDropped
		c.e.Player, c.e.Cause = c.player, LeaveTimeout
		c.emit(EventClosed)
	}
}

// Done reports whether the connection is over (a final state).
func (c *Client) Done() bool { return c.state.Final() }

// Handle takes one datagram from the server (from is not checked: the
// driver of a client passes only its server's datagrams). It returns the
// error of a packet that is not an lwar packet (which changes nothing), of
// a message that cannot be decoded (the messages before it were taken;
// the rest of the packet is lost, and reliable ones among it will be
// resent), or of a message the state does not allow (a Synced while not
// syncing, a Full once accepted: a *session.SequenceError; the rest of the
// packet is taken). A packet over MaxPacketSize that the channel's policy
// takes (wire.Checked, wire.Lax) is taken without an error
// (ChannelStats.OversizePackets counts it). Before Join and once the
// connection is over it ignores the datagram.
func (c *Client) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	if c.ch == nil || c.state.Final() {
		return nil
	}
	if msgs, err := c.ch.Receive(unit, now); msgs == nil {
		return err
	}
	c.it.From, c.it.Policy = FromServer, c.ch.cfg.Policy
	if err := c.it.Reset(unit); err != nil {
		return err
	}
	var refused error
	for c.it.Next() {
		if err := c.take(c.it.Message(), c.it.Bytes()); err != nil && refused == nil {
			refused = err
		}
		if c.state.Final() {
			return refused // the rest of the packet does not matter
		}
	}
	if err := c.it.Err(); err != nil && !isOversizeFlag(err) {
		return err
	}
	return refused
}

// take handles one message of a received packet.
func (c *Client) take(m Message, raw []byte) error {
	switch m := m.(type) {
	case *Full:
		// Only an answer to Connect; the server stamps it 0, so it is
		// taken whatever its packet's timestamp.
		if c.state != ClientConnecting {
			return sequenceError("Full", c.state.String())
		}
		c.state = ClientFull
		c.emit(EventFull)
		return nil
	case *Leave:
		// A Leave for our own player ends the connection: the answer
		// to our Disconnect, or the server removing us. The server
		// drops what else it had queued for us, so it may follow a
		// gap: take it whatever its sequence number.
		if c.state != ClientConnecting && m.PlayerID == c.player {
			c.state = ClientClosed
			c.e.Player, c.e.Cause = c.player, LeaveRemoved
			if c.leave {
				c.e.Cause = LeaveDisconnect
			}
			c.emit(EventClosed)
			return nil
		}
	}
	if !c.ch.Admit(raw) {
		return nil
	}
	if c.roster.update(m) {
		return nil
	}
	switch m := m.(type) {
	case *Join:
		c.roster.join(m.PlayerID, m.Name)
		c.e.Player, c.e.Name = m.PlayerID, m.Name
		if c.state == ClientConnecting && m.Seqno == 1 {
			c.player, c.state = m.PlayerID, ClientSyncing
			c.emit(EventAccepted)
			return nil
		}
		c.emit(EventJoined)
	case *Synced:
		if c.state != ClientSyncing {
			return sequenceError("Synced", c.state.String())
		}
		c.state = ClientConnected
		c.emit(EventSynced)
	case *Leave:
		c.roster.leave(m.PlayerID)
		c.e.Player = m.PlayerID
		c.emit(EventLeft)
	case *Chat:
		c.e.Player, c.e.Text = m.PlayerID, m.Msg
		c.emit(EventChat)
	case *Name:
		if p := c.roster.player(m.PlayerID); p != nil {
			p.Name = append(p.Name[:0], m.Name...)
		}
		c.e.Player, c.e.Name = m.PlayerID, m.Name
		c.emit(EventName)
	case *Selection:
		if p := c.roster.player(m.PlayerID); p != nil {
			p.Ship, p.Weapons = m.ShipType, m.WeaponType
		}
		c.e.Player, c.e.Ship, c.e.Weapons = m.PlayerID, m.ShipType, m.WeaponType
		c.emit(EventSelection)
	case *Add:
		c.roster.add(Entity{ID: m.EntityID, Player: m.PlayerID, Type: m.TypeID})
		c.e.Entity, c.e.Player, c.e.Type = m.EntityID, m.PlayerID, m.TypeID
		c.emit(EventAdd)
	case *Remove:
		c.roster.remove(m.EntityID)
		c.e.Entity = m.EntityID
		c.emit(EventRemove)
	case *Collision:
		c.e.Entity, c.e.Other, c.e.X, c.e.Y = m.EntityIDs[0], m.EntityIDs[1], m.X, m.Y
		c.emit(EventCollision)
	}
	return nil
}
