//go:build !js

package main

import (
	"context"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
)

// Outside a browser there are no Web Workers: the engines search beside the
// window on threads of their own (session.PlayerEngine).

func startWorkers(string) session.EngineFactory { return nil }

type workerState struct {
	Workers int
	Ready   int
	Busy    bool
}

func poolState() workerState { return workerState{} }

// workerEstimates is nil outside a browser: the window's estimator searches.
func workerEstimates() func(context.Context, player.Spec, game.Position) (int32, error) { return nil }
