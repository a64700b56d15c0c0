package bzflag

import (
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// ClientState is where a client is in the join sequence (Client).
type ClientState uint8

// The states of Client, in the order a successful join goes through them.
const (
	// ClientIdle: Start not called yet.
	ClientIdle ClientState = iota
	// ClientDownloading: MsgGetWorld requests are out ("getting the world
	// database").
	ClientDownloading
	// ClientEntering: MsgEnter is out; MsgAccept, MsgReject or MsgSuperKill
	// is due ("join game").
	ClientEntering
	// ClientUpdating: accepted; the server sends the flags, teams and
	// players until the MsgAddPlayer for this player.
	ClientUpdating
	// ClientJoined: the player's own MsgAddPlayer arrived; the game is on.
	ClientJoined
	// ClientRejected: MsgReject arrived; the connection may stay open and
	// Retry send MsgEnter again.
	ClientRejected
	// ClientKilled: MsgSuperKill arrived; the client must close the
	// connection.
	ClientKilled
	// ClientFailed: the world database did not decode.
	ClientFailed
)

var clientStateNames = []string{"idle", "downloading", "entering", "updating", "joined", "rejected", "killed", "failed"}

// String returns the state's name.
func (s ClientState) String() string { return session.NameOr(clientStateNames, s, "invalid") }

// Client is the client side of the sequence a client goes through before it
// plays ("getting the world database", then "join game"), as a session
// (session.Framed; a session.Conn drives it over the game connection that
// Dial returns). Fill Enter, call Start, and drive it: Handle each frame
// from the server, send what Transmit gives. The sequence:
//
//   - the world download: MsgGetWorld requests and replies, through a
//     world.Assembler, until the whole database has arrived; it is then
//     decoded into World up to its end code, as the 1.7 client does:
//     whatever follows the end code is accepted and kept (Trailing). bzfs
//     1.7 sends bytes there when a capture-the-flag world has fewer than
//     four bases; 1.7g2 zeroes them, 1.7e6 does not (they are whatever its
//     heap held);
//   - MsgEnter (the Enter field, which the caller fills before Start);
//   - MsgAccept, or MsgReject (EventRejected, state ClientRejected; Retry
//     sends MsgEnter again), or MsgSuperKill (EventKicked, state
//     ClientKilled) at any time;
//   - after MsgAccept, any number of MsgFlagUpdate, MsgTeamUpdate,
//     MsgAddPlayer (players already in the game) and MsgNetworkRelay,
//     until the MsgAddPlayer for this player (the one whose id is
//     Enter.ID): EventJoined, state ClientJoined. If that MsgAddPlayer
//     carries the id the server assigned (as bzfs 1.7 does), the Client
//     adopts it (see ID) and sends MsgIdAck, as the 1.7 client does.
//
// The Client is Done once joined, killed or failed, and its last units
// are out. A message the spec rules out in the current state is refused
// by Handle with an *UnexpectedError and changes nothing. A Game runs a
// Client as the first part of its session.
type Client struct {
	// Enter is the MsgEnter to send once the world is downloaded. Its ID,
	// until the server assigns one, is the client's own choice: 1.7 uses
	// the server's address and the reconnect port.
	Enter Enter
	// MaxWorld bounds the world database's size; 0 means world.MaxSize.
	MaxWorld int
	// World is the decoded world database, once the download is done.
	World world.World
	// Lax sends messages that break the spec's rules (Validate) and
	// takes such messages from the server: for a fuzzer.
	Lax bool

	state  ClientState
	asm    world.Assembler
	req    GetWorldRequest
	ack    IDAck
	id     PlayerID
	reason RejectCode
	end    int // the decoded length of the database: Trailing starts there
	dec    session.UnitDecoder
	out    outbox
	ev     events
}

// State returns the current state.
func (j *Client) State() ClientState { return j.state }

// ID returns the player's id: Enter.ID, or the id the server assigned in
// the player's own MsgAddPlayer.
func (j *Client) ID() PlayerID { return j.id }

// RejectReason returns the reason of the last MsgReject.
func (j *Client) RejectReason() RejectCode { return j.reason }

// Database returns the raw world database received so far (aliasing the
// download buffer until the next Start).
func (j *Client) Database() []byte { return j.asm.Database() }

// Trailing returns the bytes the downloaded database holds after its end
// code (aliasing the download buffer until the next Start), once the
// download is done; nil before. The 1.7 client ignores them; bzfs 1.7
// counts them in MsgGetWorld's `remaining' but only 1.7g2 zeroes them, so
// their values carry no meaning.
func (j *Client) Trailing() []byte {
	if j.end == 0 {
		return nil
	}
	return j.asm.Database()[j.end:]
}

// Framing returns the table and FromServer, the direction of what the
// Client receives.
func (j *Client) Framing() (*spec.Table, wire.Direction) { return table, FromServer }

// Start begins the sequence: it queues the first MsgGetWorld request
// (offset 0). It may be called again to start over.
func (j *Client) Start(now time.Time) error {
	j.reset()
	return j.queue(&j.req)
}

// reset starts the sequence over, sending nothing.
func (j *Client) reset() {
	j.asm.Reset()
	j.asm.Max = j.MaxWorld
	j.end = 0
	j.id = j.Enter.ID
	j.reason = 0
	j.state = ClientDownloading
	j.req.Offset = 0
	j.out.clear()
	j.ev.clear()
}

// Retry sends MsgEnter again after a MsgReject, as the spec allows (the
// 1.7 client gives up instead, errata J4); in any other state it returns
// a *session.SequenceError.
func (j *Client) Retry() error {
	if j.state != ClientRejected {
		return seqError("Retry", j.state.String())
	}
	if err := j.queue(&j.Enter); err != nil {
		return err
	}
	j.state = ClientEntering
	return nil
}

// queue checks m and queues it.
func (j *Client) queue(m Message) error {
	if err := wire.CheckSend(table, m, FromClient, j.Lax); err != nil {
		return err
	}
	return j.out.push(netip.AddrPort{}, m)
}

// Handle takes one frame from the server. A frame that does not decode,
// or a message the state rules out, is refused with its error; the
// Client stays as it was.
func (j *Client) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	m, err := j.dec.Decode(table, unit, FromServer, j.Lax)
	if err != nil {
		return err
	}
	reply, err := j.step(m, &j.ev)
	if reply != nil {
		if qerr := j.queue(reply); qerr != nil && err == nil {
			err = qerr
		}
	}
	return err
}

