package retrotank

import (
	"errors"
	"time"

	"strconv"

	"github.com/gamewire/gamewire/session"
)

// Errors of the acknowledgement system.
var (
	// ErrPeerTimeout is wrapped by the *TimeoutError an Acker returns when
	// a message stays unacknowledged for AckConfig.Timeout: the peer
	// stopped answering, and the connection should be dropped.
	ErrPeerTimeout = errors.New("retrotank: peer stopped acknowledging")
	// ErrWindowFull is returned by Acker.Queue when AckConfig.Window
	// messages are in flight already: a peer that never acknowledges
	// cannot make an Acker grow.
	ErrWindowFull = errors.New("retrotank: too many unacknowledged messages")
)

// TimeoutError says which message a peer never acknowledged.
type TimeoutError struct {
	// ID and Type are the message's.
	ID   MessageID
	Type MsgType
	// Sends is how many times it was sent.
	Sends int
}

// Error returns "retrotank: peer stopped acknowledging: MSG_TYPE_X id N
// unacknowledged after K sends".
func (e *TimeoutError) Error() string {
	return ErrPeerTimeout.Error() + ": " + e.Type.String() + " id " + e.ID.String() +
		" unacknowledged after " + strconv.Itoa(e.Sends) + " sends"
}

// Unwrap returns ErrPeerTimeout.
func (e *TimeoutError) Unwrap() error { return ErrPeerTimeout }

// Defaults of AckConfig (docs/errata/retrotank.md, S1; the spec gives no
// values).
const (
	DefaultResend     = 200 * time.Millisecond
	DefaultSlowResend = time.Second
	DefaultTimeout    = 10 * time.Second
	DefaultWindow     = 1024
	// MaxWindow bounds Window: with at most 2^14 messages in flight, a
	// receiver's 2^15-id duplicate window is never ambiguous (S2).
	MaxWindow = 1 << 14
)

// AckConfig sets an Acker's resend policy and bounds. The zero value
// means the defaults.
type AckConfig struct {
	// Resend is the time between two transmissions of an unacknowledged
	// message (DefaultResend if 0).
	Resend time.Duration
	// SlowResend is Resend for MSG_TYPE_SCORE, "sent with a low priority
	// by using a longer resend time" (DefaultSlowResend if 0).
	SlowResend time.Duration
	// Timeout is how long a message may stay unacknowledged after its
	// first transmission before the peer is given up (DefaultTimeout if 0).
	Timeout time.Duration
	// Window bounds the messages in flight (DefaultWindow if 0, at most
	// MaxWindow). Their buffers are allocated as they are first used and
	// reused after.
	Window int
	// FirstID is the id of the first message queued; the following ones
	// count up from it, wrapping.
	FirstID MessageID
}

// pending is one sent message awaiting its acknowledgement.
type pending struct {
	buf   []byte // the encoded datagram (capacity reused)
	first time.Time
	next  time.Time // next transmission
	every time.Duration
	sends int
	acked bool
	typ   MsgType
}

// maxAckQueue bounds the ids waiting to be acknowledged; past it an id is
// dropped, and acknowledged when its sender resends it.
const maxAckQueue = 2 * MaxAcks

// Acker is one side of Retro Tank's acknowledgement system for one peer:
// it numbers the messages this side sends, resends each until the peer
// acknowledges it, acknowledges what the peer sends in batches of up to
// MaxAcks ids, and delivers each of the peer's messages once however
// often it arrives. It is a state machine the caller drives with the
// time: it has no clock, timer or goroutine of its own, and does no I/O.
//
//	a.Queue(msg, now)                  // assign an id, send soon
//	for b, ok, err := a.Next(now, buf); ok; ... { conn.Write(b) }
//	deliver := a.Receive(decoded, now) // on every datagram from the peer
//
// Client and Server run one per connection; an Acker of its own is for a
// session of another shape. It sends what it is given: the sessions check
// a message (wire.CheckSend, their state) before they queue it. Its zero
// value has the default configuration. After the first use of each window
// slot, the steady state allocates nothing. An Acker is not safe for
// concurrent use.
type Acker struct {
	// Client is the client id written into the ACKs this side sends
	// (docs/errata/retrotank.md, E4).
	Client PlayerID

	cfg AckConfig

	// sending side: a ring of the messages in flight, ids base, base+1, ...
	ring  []pending
	head  int // slot of id base
	count int // slots in use, from head
	base  MessageID
	next  MessageID

	// receiving side
	seen    [1 << 16 / 64]uint64 // ids delivered, within the window
	newest  MessageID
	started bool
	acks    [maxAckQueue]MessageID
	nacks   int
	owedAt  time.Time // when the oldest owed acknowledgement was owed
	ack     Ack
	terr    TimeoutError
}

