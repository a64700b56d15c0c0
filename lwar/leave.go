package lwar

// Validate checks the rule that a reliable message's seqno is not 0
// (docs/errata/lwar.md, E3).
func (m *Leave) Validate() error { return validSeqno(m.Seqno, m.Form()) }
