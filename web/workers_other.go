//go:build !js

package main

import "github.com/tablut-ai/tablut/ui/session"

// Outside a browser there are no Web Workers: the engines search beside the
// window on threads of their own (session.PlayerEngine).

func startWorkers(string) session.EngineFactory { return nil }

type workerState struct {
	Workers int
	Ready   int
	Busy    bool
}

func poolState() workerState { return workerState{} }
