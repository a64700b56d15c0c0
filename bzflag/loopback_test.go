package bzflag_test

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
)

var update = flag.Bool("update", false, "rewrite testdata/bzflag/session-*.bin from a new loopback session")

// Paths of the loopback session's capture, from the repository's root:
// the game connection's bytes, client to server and server to client (the
// handshake travels on the first connection and is not in them).
var (
	captureClient = filepath.Join("..", "testdata", "bzflag", "session-client.bin")
	captureServer = filepath.Join("..", "testdata", "bzflag", "session-server.bin")
)

// recorder copies what passes through a connection, read and written.
type recorder struct {
	net.Conn
	mu      sync.Mutex
	in, out bytes.Buffer
}

func (r *recorder) Read(p []byte) (int, error) {
	n, err := r.Conn.Read(p)
	r.mu.Lock()
	r.in.Write(p[:n])
	r.mu.Unlock()
	return n, err
}

func (r *recorder) Write(p []byte) (int, error) {
	n, err := r.Conn.Write(p)
	r.mu.Lock()
	r.out.Write(p[:n])
	r.mu.Unlock()
	return n, err
}

// TestLoopbackSession runs the Example's session over real loopback TCP,
// records the game connection on the server's side, checks the recorded
// streams message by message, and (with -update) writes them to testdata.
func TestLoopbackSession(t *testing.T) {
	s, err := newTinyServer()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var rec *recorder
	s.wrap = func(c net.Conn) net.Conn { rec = &recorder{Conn: c}; return rec }
	done := make(chan error, 1)
	go func() { done <- s.serveOne() }()

	var log bytes.Buffer
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(s.wks.Addr().(*net.TCPAddr).Port))
	if err := playSession(addr, &log); err != nil {
		t.Fatalf("client: %v\n%s", err, log.String())
	}
	if err := <-done; err != nil {
		t.Fatalf("server: %v", err)
	}
	rec.mu.Lock()
	client, server := bytes.Clone(rec.in.Bytes()), bytes.Clone(rec.out.Bytes())
	rec.mu.Unlock()

	checkSession(t, client, server)
	if *update {
		if err := os.MkdirAll(filepath.Dir(captureClient), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(captureClient, client, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(captureServer, server, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCapture checks that the shipped capture still decodes, every frame,
// both directions, and tells the session the loopback test plays.
func TestCapture(t *testing.T) {
	client, err := os.ReadFile(captureClient)
	if err != nil {
		t.Fatalf("%v (regenerate with go test -run TestLoopbackSession -update)", err)
	}
	server, err := os.ReadFile(captureServer)
	if err != nil {
		t.Fatal(err)
	}
	checkSession(t, client, server)
}

// codes reads every message of a recorded stream, strictly (no unknown
// codes, every rule of the spec), checks that each re-encodes to its own
// bytes, and returns their codes.
func codes(t *testing.T, b []byte, from bzflag.Direction) []bzflag.Code {
	t.Helper()
	s := bzflag.NewStream(bytes.NewReader(b), from)
	s.Strict = true
	var out []bzflag.Code
	off := 0
	for {
		m, err := s.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("%s stream, message %d at byte %d: %v", from, len(out), off, err)
		}
		re, err := m.AppendBinary(nil)
		if err != nil || !bytes.Equal(re, b[off:off+len(re)]) {
			t.Fatalf("%s stream, message %d (%v) does not re-encode to its bytes", from, len(out), m.Code())
		}
		off += len(re)
		out = append(out, m.Code())
	}
}

// checkSession checks the two streams of the loopback session.
func checkSession(t *testing.T, client, server []byte) {
	t.Helper()
	c := codes(t, client, bzflag.FromClient)
	sv := codes(t, server, bzflag.FromServer)
	// The tiny server's world is 162 bytes, served in chunks of 256: one
	// request. Then the client enters, acknowledges its id, comes alive,
	// sends three updates and a shot, chats and exits.
	wantClient := []bzflag.Code{bzflag.CodeGetWorld, bzflag.CodeEnter, bzflag.CodeIDAck, bzflag.CodeAlive,
		bzflag.CodePlayerUpdate, bzflag.CodePlayerUpdate, bzflag.CodePlayerUpdate, bzflag.CodeShotBegin,
		bzflag.CodeMessage, bzflag.CodeExit}
	wantServer := []bzflag.Code{bzflag.CodeGetWorld, bzflag.CodeAccept, bzflag.CodeTeamUpdate, bzflag.CodeTeamUpdate,
		bzflag.CodeFlagUpdate, bzflag.CodeAddPlayer, bzflag.CodeAddPlayer, bzflag.CodeAlive, bzflag.CodeShotBegin,
		bzflag.CodeMessage}
	if !equalCodes(c, wantClient) {
		t.Errorf("client stream: %v\nwant %v", c, wantClient)
	}
	if !equalCodes(sv, wantServer) {
		t.Errorf("server stream: %v\nwant %v", sv, wantServer)
	}
}

func equalCodes(a, b []bzflag.Code) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
