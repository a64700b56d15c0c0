package bzflaggen_test

import (
	"bytes"
	"fmt"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/gamewire/gamewire/wire"
)

// Aim valid client messages, a few of them mutated, at a server. Here the
// "server" is a buffer, read back with a bzflag.NewDecoder (lax: no Validate); against a real
// bzfs you would write to the connection that bzflag.Dial returns.
func Example() {
	var conn bytes.Buffer
	s := fuzz.Sender{Gen: bzflaggen.ValidFromClient(), Seed: 1, MutateRate: 0.2}
	n, err := s.Send(&conn, 50)
	fmt.Println(n, err)

	d := bzflag.NewDecoder()
	d.Policy = wire.Lax
	b, frames, failed := conn.Bytes(), 0, 0
	for len(b) > 0 {
		_, k, err := d.Decode(b, bzflag.FromClient)
		if err != nil {
			failed++ // a mutation broke the framing: stop here, as a server would
			break
		}
		frames++
		b = b[k:]
	}
	fmt.Println(frames, "frames decoded before the first broken one:", failed == 1)
	// Output:
	// 50 <nil>
	// 12 frames decoded before the first broken one: true
}
