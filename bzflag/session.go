package bzflag

import (
	"errors"

	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/wire"
)

// JoinState is where a client is in the join sequence (Join).
type JoinState uint8

// The states of Join, in the order a successful join goes through them.
const (
	// JoinIdle: Start not called yet.
	JoinIdle JoinState = iota
	// JoinDownloading: MsgGetWorld requests are out ("getting the world
	// database").
	JoinDownloading
	// JoinEntering: MsgEnter is out; MsgAccept, MsgReject or MsgSuperKill
	// is due ("join game").
	JoinEntering
	// JoinUpdating: accepted; the server sends the flags, teams and
	// players until the MsgAddPlayer for this player.
	JoinUpdating
	// JoinJoined: the player's own MsgAddPlayer arrived; the game is on.
	JoinJoined
	// JoinRejected: MsgReject arrived; the connection may stay open and
	// Retry send MsgEnter again.
	JoinRejected
	// JoinKilled: MsgSuperKill arrived; the client must close the
	// connection.
	JoinKilled
	// JoinFailed: the world database did not decode.
	JoinFailed
)

var joinStateNames = [...]string{"idle", "downloading", "entering", "updating", "joined", "rejected", "killed", "failed"}

// String returns the state's name.
func (s JoinState) String() string {
	if int(s) < len(joinStateNames) {
		return joinStateNames[s]
	}
	return "invalid"
}

// Errors of the join sequence, for errors.Is.
var (
	// ErrSuperKill reports a MsgSuperKill: the server wants the client
	// gone; close the connection.
	ErrSuperKill = errors.New("bzflag: server sent MsgSuperKill")
	// ErrRejected reports a MsgReject in answer to MsgEnter; see
	// Join.RejectReason.
	ErrRejected = errors.New("bzflag: server rejected MsgEnter")
	// ErrUnexpected reports a message the spec says cannot arrive in the
	// current state. It is wrapped in an *UnexpectedError.
	ErrUnexpected = errors.New("bzflag: unexpected message")
)

// UnexpectedError is a message that cannot arrive in a state of the join
// sequence. It wraps ErrUnexpected.
type UnexpectedError struct {
	State JoinState
	Code  Code
}

// Error returns "bzflag: unexpected message MsgX while <state>".
func (e *UnexpectedError) Error() string {
	return "bzflag: unexpected message " + e.Code.String() + " while " + e.State.String()
}

// Unwrap returns ErrUnexpected.
func (e *UnexpectedError) Unwrap() error { return ErrUnexpected }

// Join is the client side of the sequence a client goes through before it
// plays ("getting the world database", then "join game"), as a state
// machine the caller drives: no goroutine, no connection, no clock.
//
// Start returns the first message to send. Hand every message received
// to Handle; when it returns a message, send it. The sequence:
//
//   - the world download: MsgGetWorld requests and replies, through a
//     world.Assembler, until the whole database has arrived; it is then
//     decoded into World (zero bytes after the end of data are allowed:
//     bzfs 1.7 pads the database when a capture-the-flag world has fewer
//     than four bases; any other byte there is an error);
//   - MsgEnter (the Enter field, which the caller fills before Start);
//   - MsgAccept, or MsgReject (state JoinRejected; Retry sends MsgEnter
//     again), or MsgSuperKill (state JoinKilled) at any time;
//   - after MsgAccept, any number of MsgFlagUpdate, MsgTeamUpdate,
//     MsgAddPlayer (players already in the game) and MsgNetworkRelay,
//     until the MsgAddPlayer for this player (the one whose id is
//     Enter.ID): state JoinJoined. If that MsgAddPlayer carries the id the
//     server assigned (as bzfs 1.7 does), Handle adopts it (see ID) and
//     returns a MsgIdAck to send, as the 1.7 client does.
//
// A message the spec rules out in the current state fails with an
// *UnexpectedError and changes nothing: the caller decides whether to
// carry on. Messages returned by Start, Handle and Retry belong to Join
// and are valid until the next call.
type Join struct {
	// Enter is the MsgEnter to send once the world is downloaded.
	Enter Enter
	// MaxWorld bounds the world database's size; 0 means world.MaxSize.
	MaxWorld int
	// World is the decoded world database, once the download is done.
	World world.World

	state  JoinState
	asm    world.Assembler
	req    GetWorldRequest
	ack    IDAck
	id     PlayerID
	reason RejectCode
}

// State returns the current state.
func (j *Join) State() JoinState { return j.state }

