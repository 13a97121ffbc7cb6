package session

import (
	"context"
	"slices"

	"github.com/tablut-ai/tablut/ai/puzzle"
	"github.com/tablut-ai/tablut/game"
)

// The classroom's proof of the puzzle on the board: the tree of defences
// along the puzzle's line, collapsed. At each of the solver's steps, its
// move (and how many others also win there); then every defence to it,
// grouped by how many more solver moves it takes to win against it, the
// longest (the puzzle's line) expanded into the next step. It is worked
// out on a goroutine the first time the classroom asks for it (a few
// hundred small exhaustive proofs, from a blink to some seconds), with
// puzzle.Judge for the solver's moves and puzzle.Solve for what each
// defence leaves (Solve starts without history: a defence that could only
// hold by repeating an earlier position is counted as the plain position
// says, which the shipped puzzles' own proofs rule out for the line).

// ProofStep is one of the solver's steps of a puzzle's proof.
type ProofStep struct {
	Move   game.Move // the solver's move (the puzzle's)
	Others int       // how many other moves also win here
	Final  bool      // Move ends the game
	// Groups are the defences to Move, by the solver moves still needed
	// against each (Needs ascending); the last group holds the longest.
	Groups  []ProofGroup
	Longest game.Move // the defence the puzzle's line follows
}

// ProofGroup is the defences after which the solver needs Needs more moves.
type ProofGroup struct {
	Needs int
	Moves []game.Move
}

// Proof is the state of the proof of the puzzle on the board.
type Proof struct {
	Steps []ProofStep
	Done  bool   // every step is worked out
	Err   string // why it could not be
}

// proofJob is the proof's goroutine and what it sent so far.
type proofJob struct {
	id     int
	cancel context.CancelFunc
	ch     chan Proof // the latest state; buffered, latest wins
	last   Proof
}

// PuzzleProof returns the proof of the puzzle on the board as far as it is
// worked out, starting the work at the first call; ok is false with no
// puzzle on the board.
func (c *Controller) PuzzleProof() (Proof, bool) {
	s := c.puzzle
	if s == nil {
		return Proof{}, false
	}
	if c.proof == nil || c.proof.id != s.p.ID {
		c.stopProof()
		ctx, cancel := context.WithCancel(context.Background())
		j := &proofJob{id: s.p.ID, cancel: cancel, ch: make(chan Proof, 1)}
		c.proof = j
		go proveLine(ctx, s.p, j.ch)
	}
	select {
	case pr := <-c.proof.ch:
		c.proof.last = pr
	default:
	}
	return c.proof.last, true
}

// stopProof cancels the proof's goroutine, if any.
func (c *Controller) stopProof() {
	if c.proof != nil {
		c.proof.cancel()
		c.proof = nil
	}
}

// proveLine works out the proof of p step by step, sending the state after
// each (the channel keeps only the latest).
func proveLine(ctx context.Context, p puzzle.Puzzle, ch chan Proof) {
	send := func(pr Proof) {
		pr.Steps = slices.Clone(pr.Steps)
		select {
		case <-ch:
		default:
		}
		ch <- pr
	}
	var pr Proof
	g := game.NewGame(p.Start)
	for i := 0; i < p.Depth; i++ {
		n := p.Depth - i
		w := p.Line[2*i]
		v, err := puzzle.Judge(ctx, g, w, n)
		if err != nil {
			pr.Err = err.Error()
			send(pr)
			return
		}
		st := ProofStep{Move: w, Others: v.Others, Final: v.Final}
		if err := g.Play(w); err != nil {
			pr.Err = err.Error()
			send(pr)
			return
		}
		if !v.Final {
			st.Longest = p.Line[2*i+1]
			byNeeds := map[int][]game.Move{}
			for _, d := range g.LegalMoves() {
				q := g.Position()
				q.Make(d)
				if q.Status() != game.Ongoing {
					continue // no defence can end the game in a proven puzzle
				}
				sol, err := puzzle.Solve(ctx, q, n-1, 0)
				if err != nil {
					pr.Err = err.Error()
					send(pr)
					return
				}
				byNeeds[sol.Depth] = append(byNeeds[sol.Depth], d)
			}
			for k := 0; k <= n-1; k++ {
				if ms := byNeeds[k]; len(ms) > 0 {
					st.Groups = append(st.Groups, ProofGroup{Needs: k, Moves: ms})
				}
			}
			if err := g.Play(st.Longest); err != nil {
				pr.Err = err.Error()
				send(pr)
				return
			}
		}
		pr.Steps = append(pr.Steps, st)
		pr.Done = i == p.Depth-1
		send(pr)
	}
}
