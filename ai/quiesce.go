package ai

import (
	"github.com/tablut-ai/tablut/game"
)

// quiesce resolves escape threats below the nominal depth, so that the leaves are
// quiet: White escapes if it can and otherwise stands pat or tries king moves
// that make a double escape threat; Black facing a threat must answer it (no
// standing pat) by blocking or capturing the king.
func (w *worker) quiesce(pos *game.Position, ply int, alpha, beta int32) int32 {
	w.count()
	w.pvLen[ply] = ply
	if w.stopped() {
		return 0
	}
	if ply >= maxPly-2 {
		return w.evaluate(pos, alpha, beta)
	}
	k := pos.King()
	if pos.SideToMove() == game.White {
		if openLines(pos) > 0 {
			return WinScore - int32(ply+1)
		}
		best := w.evaluate(pos, alpha, beta)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
		// Double threats: a king move to a square with two open lines.
		for d := 0; d < numDirs; d++ {
			for _, s := range rays[d][k] {
				if kingBlocked[s] || pos.At(s) != game.Empty {
					break
				}
				if openLinesFrom(pos, s, k) < 2 {
					continue
				}
				m := game.NewMove(k, s)
				score, _ := w.quiesceChild(pos, m, ply, alpha, beta)
				if w.stopped() {
					return 0
				}
				if score > best {
					best = score
					if score > alpha {
						alpha = score
						w.setPV(ply, m)
						if score >= beta {
							return best
						}
					}
				}
			}
		}
		return best
	}
	var mark [game.NumSquares]bool
	if onOpenLine(pos, &mark) == 0 {
		return w.evaluate(pos, alpha, beta)
	}
	moves := pos.GenerateMoves(w.moves[ply])
	if len(moves) == 0 {
		return -(WinScore - int32(ply))
	}
	moves = filterThreatReplies(pos, moves, &mark)
	best := -(WinScore - int32(ply+2)) // whatever else Black does, the king escapes
	for _, m := range moves {
		score, won := w.quiesceChild(pos, m, ply, alpha, beta)
		if won {
			w.setPV(ply, m)
			return score
		}
		if w.stopped() {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				w.setPV(ply, m)
				if score >= beta {
					return best
				}
			}
		}
	}
	return best
}

// quiesceChild plays m in pos and returns the score of the resulting position
// for the side that moved, and whether the move ended the game (a win: an escape or
// a king capture). Reaching a position of the game or of the line again without a
// capture is a draw.
func (w *worker) quiesceChild(pos *game.Position, m game.Move, ply int, alpha, beta int32) (int32, bool) {
	child := &w.child[ply+1]
	*child = *pos
	captured := child.Make(m)
	switch {
	case child.Status() != game.Ongoing:
		return WinScore - int32(ply+1), true
	case captured == 0 && w.repeats(child.Hash()):
		return w.drawScore(pos.SideToMove()), false
	}
	w.push(child.Hash(), captured > 0, ply)
	score := -w.quiesce(child, ply+1, -beta, -alpha)
	w.pop(ply)
	return score, false
}

// filterThreatReplies keeps Black's moves that land on one of the king's open
// lines (marked) or next to the king (a possible capture) and drops the rest.
func filterThreatReplies(pos *game.Position, moves []game.Move, mark *[game.NumSquares]bool) []game.Move {
	k := pos.King()
	kept := moves[:0]
	for _, m := range moves {
		if to := m.To(); mark[to] || nextToKing(to, k) {
			kept = append(kept, m)
		}
	}
	return kept
}
