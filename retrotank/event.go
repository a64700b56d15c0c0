package retrotank

import (
	"net/netip"

	"github.com/gamewire/gamewire/session"
)

// EventKind says what an Event reports.
type EventKind uint8

// The kinds of events. A Client reports EventJoined, EventDenied,
// EventSetupComplete, EventSynced, EventPlayerJoined, EventUpdate,
// EventGameStart, EventScore, EventGameOver, EventLeft, EventClosed and
// EventTimeout; a Server reports EventJoined, EventSetupComplete,
// EventUpdate, EventSpawn, EventLeft and EventTimeout.
const (
	// EventNone is the zero Kind: no event.
	EventNone EventKind = iota
	// EventJoined: a client's connection is accepted. On a Client, the
	// server accepted it (Player is its id); on a Server, a client joined
	// (Player, Peer).
	EventJoined
	// EventDenied: the server denied the Client's connection (CONN_DENY);
	// the Client is Done.
	EventDenied
	// EventSetupComplete: the whole game setup is across. On a Client,
	// every setup page arrived (Battlefield is complete); on a Server, the
	// client Player acknowledged every setup page.
	EventSetupComplete
	// EventSynced: the Client's time synchronisation has its estimate
	// (GameTime and Started use it from now on).
	EventSynced
	// EventPlayerJoined: the Client heard of Player for the first time, in
	// a PLAYER_UPDATE or a SCORE (the protocol has no message for a player
	// joining or leaving: docs/errata/retrotank.md, S10).
	EventPlayerJoined
	// EventUpdate: a PLAYER_UPDATE arrived (Player is its first player;
	// Time, Flags, Data): on a Client from the server, on a Server from
	// the client Player.
	EventUpdate
	// EventSpawn: the client Player asks to spawn (PLAYER_SPAWN; Server).
	EventSpawn
	// EventGameStart: the Client learnt the game's start time, Start, by
	// the GAME_START rule (a later GAME_START may move it).
	EventGameStart
	// EventScore: a SCORE arrived (RedScore, BlueScore, Scores).
	EventScore
	// EventGameOver: the game is over (Winner, RedScore, BlueScore).
	EventGameOver
	// EventLeft: a connection ended by the other side's or the server's
	// CONN_DISCONN. On a Client, the server disconnected it (a kick) and it
	// is Done; on a Server, the client Player left, or was disconnected,
	// or restarted with a new CONN_REQ.
	EventLeft
	// EventClosed: the Client's Leave is complete (the server acknowledged
	// its CONN_DISCONN); it is Done.
	EventClosed
	// EventTimeout: the peer stopped acknowledging (Err wraps
	// ErrPeerTimeout). A Client is then Done; a Server drops the client
	// Player.
	EventTimeout
)

var eventNames = []string{"none", "joined", "denied", "setup-complete", "synced", "player-joined", "update",
	"spawn", "game-start", "score", "game-over", "left", "closed", "timeout"}

// String returns the kind's name, such as "setup-complete".
func (k EventKind) String() string { return session.Name(eventNames, k) }

// Event is what a Client or a Server reports, read with their Event
// method. Only the fields its Kind names are set.
type Event struct {
	Kind EventKind
	// Player is the player (client id) the event is about.
	Player PlayerID
	// Peer is the client's address (Server events).
	Peer netip.AddrPort
	// Start is GAME_START's start time, in common game time.
	Start uint32
	// Winner is GAME_OVER's winning team (TeamNone: a draw).
	Winner Team
	// RedScore and BlueScore are the team scores of SCORE and GAME_OVER.
	RedScore, BlueScore uint16
	// Scores are SCORE's player scores. They belong to the session, valid
	// until its next Handle.
	Scores []PlayerScore
	// Time, Flags and Data are PLAYER_UPDATE's update time, flags and
	// data portions; Data belongs to the session, valid until its next
	// Handle.
	Time  uint32
	Flags UpdateFlags
	Data  []byte
	// Err is why the connection ended (EventTimeout, EventDenied).
	Err error
}

// MaxEvents is the most events a session keeps unread: past it, a new
// event drops the oldest, so that a session nobody reads the events of
// does not grow.
const MaxEvents = 1024

// events is a session's queue of events. It keeps the memory of its
// slots, Scores and Data included, so that in steady state pushing and
// popping allocate nothing; a popped event's slices stay valid until the
// session's next Handle or Tick.
type events struct {
	buf  []Event
	head int
}

// push appends e, copying scores and data into the slot's own memory.
func (q *events) push(e Event, scores []PlayerScore, data []byte) {
	if q.head == len(q.buf) {
		q.buf, q.head = q.buf[:0], 0
	}
	if q.len() == MaxEvents {
		q.head++ // drop the oldest
	}
	if len(q.buf) == MaxEvents {
		// move the live events to the front by swaps, so that every slot
		// keeps slices of its own
		live := q.len()
		for i := 0; i < live; i++ {
			q.buf[i], q.buf[q.head+i] = q.buf[q.head+i], q.buf[i]
		}
		q.buf, q.head = q.buf[:live], 0
	}
	n := len(q.buf)
	if n < cap(q.buf) {
		q.buf = q.buf[:n+1]
	} else {
		q.buf = append(q.buf, Event{})
	}
	slot := &q.buf[n]
	s, d := slot.Scores[:0], slot.Data[:0]
	*slot = e
	slot.Scores, slot.Data = nil, nil
	if len(scores) > 0 {
		slot.Scores = append(s, scores...)
	} else if s != nil {
		slot.Scores = s[:0:cap(s)] // keep the memory, empty
	}
	if len(data) > 0 {
		slot.Data = append(d, data...)
	} else if d != nil {
		slot.Data = d[:0:cap(d)]
	}
}

// pop removes and returns the oldest event; false when there is none.
func (q *events) pop() (Event, bool) {
	if q.head == len(q.buf) {
		return Event{}, false
	}
	e := q.buf[q.head]
	q.head++
	if len(e.Scores) == 0 {
		e.Scores = nil
	}
	if len(e.Data) == 0 {
		e.Data = nil
	}
	return e, true
}

// len returns how many events wait.
func (q *events) len() int { return len(q.buf) - q.head }
