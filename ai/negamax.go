package ai

import (
	"github.com/tablut-ai/tablut/game"
)

// negamax is the main alpha-beta search (principal variation search) of pos to
// depth plies, at distance ply from the root, with the window (alpha, beta).
// Scores are from the side to move's point of view.
func (w *worker) negamax(pos *game.Position, depth, ply int, alpha, beta int32, pvNode bool) int32 {
	w.count()
	w.pvLen[ply] = ply
	if w.stopped() {
		return 0
	}
	us := pos.SideToMove()
	// White to move with an open line escapes now.
	if us == game.White && openLines(pos) > 0 {
		return WinScore - int32(ply+1)
	}
	if depth <= 0 {
		if w.off&featQuiesce != 0 {
			return w.evaluate(pos, alpha, beta)
		}
		return w.quiesce(pos, ply, alpha, beta)
	}
	if ply >= maxPly-2 {
		return w.evaluate(pos, alpha, beta)
	}
	// Mate distance pruning: no line from here beats a win at the next ply.
	alpha = max(alpha, -(WinScore - int32(ply)))
	beta = min(beta, WinScore-int32(ply+1))
	if alpha >= beta {
		return alpha
	}

	key := pos.Hash()
	ttMove := game.NoMove
	if e, ok := w.tt.probe(key); ok {
		ttMove = e.move
		if !pvNode && e.depth >= depth && w.off&featTTCut == 0 {
			s := scoreFromTT(e.score, ply)
			if e.bound == boundExact || (e.bound == boundLower && s >= beta) || (e.bound == boundUpper && s <= alpha) {
				return s
			}
		}
	}

	moves := pos.GenerateMoves(w.moves[ply])
	if len(moves) == 0 {
		return -(WinScore - int32(ply)) // no legal move loses
	}
	// Black facing an escape threat must block it or capture the king: any other
	// move lets the king out next move, so it is not searched.
	threatened := false
	if us == game.Black && w.off&featThreats == 0 {
		var mark [game.NumSquares]bool
		if onOpenLine(pos, &mark) > 0 {
			threatened = true
			moves = filterThreatReplies(pos, moves, &mark)
			if len(moves) == 0 {
				return -(WinScore - int32(ply+2))
			}
		}
	}
	scores := w.scores[ply][:len(moves)]
	w.scoreMoves(pos, moves, scores, ttMove, ply)

	// Late move pruning, one or two plies above the leaves of a null-window
	// search where no escape threat is pending: once lmpCount moves have been
	// searched, the remaining quiet moves are not (they are ordered after the
	// table move, threats, captures, killers and king moves, by history
	// alone). Quiet means no capture, no end of the game, not a king move and
	// for White no line opened for the king: a pruned move could only matter
	// through what the leaves' evaluation would have seen.
	lmpFrom := len(moves)
	if !pvNode && depth <= 2 && !threatened && w.off&featLMP == 0 {
		lmpFrom = lmpCount[depth]
	}

	// Futility pruning (Heinz, "Extended futility pruning", ICCA Journal
	// 1998) one and two plies above the leaves of a null-window search with
	// no escape threat pending: when the position's own evaluation plus
	// futilityMargin[depth] is still no better than alpha, its quiet moves
	// (as for late move pruning) are not searched. Why it is safe enough: a
	// quiet move gives the turn, and with it the initiative, to the
	// opponent, so the mover's score rarely climbs after one by more than
	// the margin (the margins and the score changes they were set from are
	// in docs/measurements.md, section Search techniques). The position is
	// evaluated only when the first quiet move comes up, after the table
	// move, threats, captures, killers and king moves: a node that fails
	// high on one of those never pays for it. A pruned move counts as
	// scoring the bound, so a node whose every move is pruned fails low with
	// it. The nodes that fail low hold most of the leaves, and so most of the
	// evaluations: the technique pays most for an expensive evaluator.
	// futile says whether the node may prune until it is judged (judged), and
	// from then on whether it does.
	futile := depth <= 2 && !pvNode && !threatened && w.off&featFutility == 0
	futileBound, judged := int32(0), false

	// With several threads, a move after the first whose position another
	// thread is searching right now is put off to the end of the list
	// (simplified ABDADA): the thread meanwhile searches moves nobody is on,
	// and by the time it comes back the other thread's result is often in the
	// table.
	deferring := w.searching != nil && depth >= deferDepth
	deferred := w.deferred[ply][:0]

	origAlpha := alpha
	best, bestMove := -inf, game.NoMove
	pruned := false // a move was pruned (late move or futility pruning)
	n := len(moves)
moves:
	for j := 0; j < n; j++ {
		i := j
		if j < len(moves) {
			pickNext(moves, scores, i)
		} else {
			i = deferred[j-len(moves)]
		}
		m := moves[i]
		child := &w.child[ply+1]
		*child = *pos
		captured := child.Make(m)
		if (i >= lmpFrom || futile) && scores[i] < orderKingMove && captured == 0 && child.Status() == game.Ongoing &&
			(us == game.Black || openLines(child) == 0) {
			if i >= lmpFrom {
				pruned = true
				continue
			}
			if !judged { // the first quiet move: evaluate the position now
				judged = true
				margin := futilityMargin[depth]
				lo := alpha - margin
				e := w.evaluate(pos, lo, lo+1)
				futile, futileBound = e+margin <= alpha, e+margin
			}
			if futile && !w.repeats(child.Hash()) { // a repetition would score a draw
				best = max(best, futileBound)
				pruned = true
				continue
			}
		}
		var score int32
		switch {
		case child.Status() != game.Ongoing:
			score = WinScore - int32(ply+1) // the mover won
		case captured == 0 && w.repeats(child.Hash()):
			score = w.drawScore(us)
		case deferring && i > 0 && j < len(moves) && w.searching.has(child.Hash()):
			deferred = append(deferred, i)
			n++
			w.deferrals++
			continue
		default:
			w.push(child.Hash(), captured > 0, ply)
			if deferring {
				w.searching.start(child.Hash())
			}
			if i == 0 || w.off&featPVS != 0 {
				score = -w.negamax(child, depth-1, ply+1, -beta, -alpha, pvNode)
			} else {
				// Late move reductions: a quiet move ordered late is searched less
				// deep first, and again at full depth only if it beats alpha. Not
				// reduced: answers to an escape threat, and moves that open a line
				// for the king.
				r := 0
				if depth >= 3 && i >= 3 && scores[i] < orderKingMove && !threatened &&
					w.off&featLMR == 0 && (us == game.Black || openLines(child) == 0) {
					r = 1
					if !pvNode && depth >= 6 && i >= 12 {
						r = 2
					}
				}
				score = -w.negamax(child, depth-1-r, ply+1, -alpha-1, -alpha, false)
				if r > 0 && score > alpha && !w.stopped() {
					score = -w.negamax(child, depth-1, ply+1, -alpha-1, -alpha, false)
				}
				if score > alpha && score < beta && !w.stopped() {
					score = -w.negamax(child, depth-1, ply+1, -beta, -alpha, true)
				}
			}
			if deferring {
				w.searching.finish(child.Hash())
			}
			w.pop(ply)
		}
		if w.stopped() {
			return 0
		}
		if score > best {
			best, bestMove = score, m
			if score > alpha {
				alpha = score
				w.setPV(ply, m)
				if score >= beta {
					if captured == 0 && w.off&featOrdering == 0 {
						w.addKiller(m, ply)
						w.history.reward(us, m, depth)
					}
					break moves
				}
			}
		}
	}
	b := boundExact
	switch {
	case best <= origAlpha:
		b = boundUpper
	case best >= beta:
		b = boundLower
	}
	w.tt.store(key, ttData{move: bestMove, score: scoreToTT(best, ply), depth: depth, bound: b})
	// A fail-low after pruning bounds only the moves searched, not the
	// position: it is not reported.
	if w.onNode != nil && depth >= w.onNodeMin && !(pruned && b == boundUpper) {
		w.report(pos, depth, ply, best, b)
	}
	return best
}

// futilityMargin is, by remaining depth (1 or 2), at least how far below alpha a
// position's own evaluation must be for its quiet moves not to be searched
// (futility pruning), in evaluator units. They were set from how far a quiet
// move moves the learned network's score (docs/measurements.md, section Search
// techniques); the heuristic's scores move less, so it seldom prunes.
var futilityMargin = [3]int32{0, 150, 500}

// lmpCount is, by remaining depth, how many moves are searched before late
// quiet moves are pruned.
var lmpCount = [3]int{0, 12, 24}

// deferDepth is the least remaining depth at which a thread puts off a move
// another thread is searching: below it the subtrees are too small for the
// bookkeeping to pay.
const deferDepth = 3
