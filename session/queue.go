package session

// Queue is the first-in first-out queue of the messages a session has
// decided to send and the caller has not taken yet (with Next). Its zero
// value is empty and ready; once drained it reuses its buffer.
type Queue[M any] struct {
	buf  []M
	head int // buf[head:] are waiting
}

// Push appends m to the queue.
func (q *Queue[M]) Push(m M) { q.buf = append(q.buf, m) }

// Next removes and returns the oldest message, or the zero M when the
// queue is empty. The queue keeps no reference to it.
func (q *Queue[M]) Next() M {
	var zero M
	if q.head == len(q.buf) {
		return zero
	}
	m := q.buf[q.head]
	q.buf[q.head] = zero
	q.head++
	if q.head == len(q.buf) {
		q.buf, q.head = q.buf[:0], 0
	}
	return m
}

// Len returns how many messages are waiting.
func (q *Queue[M]) Len() int { return len(q.buf) - q.head }

// Clear drops every waiting message.
func (q *Queue[M]) Clear() {
	clear(q.buf)
	q.buf, q.head = q.buf[:0], 0
}

// PushValid appends m to q if it passes its Validate, and returns
// Validate's error otherwise: a session sends nothing that breaks the
// spec's rules.
func PushValid[M interface{ Validate() error }](q *Queue[M], m M) error {
	if err := m.Validate(); err != nil {
		return err
	}
	q.Push(m)
	return nil
}
