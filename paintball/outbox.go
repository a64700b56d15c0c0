package paintball

import "net/netip"

// outbox holds the packets a session has queued, encoded, each for a
// peer, in one buffer that it reuses once drained: in steady state it
// allocates nothing. A broadcast encodes its packet once and queues it
// for every peer.
type outbox struct {
	buf   []byte
	units []unit
	head  int // units[head:] wait
}

// unit is one packet for one peer: buf[start:end].
type unit struct {
	to         netip.AddrPort
	start, end int
}

// encode appends m's packet to the buffer, and returns where it is.
func (o *outbox) encode(m Message) (start, end int, err error) {
	start = len(o.buf)
	b, err := m.AppendBinary(o.buf)
	if err != nil {
		o.buf = o.buf[:start]
		return 0, 0, err
	}
	o.buf = b
	return start, len(b), nil
}

// add queues the packet at buf[start:end] for to.
func (o *outbox) add(to netip.AddrPort, start, end int) {
	o.units = append(o.units, unit{to, start, end})
}

// len returns how many packets wait.
func (o *outbox) len() int { return len(o.units) - o.head }

// next removes the oldest packet and returns it with its peer.
func (o *outbox) next() (u unit, b []byte, ok bool) {
	if o.head == len(o.units) {
		o.reset()
		return unit{}, nil, false
	}
	u = o.units[o.head]
	o.head++
	return u, o.buf[u.start:u.end], true
}

// reset empties the outbox once it is drained, keeping its storage; the
// last packet next returned stays readable until the next encode.
func (o *outbox) reset() {
	if o.head == len(o.units) {
		o.buf, o.units, o.head = o.buf[:0], o.units[:0], 0
	}
}
