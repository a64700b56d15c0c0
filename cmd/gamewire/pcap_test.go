package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/capture"
	"github.com/google/gopacket"
	"github.com/google/gopacket/layers"
	"github.com/google/gopacket/pcapgo"
)

// splitPcapLine returns a decode -pcap -json line's direction and the
// message's own JSON object (as decode without -pcap prints it), or its
// error.
func splitPcapLine(t *testing.T, line string) (from, msg, errText string) {
	t.Helper()
	var obj map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &obj); err != nil {
		t.Fatalf("not JSON: %s: %v", line, err)
	}
	json.Unmarshal(obj["from"], &from)
	if e, ok := obj["error"]; ok {
		json.Unmarshal(e, &errText)
		return from, "", errText
	}
	// The message's object is the line after the pcap keys.
	i := strings.Index(line, `"proto":`)
	j := strings.IndexByte(line[i:], ',')
	return from, "{" + line[i+j+1:], ""
}

// streamLines decodes a recorded stream as decode without -pcap does.
func streamLines(t *testing.T, proto, from, file string) []string {
	t.Helper()
	args := []string{"decode", "-proto", proto, "-json", file}
	if from != "" {
		args = append(args, "-from", from)
	}
	code, out, errs := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("decode %s: exit %d: %s", file, code, errs)
	}
	return strings.Split(strings.TrimSpace(out), "\n")
}

// TestPcapMatchesStreams decodes every capture in testdata with -pcap and
// checks that each direction's messages are those of the recorded
// streams (or datagrams) the capture was written from, in order, and that
// nothing is reported.
func TestPcapMatchesStreams(t *testing.T) {
	for _, c := range []struct {
		pcap, proto    string
		client, server string // stream files, or the hex file in client
		needsProto     bool
	}{
		{"../../testdata/bzflag/bzfs-1.7g2.pcap", "bzflag", "../../testdata/bzflag/bzfs-1.7g2-client.bin", "../../testdata/bzflag/bzfs-1.7g2-server.bin", false},
		{"../../testdata/bzflag/loopback.pcap", "bzflag", "../../testdata/bzflag/loopback-client.bin", "../../testdata/bzflag/loopback-server.bin", false},
		{"../../testdata/tfighters/loopback.pcap", "tfighters", "../../testdata/tfighters/loopback-client.bin", "../../testdata/tfighters/loopback-server.bin", true},
		{"../../testdata/paintball/loopback.pcap", "paintball", "../../testdata/paintball/loopback-client.bin", "../../testdata/paintball/loopback-server.bin", true},
		{"../../testdata/lwar/original-server.pcap", "lwar", "../../testdata/lwar/original-server.hex", "", false},
		{"../../testdata/lwar/loopback.pcap", "lwar", "../../testdata/lwar/loopback.hex", "", false},
		{"../../testdata/retrotank/loopback.pcap", "retrotank", "../../testdata/retrotank/loopback-client.hex", "../../testdata/retrotank/loopback-server.hex", false},
	} {
		t.Run(filepath.Base(filepath.Dir(c.pcap))+"/"+filepath.Base(c.pcap), func(t *testing.T) {
			if _, err := os.Stat(c.pcap); err != nil && registry[c.proto] == nil {
				t.Skipf("%s is not registered yet", c.proto)
			}
			args := []string{"decode", "-pcap", c.pcap, "-json"}
			if c.needsProto {
				args = append(args, "-proto", c.proto)
			}
			code, out, errs := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			got := map[string][]string{}
			var all, greetings []string
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				from, msg, e := splitPcapLine(t, line)
				if e != "" {
					t.Errorf("reported: %s", line)
					continue
				}
				if strings.HasPrefix(msg, `{"msg":"Handshake",`) {
					// The greeting on the first connection: not in the
					// recorded streams.
					greetings = append(greetings, msg)
					continue
				}
				got[from] = append(got[from], msg)
				all = append(all, msg)
			}
			if want := strings.Contains(c.pcap, "bzfs"); (len(greetings) == 1) != want {
				t.Errorf("greetings %q (the bzfs capture has one)", greetings)
			} else if want && greetings[0] != `{"msg":"Handshake","version":"BZFS107e","port":39207}` {
				t.Errorf("greeting %s", greetings[0])
			}
			if c.server == "" {
				code, out, errs := runCLI(t, "", "decode", "-proto", c.proto, "-hex", "-json", c.client)
				if code != 0 {
					t.Fatalf("decode %s: exit %d: %s", c.client, code, errs)
				}
				compareLines(t, "datagrams", all, strings.Split(strings.TrimSpace(out), "\n"))
				return
			}
			if strings.HasSuffix(c.client, ".hex") { // datagrams, a file per sender
				compareLines(t, "client", got["client"], hexLines(t, c.proto, c.client))
				compareLines(t, "server", got["server"], hexLines(t, c.proto, c.server))
				return
			}
			compareLines(t, "client", got["client"], streamLines(t, c.proto, "client", c.client))
			compareLines(t, "server", got["server"], streamLines(t, c.proto, "server", c.server))
		})
	}
}

