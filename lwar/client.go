package lwar

import (
	"time"

	"github.com/gamewire/gamewire/session"
)

// ClientState is the state of a Client's connection to the server (the
// spec's sections "Connecting to the server" and "Disconnecting from the
// server").
type ClientState uint8

// The client states. The last four are final: the client neither sends
// nor receives any more.
const (
	// ClientConnecting: the Connect message is sent, and resent in every
	// packet, until the server acknowledges it with its Join.
	ClientConnecting ClientState = iota
	// ClientSyncing: the Join with sequence number 1 arrived; the server
	// is sending the game state, up to its Synced message.
	ClientSyncing
	// ClientConnected: Synced arrived; the game runs.
	ClientConnected
	// ClientDisconnecting: Disconnect was sent; the client waits for the
	// server's Leave for its own player.
	ClientDisconnecting
	// ClientClosed: the server's Leave for the client's player arrived
	// (after a Disconnect, or unasked: the server removed the player).
	ClientClosed
	// ClientFull: the server answered Connect with Full.
	ClientFull
	// ClientDropped: nothing came from the server for DisconnectTimeout,
	// in any state (for ClientConnecting: the server is unreachable).
	ClientDropped
	// ClientAborted: Close was called before the server accepted.
	ClientAborted
)

var clientStateNames = []string{"connecting", "syncing", "connected", "disconnecting", "closed", "full", "dropped", "aborted"}

// String returns the state's name, such as "syncing".
func (s ClientState) String() string { return session.Name(clientStateNames, s) }

// Final reports whether the connection is over.
func (s ClientState) Final() bool { return s >= ClientClosed }

// Client is the client side of the connection life cycle over a Channel,
// a state machine the caller drives with the datagrams it receives from
// the server (Receive), the datagrams it asks for (AppendPacket) and the
// current time; it owns no socket, goroutine or timer.
//
// NewClient queues the Connect message, which the channel resends in
// every packet until the server's Join with sequence number 1 (which
// acknowledges it) arrives; the client is then syncing until Synced, and
// connected after it. Disconnect queues a Disconnect and the client keeps
// sending until the server's Leave for its own player arrives. If nothing
// arrives from the server for DisconnectTimeout (15 s), the client is
// dropped.
type Client struct {
	ch      *Channel
	state   ClientState
	player  ID
	handler func(Message)
	it      Iterator

	connect    Connect
	disconnect Disconnect
}

// NewClient returns a client that connects with the player name name (the
// Connect message's "name"). handler, if not nil, receives every message
// the channel admits (in order, exactly once for reliable ones; current
// ones only for unreliable ones), after the client has taken its own part
// (Join with sequence number 1, Synced, Full, Leave): the Full or the
// Leave for the client's own player that ends the connection reaches the
// handler too, once, with State already final. A Message passed to
// handler is valid only during the call.
func NewClient(name []byte, cfg ChannelConfig, now time.Time, handler func(Message)) (*Client, error) {
	c := &Client{ch: NewChannel(cfg, now), handler: handler}
	c.connect.Name = append(c.connect.Name[:0], name...)
	c.connect.Seqno = 1 // what the channel assigns; Validate refuses 0
	if err := c.connect.Validate(); err != nil {
		return nil, err
	}
	if _, err := c.ch.QueueReliable(&c.connect); err != nil {
		return nil, err
	}
	return c, nil
}

// State returns the connection state.
func (c *Client) State() ClientState { return c.state }

// Player returns the client's own player id, from the server's Join with
// sequence number 1 (the zero ID before it).
func (c *Client) Player() ID { return c.player }

// Channel returns the client's channel, to queue the game's messages
// (Chat, Input, ...) and read its counters.
func (c *Client) Channel() *Channel { return c.ch }

// Update checks the disconnect timeout: if nothing has arrived from the
// server for more than DisconnectTimeout, the client is dropped. It
// returns the state.
func (c *Client) Update(now time.Time) ClientState {
	if !c.state.Final() && c.ch.TimedOut(now) {
		c.state = ClientDropped
	}
	return c.state
}

// Disconnect starts a graceful disconnect: it queues a Disconnect, and
// the client goes on sending (so the Disconnect is resent until
// acknowledged) until the server's Leave for its player arrives. Before
// the server accepted the client (ClientConnecting) there is nothing to
// disconnect from: the client stops at once (ClientAborted). In a final
// state it does nothing.
func (c *Client) Disconnect(now time.Time) error {
	switch c.state {
	case ClientConnecting:
		c.state = ClientAborted
		return nil
	case ClientSyncing, ClientConnected:
	default:
		return nil
	}
	if _, err := c.ch.QueueReliable(&c.disconnect); err != nil {
		return err
	}
	c.state = ClientDisconnecting
	return nil
}

// AppendPacket appends the next packet for the server to b. ok is false if
// there is nothing to send: the connection is over, or, when connected,
// the channel has nothing new (see Channel.NeedsSend). While connecting,
// syncing and disconnecting it always builds a packet, as the original
// client does, so the server keeps hearing from it.
func (c *Client) AppendPacket(b []byte, now time.Time) (pkt []byte, ok bool) {
	switch c.Update(now) {
	case ClientConnected:
		if !c.ch.NeedsSend(now) {
			return b, false
		}
	case ClientConnecting, ClientSyncing, ClientDisconnecting:
	default:
		return b, false
	}
	return c.ch.AppendPacket(b, now), true
}

// Receive takes one datagram from the server (the caller passes only
// datagrams from the server's address, as the original client does). It returns the error of a
// packet that is not an lwar packet (which changes nothing) or of a
// message that cannot be decoded (the messages before it were taken; the
// rest of the packet is lost, and reliable ones among it will be resent).
// In a final state it ignores the datagram.
func (c *Client) Receive(pkt []byte, now time.Time) error {
	if c.Update(now).Final() {
		return nil
	}
	if msgs, err := c.ch.Receive(pkt, now); msgs == nil {
		return err
	}
	c.it.From, c.it.Policy = FromServer, c.ch.cfg.Policy
	if err := c.it.Reset(pkt); err != nil {
		return err
	}
	for c.it.Next() {
		if c.take(c.it.Message(), c.it.Bytes()) {
			return nil // final: the rest of the packet does not matter
		}
	}
	return c.it.Err()
}

// take handles one message of a received packet and reports whether the
// connection ended.
func (c *Client) take(m Message, raw []byte) bool {
	switch m := m.(type) {
	case *Full:
		// Only an answer to Connect; the server stamps it 0, so it is
		// taken whatever its packet's timestamp.
		if c.state == ClientConnecting {
			c.state = ClientFull
			c.deliver(m)
			return true
		}
	case *Leave:
		// A Leave for our own player ends the connection: the answer
		// to our Disconnect, or the server removing us. The server
		// drops what else it had queued for us, so it may follow a
		// gap: take it whatever its sequence number.
		if c.state != ClientConnecting && m.PlayerID == c.player {
			c.state = ClientClosed
			c.deliver(m)
			return true
		}
	}
	if !c.ch.Admit(raw) {
		return false
	}
	switch m := m.(type) {
	case *Join:
		if c.state == ClientConnecting && m.Seqno == 1 {
			c.player = m.PlayerID
			c.state = ClientSyncing
		}
	case *Synced:
		if c.state == ClientSyncing {
			c.state = ClientConnected
		}
	}
	c.deliver(m)
	return false
}

// deliver passes m to the handler, if there is one.
func (c *Client) deliver(m Message) {
	if c.handler != nil {
		c.handler(m)
	}
}
