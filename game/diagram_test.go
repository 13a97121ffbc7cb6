package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDiagram: the start position drawn with rank 9 on top (its camps are all
// occupied); on an emptier board the camps' empty squares show ',' and the
// empty throne '+'.
func TestDiagram(t *testing.T) {
	start := StartPosition()
	assert.Equal(t, `9  . . . B B B . . .
8  . . . . B . . . .
7  . . . . W . . . .
6  B . . . W . . . B
5  B B W W K W W B B
4  B . . . W . . . B
3  . . . . W . . . .
2  . . . . B . . . .
1  . . . B B B . . .
   a b c d e f g h i   White to move: `+StartFEN+"\n", start.Diagram())

	p := MustParsePosition("........./........./........./........./........./....K..../........./........./......... B")
	d := p.Diagram()
	assert.Contains(t, d, "6  , . . . K . . . ,\n5  , , . . + . . , ,\n", "king on e6, empty throne")
	assert.Contains(t, d, "Black to move")
}
