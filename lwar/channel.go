package lwar

import (
	"encoding"
	"errors"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// ErrQueueFull is returned by Channel.QueueReliable and
// Channel.QueueUnreliable when the channel's bounded queue has no room
// left (ChannelConfig says how much there is). For reliable messages it
// means the peer has not acknowledged enough of what was sent: a peer
// that never acknowledges cannot make the channel grow, it makes
// QueueReliable fail, and the caller should drop that peer.
var ErrQueueFull = errors.New("lwar: channel queue full")

// Default bounds of a Channel (see ChannelConfig).
const (
	// DefaultMaxPending is the default bound on reliable messages sent
	// and not yet acknowledged. The original server's shared queue holds
	// 1024 messages (MAX_QUEUE), enough for the synchronization phase of
	// a full world (docs/errata/lwar.md, part 2).
	DefaultMaxPending = 1024
	// DefaultMaxPendingBytes is the default bound on the bytes of those
	// messages.
	DefaultMaxPendingBytes = 64 << 10
	// DefaultMaxUnreliable is the default bound on unreliable messages
	// queued and not yet put into a packet.
	DefaultMaxUnreliable = 256
	// DefaultMaxUnreliableBytes is the default bound on their bytes.
	DefaultMaxUnreliableBytes = 16 << 10
	// DefaultKeepAlive is how long a channel stays silent at most: after
	// this long without a packet, NeedsSend asks for one (a bare header)
	// so the peer's disconnect timeout does not run out on a quiet link.
	DefaultKeepAlive = time.Second
)

// ChannelConfig bounds a Channel and sets its resend policy. The zero
// value means the defaults.
type ChannelConfig struct {
	// MaxPending bounds the reliable messages queued and not yet
	// acknowledged (DefaultMaxPending if 0), MaxPendingBytes their
	// encoded bytes (DefaultMaxPendingBytes if 0). Both are allocated
	// once, by NewChannel.
	MaxPending, MaxPendingBytes int
	// MaxUnreliable and MaxUnreliableBytes bound the unreliable messages
	// queued and not yet sent (DefaultMaxUnreliable and
	// DefaultMaxUnreliableBytes if 0).
	MaxUnreliable, MaxUnreliableBytes int
	// ResendInterval is the least time between two transmissions of the
	// same unacknowledged reliable message. 0, the default, resends every
	// unacknowledged message in every packet built at a later time than
	// its last transmission, as both original peers do.
	ResendInterval time.Duration
	// KeepAlive is the longest time without a packet to the peer before
	// NeedsSend asks for one (DefaultKeepAlive if 0; never if negative).
	KeepAlive time.Duration
	// Policy says what Receive does with a packet over MaxPacketSize (up
	// to HardMaxPacketSize; larger ones are always rejected), as
	// Iterator.Policy does: wire.Checked, the default, takes it and
	// reports wire.ErrTooLong with its messages; wire.Lax takes it without
	// a word; wire.Strict rejects it.
	Policy wire.Policy
}

func (c *ChannelConfig) withDefaults() ChannelConfig {
	d := *c
	session.Default(&d.MaxPending, DefaultMaxPending)
	session.Default(&d.MaxPendingBytes, DefaultMaxPendingBytes)
	session.Default(&d.MaxUnreliable, DefaultMaxUnreliable)
	session.Default(&d.MaxUnreliableBytes, DefaultMaxUnreliableBytes)
	if d.KeepAlive == 0 {
		d.KeepAlive = DefaultKeepAlive
	}
	return d
}

// ChannelStats counts what a Channel did. All counts are of messages
// unless the name says packets.
type ChannelStats struct {
	PacketsSent     int // packets built by AppendPacket
	PacketsReceived int // packets whose header Receive accepted
	BadPackets      int // packets Receive rejected (short header, wrong appId, too long)
	OversizePackets int // packets over MaxPacketSize that Receive took (see ChannelConfig.Policy)

	ReliableSent   int // reliable messages put into a packet for the first time
	ReliableResent int // further transmissions of unacknowledged messages
	Acknowledged   int // reliable messages removed because the peer acknowledged them
	BogusAcks      int // packets acknowledging a sequence number never sent (clamped)

	Delivered  int // reliable messages admitted (in order, exactly once)
	Duplicates int // reliable messages discarded: already processed
	Early      int // reliable messages discarded: not the direct successor

	UnreliableSent      int // unreliable messages put into a packet
	UnreliableDelivered int // unreliable messages admitted
	Stale               int // unreliable messages discarded: older packet timestamp
}

// Channel is the spec's ordered-reliable channel ("Message Delivery
// Guarantees") with one remote peer, as a state machine the caller
// drives: no goroutines, no timers, no sockets. The caller passes the
// current time to every method that needs it.
//
// Sending: QueueReliable assigns the next sequence number (the first is
// 1) and keeps the encoded message until an ack at or above its number
// arrives; QueueUnreliable keeps a message until it is put into a packet.
// AppendPacket builds the next packet: the 12-byte header (ack = the last
// reliable message processed, timestamp = milliseconds since NewChannel),
// then every unacknowledged reliable message in sequence order while they
// fit (resent in every packet unless ChannelConfig.ResendInterval says
// otherwise), then queued unreliable messages while they fit. Nothing is
// split: what does not fit goes into a later packet.
//
// Receiving: Receive checks a packet's header, takes its ack and decides
// whether its unreliable messages are current (timestamp not older than
// the newest seen); then, for each message of the packet in order, Admit
// says whether to process it: a reliable message only if its sequence
// number is the direct successor of the last one processed (duplicates
// and messages after a gap are discarded; the gap is resent), an
// unreliable one only if its packet is current.
//
// Bounds: at most ChannelConfig.MaxPending unacknowledged reliable
// messages of at most MaxPendingBytes (1024 and 64 KiB by default), and
// MaxUnreliable unsent unreliable ones of at most MaxUnreliableBytes (256
// and 16 KiB). When a queue is full, QueueReliable or QueueUnreliable
// returns ErrQueueFull and the channel stays as it was: a peer that never
// acknowledges cannot make it grow. A Channel allocates these queues
// once, in NewChannel; after that no method allocates.
//
// NeedsSend tells when a packet is due: something to (re)send, an ack
// owed, or the keep-alive interval (ChannelConfig.KeepAlive, 1 s) passed
// in silence. TimedOut tells when the peer has been silent for more than
// DisconnectTimeout.
type Channel struct {
	cfg   ChannelConfig
	epoch time.Time

	rel   chRing // reliable messages sent and not yet acknowledged
	unrel chRing // unreliable messages not yet sent
	enc   []byte // encoding buffer, capacity MaxMessageSize

	lastSeq   uint32 // sequence number of the last reliable message queued
	acked     uint32 // highest ack received
	processed uint32 // last reliable message processed: our ack
	ackOwed   bool   // a reliable message arrived since the last packet: the peer needs our ack
	lastTS    uint32 // newest packet timestamp whose unreliable messages were admitted
	fresh     bool   // unreliable messages of the current packet are admitted

	lastRecv time.Time
	lastSent int64 // when the last packet was built, on the channel's clock
	stats    ChannelStats
}

// NewChannel returns a channel whose clock starts at now: packet
// timestamps count milliseconds from now, and the disconnect timeout runs
// from now until the first packet arrives.
func NewChannel(cfg ChannelConfig, now time.Time) *Channel {
	c := &Channel{cfg: cfg.withDefaults(), epoch: now, lastRecv: now}
	c.rel = newChRing(c.cfg.MaxPending, c.cfg.MaxPendingBytes)
	c.unrel = newChRing(c.cfg.MaxUnreliable, c.cfg.MaxUnreliableBytes)
	c.enc = make([]byte, 0, MaxMessageSize)
	return c
}

// channelErrors are the errors of queueing a message, built once.
var channelErrors = struct{ tooLong, empty, kind, noSeqno, null wire.Error }{
	tooLong: wire.Error{Protocol: "lwar", Message: "Channel", Offset: MaxMessageSize, Err: wire.ErrTooLong},
	empty:   wire.Error{Protocol: "lwar", Message: "Channel", Field: "type", Err: wire.ErrShort},
	kind:    wire.Error{Protocol: "lwar", Message: "Channel", Field: "type", Err: wire.ErrInvalid},
	noSeqno: wire.Error{Protocol: "lwar", Message: "Channel", Field: "seqno", Offset: 1, Err: wire.ErrShort},
	null:    wire.Error{Protocol: "lwar", Message: "nil message", Err: wire.ErrInvalid},
}

// ready gives a zero Channel (var ch lwar.Channel) the default bounds and
// its queues, with its clock starting at the zero Time: a zero Channel
// works, as NewChannel(ChannelConfig{}, time.Time{}) does.
func (c *Channel) ready() {
	if c.enc == nil {
		*c = *NewChannel(c.cfg, c.epoch)
	}
}

// encode appends m into the encoding buffer and checks that it fits into
// a packet. A message that tells its Size is checked before it is
// encoded, so refusing it allocates nothing.
func (c *Channel) encode(m encoding.BinaryAppender) ([]byte, error) {
	if m == nil || wire.IsNil(m) {
		return nil, &channelErrors.null
	}
	c.ready()
	if s, ok := m.(interface{ Size() int }); ok && s.Size() > MaxMessageSize {
		return nil, &channelErrors.tooLong
	}
	b, err := m.AppendBinary(c.enc[:0])
	if err != nil {
		return nil, err
	}
	if len(b) > MaxMessageSize {
		return nil, &channelErrors.tooLong
	}
	if len(b) == 0 {
		return nil, &channelErrors.empty
	}
	return b, nil
}

// QueueReliable encodes m, which must be a reliable message (type id
// below 100), gives it the next sequence number and queues it until the
// peer acknowledges it. The sequence number the encoding carries is
// replaced by the assigned one, which is returned. It fails with
// ErrQueueFull when the bounded queue is full, and with a *wire.Error for
// a message that is not reliable or larger than MaxMessageSize.
func (c *Channel) QueueReliable(m encoding.BinaryAppender) (uint32, error) {
	b, err := c.encode(m)
	if err != nil {
		return 0, err
	}
	if !Type(b[0]).Reliable() {
		return 0, &channelErrors.kind
	}
	if len(b) < ReliableHeaderSize {
		return 0, &channelErrors.noSeqno
	}
	off := c.rel.reserve(len(b))
	if off < 0 {
		return 0, ErrQueueFull
	}
	seq := c.lastSeq + 1
	b[1], b[2], b[3], b[4] = byte(seq>>24), byte(seq>>16), byte(seq>>8), byte(seq)
	c.rel.push(off, b, seq)
	c.lastSeq = seq
	return seq, nil
}

// QueueUnreliable encodes m, which must be an unreliable message (type id
// 100 or above), and queues it for the next packet with room for it. It
// fails with ErrQueueFull when the bounded queue is full.
func (c *Channel) QueueUnreliable(m encoding.BinaryAppender) error {
	b, err := c.encode(m)
	if err != nil {
		return err
	}
	if Type(b[0]).Reliable() {
		return &channelErrors.kind
	}
	off := c.unrel.reserve(len(b))
	if off < 0 {
		return ErrQueueFull
	}
	c.unrel.push(off, b, 0)
	return nil
}

// clock returns now on the channel's clock, in nanoseconds.
func (c *Channel) clock(now time.Time) int64 { return int64(now.Sub(c.epoch)) }

// Timestamp returns the packet timestamp for now: milliseconds since
// NewChannel, truncated to 32 bits (0 before the epoch).
func (c *Channel) Timestamp(now time.Time) uint32 {
	d := c.clock(now)
	if d < 0 {
		return 0
	}
	return uint32(d / int64(time.Millisecond))
}

// due reports whether the reliable entry e goes into a packet built at
// nanosecond t: if it was never sent, or if it was sent before t and the
// resend interval (if any) has passed. A message is never sent twice at
// the same instant, so several packets built at one time carry different
// messages.
func (c *Channel) due(e *chEntry, t int64) bool {
	if !e.sent {
		return true
	}
	d := t - e.sentAt
	return d > 0 && d >= int64(c.cfg.ResendInterval)
}

// NeedsSend reports whether a packet should be built now: a reliable
// message is due for (re)transmission, an unreliable message is queued,
// the peer needs an ack because a reliable message arrived since the
// last packet (a new one, or a copy, which tells that our ack was lost),
// or the channel has been silent for the keep-alive interval.
func (c *Channel) NeedsSend(now time.Time) bool {
	if c.unrel.n > 0 || c.ackOwed {
		return true
	}
	t := c.clock(now)
	if c.cfg.KeepAlive > 0 && t-c.lastSent >= int64(c.cfg.KeepAlive) {
		return true
	}
	for k := 0; k < c.rel.n; k++ {
		if c.due(c.rel.at(k), t) {
			return true
		}
	}
	return false
}

// Deadline returns when the channel next needs attention if nothing new
// happens: the earliest of the moment a sent reliable message is due for
// its resend (ChannelConfig.ResendInterval after its last transmission,
// 1 ns when the interval is 0), the keep-alive moment, and the moment the
// peer has been silent for more than DisconnectTimeout (see TimedOut).
// When NeedsSend is already true (something unsent, an ack owed) it
// returns the time of the last packet, which has passed. A session's
// Deadline is built from it.
func (c *Channel) Deadline() time.Time {
	at := c.lastRecv.Add(DisconnectTimeout + 1)
	if c.unrel.n > 0 || c.ackOwed {
		return c.epoch.Add(time.Duration(c.lastSent))
	}
	next := int64(-1)
	if c.cfg.KeepAlive > 0 {
		next = c.lastSent + int64(c.cfg.KeepAlive)
	}
	for k := 0; k < c.rel.n; k++ {
		e := c.rel.at(k)
		t := e.sentAt + max(int64(c.cfg.ResendInterval), 1)
		if !e.sent {
			t = c.lastSent
		}
		if next < 0 || t < next {
			next = t
		}
	}
	if next >= 0 {
		if t := c.epoch.Add(time.Duration(next)); t.Before(at) {
			at = t
		}
	}
	return at
}

// AppendPacket appends the next packet to b and returns the extended
// slice: header, then due reliable messages in sequence order, then
// queued unreliable messages, as many as fit into MaxPacketSize. It
// always appends at least the header, which carries the ack; use
// NeedsSend to skip empty packets.
//
// Unreliable messages that do not fit stay queued. They take the
// timestamp of the packet that carries them, so to send a tick's
// messages with that tick's time, build packets until none is needed:
//
//	for c.NeedsSend(now) {
//		pkt = c.AppendPacket(pkt[:0], now)
//		// send pkt
//	}
//
// which ends because a reliable message goes out at most once per
// instant.
func (c *Channel) AppendPacket(b []byte, now time.Time) []byte {
	h := Header{Ack: c.processed, Timestamp: c.Timestamp(now)}
	b, _ = h.AppendBinary(b)
	room := MaxPacketSize - HeaderSize
	t := c.clock(now)
	for k := 0; k < c.rel.n; k++ {
		e := c.rel.at(k)
		if !c.due(e, t) {
			continue
		}
		if e.n > room {
			break // keep the order: later messages wait for this one
		}
		b = append(b, c.rel.bytes(e)...)
		room -= e.n
		if e.sent {
			c.stats.ReliableResent++
		} else {
			c.stats.ReliableSent++
		}
		e.sent, e.sentAt = true, t
	}
	for c.unrel.n > 0 {
		e := c.unrel.at(0)
		if e.n > room {
			break
		}
		b = append(b, c.unrel.bytes(e)...)
		room -= e.n
		c.unrel.pop()
		c.stats.UnreliableSent++
	}
	c.ackOwed = false
	c.lastSent = t
	c.stats.PacketsSent++
	return b
}

// Receive takes a packet from the peer: it checks the packet as the
// Iterator does (header length, appId, size under ChannelConfig.Policy),
// records the time (for the disconnect timeout), drops the reliable
// messages the packet's ack covers, and decides whether the packet's
// unreliable messages are current: a packet whose timestamp is older
// than the newest one seen is stale. Equal timestamps are current,
// as the original client has it (a split update shares one timestamp).
//
// It returns the packet's messages (after the header), aliasing pkt; pass
// each of them, in order, to Admit. A packet that is not an lwar packet
// returns no messages and the *wire.Error of Iterator.Reset, and changes
// nothing but the stats. An over-size packet that the policy takes
// (wire.Checked) returns its messages and the error that flags it.
func (c *Channel) Receive(pkt []byte, now time.Time) ([]byte, error) {
	var h Header
	flag, err := readPacketHeader(&h, pkt, c.cfg.Policy)
	if err != nil {
		c.stats.BadPackets++
		c.fresh = false
		return nil, err
	}
	if len(pkt) > MaxPacketSize {
		c.stats.OversizePackets++
	}
	c.stats.PacketsReceived++
	if now.After(c.lastRecv) {
		c.lastRecv = now
	}
	c.ack(h.Ack)
	c.fresh = h.Timestamp >= c.lastTS
	if c.fresh {
		c.lastTS = h.Timestamp
	}
	return pkt[HeaderSize:], flag
}

// ack takes a cumulative acknowledgement.
func (c *Channel) ack(a uint32) {
	if a > c.lastSeq {
		c.stats.BogusAcks++
		a = c.lastSeq
	}
	if a <= c.acked {
		return
	}
	c.acked = a
	for c.rel.n > 0 && c.rel.at(0).seq <= a {
		c.rel.pop()
		c.stats.Acknowledged++
	}
}

// Admit reports whether the message msg (its encoding, starting at the
// type id) of the packet last passed to Receive is to be processed, and
// records it if so. Call it once per message, in packet order.
func (c *Channel) Admit(msg []byte) bool {
	if len(msg) == 0 {
		return false
	}
	t := Type(msg[0])
	if !t.Reliable() {
		return c.AdmitSeq(t, 0)
	}
	if len(msg) < ReliableHeaderSize {
		return false
	}
	return c.AdmitSeq(t, be.U32(msg[1:]))
}

// AdmitSeq is Admit for a message already decoded: its type and, for a
// reliable message, its sequence number.
func (c *Channel) AdmitSeq(t Type, seq uint32) bool {
	if !t.Reliable() {
		if c.fresh {
			c.stats.UnreliableDelivered++
		} else {
			c.stats.Stale++
		}
		return c.fresh
	}
	c.ackOwed = true
	switch {
	case seq == c.processed+1:
		c.processed = seq
		c.stats.Delivered++
		return true
	case seq <= c.processed:
		c.stats.Duplicates++
	default:
		c.stats.Early++
	}
	return false
}

// Ack returns the sequence number of the last reliable message processed,
// the ack the next packet carries.
func (c *Channel) Ack() uint32 { return c.processed }

// Acked returns the highest ack received from the peer.
func (c *Channel) Acked() uint32 { return c.acked }

// LastSeq returns the sequence number of the last reliable message
// queued (0 before the first).
func (c *Channel) LastSeq() uint32 { return c.lastSeq }

// Unacked returns the number of reliable messages queued and not yet
// acknowledged.
func (c *Channel) Unacked() int { return c.rel.n }

// QueuedUnreliable returns the number of unreliable messages not yet sent.
func (c *Channel) QueuedUnreliable() int { return c.unrel.n }

// Stats returns the channel's counters.
func (c *Channel) Stats() ChannelStats { return c.stats }

// LastReceived returns when the last good packet arrived (the channel's
// creation time before the first).
func (c *Channel) LastReceived() time.Time { return c.lastRecv }

// TimedOut reports whether more than DisconnectTimeout (15 s) has passed
// since the last good packet (or since NewChannel, if none came): the
// spec's "Disconnect Timeout". Like both original peers, exactly 15 s is
// not yet a timeout.
func (c *Channel) TimedOut(now time.Time) bool { return now.Sub(c.lastRecv) > DisconnectTimeout }

// dropQueued forgets every queued message, reliable or not, without
// acknowledging it. The sequence numbers already assigned stay used.
func (c *Channel) dropQueued() {
	for c.rel.n > 0 {
		c.rel.pop()
	}
	for c.unrel.n > 0 {
		c.unrel.pop()
	}
}

// reset makes c a fresh channel whose clock starts at now, keeping its
// allocated queues.
func (c *Channel) reset(now time.Time) {
	c.dropQueued()
	rel, unrel, enc, cfg := c.rel, c.unrel, c.enc, c.cfg
	*c = Channel{cfg: cfg, epoch: now, lastRecv: now, rel: rel, unrel: unrel, enc: enc}
}
