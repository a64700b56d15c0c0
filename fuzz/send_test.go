package fuzz_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand"
	"net"
	"reflect"
	"testing"
	"time"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// word is a toy message: a u16 length (2) and a u16 value.
type word struct{ V uint16 }

func (w word) AppendBinary(b []byte) ([]byte, error) {
	return binary.BigEndian.AppendUint16(binary.BigEndian.AppendUint16(b, 4), w.V), nil
}

func wordGen() gopter.Gen {
	return gen.StrictStruct(reflect.TypeFor[word](), map[string]gopter.Gen{"V": gen.UInt16()})
}

func TestSendIsReproducible(t *testing.T) {
	run := func() []byte {
		var out bytes.Buffer
		s := fuzz.Sender{Gen: wordGen(), Seed: 42, MutateRate: 0.5}
		if n, err := s.Send(&out, 200); err != nil || n != 200 {
			t.Fatalf("Send = %d, %v", n, err)
		}
		return out.Bytes()
	}
	a, b := run(), run()
	if !bytes.Equal(a, b) {
		t.Fatal("two runs with the same seed sent different bytes")
	}
	if len(a) == 200*4 {
		t.Fatal("MutateRate 0.5 mutated nothing that changed a length")
	}
}

func TestSendUnmutatedIsValid(t *testing.T) {
	var out bytes.Buffer
	var seen int
	s := fuzz.Sender{Gen: wordGen(), Seed: 7, OnSend: func(i int, b []byte, mutated bool) {
		if mutated || len(b) != 4 {
			t.Errorf("message %d: %x mutated=%v", i, b, mutated)
		}
		seen++
	}}
	if _, err := s.Send(&out, 50); err != nil {
		t.Fatal(err)
	}
	if seen != 50 || out.Len() != 200 {
		t.Fatalf("sent %d messages, %d bytes", seen, out.Len())
	}
	for b := out.Bytes(); len(b) > 0; b = b[4:] {
		if binary.BigEndian.Uint16(b) != 4 {
			t.Fatalf("bad frame %x", b[:4])
		}
	}
}

func TestSendErrors(t *testing.T) {
	s := fuzz.Sender{Gen: gen.Int()}
	if _, err := s.Send(&bytes.Buffer{}, 1); !errors.Is(err, fuzz.ErrNotAppender) {
		t.Errorf("non-appender: %v", err)
	}
	s = fuzz.Sender{Gen: gen.Fail(reflect.TypeFor[word]())}
	if _, err := s.Send(&bytes.Buffer{}, 1); err == nil {
		t.Error("failing generator: no error")
	}
}

func TestMutateChangesBytes(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	changed := 0
	for range 1000 {
		orig := []byte{1, 2, 3, 4, 5, 6}
		b := fuzz.Mutate(bytes.Clone(orig), rng)
		if !bytes.Equal(b, orig) {
			changed++
		}
	}
	if changed < 900 {
		t.Errorf("only %d of 1000 mutations changed the input", changed)
	}
	if len(fuzz.Mutate(nil, rng)) != 1 {
		t.Error("Mutate(nil) should produce one byte")
	}
}

// Example aims a generator at a server on loopback: here a listener of our
// own that counts what arrives.
func ExampleSender() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer ln.Close()
	got := make(chan int)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			got <- -1
			return
		}
		defer c.Close()
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		var total int
		buf := make([]byte, 512)
		for {
			n, err := c.Read(buf)
			total += n
			if err != nil {
				got <- total
				return
			}
		}
	}()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		panic(err)
	}
	s := fuzz.Sender{Gen: wordGen(), Seed: 1}
	n, err := s.Send(conn, 100)
	conn.Close()
	fmt.Println("sent", n, "messages, error:", err)
	fmt.Println("target received", <-got, "bytes")
	// Output:
	// sent 100 messages, error: <nil>
	// target received 400 bytes
}
