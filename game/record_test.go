package game

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const repetitionRecord = `Format: tablut-record 1
White: Tabby
Black: Rival
Date: 2025-03-14
Start: ...BBB.../....B..../....W..../B...W...B/BBWWKWWBB/B...W...B/....W..../....B..../...BBB... W
Result: D
Reason: draw by repetition
Event: club night

1. e3-d3 d1-d2
2. d3-e3 d2-c2
3. e3-d3 c2-d2
`

func TestRecordGolden(t *testing.T) {
	g := NewGame(StartPosition())
	playAll(t, g, "e3-d3 d1-d2 d3-e3 d2-c2 e3-d3 c2-d2")
	meta := RecordMeta{White: "Tabby", Black: "Rival", Date: "2025-03-14", Tags: []RecordTag{{"Event", "club night"}}}
	var buf bytes.Buffer
	require.NoError(t, g.WriteRecord(&buf, meta))
	require.Equal(t, repetitionRecord, buf.String())
	g2, meta2, err := ReadRecord(strings.NewReader(repetitionRecord))
	require.NoError(t, err)
	assert.True(t, sameGame(g, g2), "read back: %v %q", g2.Moves(), g2.ReasonText())
	meta.Reason = "draw by repetition"
	assert.Equal(t, meta, meta2)
}

// sameGame compares what a record carries: start, moves, outcome and reason.
func sameGame(a, b *Game) bool {
	return a.Start() == b.Start() && slices.Equal(a.Moves(), b.Moves()) && a.Outcome() == b.Outcome() &&
		a.Reason() == b.Reason() && a.ReasonText() == b.ReasonText()
}

func TestRecordBlackStartAndResignation(t *testing.T) {
	start := MustParsePosition("........./...B...../........./........./....K..../........./........./........./......... B")
	g := NewGame(start)
	playAll(t, g, "d2-c2 e5-e4 c2-d2")
	g.Resign(White)
	var buf bytes.Buffer
	require.NoError(t, g.WriteRecord(&buf, RecordMeta{Reason: "White lost on time"}))
	text := buf.String()
	assert.Contains(t, text, "\n\n1. ... d2-c2\n2. e5-e4 c2-d2\n")
	assert.Contains(t, text, "Reason: White lost on time\n")
	assert.Contains(t, text, "Result: BW\n")
	g2, meta, err := ReadRecord(strings.NewReader(text))
	require.NoError(t, err)
	assert.True(t, sameGame(g, g2), "read back %v %v", g2.Outcome(), g2.Reason())
	assert.Equal(t, Resignation, g2.Reason())
	assert.Equal(t, "White lost on time", meta.Reason)
}

func TestRecordErrors(t *testing.T) {
	head := "Format: tablut-record 1\n"
	cases := map[string]string{
		"":                                           `no "Format: tablut-record 1" line`,
		"White: x\n":                                 "the first line must be",
		"Format: tablut-record 2\n":                  "unknown format",
		head + "White: a\nwhite: b\n":                "appears twice",
		head + "no colon here\n":                     "line 2: want a header line",
		head + "Start: nonsense W\n":                 "line 2: start: bad position",
		head + "Result: WB\n":                        `bad result "WB"`,
		head + "\n1. e3-d3 d1-d2\n2. e4-e9\n":        "record: move 2 (e4-e9) is illegal for White",
		head + "\n1. e3-d3 d1-d2\n3. e4-f4\n":        `line 4: move number "3.", expected "2."`,
		head + "\n1. e3-d3 x\n":                      `line 3: move 1: bad move "x"`,
		head + "Result: WW\n\n1. e3-d3\n":            "result WW but the game is not over",
		head + "Result: D\n\n1. e3-d3\n":             "result D but the game is not over",
		head + "Result: -\n\n" + repetitionMoves:     "result - but the moves end the game with D (draw by repetition)",
		head + "Result: BW\n\n" + repetitionMoves:    "result BW but the moves end the game with D",
		head + "\n" + repetitionMoves + "4. d3-e3\n": "record: move 4 (d3-e3) comes after the end of the game (draw by repetition)",
		head + strings.Repeat("x", maxRecordLine+1):  "line 2 is longer than",
	}
	for text, want := range cases {
		_, _, err := ReadRecord(strings.NewReader(text))
		if assert.ErrorContains(t, err, want, "ReadRecord(%.60q)", text) {
			assert.NotContains(t, err.Error(), "\n", "the error is more than one line")
		}
	}
	// A resignation the board does not show is fine when Reason says so.
	g, _, err := ReadRecord(strings.NewReader(head + "Result: WW\nReason: Black resigned\n\n1. e3-d3\n"))
	require.NoError(t, err, "resignation record")
	assert.Equal(t, WhiteWins, g.Outcome())
	assert.Equal(t, Resignation, g.Reason())
	// Writing refuses what could not be read back.
	g = NewGame(StartPosition())
	for _, meta := range []RecordMeta{
		{White: "two\nlines"},
		{Tags: []RecordTag{{"Result", "x"}}},
		{Tags: []RecordTag{{"bad key", "x"}}},
		{Tags: []RecordTag{{"Event", "a"}, {"event", "b"}}},
	} {
		assert.Error(t, g.WriteRecord(&bytes.Buffer{}, meta), "WriteRecord accepted %+v", meta)
	}
}

const repetitionMoves = "1. e3-d3 d1-d2\n2. d3-e3 d2-c2\n3. e3-d3 c2-d2\n"

func TestRecordLenientInput(t *testing.T) {
	text := "\ufeffFormat: tablut-record 1\r\n# a comment\r\nwhite:  Tabby  \r\n\r\n1. E3-D3 d1d2 # opening\r\n 2. d3-e3\r\n"
	g, meta, err := ReadRecord(strings.NewReader(text))
	require.NoError(t, err)
	assert.Equal(t, mustMoves(t, "e3-d3 d1-d2 d3-e3"), g.Moves())
	assert.Equal(t, "Tabby", meta.White)
	assert.Equal(t, StartPosition(), g.Start())
}

func TestRecordRandomGamesRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 20; i++ {
		ps := randomGame(r, StartPosition(), 120)
		g := NewGame(StartPosition())
		for j := 1; j < len(ps) && g.Outcome() == Ongoing; j++ {
			// find the move that led to ps[j]
			for _, m := range g.LegalMoves() {
				c := g.Position()
				c.Make(m)
				if c == ps[j] {
					require.NoError(t, g.Play(m))
					break
				}
			}
		}
		var buf bytes.Buffer
		require.NoError(t, g.WriteRecord(&buf, RecordMeta{White: "a", Black: "b"}))
		g2, _, err := ReadRecord(bytes.NewReader(buf.Bytes()))
		require.NoError(t, err, buf.String())
		require.True(t, sameGame(g, g2), "round trip of\n%s", buf.String())
	}
}
