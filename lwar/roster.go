package lwar

// Player is a player a Client knows of: from its Join (the client's own
// and the server's player included) until its Leave, with what later
// messages said of it. Name aliases the client's memory until its next
// Handle.
type Player struct {
	ID      ID
	Name    []byte
	Ship    uint8    // the last Selection's shipType
	Weapons [4]uint8 // the last Selection's weaponType
	Kills   uint16   // from Stats
	Deaths  uint16   // from Stats
	Ping    uint16   // from Stats
}

// Entity is an entity of the world a Client knows of: from its Add until
// its Remove, with the latest state the update messages gave it.
type Entity struct {
	ID          ID
	Player      ID     // the player it belongs to
	Type        uint8  // its type template (EntityTypeShip, ...)
	X, Y        int16  // its position (Update, UpdatePos, UpdateRay's origin, UpdateCircle's center)
	Orientation uint16 // degrees (Update, UpdateRay)
	Health      uint8  // percent of its initial health (Update; docs/errata/lwar.md, E10)
	Length      uint16 // a ray's length (UpdateRay)
	Radius      uint16 // a circle's radius (UpdateCircle)
}

// roster is the players and entities of a Client's world. Lookups by id
// go through maps to the slices' indexes; in steady state (updates of
// known entities) nothing allocates.
type roster struct {
	players  []Player
	entities []Entity
	byEntity map[ID]int
}

func (r *roster) reset() {
	r.players = r.players[:0]
	r.entities = r.entities[:0]
	clear(r.byEntity)
}

func (r *roster) player(id ID) *Player {
	for i := range r.players {
		if r.players[i].ID == id {
			return &r.players[i]
		}
	}
	return nil
}

// join adds a player, or renames one the roster has.
func (r *roster) join(id ID, name []byte) {
	p := r.player(id)
	if p == nil {
		r.players = append(r.players, Player{ID: id})
		p = &r.players[len(r.players)-1]
	}
	p.Name = append(p.Name[:0], name...)
}

func (r *roster) leave(id ID) {
	for i := range r.players {
		if r.players[i].ID == id {
			// Keep the removed slot's Name storage at the end for reuse.
			name := r.players[i].Name
			copy(r.players[i:], r.players[i+1:])
			r.players[len(r.players)-1] = Player{Name: name[:0]}
			r.players = r.players[:len(r.players)-1]
			return
		}
	}
}

func (r *roster) entity(id ID) *Entity {
	if i, ok := r.byEntity[id]; ok {
		return &r.entities[i]
	}
	return nil
}

func (r *roster) add(e Entity) {
	if r.byEntity == nil {
		r.byEntity = make(map[ID]int)
	}
	if i, ok := r.byEntity[e.ID]; ok {
		r.entities[i] = e
		return
	}
	r.byEntity[e.ID] = len(r.entities)
	r.entities = append(r.entities, e)
}

func (r *roster) remove(id ID) {
	i, ok := r.byEntity[id]
	if !ok {
		return
	}
	last := len(r.entities) - 1
	if i != last {
		r.entities[i] = r.entities[last]
		r.byEntity[r.entities[i].ID] = i
	}
	r.entities = r.entities[:last]
	delete(r.byEntity, id)
}

// update applies a received message to the players and entities it
// names, and reports whether it was one of the update messages.
func (r *roster) update(m Message) bool {
	switch m := m.(type) {
	case *Update:
		for _, u := range m.Entries {
			if e := r.entity(u.EntityID); e != nil {
				e.X, e.Y, e.Orientation, e.Health = u.X, u.Y, u.Orientation, u.Health
			}
		}
	case *UpdatePos:
		for _, u := range m.Entries {
			if e := r.entity(u.EntityID); e != nil {
				e.X, e.Y = u.X, u.Y
			}
		}
	case *UpdateRay:
		for _, u := range m.Entries {
			if e := r.entity(u.EntityID); e != nil {
				e.X, e.Y, e.Orientation, e.Length = u.X, u.Y, u.Orientation, u.Length
			}
		}
	case *UpdateCircle:
		for _, u := range m.Entries {
			if e := r.entity(u.EntityID); e != nil {
				e.X, e.Y, e.Radius = u.X, u.Y, u.Radius
			}
		}
	case *Stats:
		for _, s := range m.Entries {
			if p := r.player(s.Player); p != nil {
				p.Kills, p.Deaths, p.Ping = s.Kills, s.Deaths, s.Ping
			}
		}
	default:
		return false
	}
	return true
}
