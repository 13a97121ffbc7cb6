package searchmsg

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// Request asks a worker to search, or (Stop) to stop the search ID, or
// (Prepare) to make the engine of Spec, Seed and MoveTime now (loading its
// network), so that the first move does not wait for it; Prepare has no
// answer.
type Request struct {
	ID      int64
	Stop    bool `json:",omitempty"`
	Prepare bool `json:",omitempty"`
	// Estimate asks for the window's estimate of Pos (session's
	// estimate.go) rather than a player's move: the searcher that
	// player.NewEstimator makes of Spec, its table cleared, no history, no
	// share, within Nodes.
	Estimate bool `json:",omitempty"`

	// Spec is the player ("level:club", "cnn:champion"); Seed its seed (a
	// level's noise and the tie-breaks), the same for a whole game so that
	// the worker keeps one engine, and its table, from move to move.
	// MoveTime is the move time the player was chosen with (a level's cap,
	// ai/player levelcap.go).
	Spec     string        `json:",omitempty"`
	Seed     uint64        `json:",omitempty"`
	MoveTime time.Duration `json:",omitempty"`
	// Limits bound this search: the engine's limits, with a clock's budget
	// as move time and the worker's share of the node budget.
	MoveLimit time.Duration `json:",omitempty"`
	Depth     int           `json:",omitempty"`
	Nodes     int64         `json:",omitempty"`

	// Pos is the position in the project's notation, Hash its key (a check
	// that the text says the same position), History the repetition history
	// (game.Game.RepetitionHistory), Share the root moves to search (all
	// when empty).
	Pos     string      `json:",omitempty"`
	Hash    uint64      `json:",omitempty"`
	History []uint64    `json:",omitempty"`
	Share   []game.Move `json:",omitempty"`
}

// Reply is a worker's news: Ready once loaded, an Info per completed depth
// of the search ID, then exactly one Result or Err.
type Reply struct {
	ID     int64
	Ready  bool       `json:",omitempty"`
	Info   *ai.Info   `json:",omitempty"`
	Result *ai.Result `json:",omitempty"`
	Err    string     `json:",omitempty"`
}

// NewRequest builds the request for a search of pos.
func NewRequest(id int64, spec string, seed uint64, moveTime time.Duration, lim ai.Limits, pos game.Position, history []uint64, share []game.Move) Request {
	return Request{ID: id, Spec: spec, Seed: seed, MoveTime: moveTime,
		MoveLimit: lim.MoveTime, Depth: lim.Depth, Nodes: lim.Nodes,
		Pos: pos.String(), Hash: pos.Hash(), History: history, Share: share}
}

// Encode returns the request as text.
func (r Request) Encode() string { return encode(r) }

// Encode returns the reply as text.
func (r Reply) Encode() string { return encode(r) }

func encode(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		// Only plain numbers, strings and slices of them: cannot happen.
		panic(err)
	}
	return string(b)
}

// DecodeRequest reads a request and checks it: a known player, a position
// in the notation whose key is Hash, legal share moves, limits not
// negative.
func DecodeRequest(s string) (Request, error) {
	var r Request
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		return r, fmt.Errorf("searchmsg: bad request: %v", err)
	}
	if r.Stop {
		return r, nil
	}
	if _, err := player.ParseSpec(r.Spec); err != nil {
		return r, fmt.Errorf("searchmsg: %v", err)
	}
	if r.MoveTime < 0 || r.MoveLimit < 0 || r.Depth < 0 || r.Nodes < 0 {
		return r, errors.New("searchmsg: a negative limit in the request")
	}
	if r.Prepare {
		return r, nil
	}
	pos, err := r.Position()
	if err != nil {
		return r, err
	}
	for _, m := range r.Share {
		if !pos.IsLegal(m) {
			return r, fmt.Errorf("searchmsg: the share's move %v is not legal in %s", m, r.Pos)
		}
	}
	return r, nil
}

// Position returns the position of the request.
func (r Request) Position() (game.Position, error) {
	pos, err := game.ParsePosition(r.Pos)
	if err != nil {
		return pos, fmt.Errorf("searchmsg: %v", err)
	}
	if pos.Hash() != r.Hash {
		return pos, fmt.Errorf("searchmsg: the position %s does not have the key the page sent", r.Pos)
	}
	return pos, nil
}

// Limits returns the search limits of the request, with its share.
func (r Request) Limits() ai.Limits {
	return ai.Limits{MoveTime: r.MoveLimit, Depth: r.Depth, Nodes: r.Nodes, RootMoves: r.Share}
}

// DecodeReply reads a reply.
func DecodeReply(s string) (Reply, error) {
	var r Reply
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		return r, fmt.Errorf("searchmsg: bad reply from a search worker: %v", err)
	}
	return r, nil
}
