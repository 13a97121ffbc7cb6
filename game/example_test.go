package game_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/tablut-ai/tablut/game"
)

// A game is a start position and the moves played from it; Play refuses an
// illegal move and keeps the outcome.
func ExampleGame_Play() {
	g := game.NewGame(game.StartPosition())
	for _, s := range []string{"e4-f4", "a4-a3"} {
		m, err := game.ParseMove(s)
		if err != nil {
			fmt.Println(err)
			return
		}
		if err := g.Play(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	p := g.Position()
	fmt.Println(g.Ply(), "plies,", len(g.LegalMoves()), "legal moves for", p.SideToMove())
	fmt.Println("over:", g.Outcome() != game.Ongoing)
	// Output:
	// 2 plies, 56 legal moves for White
	// over: false
}

// Positions are values: Make changes a copy and returns how many pawns the
// move captured.
func ExamplePosition_Make() {
	p := game.MustParsePosition("........./........./..WB...W./........./....K..../........./........./........./......... W")
	m, _ := game.ParseMove("h3-e3")
	q := p
	fmt.Println("captured:", q.Make(m))
	fmt.Println(p.At(game.Sq(3, 2)), q.At(game.Sq(3, 2)))
	// Output:
	// captured: 1
	// B .
}

// Perft counts the move paths to a depth: the standard check of a move
// generator against known counts.
func ExamplePerft() {
	p := game.StartPosition()
	for d := 1; d <= 3; d++ {
		fmt.Println(d, game.Perft(&p, d))
	}
	// Output:
	// 1 56
	// 2 4408
	// 3 248456
}

// A game record is plain text that people can read and edit; ReadRecord
// replays and checks every move.
func ExampleGame_WriteRecord() {
	g := game.NewGame(game.StartPosition())
	m, _ := game.ParseMove("e3-d3")
	_ = g.Play(m)
	_ = g.WriteRecord(os.Stdout, game.RecordMeta{White: "Ada", Black: "Bob", Date: "2026-11-25"})
	var sb strings.Builder
	_ = g.WriteRecord(&sb, game.RecordMeta{})
	back, _, err := game.ReadRecord(strings.NewReader(sb.String()))
	fmt.Println(back.Ply(), err)
	// Output:
	// Format: tablut-record 1
	// White: Ada
	// Black: Bob
	// Date: 2026-11-25
	// Start: ...BBB.../....B..../....W..../B...W...B/BBWWKWWBB/B...W...B/....W..../....B..../...BBB... W
	// Result: -
	// Reason:
	//
	// 1. e3-d3
	// 1 <nil>
}
