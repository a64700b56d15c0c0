// Command mkpcap writes the pcap captures in testdata from the recorded
// sessions there, so that `gamewire decode -pcap` and the Wireshark
// dissectors are tested on real traffic:
//
//	go run ./internal/mkpcap        (from the module's root)
//
// A stream session (a client's and a server's byte stream, as the
// loopback tests recorded them) becomes one TCP connection: handshake,
// the two streams cut into their frames and interleaved in proportion,
// each turn's frames in segments of at most one MSS (so a large frame
// spans segments, as on a real link), the peer's ACKs, FIN. A datagram
// session (one hex datagram per line) becomes UDP datagrams between the
// peers its .peers file names line by line.
//
// The addresses are from the documentation ranges (RFC 5737: 192.0.2.0/24
// for clients, 198.51.100.0/24 for servers), the server ports are the
// protocols' default ports (TFighters and Paintball have none: 16200 and
// 7777), client ports are the ones the sessions themselves carry where
// they carry one (BZFlag's player id holds the client's port), and the
// clock starts at a fixed time: the output is the same on every run. The
// real sessions ran on loopback; their payloads are unchanged, byte for
// byte. A stream is cut into frames by its protocol's table (FrameLen).
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/internal/capture"
	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire/spec"
)

//go:generate go run . -C ../..

// stream is a TCP session to write.
type stream struct {
	out            string
	client, server string      // the recorded streams
	table          *spec.Table // the protocol's, whose framing cuts the streams
	clientAddr     string
	serverAddr     string
	start          time.Time
	// hello, when set, is a first connection to helloAddr in which the
	// server sends hello, before the recorded one.
	hello     []byte
	helloAddr string
}

// datagrams is a UDP session to write.
type datagrams struct {
	out string
	// hex are the recorded datagrams, one hex line each: one file, or
	// one per sender (named in the peers file).
	hex   map[string]string
	peers string
	addrs map[string]string
	start time.Time
}

var (
	day     = time.Date(2024, 5, 14, 19, 42, 7, 0, time.UTC)
	streams = []stream{
		// BZFlag's "connect to server": the client connects to the
		// server port, gets the version string (bzfs 1.7e6 to 1.7g2 send
		// "BZFS107e") and a reconnect port, and plays on a new connection
		// to that port, which the recording holds. The recorder began
		// after the handshake: its bytes here are the version 1.7g2 sends
		// and a port of the ephemeral range, 39207.
		{"testdata/bzflag/bzfs-1.7g2.pcap", "testdata/bzflag/bzfs-1.7g2-client.bin", "testdata/bzflag/bzfs-1.7g2-server.bin",
			bzflag.Table(), "192.0.2.10:15156", "198.51.100.7:39207", day,
			[]byte("BZFS107e\x99\x27"), "198.51.100.7:5155"},
		{"testdata/bzflag/loopback.pcap", "testdata/bzflag/loopback-client.bin", "testdata/bzflag/loopback-server.bin",
			bzflag.Table(), "192.0.2.11:36607", "198.51.100.7:5155", day.Add(31 * time.Minute), nil, ""},
		{"testdata/tfighters/loopback.pcap", "testdata/tfighters/loopback-client.bin", "testdata/tfighters/loopback-server.bin",
			tfighters.Table(), "192.0.2.12:49822", "198.51.100.9:16200", day.Add(2 * time.Hour), nil, ""},
		// Paintball has no documented port: 7777 here.
		{"testdata/paintball/loopback.pcap", "testdata/paintball/loopback-client.bin", "testdata/paintball/loopback-server.bin",
			paintball.Table(), "192.0.2.13:52114", "198.51.100.10:7777", day.Add(5 * time.Hour), nil, ""},
	}
	lwarPeers = map[string]string{
		"server": "198.51.100.8:32422",
		"alice":  "192.0.2.21:47810",
		"bob":    "192.0.2.22:51324",
	}
	dgrams = []datagrams{
		{"testdata/lwar/original-server.pcap", map[string]string{"": "testdata/lwar/original-server.hex"}, "testdata/lwar/original-server.peers", lwarPeers, day.Add(3 * time.Hour)},
		{"testdata/lwar/loopback.pcap", map[string]string{"": "testdata/lwar/loopback.hex"}, "testdata/lwar/loopback.peers", lwarPeers, day.Add(4 * time.Hour)},
		// Retro Tank's clients listen on port 26002, each on its host.
		{"testdata/retrotank/loopback.pcap", map[string]string{
			"client": "testdata/retrotank/loopback-client.hex",
			"server": "testdata/retrotank/loopback-server.hex",
		}, "testdata/retrotank/loopback.peers", map[string]string{
			"server":  "198.51.100.11:26000",
			"client0": "192.0.2.31:26002",
			"client1": "192.0.2.32:26002",
		}, day.Add(6 * time.Hour)},
	}
)

func main() {
	root := flag.String("C", ".", "the module's root directory")
	flag.Parse()
	for _, s := range streams {
		if err := writeStream(*root, s); err != nil {
			fmt.Fprintln(os.Stderr, "mkpcap:", err)
			os.Exit(1)
		}
	}
	for _, d := range dgrams {
		if err := writeDatagrams(*root, d); err != nil {
			fmt.Fprintln(os.Stderr, "mkpcap:", err)
			os.Exit(1)
		}
	}
}

// frames cuts a stream into its frames, as t's framing (its header's
// length, or its Split) gives them.
func frames(b []byte, t *spec.Table, name string) ([][]byte, error) {
	var out [][]byte
	for len(b) > 0 {
		n, err := t.FrameLen(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %d bytes before the end: %w", name, len(b), err)
		}
		if n == 0 || n > len(b) {
			return nil, fmt.Errorf("%s: %d bytes at the end are no whole frame", name, len(b))
		}
		out = append(out, b[:n])
		b = b[n:]
	}
	return out, nil
}