// ID returns the player's id: Enter.ID, or the id the server assigned in
// the player's own MsgAddPlayer.
func (j *Join) ID() PlayerID { return j.id }

// RejectReason returns the reason of the last MsgReject.
func (j *Join) RejectReason() RejectCode { return j.reason }

// Database returns the raw world database received so far (aliasing the
// download buffer until the next Start).
func (j *Join) Database() []byte { return j.asm.Database() }

// Start begins the sequence and returns the first MsgGetWorld request
// (offset 0). It may be called again to start over.
func (j *Join) Start() Message {
	j.asm.Reset()
	j.asm.Max = j.MaxWorld
	j.id = j.Enter.ID
	j.reason = 0
	j.state = JoinDownloading
	j.req.Offset = 0
	return &j.req
}

// Retry sends MsgEnter again after a MsgReject and returns it; in any
// other state it returns nil.
func (j *Join) Retry() Message {
	if j.state != JoinRejected {
		return nil
	}
	j.state = JoinEntering
	return &j.Enter
}

// Handle takes one message from the server and returns the message to send
// in answer, if any.
func (j *Join) Handle(m Message) (Message, error) {
	if _, ok := m.(*SuperKill); ok {
		j.state = JoinKilled
		return nil, ErrSuperKill
	}
	switch j.state {
	case JoinDownloading:
		if r, ok := m.(*GetWorldReply); ok {
			return j.worldReply(r)
		}
	case JoinEntering:
		switch r := m.(type) {
		case *Accept:
			j.state = JoinUpdating
			return nil, nil
		case *Reject:
			j.state = JoinRejected
			j.reason = r.Reason
			return nil, ErrRejected
		}
	case JoinUpdating:
		switch r := m.(type) {
		case *AddPlayer:
			if r.ID != j.Enter.ID {
				return nil, nil
			}
			j.state = JoinJoined
			if r.HasAssignedID {
				j.id = r.AssignedID
				return &j.ack, nil
			}
			return nil, nil
		case *FlagUpdate, *TeamUpdate, *NetworkRelay, *UDPLinkRequest:
			return nil, nil
		}
	case JoinJoined:
		return nil, nil
	}
	return nil, &UnexpectedError{State: j.state, Code: m.Code()}
}

// worldReply feeds one MsgGetWorld reply to the download.
func (j *Join) worldReply(r *GetWorldReply) (Message, error) {
	if err := j.asm.Feed(j.req.Offset, r.Remaining, r.Data); err != nil {
		return nil, err
	}
	if !j.asm.Done() {
		j.req.Offset = j.asm.Offset()
		return &j.req, nil
	}
	db := j.asm.Database()
	n, err := j.World.Decode(db)
	if err == nil && !zeros(db[n:]) {
		err = wire.NewError(proto, "world database", "", n, wire.ErrTrailing)
	}
	if err != nil {
		j.state = JoinFailed
		return nil, err
	}
	j.state = JoinEntering
	return &j.Enter, nil
}

