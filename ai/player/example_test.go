package player_test

import (
	"context"
	"fmt"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// A player is built from the same short spec everywhere: here the Club level,
// whose fixed depth makes its choice the same on every machine.
func ExampleNew() {
	spec, err := player.ParseSpec("level:club")
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := player.New(spec)
	if err != nil {
		fmt.Println(err)
		return
	}
	pos := game.StartPosition()
	res, err := p.Move(context.Background(), pos, []uint64{pos.Hash()}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Name(), "plays", res.Move, "after a search to depth", res.Depth)
	// Output:
	// level:club plays e3-f3 after a search to depth 3
}

// A spec's limits come from flags (AddFlags) or are set directly: here the
// heuristic searches to a fixed depth, and then within a node budget.
func ExampleParseSpec() {
	spec, err := player.ParseSpec("heuristic")
	if err != nil {
		fmt.Println(err)
		return
	}
	pos := game.StartPosition()
	for _, lim := range []struct {
		depth int
		nodes int64
	}{{depth: 3}, {nodes: 20_000}} {
		spec.Depth, spec.Nodes = lim.depth, lim.nodes
		p, err := player.New(spec)
		if err != nil {
			fmt.Println(err)
			return
		}
		res, err := p.Move(context.Background(), pos, []uint64{pos.Hash()}, nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(spec.Describe(), "plays", res.Move)
	}
	// Output:
	// heuristic (depth 3) plays e3-f3
	// heuristic (20000 nodes) plays e3-f3
}
