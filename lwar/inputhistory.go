package lwar

// The Input message carries each boolean input state as an 8-frame bit
// history: bit 0 is the current frame, bit 1 the frame before, and so on.
// The helpers below are the spec's two formulas (section "Input").

// PushInput is the client's formula "new = (old << 1) | (isActive ? 1 :
// 0)": it shifts the current state into the history old, dropping the
// oldest frame.
func PushInput(old uint8, active bool) uint8 {
	n := old << 1
	if active {
		n |= 1
	}
	return n
}

// InputMask returns the bits of an Input message's histories that are new
// to a server whose last Input had frame number lastFrameNo: the mask
// "~(0xff << (frameNo - lastFrameNo))" of the spec's server formula, cut
// to 8 bits. One frame later gives 0x01 (the current state only), three
// frames later 0x07 (the current state and the two missed ones), eight or
// more frames later 0xff. A frame number not after lastFrameNo gives 0:
// that message's states were all seen already (the original server drops
// older frames and a repeated frame contributes nothing; the spec does
// not say, see docs/errata/lwar.md, part 2). Unlike the C expression, a
// difference of 32 or more is well defined here.
func InputMask(frameNo, lastFrameNo uint32) uint8 {
	if frameNo <= lastFrameNo {
		return 0
	}
	d := frameNo - lastFrameNo
	if d >= 8 {
		return 0xff
	}
	return ^uint8(0xff << d)
}

// InputActive is the spec's server formula "state = (state & ~(0xff <<
// (frameNo - lastFrameNo))) != 0": it reports whether the input was
// active in any frame since the server's last Input (lastFrameNo), so a
// one-frame press survives up to seven lost Input messages.
func InputActive(state uint8, frameNo, lastFrameNo uint32) bool {
	return state&InputMask(frameNo, lastFrameNo) != 0
}

// InputTracker is the server side of the formula for one client: it
// remembers the frame number of the last Input message taken (0 before
// the first; the client's frame numbers start at 1).
type InputTracker struct {
	// LastFrameNo is the frameNo of the last Input message taken.
	LastFrameNo uint32
}

// Take accepts an Input message's frame number and returns the mask of
// the bits to consider (see InputMask) and whether the message is to be
// used at all. As the original server does, a message older than the last
// one is dropped (ok false) and the last frame number stays; a repeated
// frame number is taken with mask 0.
func (t *InputTracker) Take(frameNo uint32) (mask uint8, ok bool) {
	if frameNo < t.LastFrameNo {
		return 0, false
	}
	mask = InputMask(frameNo, t.LastFrameNo)
	t.LastFrameNo = frameNo
	return mask, true
}
