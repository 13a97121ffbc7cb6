package game

import "math/rand/v2"

// RandomOpening returns plies random legal moves from the start position,
// drawn with r. It avoids moves that end the game (a win or a repetition),
// so the opening leaves a game in progress; it stops early in the
// (unlikely) case that every move ends the game. Matches start their games
// with such openings (internal/lab/match), and so does the window's demo,
// which plays a match's openings (SeededOpening).
func RandomOpening(r *rand.Rand, plies int) []Move {
	g := NewGame(StartPosition())
	var out []Move
	for len(out) < plies {
		moves := g.LegalMoves()
		r.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
		played := false
		for _, m := range moves {
			_ = g.Play(m)
			if g.Outcome() == Ongoing {
				out = append(out, m)
				played = true
				break
			}
			g.Undo()
		}
		if !played {
			break
		}
	}
	return out
}

// SeededOpening is the opening of pair of openings number pair in a match
// seeded seed: RandomOpening drawn from a generator seeded by both, so that
// a game's opening does not depend on the games played before it.
func SeededOpening(seed uint64, pair, plies int) []Move {
	if plies <= 0 {
		return nil
	}
	return RandomOpening(rand.New(rand.NewPCG(seed, uint64(pair)^0x9e3779b97f4a7c15)), plies)
}
