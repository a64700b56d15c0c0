package session

import (
	"errors"
	"testing"
)

func TestQueue(t *testing.T) {
	var q Queue[*int]
	a, b, c := new(int), new(int), new(int)
	if q.Next() != nil || q.Len() != 0 {
		t.Fatal("a zero Queue is not empty")
	}
	q.Push(a)
	q.Push(b)
	if got := q.Next(); got != a || q.Len() != 1 {
		t.Fatalf("Next = %p, Len %d; want the first pushed, 1 left", got, q.Len())
	}
	q.Push(c)
	if q.Next() != b || q.Next() != c || q.Next() != nil {
		t.Fatal("the queue is not first in, first out")
	}
	q.Push(a)
	q.Clear()
	if q.Next() != nil || q.Len() != 0 {
		t.Fatal("Clear left a message")
	}
	if n := testing.AllocsPerRun(100, func() { q.Push(a); q.Push(b); q.Next(); q.Next() }); n != 0 {
		t.Errorf("a drained queue allocates %v times to refill", n)
	}
}

func TestSequenceError(t *testing.T) {
	sentinel := errors.New("toy: out of sequence")
	err := error(&SequenceError{Protocol: "toy", What: "Login", State: "playing", Err: sentinel})
	if !errors.Is(err, sentinel) {
		t.Error("SequenceError does not wrap its sentinel")
	}
	if got, want := err.Error(), "toy: Login out of sequence in state playing"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestName(t *testing.T) {
	names := []string{"idle", "busy"}
	tests := []struct {
		s          uint8
		name, orIt string
	}{
		{0, "idle", "idle"},
		{1, "busy", "busy"},
		{2, "2", "invalid"},
		{255, "255", "invalid"},
	}
	for _, tt := range tests {
		if got := Name(names, tt.s); got != tt.name {
			t.Errorf("Name(%d) = %q, want %q", tt.s, got, tt.name)
		}
		if got := NameOr(names, tt.s, "invalid"); got != tt.orIt {
			t.Errorf("NameOr(%d) = %q, want %q", tt.s, got, tt.orIt)
		}
	}
}

func TestDefault(t *testing.T) {
	for _, tt := range []struct{ v, want int }{{0, 7}, {-1, 7}, {3, 3}} {
		v := tt.v
		if Default(&v, 7); v != tt.want {
			t.Errorf("Default(%d, 7) = %d, want %d", tt.v, v, tt.want)
		}
	}
}

type toyMsg struct{ bad bool }

func (m *toyMsg) Validate() error {
	if m.bad {
		return errors.New("bad")
	}
	return nil
}

func TestPushValid(t *testing.T) {
	var q Queue[*toyMsg]
	if err := PushValid(&q, &toyMsg{bad: true}); err == nil || q.Len() != 0 {
		t.Errorf("PushValid of an invalid message = %v, queue %d long", err, q.Len())
	}
	if err := PushValid(&q, &toyMsg{}); err != nil || q.Len() != 1 {
		t.Errorf("PushValid of a valid message = %v, queue %d long", err, q.Len())
	}
}
