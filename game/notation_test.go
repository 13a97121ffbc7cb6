package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMoveList(t *testing.T) {
	a, _ := ParseMove("e4-f4")
	b, _ := ParseMove("a4-e4")
	assert.Equal(t, "e4-f4 a4-e4", MoveList([]Move{a, b}))
	assert.Equal(t, "e4-f4", MoveList([]Move{a}))
	assert.Equal(t, "", MoveList(nil))
}
