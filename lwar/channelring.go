package lwar

// chRing is a bounded FIFO of encoded messages for the Channel: a fixed
// table of entries and one fixed byte arena, both allocated once by
// newChRing, so queueing and dequeueing allocate nothing and a peer that
// never acknowledges cannot make it grow.
//
// Messages are stored contiguously in the arena in queue order. When a
// message does not fit between the write position and the arena's end,
// it is placed at the arena's start if the oldest message leaves room
// there ("wrapped"); otherwise the ring is full.
type chRing struct {
	ents  []chEntry
	arena []byte
	head  int // index of the oldest entry in ents
	n     int // number of entries
	wr    int // arena offset where the next message goes
	wrap  bool
}

// chEntry is one queued message: its place in the arena, its sequence
// number (reliable messages only) and when it was last put into a packet.
type chEntry struct {
	off, n int
	seq    uint32
	sent   bool
	sentAt int64 // nanoseconds on the channel's clock
}

func newChRing(maxMsgs, maxBytes int) chRing {
	return chRing{ents: make([]chEntry, maxMsgs), arena: make([]byte, maxBytes)}
}

// reserve finds room for a message of need bytes and returns its arena
// offset, or -1 if the ring is full (in entries or in bytes).
func (r *chRing) reserve(need int) int {
	if r.n == len(r.ents) || need > len(r.arena) {
		return -1
	}
	if r.n == 0 {
		r.wr, r.wrap = 0, false
		return 0
	}
	headOff := r.ents[r.head].off
	if r.wrap {
		if r.wr+need <= headOff {
			return r.wr
		}
		return -1
	}
	if r.wr+need <= len(r.arena) {
		return r.wr
	}
	if need <= headOff {
		return 0
	}
	return -1
}

// push stores msg (whose room reserve found at off) as the newest entry.
func (r *chRing) push(off int, msg []byte, seq uint32) {
	if r.n > 0 && off < r.wr {
		r.wrap = true
	}
	copy(r.arena[off:], msg)
	i := r.index(r.n)
	r.ents[i] = chEntry{off: off, n: len(msg), seq: seq}
	r.n++
	r.wr = off + len(msg)
}

// index returns the ents index of the k-th oldest entry.
func (r *chRing) index(k int) int {
	i := r.head + k
	if i >= len(r.ents) {
		i -= len(r.ents)
	}
	return i
}

// at returns the k-th oldest entry.
func (r *chRing) at(k int) *chEntry { return &r.ents[r.index(k)] }

// bytes returns the stored message of e; it aliases the arena.
func (r *chRing) bytes(e *chEntry) []byte { return r.arena[e.off : e.off+e.n : e.off+e.n] }

// pop drops the oldest entry.
func (r *chRing) pop() {
	if r.n == 0 {
		return
	}
	old := r.ents[r.head].off
	r.head = r.index(1)
	r.n--
	if r.n == 0 {
		r.head, r.wr, r.wrap = 0, 0, false
		return
	}
	if r.wrap && r.ents[r.head].off < old {
		// The oldest message is now in the part that starts at offset 0.
		r.wrap = false
	}
}
