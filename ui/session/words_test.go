package session

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

func TestEvalBar(t *testing.T) {
	assert.Equal(t, 0.5, ai.WhiteShare(0), "level position")
	prev := -1.0
	for s := int32(-ai.MaxEval); s <= ai.MaxEval; s += 250 {
		v := ai.WhiteShare(s)
		if v < prev || v < 0 || v > 1 {
			t.Fatalf("share(%d) = %v not monotonic in [0,1]", s, v)
		}
		prev = v
	}
	assert.Equal(t, 1.0, ai.WhiteShare(ai.WinScore-3), "a White win fills the bar")
	assert.Equal(t, 0.0, ai.WhiteShare(-ai.WinScore+3), "a Black win empties the bar")
}

// The evaluation in words, from the person's side.
func TestEvaluationInWords(t *testing.T) {
	for _, c := range []struct {
		score int32
		side  game.Color
		you   bool
		want  string
		label string
	}{
		{0, game.White, true, "Your chances: 50%", "50%"},
		{ai.MaxEval / 4, game.White, true, "Your chances: 88%", "88%"},
		{ai.MaxEval / 4, game.Black, true, "Your chances: 12%", "12%"},
		{-ai.MaxEval / 4, game.White, false, "White's chances: 12%", "12%"},
		{ai.MaxEval - 1, game.White, false, "White's chances: 99%", "99%"},
		{ai.WinScore - 3, game.White, false, "White can force a win in 2 moves", "win"},
		{-(ai.WinScore - 1), game.White, true, "The AI can win with the next move", "loss"},
		{-(ai.WinScore - 1), game.Black, true, "You can win with the next move", "win"},
	} {
		if got := EvalSentence(c.score, c.side, c.you); got != c.want {
			t.Errorf("EvalSentence(%d, %v, %v) = %q, want %q", c.score, c.side, c.you, got, c.want)
		}
		if got := EvalLabel(c.score, c.side); got != c.label {
			t.Errorf("EvalLabel(%d, %v) = %q, want %q", c.score, c.side, got, c.label)
		}
	}
}
