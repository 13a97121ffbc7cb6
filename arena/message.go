package arena

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"github.com/tablut-ai/tablut/game"
)

// maxName is the number of characters of a name the server keeps.
const maxName = 10

// CleanName returns name as the server keeps it: letters and digits only, at
// most maxName of them.
func CleanName(name string) string {
	var sb strings.Builder
	n := 0
	for _, r := range name {
		if n == maxName {
			break
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			sb.WriteRune(r)
			n++
		}
	}
	return sb.String()
}

// decodeName reads the first message of a client, its name as a JSON string,
// and returns it cleaned (see CleanName).
func decodeName(b []byte) (string, error) {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return "", fmt.Errorf("bad name message %s: want a JSON string such as \"Tabby\"", clip(b))
	}
	return CleanName(s), nil
}

// State is a decoded state message: the position (with the side to move; after
// a final state, the losing side, see PositionFromState), the outcome the
// turn announces, and the message as received.
type State struct {
	Pos     game.Position
	Outcome game.Outcome
	Raw     StateMessage
}

// DecodeState reads a state message and checks it: 9 rows of 9 known cells,
// THRONE only on e5, a known turn, one king at most.
func DecodeState(b []byte) (State, error) {
	var s StateMessage
	if err := json.Unmarshal(b, &s); err != nil {
		return State{}, fmt.Errorf("bad state message %s: %v", clip(b), err)
	}
	pos, o, err := PositionFromState(s)
	if err != nil {
		return State{}, fmt.Errorf("bad state message: %v", err)
	}
	return State{Pos: pos, Outcome: o, Raw: s}, nil
}

// decodeMove reads a move message, e.g. {"from":"e4","to":"f4","turn":"WHITE"}:
// two squares (either case) on one line. Its turn is ignored, as the server does.
func decodeMove(b []byte) (game.Move, error) {
	var sm MoveMessage
	if err := json.Unmarshal(b, &sm); err != nil {
		return game.NoMove, fmt.Errorf("bad move message %s: %v", clip(b), err)
	}
	m, err := sm.Move()
	if err != nil {
		return game.NoMove, fmt.Errorf("bad move message %s: %v", clip(b), err)
	}
	return m, nil
}

// clip returns b for an error message, shortened to 80 bytes.
func clip(b []byte) string {
	const n = 80
	if len(b) > n {
		return fmt.Sprintf("%q...", b[:n])
	}
	return fmt.Sprintf("%q", b)
}

// boardDiff lists the squares on which a and b differ, e.g. "e4 (W, expected .)",
// comparing pieces only (the side to move is not compared).
func boardDiff(got, want *game.Position) []string {
	var out []string
	for s := game.Square(0); s < game.NumSquares; s++ {
		if got.At(s) != want.At(s) {
			out = append(out, fmt.Sprintf("%v (server %v, expected %v)", s, got.At(s), want.At(s)))
		}
	}
	return out
}

// sameBoard reports whether a and b have the same pieces on every square.
func sameBoard(a, b *game.Position) bool {
	for s := game.Square(0); s < game.NumSquares; s++ {
		if a.At(s) != b.At(s) {
			return false
		}
	}
	return true
}

// findMove returns the legal move of from that leads to the board of to, or
// false if there is none.
func findMove(from, to *game.Position) (game.Move, bool) {
	var buf [game.MaxMoves]game.Move
	for _, m := range from.GenerateMoves(buf[:0]) {
		q := *from
		q.Make(m)
		if sameBoard(&q, to) {
			return m, true
		}
	}
	return game.NoMove, false
}