// zeros reports whether b holds only zero bytes.
func zeros(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// WorldServer is the server side of the world download: it answers each
// MsgGetWorld request with the next chunk of one database, through a
// world.Chunker (bzfs 1.7's rule for `remaining', see world.Assembler).
type WorldServer struct {
	chunker world.Chunker
	reply   GetWorldReply
}

// NewWorldServer returns a WorldServer for db, in chunks of at most chunk
// bytes (0 means MaxWorldChunk; bzfs 1.7 used 256). It aliases db.
func NewWorldServer(db []byte, chunk int) (*WorldServer, error) {
	c, err := world.NewChunker(db, chunk)
	if err != nil {
		return nil, err
	}
	return &WorldServer{chunker: c}, nil
}

// Reply returns the answer to req. The reply belongs to the WorldServer and
// its Data aliases the database, until the next call.
func (s *WorldServer) Reply(req *GetWorldRequest) *GetWorldReply {
	s.reply.Remaining, s.reply.Data = s.chunker.Chunk(req.Offset)
	return &s.reply
}

// AdmitState is where a client's connection is on the server's side of
// the join sequence (Admit).
type AdmitState uint8

// The states of Admit.
const (
	// AdmitWaiting: connected, possibly downloading the world; no
	// MsgEnter yet (or the last one was rejected).
	AdmitWaiting AdmitState = iota
	// AdmitDeciding: MsgEnter arrived; the server must Accept or Reject.
	AdmitDeciding
	// AdmitUpdating: MsgAccept is out; the server sends the flags, teams
	// and players, then Welcome.
	AdmitUpdating
	// AdmitJoined: the player's own MsgAddPlayer is out; the game is on.
	AdmitJoined
)

var admitStateNames = [...]string{"waiting", "deciding", "updating", "joined"}

// String returns the state's name.
func (s AdmitState) String() string {
	if int(s) < len(admitStateNames) {
		return admitStateNames[s]
	}
	return "invalid"
}

// Admit is the server side of the join sequence for one client
// connection, as a state machine the caller drives. Hand every message
// from the client to Handle, and send what it returns:
//
//   - MsgGetWorld requests are answered from Worlds, in any state;
//   - MsgEnter moves to AdmitDeciding: look at Request, then call Reject
//     (back to AdmitWaiting: the client may try again) or Accept;
//   - after Accept, send the flag, team and player updates (the spec allows
//     them in any order; bzfs sends teams, flags, then players), then
//     Welcome: the player's own MsgAddPlayer, which ends the sequence.
//
// Before AdmitJoined, messages that only a player in the game sends
// (MsgAlive, MsgPlayerUpdate, MsgShotBegin, ...) fail with an
// *UnexpectedError (its State is the client's JoinState the message
// implies, JoinEntering) and change nothing; connection-level requests
// (MsgNetworkRelay, MsgWantWHash, MsgQueryGame, MsgQueryPlayers, MsgSetTTL,
// MsgUDPLinkRequest, MsgClientVersion, MsgIdAck, MsgExit) pass. Messages
// returned belong to Admit until the next call.
type Admit struct {
	// Worlds serves the world download; nil refuses MsgGetWorld.
	Worlds *WorldServer

	state  AdmitState
	enter  Enter
	id     PlayerID
	accept Accept
	reject Reject
	add    AddPlayer
}

// State returns the current state.
func (a *Admit) State() AdmitState { return a.state }

// Request returns the client's MsgEnter (valid from AdmitDeciding on).
func (a *Admit) Request() *Enter { return &a.enter }

// Handle takes one message from the client and returns the reply to send,
// if any.
func (a *Admit) Handle(m Message) (Message, error) {
	switch m := m.(type) {
	case *GetWorldRequest:
		if a.Worlds != nil {
			return a.Worlds.Reply(m), nil
		}
	case *Enter:
		if a.state == AdmitWaiting {
			a.enter = *m
			a.state = AdmitDeciding
			return nil, nil
		}
	case *NetworkRelay, *WantWHashRequest, *QueryGameRequest, *QueryPlayersRequest, *SetTTL,
		*UDPLinkRequest, *ClientVersion, *IDAck, *Exit:
		return nil, nil
	default:
		if a.state == AdmitJoined {
			return nil, nil
		}
	}
	return nil, &UnexpectedError{State: a.clientState(), Code: m.Code()}
}

// clientState is the client's JoinState that a's state implies.
func (a *Admit) clientState() JoinState {
	switch a.state {
	case AdmitDeciding:
		return JoinEntering
	case AdmitUpdating:
		return JoinUpdating
	case AdmitJoined:
		return JoinJoined
	}
	return JoinDownloading
}

// Reject refuses the MsgEnter with reason and returns the MsgReject to
// send; nil outside AdmitDeciding.
func (a *Admit) Reject(reason RejectCode) Message {
	if a.state != AdmitDeciding {
		return nil
	}
	a.state = AdmitWaiting
	a.reject = Reject{Reason: reason}
	return &a.reject
}

// Accept admits the player under id (bzfs 1.7 uses the client's address,
// TCP port and slot number) and returns the MsgAccept to send; nil
// outside AdmitDeciding.
func (a *Admit) Accept(id PlayerID) Message {
	if a.state != AdmitDeciding {
		return nil
	}
	a.state = AdmitUpdating
	a.id = id
	return &a.accept
}

// Welcome returns the player's own MsgAddPlayer, which ends the join
// sequence: under the id the client gave in MsgEnter, with the id the
// server assigned appended, as bzfs 1.7 sends it; nil outside
// AdmitUpdating.
func (a *Admit) Welcome() Message {
	if a.state != AdmitUpdating {
		return nil
	}
	a.state = AdmitJoined
	e := &a.enter
	a.add = AddPlayer{ID: e.ID, Type: e.Type, Team: e.Team, CallSign: e.CallSign, Email: e.Email,
		HasAssignedID: true, AssignedID: a.id}
	return &a.add
}
