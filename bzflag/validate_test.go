package bzflag_test

import (
	"errors"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/gamewire/gamewire/wire"
)

func TestValidate(t *testing.T) {
	var noNUL bzflag.CallSign
	for i := range noNUL {
		noNUL[i] = 'x'
	}
	junkPadding := bzflag.NewEmail("a@b")
	junkPadding[100] = 'z'
	var fullText bzflag.MessageText
	for i := range fullText {
		fullText[i] = '!'
	}
	okEnter := bzflag.Enter{Team: bzflag.RedTeam, CallSign: bzflag.NewCallSign("x"), Email: bzflag.NewEmail("y")}
	tests := []struct {
		name  string
		m     bzflag.Message
		field string // "" if valid
	}{
		{"enter ok", &okEnter, ""},
		{"enter bad type", &bzflag.Enter{Type: 3, Team: bzflag.RedTeam, CallSign: okEnter.CallSign, Email: okEnter.Email}, "type"},
		{"enter NoTeam", &bzflag.Enter{Team: bzflag.NoTeam, CallSign: okEnter.CallSign, Email: okEnter.Email}, "team"},
		{"enter call sign without NUL", &bzflag.Enter{CallSign: noNUL, Email: okEnter.Email}, "callSign"},
		{"enter email with junk padding", &bzflag.Enter{CallSign: okEnter.CallSign, Email: junkPadding}, "email"},
		{"enter non-ASCII", &bzflag.Enter{CallSign: bzflag.NewCallSign("t\xc3\xa9"), Email: okEnter.Email}, "callSign"},
		{"reject unknown", &bzflag.Reject{Reason: 6}, "rejectCode"},
		{"reject bare with code", &bzflag.Reject{Reason: 1, Bare: true}, "rejectCode"},
		{"addplayer NoTeam", &bzflag.AddPlayer{Team: bzflag.NoTeam, CallSign: okEnter.CallSign, Email: okEnter.Email}, ""},
		{"addplayer stray id", &bzflag.AddPlayer{CallSign: okEnter.CallSign, Email: okEnter.Email, AssignedID: p1}, "assignedId"},
		{"flag update bad flag", &bzflag.FlagUpdate{Flag: bzflag.FlagStatus{ID: 34}}, "flagId"},
		{"flag update bad status", &bzflag.FlagUpdate{Flag: bzflag.FlagStatus{Status: 6}}, "status"},
		{"grab bad type", &bzflag.GrabFlagFromServer{Flag: bzflag.FlagStatus{Type: 3}}, "type"},
		{"drop ok", &bzflag.DropFlagFromServer{Flag: bzflag.FlagStatus{ID: bzflag.WideAngleFlag, Status: bzflag.FlagGoing, Type: bzflag.FlagSticky}}, ""},
		{"team update NoTeam", &bzflag.TeamUpdate{Team: bzflag.NoTeam}, "team"},
		{"player update unknown bit", &bzflag.PlayerUpdate{Status: 0x80}, "status"},
		{"player update all bits", &bzflag.PlayerUpdate{Status: bzflag.StatusKnown}, ""},
		{"shot begin bad flag", &bzflag.ShotBegin{FlagType: 99}, "flagType"},
		{"message text full", &bzflag.MessageFromClient{Text: fullText}, "message"},
		{"message bad team", &bzflag.MessageFromServer{Team: 5}, "team"},
		{"score over NoTeam", &bzflag.ScoreOver{Team: bzflag.NoTeam}, ""},
		{"score over bad team", &bzflag.ScoreOver{Team: -2}, "teamId"},
		{"ttl too big", &bzflag.SetTTL{TTL: 256}, "newTtl"},
		{"ttl max", &bzflag.SetTTL{TTL: 255}, ""},
		{"lag ping 10000", &bzflag.LagPing{Seq: 10000}, "seqNo"},
		{"lag ping 9999", &bzflag.LagPing{Seq: 9999}, ""},
		{"capture NoTeam", &bzflag.CaptureFlagFromClient{Team: bzflag.NoTeam}, "teamId"},
		{"capture server bad", &bzflag.CaptureFlagFromServer{Team: 7}, "teamId"},
		{"shot end reason 2", &bzflag.ShotEnd{Reason: 2}, "reason"},
		{"world chunk too long", &bzflag.GetWorldReply{Data: make([]byte, bzflag.MaxWorldChunk+1)}, "data"},
		{"digest empty", &bzflag.WantWHashReply{}, "digest"},
		{"digest not hex", &bzflag.WantWHashReply{Digest: []byte("tABCZ")}, "digest"},
		{"digest ok", &bzflag.WantWHashReply{Digest: []byte("t0aF")}, ""},
		{"query game style", &bzflag.QueryGameReply{Style: 0x200}, "gameStyle"},
		{"query players teams", &bzflag.QueryPlayersReply{NumTeams: 4}, "numTeams"},
		{"radio flags", &bzflag.AcquireRadioFromClient{Flags: 2}, "flags"},
		{"radio server flags", &bzflag.AcquireRadioFromServer{Flags: 3}, "flags"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.m.Validate()
			if tt.field == "" {
				if err != nil {
					t.Errorf("Validate() = %v, want nil", err)
				}
				return
			}
			var we *wire.Error
			if !errors.Is(err, wire.ErrInvalid) && !errors.Is(err, wire.ErrTooLong) || !errors.As(err, &we) || we.Field != tt.field {
				t.Errorf("Validate() = %v, want an error in field %q", err, tt.field)
			}
		})
	}
}

