package compare

import (
	"testing"
	"time"
)

// BenchmarkRatio measures, per protocol, the pairs that issue 10 sets
// targets for in one benchmark, interleaved: every op runs each task
// (gamewire's and the hand-written decoder over the captures, their
// encoders, gamewire's warm stream, the copy of each frame) one after the
// other and times it, over some 20µs. On a shared machine whose load
// drifts, separate benchmarks run minutes apart and their ratio measures
// the drift; here both sides of a ratio see the same load. Each task's
// figure is its fastest timing, the one no other process interrupted: it
// reports each task's ns per pass over the captures (-ns) and their
// ratios (decode-gw/hand, encode-gw/hand, warm/copy, warm/decode,
// hand/copy: the hand-written decoder over the copy, and checked/hand:
// gamewire's decoder validating each message). The Record is measured
// the same way (with fields/hand: wire's field-by-field Append functions
// over the hand-written code). Its ns/op is the time of one round of all
// tasks.
func BenchmarkRatio(b *testing.B) {
	for _, p := range protocols {
		b.Run(p.Name, func(b *testing.B) { benchRatio(b, ratioTasks(b, p)) })
	}
	b.Run("record", func(b *testing.B) { benchRatio(b, recordTasks()) })
}

// benchRatio times tasks as BenchmarkRatio says.
func benchRatio(b *testing.B, tasks []ratioTask) {
	// Repeat a task within its timing so that one timing takes
	// some 20µs: the clock's own cost stays out of the figures.
	reps := make([]int, len(tasks))
	for i, t := range tasks {
		start := time.Now()
		t.run()
		reps[i] = max(1, int(20*time.Microsecond/max(time.Since(start), 1)))
	}
	best := make([]time.Duration, len(tasks))
	for b.Loop() {
		for i, t := range tasks {
			start := time.Now()
			for range reps[i] {
				t.run()
			}
			if d := time.Since(start); best[i] == 0 || d < best[i] {
				best[i] = d
			}
		}
	}
	ns := map[string]float64{}
	for i, t := range tasks {
		ns[t.name] = float64(best[i].Nanoseconds()) / float64(reps[i])
		b.ReportMetric(ns[t.name], t.name+"-ns")
	}
	for _, r := range []struct{ a, b, unit string }{
		{"decode-gamewire", "decode-handwritten", "decode-gw/hand"},
		{"encode-gamewire", "encode-handwritten", "encode-gw/hand"},
		{"warm", "copy", "warm/copy"},
		{"warm", "decode-gamewire", "warm/decode"},
		{datagramWarm, "copy", "datagram-warm/copy"},
		{datagramWarm, "decode-gamewire", "warm/decode"},
		{"decode-handwritten", "copy", "hand/copy"},
		{"decode-gamewire-checked", "decode-handwritten", "checked/hand"},
		{"encode-gamewire-fields", "encode-handwritten", "fields/hand"},
	} {
		if ns[r.a] > 0 && ns[r.b] > 0 {
			b.ReportMetric(ns[r.a]/ns[r.b], r.unit)
		}
	}
}

// recordTasks are the Record's decoders and encoders, 100 records a run.
func recordTasks() []ratioTask {
	in := AppendWire(nil, &golden.m)
	buf := make([]byte, 0, Size)
	var m Record
	var tasks []ratioTask
	for _, v := range variants() {
		if v.name == "binary" {
			continue
		}
		if v.name != "gamewire-fields" { // decodes as gamewire does
			tasks = append(tasks, ratioTask{"decode-" + v.name, func() {
				for range 100 {
					sinkErr = v.decode(&m, in)
				}
			}})
		}
		tasks = append(tasks, ratioTask{"encode-" + v.name, func() {
			for range 100 {
				buf, sinkErr = v.append(buf[:0], &golden.m)
			}
		}})
	}
	return tasks
}

// datagramWarm names the warm decoder of a datagram protocol (lwar,
// retrotank), which has no stream layer: its ratio to a copy of each
// datagram is reported as datagram-warm/copy, which the ratios command
// shows without the stream decoders' target (2x of a copy).
const datagramWarm = "warm-datagrams"

type ratioTask struct {
	name string
	run  func()
}

// ratioTasks returns the timed tasks of BenchmarkRatio over p's captures.
func ratioTasks(b *testing.B, p *Protocol) []ratioTask {
	cs := load(b, p)
	var tasks []ratioTask
	for _, v := range codecs(p) {
		if v.name == "binary" {
			continue
		}
		codec := v.new()
		tasks = append(tasks, ratioTask{"decode-" + v.name, func() {
			for _, c := range cs {
				if _, err := Walk(c, codec, nil); err != nil {
					b.Fatal(err)
				}
			}
		}})
	}
	for _, v := range codecs(p)[:2] {
		vals, size := keep(b, p, cs, v.new)
		buf := make([]byte, 0, size)
		tasks = append(tasks, ratioTask{"encode-" + v.name, func() {
			if _, err := encodeAll(buf[:0], vals); err != nil {
				b.Fatal(err)
			}
		}})
	}
	warm, warmName := p.Streams[0].New(), "warm"
	if cs[0].Datagrams != nil {
		warmName = datagramWarm // no stream layer: the stream decoders' 2x is not its target
	}
	tasks = append(tasks, ratioTask{warmName, func() {
		for _, c := range cs {
			if _, err := warm.Read(c, nil); err != nil {
				b.Fatal(err)
			}
		}
	}})
	buf := make([]byte, 1<<16)
	tasks = append(tasks, ratioTask{"copy", func() {
		for _, c := range cs {
			sinkInt += copyFrames(p, c, buf)
		}
	}})
	for _, t := range tasks {
		t.run() // warm up: the decoders' values, the stream's buffer
	}
	return tasks
}
