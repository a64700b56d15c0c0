package main

import "fmt"

// One limit on a frame or datagram, from the protocol's table, holds on
// both sides: decode refuses a unit longer than what the table's reader
// accepts (HardMax: the spec's MaxFrame, or more where real peers send
// more), and encode refuses to write one, and a message longer than its
// form's MaxSize, with the same words: "frame length 9000 exceeds 8194"
// (a stream's frame reader says them itself, in its *wire.Error).

// frameLimit returns the most bytes one frame or datagram of p may have
// (0: no limit known).
func frameLimit(p *protocol) int {
	if p.table != nil {
		return p.table.HardMax
	}
	return 0
}

// unitName is what a unit of p is called in errors.
func unitName(p *protocol) string {
	if p.datagram {
		return "datagram"
	}
	return "frame"
}

// checkEncoded refuses an encoded unit that decode would refuse: longer
// than the protocol's frame limit, or than its form's MaxSize.
func checkEncoded(p *protocol, b []byte, from string) error {
	if p.ownLimit {
		return nil
	}
	limit := frameLimit(p)
	if t := p.table; t != nil {
		if c, err := t.Code(b); err == nil {
			if f := t.Lookup(c, direction(from)); f != nil && f.MaxSize > 0 && f.MaxSize < limit {
				if len(b) > f.MaxSize {
					return fmt.Errorf("%s: %s: %s length %d exceeds %d", p.name, f.Name, unitName(p), len(b), f.MaxSize)
				}
			}
		}
	}
	if limit > 0 && len(b) > limit {
		return fmt.Errorf("%s: %s length %d exceeds %d", p.name, unitName(p), len(b), limit)
	}
	return nil
}

// checkDecoded refuses a datagram longer than the protocol's limit (a
// stream's frame reader refuses a frame itself).
func checkDecoded(p *protocol, unit []byte) error {
	if !p.datagram || p.ownLimit {
		return nil
	}
	if limit := frameLimit(p); limit > 0 && len(unit) > limit {
		return fmt.Errorf("%s: datagram length %d exceeds %d", p.name, len(unit), limit)
	}
	return nil
}
