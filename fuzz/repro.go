package fuzz

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Reproducer is a finding saved to be sent again. On disk it is two
// files: the data, in the form `gamewire decode` reads, and a JSON
// sidecar beside it (same name, extension .json) that says how to
// replay it.
//
// The data of a stream protocol (name.bin) is the byte stream the fuzzer
// sent, every unit in order (the session's messages, the fuzz units, the
// probes): `gamewire decode -proto P -from client name.bin` prints it
// message by message, up to a unit that broke the framing, which it
// reports. The data of a datagram protocol (name.hex) is one datagram per
// line in hex, as `gamewire decode -proto P -hex name.hex` reads it.
//
// The sidecar lists the units (kind, form, field, length, repeat count)
// and the session state they were sent in. A replay plays the session to
// that state live, with the protocol's state machine (so that answers
// such as pongs carry fresh values), then sends the units that are not
// the session's, byte for byte. Without a sidecar, a replay sends the
// whole data on a new connection.
type Reproducer struct {
	// Format names the file format: "gamewire fuzz reproducer 1".
	Format string `json:"format"`
	// Proto is the protocol; File the data file's name (no directory).
	Proto string `json:"proto"`
	File  string `json:"file"`
	// Target and Seed are the run's.
	Target string `json:"target,omitempty"`
	Seed   int64  `json:"seed"`
	// State is the session state the fuzz units are sent in.
	State string `json:"state"`
	// Kind and Detail are the finding's.
	Kind   FindingKind `json:"kind,omitempty"`
	Detail string      `json:"detail,omitempty"`
	// Decode is the command that prints the data.
	Decode string `json:"decode"`
	// Units describe the data's units in order.
	Units []ReproUnit `json:"units"`

	data  [][]byte // each unit's bytes
	dgram bool     // the protocol's units are datagrams
}

// ReproUnit describes one unit of a reproducer's data.
type ReproUnit struct {
	Kind   Kind   `json:"kind"`
	Form   string `json:"form,omitempty"`
	Field  string `json:"field,omitempty"`
	Len    int    `json:"len"`
	Repeat int    `json:"repeat,omitempty"`
	Framed bool   `json:"framed"`
	// Packet, for a Whole protocol, is the length of the datagram that
	// carried the unit, which its data line holds: the unit's frame is
	// its last Len bytes.
	Packet int `json:"packet,omitempty"`
}

// reproFormat is the Format of the files this package writes.
const reproFormat = "gamewire fuzz reproducer 1"

// reproducer returns fd's reproducer.
func (f *Fuzzer) reproducer(fd *Finding) *Reproducer {
	r := &Reproducer{Format: reproFormat, Proto: f.p.Name, Target: f.addr, Seed: f.cfg.Seed,
		State: fd.State, Kind: fd.Kind, Detail: fd.Detail, dgram: f.p.Datagram()}
	for _, u := range fd.Units {
		ru := ReproUnit{Kind: u.Kind, Form: u.Form, Field: u.Field, Len: len(u.Bytes), Repeat: u.count(), Framed: u.Framed}
		b := u.Bytes
		if u.Packet != nil {
			b, ru.Packet = u.Packet, len(u.Packet)
		}
		r.Units = append(r.Units, ru)
		r.data = append(r.data, b)
	}
	return r
}

// Units returns the reproducer's units with their bytes.
func (r *Reproducer) units() []Unit {
	us := make([]Unit, len(r.Units))
	for i, ru := range r.Units {
		b := r.data[i]
		if ru.Packet > 0 && ru.Len <= len(b) {
			b = b[len(b)-ru.Len:] // the frame, at the end of its datagram
		}
		us[i] = Unit{Bytes: b, Repeat: max(ru.Repeat, 1), Kind: ru.Kind, Form: ru.Form, Field: ru.Field, Framed: ru.Framed}
	}
	return us
}

// WriteFile writes the reproducer as finding number n in dir (created if
// needed): PROTO-NNN-KIND.bin (or .hex) and PROTO-NNN-KIND.json. It
// returns the data file's path.
func (r *Reproducer) WriteFile(dir string, n int) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("fuzz: reproducer directory: %w", err)
	}
	base := fmt.Sprintf("%s-%03d-%s", r.Proto, n, r.Kind)
	var data []byte
	if r.dgram || strings.HasSuffix(r.File, ".hex") {
		r.File = base + ".hex"
		for i, b := range r.data {
			for range max(r.Units[i].Repeat, 1) {
				data = append(data, hex.EncodeToString(b)...)
				data = append(data, '\n')
			}
		}
		r.Decode = "gamewire decode -proto " + r.Proto + " -hex " + r.File
	} else {
		r.File = base + ".bin"
		for i, b := range r.data {
			for range max(r.Units[i].Repeat, 1) {
				data = append(data, b...)
			}
		}
		r.Decode = "gamewire decode -proto " + r.Proto + " -from client " + r.File
	}
	side, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, r.File)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", fmt.Errorf("fuzz: writing reproducer: %w", err)
	}
	if err := os.WriteFile(sidecar(path), append(side, '\n'), 0o644); err != nil {
		return "", fmt.Errorf("fuzz: writing reproducer: %w", err)
	}
	return path, nil
}