// NewAcker returns an Acker with configuration c.
func NewAcker(c AckConfig) *Acker {
	a := new(Acker)
	a.Reset(c)
	return a
}

// Reset makes a new connection's Acker of a, keeping its buffers.
func (a *Acker) Reset(c AckConfig) {
	session.Default(&c.Resend, DefaultResend)
	session.Default(&c.SlowResend, DefaultSlowResend)
	session.Default(&c.Timeout, DefaultTimeout)
	session.Default(&c.Window, DefaultWindow)
	c.Window = min(c.Window, MaxWindow)
	ring := a.ring
	if cap(ring) < c.Window {
		ring = make([]pending, c.Window)
	}
	ring = ring[:c.Window]
	for i := range ring {
		ring[i] = pending{buf: ring[i].buf[:0]}
	}
	acks := a.ack.IDs[:0]
	*a = Acker{cfg: c, ring: ring, base: c.FirstID, next: c.FirstID}
	a.ack.IDs = acks
}

// init gives a zero Acker its default configuration and its ring, keeping
// what it received.
func (a *Acker) init() {
	if a.ring != nil {
		return
	}
	b := *a
	b.ring = nil
	b.Reset(a.cfg)
	a.cfg, a.ring = b.cfg, b.ring
}

// Config returns the Acker's configuration, defaults filled in.
func (a *Acker) Config() AckConfig { return a.cfg }

// InFlight returns how many queued messages are not yet acknowledged.
func (a *Acker) InFlight() int {
	n := 0
	for i := 0; i < a.count; i++ {
		if !a.ring[(a.head+i)%len(a.ring)].acked {
			n++
		}
	}
	return n
}

// Acked reports whether the message with id, queued by this Acker, is
// acknowledged (or was never queued: it is not in flight).
func (a *Acker) Acked(id MessageID) bool {
	i := int(uint16(id - a.base))
	return i >= a.count || a.ring[(a.head+i)%len(a.ring)].acked
}

// Queue assigns m the next message id (SetMessageID), encodes it, and
// makes it due for sending now; it is resent until acknowledged. It
// returns the id. m is not retained; a nil m is refused with ErrNil.
func (a *Acker) Queue(m Acked, now time.Time) (MessageID, error) {
	if isNil(m) {
		return 0, ErrNil
	}
	a.init()
	if a.count == len(a.ring) {
		return 0, ErrWindowFull
	}
	id := a.next
	m.SetMessageID(id)
	p := &a.ring[(a.head+a.count)%len(a.ring)]
	b, err := m.AppendBinary(p.buf[:0])
	if err != nil {
		return 0, err
	}
	every := a.cfg.Resend
	typ := MsgType(m.Form().Code)
	if typ == MsgTypeScore {
		every = a.cfg.SlowResend
	}
	*p = pending{buf: b, first: now, next: now, every: every, typ: typ}
	a.count++
	a.next++
	return id, nil
}

// Next appends to buf the next datagram due at time now and returns it:
// first the acknowledgements owed to the peer (one ACK of up to MaxAcks
// ids per call), then every message due for (re)transmission, one per
// call. ok is false when nothing is due. A message unacknowledged for
// Timeout fails with a *TimeoutError (errors.Is ErrPeerTimeout): the
// peer is gone.
func (a *Acker) Next(now time.Time, buf []byte) (b []byte, ok bool, err error) {
	if a.nacks > 0 {
		n := min(a.nacks, MaxAcks)
		a.ack.Client = a.Client
		a.ack.IDs = append(a.ack.IDs[:0], a.acks[:n]...)
		copy(a.acks[:], a.acks[n:a.nacks])
		a.nacks -= n
		b, err := a.ack.AppendBinary(buf)
		return b, err == nil, err
	}
	for i := 0; i < a.count; i++ {
		p := &a.ring[(a.head+i)%len(a.ring)]
		if p.acked {
			continue
		}
		if now.Sub(p.first) >= a.cfg.Timeout {
			a.terr = TimeoutError{ID: a.base + MessageID(i), Type: p.typ, Sends: p.sends}
			return buf, false, &a.terr
		}
		if !now.Before(p.next) {
			p.sends++
			p.next = now.Add(p.every)
			return append(buf, p.buf...), true, nil
		}
	}
	return buf, false, nil
}