// Transmit appends the next frame to send to buf.
func (j *Client) Transmit(now time.Time, buf []byte) (netip.AddrPort, []byte, bool) {
	return j.out.transmit(buf)
}

// Deadline returns the zero Time: the join waits on the server only.
func (j *Client) Deadline() time.Time { return time.Time{} }

// Tick does nothing.
func (j *Client) Tick(now time.Time) {}

// Done reports whether the join has ended (joined, killed, or the world
// did not decode) and its last frames are out.
func (j *Client) Done() bool {
	switch j.state {
	case ClientJoined, ClientKilled, ClientFailed:
		return j.out.len() == 0
	}
	return false
}

// Event pops the oldest event: EventRejected, EventJoined, EventKicked,
// EventLeft (the world did not decode); false when there is none.
func (j *Client) Event() (Event, bool) { return j.ev.pop() }

// step takes one message from the server, reports what happened to ev,
// and returns the message to send in answer, if any.
func (j *Client) step(m Message, ev *events) (Message, error) {
	if _, ok := m.(*SuperKill); ok {
		j.state = ClientKilled
		ev.push(Event{Kind: EventKicked})
		return nil, nil
	}
	switch j.state {
	case ClientDownloading:
		if r, ok := m.(*GetWorldReply); ok {
			return j.worldReply(r, ev)
		}
	case ClientEntering:
		switch r := m.(type) {
		case *Accept:
			j.state = ClientUpdating
			return nil, nil
		case *Reject:
			j.state = ClientRejected
			j.reason = r.Reason
			ev.push(Event{Kind: EventRejected, Reason: r.Reason})
			return nil, nil
		}
	case ClientUpdating:
		switch r := m.(type) {
		case *AddPlayer:
			if r.ID != j.Enter.ID {
				return nil, nil
			}
			j.state = ClientJoined
			if r.HasAssignedID {
				j.id = r.AssignedID
			}
			ev.push(Event{Kind: EventJoined, Player: j.id, CallSign: j.Enter.CallSign})
			if r.HasAssignedID {
				return &j.ack, nil
			}
			return nil, nil
		case *FlagUpdate, *TeamUpdate, *NetworkRelay, *UDPLinkRequest:
			return nil, nil
		}
	case ClientJoined:
		return nil, nil
	}
	return nil, &UnexpectedError{State: j.state, Code: CodeOf(m)}
}

// worldReply feeds one MsgGetWorld reply to the download.
func (j *Client) worldReply(r *GetWorldReply, ev *events) (Message, error) {
	if err := j.asm.Feed(j.req.Offset, r.Remaining, r.Data); err != nil {
		return nil, err
	}
	if !j.asm.Done() {
		j.req.Offset = j.asm.Offset()
		return &j.req, nil
	}
	n, err := j.World.Decode(j.asm.Database())
	if err != nil {
		j.state = ClientFailed
		ev.push(Event{Kind: EventLeft, Err: err})
		return nil, err
	}
	j.end = n
	j.state = ClientEntering
	return &j.Enter, nil
}

// seqError is the error of an action or a message the state does not
// allow.
func seqError(what, state string) error {
	return &session.SequenceError{Protocol: proto, What: what, State: state, Err: ErrSequence}
}
