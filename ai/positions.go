package ai

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"strings"

	"github.com/tablut-ai/tablut/game"
)

// NamedPosition is a position with a label, as listed in a positions file.
type NamedPosition struct {
	Name string
	Pos  game.Position
}

//go:embed testdata/bench_positions.txt
var benchPositionsText string

// BenchPositions returns the positions `tablut bench search` measures: the start
// position and ten mid-game positions from play (testdata/bench_positions.txt).
func BenchPositions() ([]NamedPosition, error) {
	return readPositions(strings.NewReader(benchPositionsText))
}

// readPositions reads one position per line in project notation, optionally
// followed by a label; blank lines and lines starting with "#" are skipped.
func readPositions(r io.Reader) ([]NamedPosition, error) {
	var out []NamedPosition
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Fields(text)
		if len(f) < 2 {
			return nil, fmt.Errorf("positions line %d: want a board and a side to move", line)
		}
		p, err := game.ParsePosition(f[0] + " " + f[1])
		if err != nil {
			return nil, fmt.Errorf("positions line %d: %v", line, err)
		}
		name := fmt.Sprintf("#%d", len(out)+1)
		if len(f) > 2 {
			name = strings.Join(f[2:], " ")
		}
		out = append(out, NamedPosition{Name: name, Pos: p})
	}
	return out, sc.Err()
}
