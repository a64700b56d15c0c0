// Package nettest is the plumbing of the protocol packages' loopback
// tests: sockets on 127.0.0.1 that close with the test, a connection that
// records what passes through it, the skeleton of a TCP test server whose
// state one goroutine owns (Server, with its Event and the Peers it
// writes to), and the capture files a test reads (EachCapture) and
// rewrites with -update.
package nettest

import (
	"bytes"
	"encoding/hex"
	"flag"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gamewire/gamewire/wire"
)

// Recorder is a net.Conn that keeps a copy of every byte read from it and
// written to it. It is safe for one reader and one writer at a time.
type Recorder struct {
	net.Conn
	mu      sync.Mutex
	in, out bytes.Buffer
}

// Read reads from the connection and records what it read.
func (r *Recorder) Read(p []byte) (int, error) {
	n, err := r.Conn.Read(p)
	r.record(&r.in, p[:n])
	return n, err
}

// Write writes to the connection and records what it wrote.
func (r *Recorder) Write(p []byte) (int, error) {
	n, err := r.Conn.Write(p)
	r.record(&r.out, p[:n])
	return n, err
}

func (r *Recorder) record(to *bytes.Buffer, p []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	to.Write(p)
}

// Received returns a copy of every byte read so far.
func (r *Recorder) Received() []byte { return r.copy(&r.in) }

// Sent returns a copy of every byte written so far.
func (r *Recorder) Sent() []byte { return r.copy(&r.out) }

func (r *Recorder) copy(b *bytes.Buffer) []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return bytes.Clone(b.Bytes())
}

// Dial connects to the TCP address addr, records the connection, and
// closes it when the test ends.
func Dial(t testing.TB, addr string) *Recorder {
	t.Helper()
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	return &Recorder{Conn: nc}
}

// ListenUDP opens a UDP socket on a free port of 127.0.0.1 that closes
// when the test ends; it skips the test where there is none.
func ListenUDP(t testing.TB) *net.UDPConn {
	t.Helper()
	c, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Skipf("no UDP on 127.0.0.1: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// Update is the -update flag of the packages' tests: rewrite the captures
// in testdata from the loopback sessions instead of only checking them.
var Update = flag.Bool("update", false, "rewrite the package's captures in ../testdata from its loopback session")

// Capture is the path of a protocol's capture file name, in the
// repository's testdata, from a protocol package's directory.
func Capture(protocol, name string) string { return filepath.Join("..", "testdata", protocol, name) }

// Captures are the paths of a protocol's two loopback captures, the
// client's bytes and the server's (loopback-client.bin and
// loopback-server.bin).
func Captures(protocol string) (client, server string) {
	return Capture(protocol, "loopback-client.bin"), Capture(protocol, "loopback-server.bin")
}

// EachCapture reads the two captures of a session, what the client sent
// (client) and what the server sent (server), and calls f with each
// one's path, the direction its messages travel in and its bytes. It
// fails the test if a file cannot be read (ReadFile).
func EachCapture(t testing.TB, client, server string, f func(path string, from wire.Direction, data []byte)) {
	t.Helper()
	f(client, wire.FromClient, ReadFile(t, client))
	f(server, wire.FromServer, ReadFile(t, server))
}

// ReadFile reads a capture file, failing the test if it cannot, with a
// reminder that -update rewrites the loopback captures.
func ReadFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (a loopback capture is rewritten by its test with -update)", err)
	}
	return b
}

// File is one capture file: its path and its bytes.
type File struct {
	Path string
	Data []byte
}

// WriteFiles writes each file, creating its directory, and fails the test
// at the first error: what a loopback test does with -update.
func WriteFiles(t testing.TB, files ...File) {
	t.Helper()
	for _, f := range files {
		if err := os.MkdirAll(filepath.Dir(f.Path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.Path, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// HexLines is a capture of datagrams as a file holds it: one datagram a
// line, in hex.
func HexLines(datagrams [][]byte) []byte {
	var sb strings.Builder
	for _, d := range datagrams {
		sb.WriteString(hex.EncodeToString(d))
		sb.WriteByte('\n')
	}
	return []byte(sb.String())
}

// ReadHexLines reads a capture of datagrams (ParseHexLines), failing the
// test if the file cannot be read or a line is not hex.
func ReadHexLines(t testing.TB, path string) [][]byte {
	t.Helper()
	out, err := ParseHexLines(path, ReadFile(t, path))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// ParseHexLines parses a capture of datagrams, the contents of file
// name: one datagram a line, in hex, with the line's surrounding blanks
// trimmed; blank lines and lines starting with # are passed over. An
// error names the file and the line.
func ParseHexLines(name string, data []byte) ([][]byte, error) {
	var out [][]byte
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		b, err := hex.DecodeString(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
		out = append(out, b)
	}
	return out, nil
}

// Repeat is an endless reader that repeats B for ever, allocating
// nothing: a connection carrying the same traffic again and again, for
// benchmarks and allocation counts of readers.
type Repeat struct {
	B   []byte
	off int
}

// Read fills p with the next bytes of B, wrapping around; it never fails.
func (r *Repeat) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], r.B[r.off:])
		n += c
		r.off = (r.off + c) % len(r.B)
	}
	return n, nil
}

// SaveClient writes, under -update (Update), the captures of a loopback
// session as one client saw it: what its Recorder sent to client, and
// what it handled to server, which is all it received but the buffered
// bytes its reader has read ahead and not returned.
func SaveClient(t testing.TB, rec *Recorder, buffered int, client, server string) {
	t.Helper()
	if !*Update {
		return
	}
	rx := rec.Received()
	WriteFiles(t, File{Path: client, Data: rec.Sent()}, File{Path: server, Data: rx[:len(rx)-buffered]})
}