// hexLines decodes a file of hex datagrams.
func hexLines(t *testing.T, proto, file string) []string {
	t.Helper()
	code, out, errs := runCLI(t, "", "decode", "-proto", proto, "-hex", "-json", file)
	if code != 0 {
		t.Fatalf("decode %s: exit %d: %s", file, code, errs)
	}
	return strings.Split(strings.TrimSpace(out), "\n")
}

func compareLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d messages, want %d", what, len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Errorf("%s message %d:\n got %s\nwant %s", what, i+1, got[i], want[i])
			return
		}
	}
}

// impaired writes a capture of the bzfs session's client stream, sent by
// send, and returns its path.
func impaired(t *testing.T, send func(w *capture.Writer, client []byte)) string {
	t.Helper()
	client, err := os.ReadFile("../../testdata/bzflag/bzfs-1.7g2-client.bin")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w, err := capture.NewWriter(&buf, time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	send(w, client)
	path := filepath.Join(t.TempDir(), "impaired.pcap")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

var (
	testClient = netip.MustParseAddrPort("192.0.2.10:15156")
	testServer = netip.MustParseAddrPort("198.51.100.7:5155")
)

// pcapMessages decodes a capture and returns its messages and error
// lines, and the exit status.
func pcapMessages(t *testing.T, path string) (msgs, errs []string, code int) {
	t.Helper()
	code, out, _ := runCLI(t, "", "decode", "-pcap", path, "-json")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		_, msg, e := splitPcapLine(t, line)
		if e != "" {
			errs = append(errs, e)
		} else {
			msgs = append(msgs, msg)
		}
	}
	return msgs, errs, code
}

// TestPcapImpaired checks captures that are not clean: a retransmitted
// segment and reordered segments decode as the clean stream does; a
// capture that starts inside a frame and one with a lost segment report
// what they cannot frame, then resynchronise and decode the rest.
func TestPcapImpaired(t *testing.T) {
	want := streamLines(t, "bzflag", "client", "../../testdata/bzflag/bzfs-1.7g2-client.bin")

	t.Run("retransmission", func(t *testing.T) {
		path := impaired(t, func(w *capture.Writer, b []byte) {
			c, _ := w.TCP(testClient, testServer, 100, 200)
			c.Segment(false, 0, b[:100])
			c.Segment(false, 0, b[:100]) // the same again
			c.Segment(false, 50, b[50:150])
			c.Skip(false, 150)
			c.Send(false, b[150:])
		})
		msgs, errs, code := pcapMessages(t, path)
		if code != 0 || len(errs) > 0 {
			t.Errorf("exit %d, reports %q", code, errs)
		}
		compareLines(t, "client", msgs, want)
	})

	t.Run("out of order", func(t *testing.T) {
		path := impaired(t, func(w *capture.Writer, b []byte) {
			c, _ := w.TCP(testClient, testServer, 100, 200)
			c.Segment(false, 200, b[200:])
			c.Segment(false, 100, b[100:200])
			c.Segment(false, 0, b[:100])
			c.Skip(false, len(b))
			c.Close()
		})
		msgs, errs, code := pcapMessages(t, path)
		if code != 0 || len(errs) > 0 {
			t.Errorf("exit %d, reports %q", code, errs)
		}
		compareLines(t, "client", msgs, want)
	})

	// Where the client stream's frames start.
	var starts []int
	{
		b, _ := os.ReadFile("../../testdata/bzflag/bzfs-1.7g2-client.bin")
		for off := 0; off < len(b); off += bzflagLen(b[off:]) {
			starts = append(starts, off)
		}
	}

	t.Run("mid-stream", func(t *testing.T) {
		from := starts[5] + 3 // inside the 6th frame
		path := impaired(t, func(w *capture.Writer, b []byte) {
			c := w.Mid(testClient, testServer, 5000, 9000)
			c.Send(false, b[from:])
		})
		msgs, errs, code := pcapMessages(t, path)
		if code != 1 {
			t.Errorf("exit %d, want 1", code)
		}
		if len(errs) != 2 || !strings.Contains(errs[0], "mid-stream") || !strings.Contains(errs[1], "framing found again after") {
			t.Errorf("reports %q, want the mid-stream start and the resync", errs)
		}
		compareLines(t, "client", msgs, want[6:])
	})

	t.Run("lost segment", func(t *testing.T) {
		path := impaired(t, func(w *capture.Writer, b []byte) {
			c, _ := w.TCP(testClient, testServer, 100, 200)
			c.Send(false, b[:starts[10]+2])
			c.Skip(false, starts[11]-starts[10]) // lost
			c.Send(false, b[starts[11]+2:])
			c.Close()
		})
		msgs, errs, code := pcapMessages(t, path)
		if code != 1 {
			t.Errorf("exit %d, want 1", code)
		}
		if len(errs) != 2 || !strings.Contains(errs[0], "bytes missing") || !strings.Contains(errs[1], "framing found again") {
			t.Errorf("reports %q, want the gap and the resync", errs)
		}
		compareLines(t, "client before the gap", msgs[:10], want[:10])
		compareLines(t, "client after the gap", msgs[10:], want[12:])
	})

	t.Run("oversized length", func(t *testing.T) {
		path := impaired(t, func(w *capture.Writer, b []byte) {
			b = slices.Clone(b)
			b[starts[10]], b[starts[10]+1] = 0xff, 0xff // a body of 65535 bytes
			c, _ := w.TCP(testClient, testServer, 100, 200)
			c.Send(false, b)
			c.Close()
		})
		msgs, errs, code := pcapMessages(t, path)
		if code != 1 {
			t.Errorf("exit %d, want 1", code)
		}
		if len(errs) < 1 || !strings.Contains(errs[0], "framing lost: bzflag: frame length 65539 exceeds 1024") {
			t.Errorf("reports %q, want the framing lost, with the length and the limit", errs)
		}
		if len(msgs) < 10 {
			t.Fatalf("%d messages, want the 10 before the broken frame at least", len(msgs))
		}
		compareLines(t, "client before the broken frame", msgs[:10], want[:10])
	})
}

// bzflagLen is BZFlag's framing, for the test's own cuts.
func bzflagLen(b []byte) int { return int(b[0])<<8 | int(b[1]) + 4 }

// TestPcapng reads the same capture written as pcapng.
func TestPcapng(t *testing.T) {
	in, err := os.Open("../../testdata/bzflag/loopback.pcap")
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	r, err := pcapgo.NewReader(in)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "loopback.pcapng")
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := pcapgo.NewNgWriter(out, layers.LinkTypeEthernet)
	if err != nil {
		t.Fatal(err)
	}
	for {
		data, ci, err := r.ReadPacketData()
		if err != nil {
			break
		}
		ci.InterfaceIndex = 0
		if err := w.WritePacket(gopacket.CaptureInfo{Timestamp: ci.Timestamp, CaptureLength: len(data), Length: len(data)}, data); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	out.Close()
	_, a, _ := runCLI(t, "", "decode", "-pcap", "../../testdata/bzflag/loopback.pcap")
	code, b, errs := runCLI(t, "", "decode", "-pcap", path)
	if code != 0 {
		t.Fatalf("pcapng: exit %d: %s", code, errs)
	}
	if a != b || a == "" {
		t.Errorf("pcapng decodes to\n%s\npcap to\n%s", b, a)
	}
}

// TestPcapSkipped checks the note on conversations of no known port.
func TestPcapSkipped(t *testing.T) {
	code, out, errs := runCLI(t, "", "decode", "-pcap", "../../testdata/tfighters/loopback.pcap")
	if code != 0 || out != "" || !strings.Contains(errs, "1 conversations on no protocol's default port were skipped (name the protocol with -proto)") {
		t.Errorf("exit %d, output %q, note %q", code, out, errs)
	}
}

// TestPcapUsage checks the usage errors of -pcap.
func TestPcapUsage(t *testing.T) {
	for _, args := range [][]string{
		{"decode", "-pcap", "../../testdata/bzflag/loopback.pcap", "-from", "client"},
		{"decode", "-pcap", "../../testdata/bzflag/loopback.pcap", "-hex"},
		{"decode", "-pcap", "../../testdata/bzflag/loopback.pcap", "other.bin"},
		{"decode", "-pcap", "nosuch.pcap"},
		{"encode", "-pcap", "../../testdata/bzflag/loopback.pcap"},
	} {
		if code, _, _ := runCLI(t, "", args...); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
	code, _, errs := runCLI(t, "", "decode", "-pcap", "../../testdata/bzflag/bzfs-1.7g2-client.bin")
	if code != exitMalformed || !strings.Contains(errs, "not a pcap") {
		t.Errorf("a file that is no capture: exit %d, %s", code, errs)
	}
}

// TestPcapText checks the text lines of decode -pcap: frame, time,
// endpoints, direction, protocol, then the message as decode prints it.
func TestPcapText(t *testing.T) {
	code, out, errs := runCLI(t, "", "decode", "-pcap", "../../testdata/bzflag/loopback.pcap")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(out, "\n")
	want := []string{
		"#4 2024-05-14T20:13:07.003153Z 192.0.2.11:36607 -> 198.51.100.7:5155 client bzflag MsgGetWorld code=gw(0x6777) offset=0",
		"#6 2024-05-14T20:13:07.013207Z 198.51.100.7:5155 -> 192.0.2.11:36607 server bzflag MsgGetWorld code=gw(0x6777) remaining=162 data=162B:7374001800000004...",
	}
	for i, w := range want {
		if i >= len(lines) || !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d:\n got %q\nwant %q...", i+1, lines[min(i, len(lines)-1)], w)
		}
	}
}

// BenchmarkDecodePcap decodes the bzfs session's capture (62 packets,
// 55 messages) to JSON lines, as decode -pcap -json does.
func BenchmarkDecodePcap(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if err := decodePcap("", "../../testdata/bzflag/bzfs-1.7g2.pcap", true, io.Discard, nil); err != nil {
			b.Fatal(err)
		}
	}
}
