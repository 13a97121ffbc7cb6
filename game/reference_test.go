package game

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// This file holds a slow, obviously correct reference of the move rules and of
// Make, written straight from RULES.md on a plain [9][9] array without any of the
// package's tables, and compares it with the fast generator and Make.

// refBoard is a board as the notation writes it: b[rank][file], rank 0 = rank 1.
type refBoard struct {
	b    [9][9]byte
	side byte // 'W' or 'B'
}

func refParse(s string) refBoard {
	var rb refBoard
	f := strings.Fields(s)
	for r, row := range strings.Split(f[0], "/") {
		for c := 0; c < 9; c++ {
			rb.b[r][c] = row[c]
		}
	}
	rb.side = f[1][0]
	return rb
}

func (rb refBoard) String() string {
	rows := make([]string, 9)
	for r := range rb.b {
		rows[r] = string(rb.b[r][:])
	}
	return strings.Join(rows, "/") + " " + string(rb.side)
}

func refName(f, r int) string { return fmt.Sprintf("%c%d", 'a'+f, r+1) }

// The camps and their centres, by name, exactly as RULES.md lists them.
var refCampGroups = [4][]string{
	{"a4", "a5", "a6", "b5"},
	{"i4", "i5", "i6", "h5"},
	{"d1", "e1", "f1", "e2"},
	{"d9", "e9", "f9", "e8"},
}
var refCentres = []string{"a5", "i5", "e1", "e9"}

// refCamp returns 1..4 for a square of a camp group, 0 otherwise.
func refCamp(f, r int) int {
	n := refName(f, r)
	for g, names := range refCampGroups {
		if slices.Contains(names, n) {
			return g + 1
		}
	}
	return 0
}

func refCentre(f, r int) bool { return slices.Contains(refCentres, refName(f, r)) }
func refThrone(f, r int) bool { return refName(f, r) == "e5" }
func refOn(f, r int) bool     { return f >= 0 && f < 9 && r >= 0 && r < 9 }
func refEdge(f, r int) bool   { return f == 0 || f == 8 || r == 0 || r == 8 }

var refDirs = [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}

func (rb *refBoard) king() (int, int) {
	for r := 0; r < 9; r++ {
		for f := 0; f < 9; f++ {
			if rb.b[r][f] == 'K' {
				return f, r
			}
		}
	}
	return -1, -1
}

