package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// capturableByMoves counts, by playing every legal move, the distinct enemy
// pawns the side to move can capture with one move.
func capturableByMoves(p *game.Position) int {
	var buf [game.MaxMoves]game.Move
	var taken [game.NumSquares]bool
	n := 0
	for _, m := range p.GenerateMoves(buf[:0]) {
		c := *p
		if c.Make(m) == 0 {
			continue
		}
		for s := game.Square(0); s < game.NumSquares; s++ {
			if p.At(s) != game.Empty && p.At(s) != game.King && p.At(s).Color() != p.SideToMove() && c.At(s) == game.Empty && !taken[s] {
				taken[s] = true
				n++
			}
		}
	}
	return n
}

// TestCapturable: the static count of capturable pawns agrees with playing
// every move, on positions of random games (both sides to move, camps, throne).
func TestCapturable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	var buf [game.MaxMoves]game.Move
	checked, nonzero := 0, 0
	for g := 0; g < 300; g++ {
		p := game.StartPosition()
		for ply := 0; ply < 120 && p.Status() == game.Ongoing; ply++ {
			got, want := capturable(&p), capturableByMoves(&p)
			if got != want {
				t.Fatalf("game %d ply %d, %s: capturable %d, by moves %d", g, ply, p.String(), got, want)
			}
			checked++
			if want > 0 {
				nonzero++
			}
			moves := p.GenerateMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p.Make(moves[rng.IntN(len(moves))])
		}
	}
	assert.GreaterOrEqual(t, nonzero, checked/10, "positions with a capture, of %d", checked)
	t.Logf("%d positions, %d with captures", checked, nonzero)
}

// TestCaptureWeight: the Capture weight is paid to the side to move for each
// pawn it could take, and the hand-made heuristic (Capture 0) ignores it.
func TestCaptureWeight(t *testing.T) {
	// On one rank: white pawn, empty, black pawn, white pawn. White moves the
	// first pawn one step and takes the black one; then the colours swapped.
	p := game.MustParsePosition("........./........./........./..W.BW.../........./....K..../........./........./......... W")
	require.EqualValues(t, 1, capturable(&p), "White to move: capturable pawns")
	h0, h := NewHeuristic(), NewHeuristic()
	h.W.Capture = 70
	assert.Equal(t, int32(70), h.Evaluate(&p)-h0.Evaluate(&p), "White to move with one capture: what Capture adds")
	b := game.MustParsePosition("........./........./........./..B.WB.../........./....K..../........./........./......... B")
	require.EqualValues(t, 1, capturable(&b), "Black to move: capturable pawns")
	assert.Equal(t, int32(-70), h.Evaluate(&b)-h0.Evaluate(&b), "Black to move with one capture: what Capture adds")
}
