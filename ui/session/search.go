package session

import (
	"context"
	"runtime"
	"slices"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

// jobKind says what a background search is for.
type jobKind uint8

const (
	jobMove jobKind = iota // an AI plays this move
	jobHint                // a hint for a human, shown as an arrow
)

// jobResult is what a finished search sends back.
type jobResult struct {
	res ai.Result
	err error
}

// searchJob is one search running in its own goroutine. The goroutine owns its
// copy of the position and history; it talks to the window only through the two
// channels, and is stopped by cancelling its context.
type searchJob struct {
	kind     jobKind
	side     game.Color
	ply      int    // game ply when the search started
	hash     uint64 // hash of the searched position
	name     string // the engine's spec, for the status line
	moveTime time.Duration
	started  time.Time
	// showAt, when set, is the earliest time the result is taken: a
	// handicapped game's moves are paced (Controller.startJob).
	showAt time.Time
	engine Engine // the engine searching, which searches one position at a time

	cancel   context.CancelFunc
	progress chan ai.Info   // the reports, one per iteration; a full channel drops reports
	done     chan jobResult // exactly one value, also after a cancel
}

// startJob starts e on pos in a new goroutine.
// With newGame, an engine that can (newGamer) first forgets its earlier
// games.
func startJob(e Engine, kind jobKind, pos game.Position, history []uint64, ply int, name string, moveTime time.Duration, now time.Time, newGame bool) *searchJob {
	ctx, cancel := context.WithCancel(context.Background())
	if moveTime > 0 {
		// A safety net only: the engine keeps its own clock. A stuck engine must
		// not leave the window waiting forever.
		ctx, cancel = context.WithTimeout(context.Background(), 2*moveTime+5*time.Second)
	}
	j := &searchJob{
		kind: kind, side: pos.SideToMove(), ply: ply, hash: pos.Hash(), name: name,
		moveTime: moveTime, started: now, cancel: cancel, engine: e,
		progress: make(chan ai.Info, ai.MaxDepth+2),
		done:     make(chan jobResult, 1),
	}
	go func() {
		// The search's own thread runs at a lower priority so that the window
		// keeps drawing on a busy machine. The goroutine stays locked to the
		// thread, which therefore ends with it.
		runtime.LockOSThread()
		lowerThreadPriority()
		defer cancel()
		if ng, ok := e.(newGamer); ok && newGame {
			ng.NewGame()
		}
		res, err := e.Move(ctx, pos, history, func(info ai.Info) {
			info.PV = slices.Clone(info.PV) // the engine may reuse its buffer
			select {
			case j.progress <- info:
			default:
			}
		})
		res.PV = slices.Clone(res.PV)
		j.done <- jobResult{res, err}
	}()
	return j
}

// newGamer is an engine that can forget its earlier games while keeping its
// memory (ai/player's engines): a kept engine is reused for the next game.
type newGamer interface{ NewGame() }

// reports drains the progress channel without waiting and returns the
// reports that came, oldest first.
func (j *searchJob) reports() []ai.Info {
	var out []ai.Info
	for {
		select {
		case i := <-j.progress:
			out = append(out, i)
		default:
			return out
		}
	}
}

// poll returns the result if the search has finished, without waiting.
func (j *searchJob) poll() (jobResult, bool) {
	select {
	case r := <-j.done:
		return r, true
	default:
		return jobResult{}, false
	}
}
