package bzflag

import (
	"net/netip"

	"github.com/gamewire/gamewire/session"
)

// EventKind is what an Event reports.
type EventKind uint8

// The kinds of Event. A Client reports the join's; a Game the join's and
// the game's; a Server its players'.
const (
	// EventNone is the zero Event's kind; Event never returns it.
	EventNone EventKind = iota
	// EventJoined: the player's own MsgAddPlayer arrived (Player: the id
	// the server assigned); on a Server, a peer's player joined (Player,
	// CallSign, Peer).
	EventJoined
	// EventRejected: MsgReject answered MsgEnter (Reason); Retry may send
	// MsgEnter again.
	EventRejected
	// EventPlaying: the server answered MsgNetworkRelay: the game is on
	// and the game actions may be called.
	EventPlaying
	// EventPlayerJoined: another player is in the game (MsgAddPlayer:
	// Player, CallSign).
	EventPlayerJoined
	// EventPlayerLeft: another player left (MsgRemovePlayer: Player); on
	// a Server, a peer's player left (Player, Peer).
	EventPlayerLeft
	// EventPlayerAlive: another player's tank came alive (MsgAlive:
	// Player).
	EventPlayerAlive
	// EventShot: another player fired (MsgShotBegin: Player, Shot); the
	// shot is in Shots until it ends.
	EventShot
	// EventShotEnded: a shot ended (MsgShotEnd: Player, Shot).
	EventShotEnded
	// EventKilled: a player was killed (MsgKilled: Player the victim,
	// Killer, Shot).
	EventKilled
	// EventChat: a message arrived (MsgMessage: Player the sender, To,
	// Team, Text); on a Server, a peer's player sent one.
	EventChat
	// EventGameOver: MsgScoreOver, or MsgTimeLeft with no time left.
	EventGameOver
	// EventKicked: the server sent MsgSuperKill; the session is Done.
	EventKicked
	// EventLeft: the session ended: Leave (Err nil), the relay refused
	// (ErrRelayRefused) or unanswered (ErrRelayTimeout), or the world
	// database did not decode (Err). The session is Done once its last
	// units are out.
	EventLeft
)

var eventNames = []string{"none", "joined", "rejected", "playing", "player-joined", "player-left",
	"player-alive", "shot", "shot-ended", "killed", "chat", "game-over", "kicked", "left"}

// String returns the kind's name.
func (k EventKind) String() string { return session.Name(eventNames, k) }

// Event is one thing that happened in a session, as Event returns it:
// Kind says what, and which of the other fields are set.
type Event struct {
	Kind     EventKind
	Player   PlayerID       // the player it is about
	Killer   PlayerID       // EventKilled: the killer
	Shot     int16          // EventShot, EventShotEnded, EventKilled: the shot id (-1: none)
	To       PlayerID       // EventChat: the addressee (all zeros: a team or everyone)
	Team     TeamColor      // EventChat: the team addressed
	Text     MessageText    // EventChat: the text, NUL-terminated
	CallSign CallSign       // EventJoined on a Server, EventPlayerJoined
	Reason   RejectCode     // EventRejected
	Peer     netip.AddrPort // a Server's events: the peer's address
	Err      error          // EventLeft: why, or nil for Leave
}

// events is a first-in first-out queue of events that reuses its memory.
type events struct {
	buf  []Event
	head int
}

func (q *events) push(e Event) { q.buf = append(q.buf, e) }

// pop removes and returns the oldest event.
func (q *events) pop() (Event, bool) {
	if q.head == len(q.buf) {
		q.buf, q.head = q.buf[:0], 0
		return Event{}, false
	}
	e := q.buf[q.head]
	q.buf[q.head] = Event{}
	q.head++
	return e, true
}

func (q *events) clear() { clear(q.buf); q.buf, q.head = q.buf[:0], 0 }
