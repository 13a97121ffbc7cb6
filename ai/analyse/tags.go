package analyse

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// A finished analysis kept in the game's record, so that a reviewed game
// opens reviewed: three header tags (game/RECORD.md).
//
//	Review-Engine: cnn:champion
//	Review-From: 5
//	Review-Moves: e4-e7,9,-1204,-1180 d1-d2,8,-1180,-2250 ...
//
// Review-From is the first ply analysed; Review-Moves holds one entry per
// ply from there to the game's end, in order: the engine's choice, the depth
// it completed, and its scores (White's view) before and after the move
// played. The move played, its side and ply come from the game itself. The
// lines of play (Move.PV) are not kept beyond the choice.
const (
	TagEngine = "Review-Engine"
	TagFrom   = "Review-From"
	TagMoves  = "Review-Moves"
)

// maxTagLine is the longest Review-Moves line Tags writes: records are read
// line by line with a 64 KB limit (game.ReadRecord), and a review that does
// not fit is not kept (about 2,500 plies).
const maxTagLine = 60 << 10

// Tags returns the header tags that keep the analysis moves of a whole game
// by engine (its spec, as player.Spec.String gives it): moves must be every
// ply from the first one's to the game's last, both sides. ok is false when
// the line would be too long for a record.
func Tags(engine string, moves []Move) (tags []game.RecordTag, ok bool) {
	if len(moves) == 0 {
		return nil, false
	}
	var sb strings.Builder
	for i, m := range moves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%v,%d,%d,%d", m.Best, m.Depth, m.Before, m.After)
		if sb.Len() > maxTagLine {
			return nil, false
		}
	}
	return []game.RecordTag{
		{Key: TagEngine, Value: engine},
		{Key: TagFrom, Value: strconv.Itoa(moves[0].Ply)},
		{Key: TagMoves, Value: sb.String()},
	}, true
}

// maxEngineName is the longest Review-Engine FromTags takes (a network's
// file path included).
const maxEngineName = 200

// clip shortens s for an error message.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return s
}

// ErrNoReview is FromTags' error for a record without review tags.
var ErrNoReview = errors.New("the record holds no review")

// FromTags reads back what Tags wrote into a record's header, for g, the
// game the record holds: the engine's spec and the analysed moves, each
// checked against the game (every ply from Review-From to the end, the
// engine's choice a legal move there, scores within the win score). It
// returns ErrNoReview when the record has none of the three tags, and a
// one-line error naming the tag when they do not fit the game.
func FromTags(meta game.RecordMeta, g *game.Game) (engine string, moves []Move, err error) {
	var have [3]bool
	var from, list string
	for _, t := range meta.Tags {
		switch {
		case strings.EqualFold(t.Key, TagEngine):
			engine, have[0] = strings.TrimSpace(t.Value), true
		case strings.EqualFold(t.Key, TagFrom):
			from, have[1] = strings.TrimSpace(t.Value), true
		case strings.EqualFold(t.Key, TagMoves):
			list, have[2] = t.Value, true
		}
	}
	switch {
	case have == [3]bool{}:
		return "", nil, ErrNoReview
	case have != [3]bool{true, true, true}:
		return "", nil, fmt.Errorf("the review needs the three tags %s, %s and %s", TagEngine, TagFrom, TagMoves)
	}
	if spec, err := player.ParseSpec(engine); err != nil || !spec.IsEngine() || len(engine) > maxEngineName {
		return "", nil, fmt.Errorf("%s %q names no engine", TagEngine, clip(engine))
	}
	played := g.Moves()
	first, err := strconv.Atoi(from)
	if err != nil || first < 1 || first > len(played) {
		return "", nil, fmt.Errorf("%s %q is not a ply of the game's 1 to %d", TagFrom, from, len(played))
	}
	entries := strings.Fields(list)
	if want := len(played) - first + 1; len(entries) != want {
		return "", nil, fmt.Errorf("%s has %d entries; plies %d to %d of the game need %d", TagMoves, len(entries), first, len(played), want)
	}
	p := g.Start()
	for _, m := range played[:first-1] {
		p.Make(m)
	}
	moves = make([]Move, 0, len(entries))
	for i, e := range entries {
		ply := first + i
		m, err := parseEntry(e, &p)
		if err != nil {
			return "", nil, fmt.Errorf("%s, ply %d (%q): %v", TagMoves, ply, e, err)
		}
		m.Ply, m.Side, m.Played = ply, p.SideToMove(), played[ply-1]
		moves = append(moves, m)
		p.Make(m.Played)
	}
	return engine, moves, nil
}

// parseEntry reads one Review-Moves entry for position p: choice, depth,
// score before, score after.
func parseEntry(e string, p *game.Position) (Move, error) {
	f := strings.Split(e, ",")
	if len(f) != 4 {
		return Move{}, errors.New("want move,depth,before,after")
	}
	best, err := game.ParseMove(f[0])
	if err != nil {
		return Move{}, err
	}
	if !p.IsLegal(best) {
		return Move{}, fmt.Errorf("%v is not a legal move there", best)
	}
	depth, err := strconv.Atoi(f[1])
	if err != nil || depth < 0 || depth > ai.MaxDepth {
		return Move{}, fmt.Errorf("depth %q: want 0 to %d", f[1], ai.MaxDepth)
	}
	var scores [2]int32
	for k, s := range f[2:] {
		v, err := strconv.ParseInt(s, 10, 32)
		if err != nil || v < -ai.WinScore || v > ai.WinScore {
			return Move{}, fmt.Errorf("score %q: want a whole number within ±%d", s, ai.WinScore)
		}
		scores[k] = int32(v)
	}
	return Move{Best: best, PV: []game.Move{best}, Depth: depth, Before: scores[0], After: scores[1]}, nil
}

// OtherTags returns the tags that are not the review's, in their order: what
// a record keeps of its own when its review is replaced or dropped.
func OtherTags(tags []game.RecordTag) []game.RecordTag {
	var kept []game.RecordTag
	for _, t := range tags {
		if !IsTag(t.Key) {
			kept = append(kept, t)
		}
	}
	return kept
}

// IsTag reports whether key is one of the review's tags.
func IsTag(key string) bool {
	for _, k := range []string{TagEngine, TagFrom, TagMoves} {
		if strings.EqualFold(key, k) {
			return true
		}
	}
	return false
}
