package tfighters

import "github.com/gamewire/gamewire/wire"

// outbox holds the frames a session has queued and Transmit has not yet
// taken, encoded as they were queued (so the messages they came from may
// be reused at once): one byte buffer and the ends of its frames, both
// reused once drained, so that queuing and transmitting allocate nothing
// in steady state.
type outbox struct {
	b    []byte
	ends []int // ends[i] is where frame i ends in b
	i    int   // frames before i are taken
}

// push appends m's frame; on an error it appends nothing.
func (o *outbox) push(m Message) error {
	n := len(o.b)
	b, err := m.AppendBinary(o.b)
	if err != nil {
		o.b = b[:n]
		return err
	}
	o.b = b
	o.ends = append(o.ends, len(b))
	return nil
}

// pushFrame appends a frame already encoded.
func (o *outbox) pushFrame(f []byte) {
	o.b = append(o.b, f...)
	o.ends = append(o.ends, len(o.b))
}

// empty reports whether every frame is taken.
func (o *outbox) empty() bool { return o.i == len(o.ends) }

// next appends the oldest frame to buf and takes it; ok is false when
// there is none.
func (o *outbox) next(buf []byte) (unit []byte, ok bool) {
	if o.i == len(o.ends) {
		o.clear()
		return buf, false
	}
	start := 0
	if o.i > 0 {
		start = o.ends[o.i-1]
	}
	buf = append(buf, o.b[start:o.ends[o.i]]...)
	o.i++
	if o.i == len(o.ends) {
		o.clear()
	}
	return buf, true
}

// clear drops every frame.
func (o *outbox) clear() { o.b, o.ends, o.i = o.b[:0], o.ends[:0], 0 }

// check is the one check of every message a session sends: CheckSend of
// the table (not nil, of TFighters, of direction from, and, unless lax,
// Validate).
func check(m Message, from wire.Direction, lax bool) error {
	return wire.CheckSend(table, m, from, lax)
}
