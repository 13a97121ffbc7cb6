package arena

import (
	"io"
	"time"

	"github.com/tablut-ai/tablut/game"
)

// WriteRecord writes the refereed game as a game record (see game.WriteRecord),
// with the players' names, the end reason and the move limit.
func (r ServerResult) WriteRecord(w io.Writer, moveTime time.Duration) error {
	meta := game.RecordMeta{
		White: r.White, Black: r.Black,
		Date:   time.Now().Format("2006-01-02"),
		Reason: r.Reason,
		Tags: []game.RecordTag{
			{Key: "Event", Value: "tablut serve"},
			{Key: "MoveTime", Value: moveTime.String()},
		},
	}
	if r.Game.Outcome() == game.Ongoing && r.Reason != "" {
		meta.Tags = append(meta.Tags, game.RecordTag{Key: "Note", Value: r.Reason})
	}
	return r.Game.WriteRecord(w, meta)
}
