package codectest

import (
	"fmt"
	"testing"
)

// panicError is what a call that panicked returns instead.
type panicError struct{ v any }

func (p panicError) Error() string { return fmt.Sprintf("panic: %v", p.v) }

func safeAppend(m Message, b []byte) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicError{r}
		}
	}()
	return m.AppendBinary(b)
}

func safeMarshal(m Message) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicError{r}
		}
	}()
	return m.MarshalBinary()
}

func safeDecode(m Message, b []byte) (n int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicError{r}
		}
	}()
	return m.Decode(b)
}

func safeUnmarshal(m Message, b []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicError{r}
		}
	}()
	return m.UnmarshalBinary(b)
}

// allocsPerRun is testing.AllocsPerRun with panics turned into a failure
// count (a panicking codec is reported elsewhere).
func allocsPerRun(f func()) (a float64) {
	defer func() {
		if recover() != nil {
			a = 0
		}
	}()
	return testing.AllocsPerRun(100, f)
}