// Deadline returns when Next will next have something to send (a resend,
// or an owed ACK: since it was owed) or a message times out; the zero Time
// when nothing is in flight and no ACK is owed.
func (a *Acker) Deadline() time.Time {
	if a.nacks > 0 {
		return a.owedAt
	}
	var d time.Time
	ok := false
	for i := 0; i < a.count; i++ {
		p := &a.ring[(a.head+i)%len(a.ring)]
		if p.acked {
			continue
		}
		t := p.next
		if dl := p.first.Add(a.cfg.Timeout); dl.Before(t) {
			t = dl
		}
		if !ok || t.Before(d) {
			d, ok = t, true
		}
	}
	return d
}

// Expired returns the *TimeoutError of the oldest message unacknowledged
// for Timeout at now (errors.Is ErrPeerTimeout: the peer is gone), or nil.
func (a *Acker) Expired(now time.Time) error {
	for i := 0; i < a.count; i++ {
		p := &a.ring[(a.head+i)%len(a.ring)]
		if !p.acked && now.Sub(p.first) >= a.cfg.Timeout {
			a.terr = TimeoutError{ID: a.base + MessageID(i), Type: p.typ, Sends: p.sends}
			return &a.terr
		}
	}
	return nil
}

// Owed returns how many acknowledgements the Acker owes the peer.
func (a *Acker) Owed() int { return a.nacks }

// Receive takes one message decoded from the peer at time now and says
// whether to deliver it to the application. An ACK marks the ids it
// lists acknowledged and is not delivered. A message with an id is
// acknowledged (again, if it is a copy: the previous ACK may have been
// lost) and delivered only the first time its id arrives. Any other
// message (CONN_REQ, CONN_DENY) is delivered: it is not part of the
// acknowledgement system. A nil m is not delivered.
func (a *Acker) Receive(m Message, now time.Time) bool {
	if isNil(m) {
		return false
	}
	switch m := m.(type) {
	case *Ack:
		for _, id := range m.IDs {
			a.acknowledged(id)
		}
		return false
	case Acked:
		id := m.MessageID()
		if a.nacks == 0 {
			a.owedAt = now
		}
		a.owe(id)
		return a.first(id)
	}
	return true
}

// acknowledged marks id acknowledged, and drops acknowledged messages from
// the head of the ring. Ids not in flight are ignored.
func (a *Acker) acknowledged(id MessageID) {
	i := int(uint16(id - a.base))
	if i >= a.count {
		return
	}
	a.ring[(a.head+i)%len(a.ring)].acked = true
	for a.count > 0 && a.ring[a.head].acked {
		a.head = (a.head + 1) % len(a.ring)
		a.count--
		a.base++
	}
}

// owe queues an acknowledgement of id, once.
func (a *Acker) owe(id MessageID) {
	for _, q := range a.acks[:a.nacks] {
		if q == id {
			return
		}
	}
	if a.nacks < len(a.acks) {
		a.acks[a.nacks] = id
		a.nacks++
	}
}

// first records id as received and reports whether it is new. The window
// of remembered ids is the 2^15 ids up to the newest.
func (a *Acker) first(id MessageID) bool {
	if !a.started {
		a.started, a.newest = true, id
	} else if id.Newer(a.newest) {
		// ids entering the newer half leave the older one: forget them.
		d := int(uint16(id - a.newest))
		if d >= 1<<15 {
			clear(a.seen[:])
		} else {
			for k := a.newest + 1; k != id+1; k++ {
				j := k + 1<<15
				a.seen[j/64] &^= 1 << (j % 64)
			}
		}
		a.newest = id
	}
	w, bit := id/64, uint64(1)<<(id%64)
	if a.seen[w]&bit != 0 {
		return false
	}
	a.seen[w] |= bit
	return true
}