// sidecar returns the sidecar's path for a data file's.
func sidecar(path string) string {
	return strings.TrimSuffix(path, filepath.Ext(path)) + ".json"
}

// ReadReproducer reads a reproducer from its data file (or its sidecar).
// A data file without a sidecar is read as one unit of stream data, or,
// with extension .hex, one datagram per line.
func ReadReproducer(path string) (*Reproducer, error) {
	r := &Reproducer{}
	side := sidecar(path)
	if strings.HasSuffix(path, ".json") {
		side = path
	}
	sb, err := os.ReadFile(side)
	switch {
	case err == nil:
		if err := json.Unmarshal(sb, r); err != nil {
			return nil, fmt.Errorf("fuzz: reproducer sidecar %s: %w", side, err)
		}
		if r.Format != reproFormat {
			return nil, fmt.Errorf("fuzz: %s: format %q is not %q", side, r.Format, reproFormat)
		}
		if path == side {
			path = filepath.Join(filepath.Dir(side), r.File)
		}
	case errors.Is(err, os.ErrNotExist) && path != side:
		r.Format, r.File = reproFormat, filepath.Base(path)
	default:
		return nil, fmt.Errorf("fuzz: reading reproducer: %w", err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("fuzz: reading reproducer: %w", err)
	}
	var units [][]byte
	if strings.HasSuffix(path, ".hex") {
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
		for line := 1; sc.Scan(); line++ {
			t := strings.TrimSpace(sc.Text())
			if t == "" || strings.HasPrefix(t, "#") {
				continue
			}
			b, err := hex.DecodeString(strings.ReplaceAll(t, " ", ""))
			if err != nil {
				return nil, fmt.Errorf("fuzz: %s:%d: %w", path, line, err)
			}
			units = append(units, b)
		}
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("fuzz: %s: %w", path, err)
		}
	}
	if r.Units == nil { // no sidecar: one unit, or one per datagram
		if units == nil {
			units = [][]byte{data}
		}
		for _, u := range units {
			r.Units = append(r.Units, ReproUnit{Kind: KindBytes, Len: len(u), Repeat: 1})
		}
		r.data = units
		return r, nil
	}
	// Cut the data by the sidecar's lengths, checking each repeat.
	at := 0
	for i, ru := range r.Units {
		n := max(ru.Repeat, 1)
		var first []byte
		for k := 0; k < n; k++ {
			var b []byte
			if units != nil {
				if at >= len(units) {
					return nil, fmt.Errorf("fuzz: %s: fewer datagrams than %s lists", path, side)
				}
				b = units[at]
				at++
			} else {
				if at+ru.Len > len(data) {
					return nil, fmt.Errorf("fuzz: %s: shorter than %s says (unit %d)", path, side, i+1)
				}
				b = data[at : at+ru.Len]
				at += ru.Len
			}
			want := ru.Len
			if ru.Packet > 0 {
				want = ru.Packet
			}
			if len(b) != want || ru.Len > want || k > 0 && !bytes.Equal(b, first) {
				return nil, fmt.Errorf("fuzz: %s does not match %s at unit %d", path, side, i+1)
			}
			first = b
		}
		r.data = append(r.data, first)
	}
	if units == nil && at != len(data) || units != nil && at != len(units) {
		return nil, fmt.Errorf("fuzz: %s holds more than %s lists", path, side)
	}
	return r, nil
}

// ErrNotRunning is what Replay's error wraps when the target does not
// answer before the replay: nothing was sent, and nothing is proved.
var ErrNotRunning = errors.New("the target is not running")

// Replay sends r's units to the target again, as a minimising replay
// does: a new connection, the session played live to r's state, r's
// units that are not the session's, then a probe; and judges the target.
// With a Monitor, it starts the server first and stops it after.
func (f *Fuzzer) Replay(ctx context.Context, r *Reproducer) (Outcome, error) {
	if r.Proto != "" && r.Proto != f.p.Name {
		return Outcome{}, fmt.Errorf("fuzz: the reproducer is for %s, not %s", r.Proto, f.p.Name)
	}
	state := 0
	if r.State != "" {
		if state = f.p.stateIndex(r.State); state < 0 {
			return Outcome{}, fmt.Errorf("fuzz: %s has no session state %q (states: %s)", f.p.Name, r.State, strings.Join(f.p.States, ", "))
		}
	}
	if m := f.cfg.Monitor; m != nil {
		if err := m.Restart(ctx); err != nil {
			return Outcome{}, fmt.Errorf("fuzz: starting the server: %w", err)
		}
		defer m.Stop()
	}
	// A target that is down before the replay proves nothing: say so,
	// rather than count its silence as the trigger's crash.
	if ok, kind, detail := f.startAlive(ctx); !ok {
		return Outcome{}, fmt.Errorf("fuzz: %s at %s does not answer before the replay (%s: %s): %w", f.p.Name, f.addr, kind, detail, ErrNotRunning)
	}
	f.start = time.Now()
	f.pace.start = f.start
	var res caseResult
	f.runCase(ctx, &res, state, replaySource(fuzzUnits(r.units())), false)
	return f.judge(ctx, &res), nil
}