// Turns interleaves the two sides' frames in proportion: at each step
// the side further behind in its own stream (by frames sent over frames
// in all) sends its next frames, the client first. It returns the turns:
// which side, and the bytes of its frames.
func turns(client, server [][]byte) (fromServer []bool, data [][]byte) {
	i, j := 0, 0
	for i < len(client) || j < len(server) {
		// Compare i/len(client) with j/len(server) without division.
		takeClient := j >= len(server) || i < len(client) && i*len(server) <= j*len(client)
		var b []byte
		if takeClient {
			// A client sends one frame a turn: its requests are answered.
			b = append(b, client[i]...)
			i++
		} else {
			// The server sends what it has up to the client's share.
			for j < len(server) && (i >= len(client) || j*len(client) < i*len(server)) {
				b = append(b, server[j]...)
				j++
			}
			if len(b) == 0 {
				b = append(b, server[j]...)
				j++
			}
		}
		fromServer = append(fromServer, !takeClient)
		data = append(data, b)
	}
	return fromServer, data
}

func writeStream(root string, s stream) error {
	cb, err := os.ReadFile(filepath.Join(root, s.client))
	if errors.Is(err, fs.ErrNotExist) {
		// A session not recorded yet (its package has not landed).
		fmt.Printf("%s: skipped, no %s\n", s.out, s.client)
		return nil
	}
	if err != nil {
		return err
	}
	sb, err := os.ReadFile(filepath.Join(root, s.server))
	if err != nil {
		return err
	}
	cf, err := frames(cb, s.table, s.client)
	if err != nil {
		return err
	}
	sf, err := frames(sb, s.table, s.server)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	w, err := capture.NewWriter(&out, s.start)
	if err != nil {
		return err
	}
	client := netip.MustParseAddrPort(s.clientAddr)
	if s.hello != nil {
		// The first connection, from the client's previous port.
		first := netip.AddrPortFrom(client.Addr(), client.Port()-1)
		c, err := w.TCP(first, netip.MustParseAddrPort(s.helloAddr), isn(s.out, 3), isn(s.out, 4))
		if err != nil {
			return err
		}
		w.Advance(2 * time.Millisecond)
		if err := c.Send(true, s.hello); err != nil {
			return err
		}
		w.Advance(time.Millisecond)
		if err := c.Close(); err != nil {
			return err
		}
		w.Advance(4 * time.Millisecond)
	}
	c, err := w.TCP(client, netip.MustParseAddrPort(s.serverAddr), isn(s.out, 1), isn(s.out, 2))
	if err != nil {
		return err
	}
	from, data := turns(cf, sf)
	for k := range data {
		w.Advance(time.Duration(3+(k*7)%11) * time.Millisecond)
		if err := c.Send(from[k], data[k]); err != nil {
			return err
		}
	}
	w.Advance(120 * time.Millisecond)
	if err := c.Close(); err != nil {
		return err
	}
	return write(root, s.out, out.Bytes(), w.Packets())
}

// isn is a deterministic initial sequence number.
func isn(name string, side uint32) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(name); i++ {
		h = (h ^ uint32(name[i])) * 16777619
	}
	return h * side
}

func writeDatagrams(root string, d datagrams) error {
	files := map[string][][]byte{}
	for name, path := range d.hex {
		b, err := os.ReadFile(filepath.Join(root, path))
		if errors.Is(err, fs.ErrNotExist) {
			fmt.Printf("%s: skipped, no %s\n", d.out, path)
			return nil
		}
		if err != nil {
			return err
		}
		if files[name], err = nettest.ParseHexLines(path, b); err != nil {
			return err
		}
	}
	peers, err := readLines(filepath.Join(root, d.peers))
	if err != nil {
		return err
	}
	if one := files[""]; one != nil && len(peers) != len(one) {
		return fmt.Errorf("%s: %d lines for the %d datagrams of %s", d.peers, len(peers), len(one), d.hex[""])
	}
	var out bytes.Buffer
	w, err := capture.NewWriter(&out, d.start)
	if err != nil {
		return err
	}
	for i, line := range peers {
		// "sender>receiver", then, for one file per sender, the file and
		// the datagram's number in it.
		f := strings.Fields(line)
		which, n := "", i+1
		if len(f) == 3 {
			which = f[1]
			if n, err = strconv.Atoi(f[2]); err != nil {
				return fmt.Errorf("%s:%d: %v", d.peers, i+1, err)
			}
		}
		lines := files[which]
		if lines == nil || n < 1 || n > len(lines) || len(f) != 1 && len(f) != 3 {
			return fmt.Errorf("%s:%d: %q names no datagram", d.peers, i+1, line)
		}
		pkt := lines[n-1]
		src, dst, ok := strings.Cut(f[0], ">")
		if !ok || d.addrs[src] == "" || d.addrs[dst] == "" {
			return fmt.Errorf("%s:%d: %q is not sender>receiver of known peers", d.peers, i+1, f[0])
		}
		w.Advance(time.Duration(2+(i*5)%13) * time.Millisecond)
		if err := w.UDP(netip.MustParseAddrPort(d.addrs[src]), netip.MustParseAddrPort(d.addrs[dst]), pkt); err != nil {
			return err
		}
	}
	return write(root, d.out, out.Bytes(), w.Packets())
}

// readLines returns the non-blank lines of a file that are not comments.
func readLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 64*1024)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out, sc.Err()
}

func write(root, name string, b []byte, packets int) error {
	if err := os.WriteFile(filepath.Join(root, name), b, 0o644); err != nil {
		return err
	}
	fmt.Printf("%s: %d packets, %d bytes\n", name, packets, len(b))
	return nil
}
