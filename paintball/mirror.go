package paintball

import (
	"errors"
	"slices"
)

// Mirror is a client's copy of the game state, built from the Updates the
// server sends: the spec's rule, "if the client detects a new ID number,
// the assumption is that a new object has been created", and a position of
// -1 marks an object dead (docs/errata/paintball.md, 11). An object is its
// last Update. A dead object stays, marked dead (Update.Dead), since a
// dump never says an object is gone (errata, 13); Forget drops it.
//
// The zero value is an empty mirror, ready to use. Applying an Update to
// an object the mirror holds allocates nothing.
type Mirror struct {
	objects map[int32]Update
}

// Apply records u and reports whether its id was new. Apply keeps no
// reference to u. u is applied whatever its fields hold (an unknown object
// type, a NaN facing): the mirror shows what the server said. A nil u is
// refused with an error.
func (mr *Mirror) Apply(u *Update) (created bool, err error) {
	if u == nil {
		return false, errNilUpdate
	}
	if mr.objects == nil {
		mr.objects = make(map[int32]Update)
	}
	_, known := mr.objects[u.ObjectID]
	mr.objects[u.ObjectID] = *u
	return !known, nil
}

var errNilUpdate = errors.New("paintball: Mirror.Apply of a nil Update")

// Object returns the last Update of object id.
func (mr *Mirror) Object(id int32) (Update, bool) {
	u, ok := mr.objects[id]
	return u, ok
}

// Len returns how many objects the mirror holds, dead ones included.
func (mr *Mirror) Len() int { return len(mr.objects) }

// Live returns how many objects are alive.
func (mr *Mirror) Live() int {
	n := 0
	for _, u := range mr.objects {
		if !u.Dead() {
			n++
		}
	}
	return n
}

// Objects returns every object, dead ones included, in increasing id
// order: the order of the Server's dumps. It allocates.
func (mr *Mirror) Objects() []Update {
	out := make([]Update, 0, len(mr.objects))
	for _, u := range mr.objects {
		out = append(out, u)
	}
	slices.SortFunc(out, func(a, b Update) int { return cmpID(a.ObjectID, b.ObjectID) })
	return out
}

// Forget drops object id (a dead object the caller no longer needs).
func (mr *Mirror) Forget(id int32) { delete(mr.objects, id) }

// Reset empties the mirror, keeping its storage.
func (mr *Mirror) Reset() { clear(mr.objects) }

func cmpID(a, b int32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
