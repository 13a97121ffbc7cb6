package book

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sort"

	"github.com/tablut-ai/tablut/ai/book"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/regfile"
)

// Line is a line of play from the start position to a position with White
// to move, and how many games reached it.
type Line struct {
	Moves []game.Move
	Games int
}

// FrequentLines returns the positions with White to move, at most maxPly
// plies from the start, that at least minGames of the games reached from the
// start position along the same moves: where the games actually go, for the
// book to search next (a book grown from a game collection, with the moves
// chosen by search instead of by the games' results). Most-reached first,
// then shallower first; the start itself is left out.
func FrequentLines(games []*game.Game, maxPly, minGames int) []Line {
	type seen struct {
		moves []game.Move
		games int
	}
	counts := map[string]*seen{}
	start := game.StartPosition()
	for _, g := range games {
		s := g.Start()
		if s.String() != start.String() {
			continue
		}
		ms := g.Moves()
		for ply := 2; ply <= min(maxPly, len(ms)); ply += 2 {
			key := fmt.Sprint(ms[:ply])
			if counts[key] == nil {
				counts[key] = &seen{moves: slices.Clone(ms[:ply])}
			}
			counts[key].games++
		}
	}
	var out []Line
	for _, c := range counts {
		p := replay(c.moves).Position()
		if c.games >= minGames && p.Status() == game.Ongoing {
			out = append(out, Line{Moves: c.moves, Games: c.games})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Games != out[j].Games {
			return out[i].Games > out[j].Games
		}
		if len(out[i].Moves) != len(out[j].Moves) {
			return len(out[i].Moves) < len(out[j].Moves)
		}
		return fmt.Sprint(out[i].Moves) < fmt.Sprint(out[j].Moves)
	})
	return out
}

// ReadGames reads every game record (*.txt) of the given folders, such as
// a match's -records folder.
func ReadGames(dirs ...string) ([]*game.Game, error) {
	var games []*game.Game
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("no game records (*.txt) in %s", dir)
		}
		for _, f := range files {
			fh, err := regfile.Open(f)
			if err != nil {
				return nil, err
			}
			g, _, err := game.ReadRecord(fh)
			fh.Close()
			if err != nil {
				return nil, fmt.Errorf("%s: %v", f, err)
			}
			games = append(games, g)
		}
	}
	return games, nil
}

// Deepen searches, with White's engine, the positions of lines the book
// does not hold yet (see FrequentLines), shallowest first, saving after
// each entry as Build does. A line that leaves the book's moves (White
// played another move than the book's somewhere along it, the book's
// entry perhaps added by this very call) is skipped: an engine playing the
// book never gets there. It returns how many entries it added.
func Deepen(ctx context.Context, cfg Config, b *book.Book, lines []Line) (int, error) {
	gr, err := newGrower(cfg, b)
	if err != nil {
		return 0, err
	}
	lines = slices.Clone(lines)
	sort.SliceStable(lines, func(i, j int) bool { return len(lines[i].Moves) < len(lines[j].Moves) })
	added := 0
	for _, l := range lines {
		if !followsBook(b, l.Moves) {
			continue
		}
		before := b.Len()
		if _, err := gr.whiteEntry(ctx, l.Moves); err != nil {
			return added, err
		}
		added += b.Len() - before
	}
	return added, nil
}

// followsBook reports whether White's moves along line are the book's
// wherever the book has the position.
func followsBook(b *book.Book, line []game.Move) bool {
	p := game.StartPosition()
	for _, m := range line {
		if p.SideToMove() == game.White {
			if e, ok := b.Lookup(&p); ok && e.Move != m {
				return false
			}
		}
		p.Make(m)
	}
	return true
}