// TestGeneratorsValidity checks the generators' promise: Valid... values
// pass Validate, Invalid... values fail it.
func TestGeneratorsValidity(t *testing.T) {
	for _, v := range sample(bzflaggen.ValidMessage(), 400) {
		if err := v.(bzflag.Message).Validate(); err != nil {
			t.Errorf("ValidMessage gave %#v: %v", v, err)
		}
	}
	for _, v := range sample(bzflaggen.InvalidMessage(), 100) {
		if err := v.(bzflag.Message).Validate(); err == nil {
			t.Errorf("InvalidMessage gave a valid %#v", v)
		}
	}
	for _, v := range sample(bzflaggen.FromClient(), 200) {
		m := v.(bzflag.Message)
		b, _ := m.MarshalBinary()
		if got, _, err := bzflag.Decode(b, bzflag.FromClient); got == nil || got.Form() != m.Form() {
			t.Errorf("FromClient gave %T, which a server cannot decode: %v", m, err)
		}
	}
	for _, v := range sample(bzflaggen.FromServer(), 200) {
		m := v.(bzflag.Message)
		b, _ := m.MarshalBinary()
		if got, _, err := bzflag.Decode(b, bzflag.FromServer); got == nil || got.Form() != m.Form() {
			t.Errorf("FromServer gave %T, which a client cannot decode: %v", m, err)
		}
	}
}

// TestInvalidGenerator checks bzflaggen.Invalid on a few types.
func TestInvalidGenerator(t *testing.T) {
	for _, g := range []struct {
		name string
		gen  func() any
	}{
		{"Enter", func() any { return sample(bzflaggen.Invalid(bzflaggen.Enter()), 20) }},
		{"PlayerUpdate", func() any { return sample(bzflaggen.Invalid(bzflaggen.PlayerUpdate()), 20) }},
		{"FlagUpdate", func() any { return sample(bzflaggen.Invalid(bzflaggen.FlagUpdate()), 20) }},
	} {
		for _, v := range g.gen().([]any) {
			m := v.(bzflag.Message)
			if m.Validate() == nil {
				t.Errorf("Invalid(%s) gave a valid %#v", g.name, m)
			}
			if _, err := m.MarshalBinary(); err != nil {
				t.Errorf("Invalid(%s) gave an unencodable %#v: %v", g.name, m, err)
			}
		}
	}
}
