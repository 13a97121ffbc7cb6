// Package book builds White's opening book (package ai/book) by long offline
// searches, the way opening books for computer chess began: a tree grown
// from the start position, where at White's turn one long search of the
// engine chooses the book move, and at Black's turn the replies worth
// answering are the ones Black's engines consider best.
//
// Files:
//   - build.go: Build grows the tree breadth first, Replies[k] of each Black
//     engine's replies at Black's k-th turn; every new entry is saved at
//     once, so a stopped build resumes where it stopped. Black's candidates
//     are the front of the root list of a timed search, which the search
//     keeps best first with every earlier iteration's best move after it
//     (ai.Info.Root): the moves that engine rated best at some depth.
//   - lines.go: growing the book where games go: the positions that game
//     records (a match's -records folder) reach from the start along the
//     same moves, most often first (FrequentLines), searched by Deepen.
package book

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/book"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// Config is what Build searches with.
type Config struct {
	// White chooses the book moves; its limits are the long search's.
	White player.Spec
	// Black are the engines whose replies the book answers.
	Black []player.Spec
	// Replies[k] is how many replies of each Black engine the book follows
	// at Black's k-th turn; len(Replies) is how many Black turns it goes.
	Replies []int
	// Save is called with the book after each new entry (nil: not saved).
	Save func(*book.Book) error
	// Log receives a line per search (nil: none).
	Log io.Writer
}

// Build grows the book from b (which may hold a stopped build's entries,
// kept without searching again) and returns it. It stops with ctx, keeping
// what it has.
func Build(ctx context.Context, cfg Config, b *book.Book) (*book.Book, error) {
	if b == nil {
		b = &book.Book{}
	}
	if len(cfg.Black) == 0 && len(cfg.Replies) > 0 {
		return b, errors.New("no Black engine to choose replies with")
	}
	gr, err := newGrower(cfg, b)
	if err != nil {
		return b, err
	}
	blacks := make([]player.Player, len(cfg.Black))
	for i, s := range cfg.Black {
		if blacks[i], err = player.New(s); err != nil {
			return b, err
		}
	}
	frontier := [][]game.Move{nil}
	for turn := 0; ; turn++ {
		var next [][]game.Move
		seen := map[uint64]bool{}
		for _, line := range frontier {
			e, err := gr.whiteEntry(ctx, line)
			if err != nil {
				return b, err
			}
			if turn == len(cfg.Replies) {
				continue
			}
			after := append(slices.Clone(line), e.Move)
			g := replay(after)
			if pos := g.Position(); pos.Status() != game.Ongoing {
				continue
			}
			for i, bl := range blacks {
				replies, err := blackReplies(ctx, bl, g, cfg.Replies[turn])
				if err != nil {
					return b, err
				}
				gr.logf("after %s: %s's replies %s", lineText(after), cfg.Black[i], game.MoveList(replies))
				for _, r := range replies {
					q := g.Position()
					q.Make(r)
					if q.Status() != game.Ongoing || seen[q.Hash()] {
						continue
					}
					seen[q.Hash()] = true
					next = append(next, append(slices.Clone(after), r))
				}
			}
		}
		if len(next) == 0 {
			return b, nil
		}
		frontier = next
	}
}

// grower adds White's entries to a book: the long searches of Build and
// Deepen.
type grower struct {
	cfg   Config
	white player.Player
	b     *book.Book
}

func newGrower(cfg Config, b *book.Book) (*grower, error) {
	white, err := player.New(cfg.White)
	if err != nil {
		return nil, err
	}
	return &grower{cfg: cfg, white: white, b: b}, nil
}

func (gr *grower) logf(format string, a ...any) {
	if gr.cfg.Log != nil {
		fmt.Fprintf(gr.cfg.Log, format+"\n", a...)
	}
}

// whiteEntry returns the book's entry for the position after line, searching
// it with White's engine when the book has none yet (and saving the book).
func (gr *grower) whiteEntry(ctx context.Context, line []game.Move) (book.Entry, error) {
	g := replay(line)
	pos := g.Position()
	if e, ok := gr.b.Lookup(&pos); ok {
		gr.logf("after %s: %v (kept from the book)", lineText(line), e.Move)
		return e, nil
	}
	start := time.Now()
	r, err := gr.white.Move(ctx, pos, g.RepetitionHistory(), nil)
	if err != nil {
		return book.Entry{}, err
	}
	if ctx.Err() != nil {
		return book.Entry{}, ctx.Err()
	}
	pv := r.PV
	if len(pv) == 0 || pv[0] != r.Move {
		pv = []game.Move{r.Move}
	}
	e := book.Entry{Line: line, Move: r.Move, Score: r.Score, Depth: r.Depth, Nodes: r.Nodes,
		Time: gr.cfg.White.Limits().MoveTime, PV: pv[:min(len(pv), 8)], By: gr.cfg.White.String()}
	if err := gr.b.Add(e); err != nil {
		return e, fmt.Errorf("after %s: %v", lineText(line), err)
	}
	gr.logf("after %s: %v, score %d, depth %d, %d nodes in %v", lineText(line), r.Move, r.Score, r.Depth, r.Nodes,
		time.Since(start).Round(time.Second))
	if gr.cfg.Save != nil {
		if err := gr.cfg.Save(gr.b); err != nil {
			return e, err
		}
	}
	return e, nil
}

// blackReplies searches the position of g (Black to move) with engine bl
// and returns the first n moves of its last root list: its best move, then
// the moves it rated best at earlier depths.
func blackReplies(ctx context.Context, bl player.Player, g *game.Game, n int) ([]game.Move, error) {
	var root []ai.RootScore
	r, err := bl.Move(ctx, g.Position(), g.RepetitionHistory(), func(in ai.Info) {
		if len(in.Root) > 0 {
			root = slices.Clone(in.Root)
		}
	})
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	out := []game.Move{r.Move}
	for _, rs := range root {
		if len(out) >= n {
			break
		}
		if !slices.Contains(out, rs.Move) {
			out = append(out, rs.Move)
		}
	}
	return out[:min(len(out), n)], nil
}

// replay returns the game of line from the start position. The lines here
// are the book's (checked by book.Add) or recorded games' (checked by
// game.ReadRecord), so every move is legal; the first that is not would
// end the replay there.
func replay(line []game.Move) *game.Game {
	g := game.NewGame(game.StartPosition())
	for _, m := range line {
		if g.Play(m) != nil {
			break
		}
	}
	return g
}

// lineText writes a line for the log: "the start" when empty.
func lineText(ms []game.Move) string {
	if len(ms) == 0 {
		return "the start"
	}
	return game.MoveList(ms)
}
