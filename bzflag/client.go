package bzflag

import (
	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/session"
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
// plays ("getting the world database", then "join game"), as a state
// machine the caller drives: no goroutine, no connection, no clock.
//
// Start returns the first message to send. Hand every message received
// to Handle; when it returns a message, send it. The sequence:
//
//   - the world download: MsgGetWorld requests and replies, through a
//     world.Assembler, until the whole database has arrived; it is then
//     decoded into World up to its end code, as the 1.7 client does:
//     whatever follows the end code is accepted and kept (Trailing). bzfs
//     1.7 sends bytes there when a capture-the-flag world has fewer than
//     four bases; 1.7g2 zeroes them, 1.7e6 does not (they are whatever its
//     heap held);
//   - MsgEnter (the Enter field, which the caller fills before Start);
//   - MsgAccept, or MsgReject (state ClientRejected; Retry sends MsgEnter
//     again), or MsgSuperKill (state ClientKilled) at any time;
//   - after MsgAccept, any number of MsgFlagUpdate, MsgTeamUpdate,
//     MsgAddPlayer (players already in the game) and MsgNetworkRelay,
//     until the MsgAddPlayer for this player (the one whose id is
//     Enter.ID): state ClientJoined. If that MsgAddPlayer carries the id the
//     server assigned (as bzfs 1.7 does), Handle adopts it (see ID) and
//     returns a MsgIdAck to send, as the 1.7 client does.
//
// A message the spec rules out in the current state fails with an
// *UnexpectedError and changes nothing: the caller decides whether to
// carry on. Messages returned by Start, Handle and Retry belong to Client
// and are valid until the next call.
type Client struct {
	// Enter is the MsgEnter to send once the world is downloaded.
	Enter Enter
	// MaxWorld bounds the world database's size; 0 means world.MaxSize.
	MaxWorld int
	// World is the decoded world database, once the download is done.
	World world.World

	state  ClientState
	asm    world.Assembler
	req    GetWorldRequest
	ack    IDAck
	id     PlayerID
	reason RejectCode
	end    int // the decoded length of the database: Trailing starts there
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

// Start begins the sequence and returns the first MsgGetWorld request
// (offset 0). It may be called again to start over.
func (j *Client) Start() Message {
	j.asm.Reset()
	j.asm.Max = j.MaxWorld
	j.end = 0
	j.id = j.Enter.ID
	j.reason = 0
	j.state = ClientDownloading
	j.req.Offset = 0
	return &j.req
}

// Retry sends MsgEnter again after a MsgReject and returns it; in any
// other state it returns nil.
func (j *Client) Retry() Message {
	if j.state != ClientRejected {
		return nil
	}
	j.state = ClientEntering
	return &j.Enter
}

// Handle takes one message from the server and returns the message to send
// in answer, if any.
func (j *Client) Handle(m Message) (Message, error) {
	if _, ok := m.(*SuperKill); ok {
		j.state = ClientKilled
		return nil, ErrSuperKill
	}
	switch j.state {
	case ClientDownloading:
		if r, ok := m.(*GetWorldReply); ok {
			return j.worldReply(r)
		}
	case ClientEntering:
		switch r := m.(type) {
		case *Accept:
			j.state = ClientUpdating
			return nil, nil
		case *Reject:
			j.state = ClientRejected
			j.reason = r.Reason
			return nil, ErrRejected
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
func (j *Client) worldReply(r *GetWorldReply) (Message, error) {
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
		return nil, err
	}
	j.end = n
	j.state = ClientEntering
	return &j.Enter, nil
}