// refMoves lists the legal moves of the side to move, sorted, as "e4-e7" strings.
func refMoves(rb refBoard) []string {
	var out []string
	if kf, kr := rb.king(); refEdge(kf, kr) {
		return nil // the king escaped: the game is over
	}
	for r := 0; r < 9; r++ {
		for f := 0; f < 9; f++ {
			pc := rb.b[r][f]
			mine := (rb.side == 'W' && (pc == 'W' || pc == 'K')) || (rb.side == 'B' && pc == 'B')
			if !mine {
				continue
			}
			// A black pawn starting in a camp may move in and through that camp only.
			home := 0
			if pc == 'B' {
				home = refCamp(f, r)
			}
			for _, d := range refDirs {
				for x, y := f+d[0], r+d[1]; refOn(x, y); x, y = x+d[0], y+d[1] {
					if refThrone(x, y) || rb.b[y][x] != '.' {
						break // nobody lands on or crosses the throne; pieces block
					}
					if c := refCamp(x, y); c != 0 && c != home {
						break // white pieces never enter camps; black ones only their own
					}
					out = append(out, refName(f, r)+"-"+refName(x, y))
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// refMake plays mv and returns the new board, the number of captured pawns and
// the result: "-", "WW" or "BW".
func refMake(rb refBoard, mv string) (refBoard, int, string) {
	f0, r0 := int(mv[0]-'a'), int(mv[1]-'1')
	f1, r1 := int(mv[3]-'a'), int(mv[4]-'1')
	pc := rb.b[r0][f0]
	rb.b[r0][f0] = '.'
	rb.b[r1][f1] = pc
	result := "-"
	captured := 0
	if rb.side == 'W' {
		rb.side = 'B'
		for _, d := range refDirs {
			x, y := f1+d[0], r1+d[1]
			bx, by := x+d[0], y+d[1]
			if !refOn(bx, by) || rb.b[y][x] != 'B' {
				continue
			}
			far := rb.b[by][bx]
			hostile := far == 'W' || far == 'K' || refThrone(bx, by) ||
				(refCamp(bx, by) != 0 && !refCentre(bx, by))
			if hostile {
				rb.b[y][x] = '.'
				captured++
			}
		}
		if pc == 'K' && refEdge(f1, r1) {
			result = "WW"
		}
		return rb, captured, result
	}
	rb.side = 'W'
	for _, d := range refDirs {
		x, y := f1+d[0], r1+d[1]
		bx, by := x+d[0], y+d[1]
		if !refOn(x, y) {
			continue
		}
		switch rb.b[y][x] {
		case 'W':
			if !refOn(bx, by) {
				continue
			}
			far := rb.b[by][bx]
			if far == 'B' || refThrone(bx, by) || refCamp(bx, by) != 0 {
				rb.b[y][x] = '.'
				captured++
			}
		case 'K':
			switch {
			case refThrone(x, y):
				if rb.b[y+1][x] == 'B' && rb.b[y-1][x] == 'B' && rb.b[y][x+1] == 'B' && rb.b[y][x-1] == 'B' {
					result = "BW"
				}
			case refThrone(x+1, y) || refThrone(x-1, y) || refThrone(x, y+1) || refThrone(x, y-1):
				n := 0
				for _, e := range refDirs {
					if rb.b[y+e[1]][x+e[0]] == 'B' {
						n++
					}
				}
				if n == 3 {
					result = "BW"
				}
			default:
				if refOn(bx, by) && (rb.b[by][bx] == 'B' || refCamp(bx, by) != 0) {
					result = "BW"
				}
			}
		}
	}
	return rb, captured, result
}

// compareWithReference checks p's moves and every child against the reference.
func compareWithReference(t *testing.T, p Position) {
	t.Helper()
	if p.Status() == BlackWins {
		// The king was captured by the last move (history a lone board lacks).
		if n := len(p.GenerateMoves(nil)); n != 0 {
			t.Fatalf("%d moves after the king was captured in %s", n, diagram(&p))
		}
		return
	}
	rb := refParse(p.String())
	want := refMoves(rb)
	var got []string
	for _, m := range p.GenerateMoves(nil) {
		got = append(got, m.String())
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("moves differ in %s\nfast only: %v\nreference only: %v", diagram(&p), minus(got, want), minus(want, got))
	}
	for _, mv := range want {
		m, _ := ParseMove(mv)
		child := p
		n := child.Make(m)
		rc, rn, rres := refMake(rb, mv)
		if child.String() != rc.String() || n != rn || child.Status().String() != rres {
			t.Fatalf("after %s in %s\nfast:      %s captures %d result %v\nreference: %s captures %d result %s",
				mv, diagram(&p), child.String(), n, child.Status(), rc.String(), rn, rres)
		}
		if child.Hash() != computeHash(&child) {
			t.Fatalf("after %s in %s the incremental hash differs from computeHash", mv, diagram(&p))
		}
	}
}

func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

func TestReferenceRandomGames(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	r := rand.New(rand.NewPCG(1, 2))
	n := 0
	for g := 0; g < games; g++ {
		for _, p := range randomGame(r, StartPosition(), 250) {
			compareWithReference(t, p)
			n++
		}
	}
	t.Logf("%d positions from %d random games agree with the reference", n, games)
}

func TestReferenceRandomBoards(t *testing.T) {
	boards := 4000
	if testing.Short() {
		boards = 600
	}
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < boards; i++ {
		s := randomBoard(r)
		p, err := ParsePosition(s)
		require.NoError(t, err, "randomBoard made a bad position %q", s)
		compareWithReference(t, p)
	}
}
