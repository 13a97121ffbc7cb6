package learn

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/lab/match"
)

// target maps a search score (White's point of view, evaluator units; wins
// beyond ai.MaxEval) to a training target tanh(score/scale), the score first
// clamped to +-3*scale so that wins become +-tanh(3) = +-0.995. With scale
// around the size of a decisive advantage (1000 = a few pawns or an open line
// in the heuristic's units), ordinary positions land in (-0.8, 0.8) and the
// trained network's outputs spread instead of saturating, which alpha-beta
// needs to tell moves apart.
func target(score int32, scale float64) float32 {
	s := math.Max(-3*scale, math.Min(3*scale, float64(score)))
	return float32(math.Tanh(s / scale))
}

// netTarget maps a search score of a searcher that evaluates with a pure
// network (10000 times its output, White's point of view; wins beyond
// ai.MaxEval) back to the network's output scale: score/10000, clamped to
// +-tanh(3) like Target's wins. Rootstrap labels use it: squashing a network's
// score again with Target would push every label towards +-1.
func netTarget(score int32) float32 {
	lim := math.Tanh(3)
	return float32(math.Max(-lim, math.Min(lim, float64(score)/10000)))
}

// GenConfig describes how training positions are made: self-play games of an
// engine whose every root search labels the position it searched.
type GenConfig struct {
	// Nodes is the node budget of each search (the label's quality).
	Nodes int64
	// OpeningPlies random plies start each game (match.RandomOpening).
	OpeningPlies int
	// ExplorePlies: during this many plies after the opening, a move is
	// replaced with probability ExploreProb by one drawn uniformly among the
	// legal moves, so that games differ; the label is still the search's value.
	ExplorePlies int
	ExploreProb  float64
	// MaxPlies ends a game (default match.DefaultMaxPlies).
	MaxPlies int
	// Scale is the target scale (see Target).
	Scale float64
	// NetUnits says the engine evaluates with a pure network, whose scores
	// are labelled with netTarget instead of Target.
	NetUnits bool
	// Seed seeds game i's opening, exploration and tie-breaks with (Seed, i).
	Seed uint64
	// Opponent, if set, chooses the moves of one side with its own search
	// of OpponentNodes, so that the positions are those the engine meets
	// against that opponent (not in self-play). Every position is still
	// labelled by the engine's search. The engine's side is EngineSide.
	Opponent      ai.Evaluator
	OpponentNodes int64
	EngineSide    Sides
	// OutcomeWeight mixes the game's result into every label of a game
	// that ended (a win, a loss or a draw by the rules; not one stopped at
	// MaxPlies): target = (1-w)*search label + w*z, z = +-tanh(3) for a
	// White or Black win and 0 for a draw. 0 keeps the search labels alone.
	// The result carries what a search of the label's budget does not see,
	// for example how the opponent goes on to play.
	OutcomeWeight float64
	// Lambda, if above 0, replaces each label by the TD(lambda) return of
	// the labels after it, position by position (both sides' positions):
	// G = (1-Lambda)*label + Lambda*G', where G' is the next position's
	// return, and the last position's is the game's result (z above) or, in
	// a game stopped at MaxPlies, its own label. An exploring random move
	// cuts the chain (the position before it keeps its search label), as
	// the positions after it say nothing of the one before. A later
	// position's deeper view (a decline the search did not yet see) so
	// reaches the earlier ones, decaying by Lambda a ply. OutcomeWeight
	// then mixes the result in as before.
	Lambda float64

	// onNode and onNodeMinDepth are the searches' ai.Options.OnNode and
	// OnNodeMinDepth (TreeStrap's samples, tree.go).
	onNode         func(ai.Node)
	onNodeMinDepth int
}

// Sides says which colour the engine plays against an Opponent.
type Sides uint8

const (
	// BothSides alternates: the engine is White in even games, Black in odd.
	BothSides Sides = iota
	WhiteSide       // the engine is always White
	BlackSide       // the engine is always Black
)

// parseSides reads "both", "white" or "black".
func parseSides(s string) (Sides, error) {
	switch s {
	case "", "both":
		return BothSides, nil
	case "white":
		return WhiteSide, nil
	case "black":
		return BlackSide, nil
	}
	return 0, fmt.Errorf("%q is not a side: both, white or black", s)
}

func (s Sides) String() string { return [...]string{"both", "white", "black"}[s] }

// against sets the opponent of the games of one kind (rootstrap "root" or
// TreeStrap "tree", the prefix of their flags) from its settings, checked
// by Config.Validate; no opponent leaves self-play. It returns who plays
// the games, for the log.
func (c *GenConfig) against(kind, opp string, nodes int64, side string) (string, error) {
	if opp == "" {
		return "network", nil
	}
	var err error
	if c.Opponent, err = opponent(opp); err != nil {
		return "", fmt.Errorf("-%s-opponent: %w", kind, err)
	}
	c.OpponentNodes = nodes
	c.EngineSide, _ = parseSides(side)
	return fmt.Sprintf("network as %s against %s", c.EngineSide, opp), nil
}

// opponentColor is the colour the Opponent plays in game i.
func (c *GenConfig) opponentColor(i int) game.Color {
	switch {
	case c.EngineSide == WhiteSide, c.EngineSide == BothSides && i%2 == 0:
		return game.Black
	}
	return game.White
}

// gameSamples plays game i, self-play with eval at both sides or eval against
// cfg.Opponent, and returns the positions labelled by eval's searches, in
// order (with cfg.Lambda or cfg.OutcomeWeight, carrying the game's result).
// It is deterministic for (cfg, i): the searcher runs one thread with a
// fresh table.
func gameSamples(ctx context.Context, eval ai.Evaluator, cfg GenConfig, i int) ([]Sample, error) {
	out, _, err := playGame(ctx, eval, cfg, i)
	return out, err
}

// Tally counts how games ended: wins, draws and losses from White's point
// of view, and the games stopped at MaxPlies.
type Tally struct {
	match.WDL
	Unfinished int `json:"unfinished,omitempty"`
}

func (t *Tally) add(o game.Outcome) {
	switch o {
	case game.WhiteWins:
		t.WDL.Add(1)
	case game.BlackWins:
		t.WDL.Add(0)
	case game.Draw:
		t.WDL.Add(0.5)
	default:
		t.Unfinished++
	}
}

// Add adds u's counts to t.
func (t *Tally) Add(u Tally) {
	t.Wins += u.Wins
	t.Draws += u.Draws
	t.Losses += u.Losses
	t.Unfinished += u.Unfinished
}

// WhiteScore is White's score over the finished games (a draw counts half),
// or NaN if none finished.
func (t Tally) WhiteScore() float64 {
	if t.Games() == 0 {
		return math.NaN()
	}
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(t.Games())
}

// String returns White's "W/D/L" and the stopped games, if any.
func (t Tally) String() string {
	s := "White " + t.WDL.String()
	if t.Unfinished > 0 {
		s += fmt.Sprintf(", %d stopped", t.Unfinished)
	}
	return s
}

// playGame is gameSamples, returning also how the game ended (game.Ongoing if it
// was stopped at MaxPlies).
func playGame(ctx context.Context, eval ai.Evaluator, cfg GenConfig, i int) ([]Sample, game.Outcome, error) {
	var out []Sample
	end, explored, err := selfPlay(ctx, eval, cfg, i, func(g *game.Game, res ai.Result) error {
		pos := g.Position()
		var smp Sample
		cnn.Encode(&pos, &smp.In)
		smp.Black = pos.SideToMove() == game.Black
		smp.Target = target(res.Score, cfg.Scale)
		if cfg.NetUnits {
			smp.Target = netTarget(res.Score)
		}
		out = append(out, smp)
		return nil
	})
	if err != nil {
		return nil, game.Ongoing, err
	}
	outcome := end.Outcome()
	win := float32(math.Tanh(3)) // a win's label, as in Target and netTarget
	var z float32
	switch outcome {
	case game.WhiteWins:
		z = win
	case game.BlackWins:
		z = -win
	}
	if l := float32(cfg.Lambda); l > 0 && len(out) > 0 {
		g := out[len(out)-1].Target // stopped at MaxPlies: the last label
		if outcome != game.Ongoing {
			g = z
		}
		for k := len(out) - 1; k >= 0; k-- {
			if k < len(explored) && explored[k] {
				g = out[k].Target
			} else {
				g = (1-l)*out[k].Target + l*g
			}
			out[k].Target = g
		}
	}
	if w := float32(cfg.OutcomeWeight); w > 0 {
		if outcome == game.Ongoing { // stopped at MaxPlies: no result to learn from
			return out, outcome, nil
		}
		for k := range out {
			out[k].Target = (1-w)*out[k].Target + w*z
		}
	}
	return out, outcome, nil
}

// SelfPlay plays game i as gameSamples does and calls visit with the game before
// each move and the result of eval's search there (whose Score labels the
// position; its move is played unless cfg.Opponent is to move or an
// exploring random move replaces it). A finished game's last
// position is never visited (there is nothing to search). visit must not
// change g; an error from it ends the game and is returned. The game is
// deterministic for (cfg, i): the searcher runs one thread with a fresh table.
func SelfPlay(ctx context.Context, eval ai.Evaluator, cfg GenConfig, i int, visit func(g *game.Game, res ai.Result) error) error {
	_, _, err := selfPlay(ctx, eval, cfg, i, visit)
	return err
}

// selfPlay is SelfPlay, returning the game as it ended and, for each visited
// position in order, whether an exploring random move was played there.
func selfPlay(ctx context.Context, eval ai.Evaluator, cfg GenConfig, i int, visit func(g *game.Game, res ai.Result) error) (*game.Game, []bool, error) {
	r := rand.New(rand.NewPCG(cfg.Seed, uint64(i)^0x51ed270b27a3c1f5))
	g := game.NewGame(game.StartPosition())
	for _, m := range match.RandomOpening(r, cfg.OpeningPlies) {
		if err := g.Play(m); err != nil {
			return nil, nil, err
		}
	}
	maxPlies := cfg.MaxPlies
	if maxPlies <= 0 {
		maxPlies = match.DefaultMaxPlies
	}
	s := ai.NewSearcher(eval, ai.Options{TTSizeMB: 4, Deterministic: true, Seed: r.Uint64() | 1,
		OnNode: cfg.onNode, OnNodeMinDepth: cfg.onNodeMinDepth})
	var explored []bool
	var opp *ai.Searcher
	oppColor := cfg.opponentColor(i)
	if cfg.Opponent != nil {
		opp = ai.NewSearcher(cfg.Opponent, ai.Options{TTSizeMB: 4, Deterministic: true, Seed: r.Uint64() | 1})
	}
	for ply := 0; g.Outcome() == game.Ongoing && g.Ply() < maxPlies; ply++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		res := s.Search(ctx, g.Position(), g.RepetitionHistory(), ai.Limits{Nodes: cfg.Nodes}, nil)
		if res.Move == game.NoMove {
			break
		}
		if err := visit(g, res); err != nil {
			return nil, nil, err
		}
		m := res.Move
		if pos := g.Position(); opp != nil && pos.SideToMove() == oppColor {
			ores := opp.Search(ctx, pos, g.RepetitionHistory(), ai.Limits{Nodes: cfg.OpponentNodes}, nil)
			if ores.Move == game.NoMove {
				break
			}
			m = ores.Move
		}
		explore := ply < cfg.ExplorePlies && r.Float64() < cfg.ExploreProb
		if explore {
			legal := g.LegalMoves()
			m = legal[r.IntN(len(legal))]
		}
		explored = append(explored, explore)
		if err := g.Play(m); err != nil {
			return nil, nil, err
		}
	}
	return g, explored, nil
}

// playGames plays games from, from+1, ..., to-1 on threads goroutines and
// returns their samples concatenated in game order (so the result does not
// depend on threads) and how the games ended. Each goroutine calls eval
// concurrently, as ai.Evaluator allows.
func playGames(ctx context.Context, eval ai.Evaluator, cfg GenConfig, from, to, threads int) ([]Sample, Tally, error) {
	return playEach(ctx, from, to, threads, "self-play", func(i int) ([]Sample, game.Outcome, error) {
		return playGame(ctx, eval, cfg, i)
	})
}

// playEach runs play(i) for i in from..to-1 on threads goroutines and
// returns the samples in game order and how the games ended; what names the
// games in an error.
func playEach(ctx context.Context, from, to, threads int, what string, play func(i int) ([]Sample, game.Outcome, error)) ([]Sample, Tally, error) {
	res := make([][]Sample, to-from)
	outcomes := make([]game.Outcome, to-from)
	errs := make([]error, to-from)
	next := make(chan int, to-from)
	for i := from; i < to; i++ {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for t := 0; t < max(1, threads); t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				// Once ctx ends, the games not yet begun are not set up at
				// all (each would allocate its searchers' tables first).
				if err := ctx.Err(); err != nil {
					errs[i-from] = err
					return
				}
				res[i-from], outcomes[i-from], errs[i-from] = play(i)
			}
		}()
	}
	wg.Wait()
	var all []Sample
	var t Tally
	for k := range res {
		if errs[k] != nil {
			return nil, Tally{}, fmt.Errorf("%s game %d: %w", what, from+k, errs[k])
		}
		all = append(all, res[k]...)
		t.add(outcomes[k])
	}
	return all, t, nil
}

// sampleSize is the size of one sample on disk: 81 signed bytes (the encoded
// board, whose values -1, 0, 1 and 10 fit a byte), one byte for the side to
// move (0 White, 1 Black) and a little-endian float32, the target. (Runs of
// checkpoint version 1 stored 85-byte samples without the side to move; they
// are refused by Open.)
const sampleSize = 81 + 1 + 4

// writeSamples appends samples to w in the data file format (sampleSize bytes
// each, no header: files are cut back to a checkpointed length on resume).
func writeSamples(w io.Writer, samples []Sample) error {
	buf := make([]byte, 0, len(samples)*sampleSize)
	for i := range samples {
		buf = appendSample(buf, &samples[i])
	}
	_, err := w.Write(buf)
	return err
}

// appendSample appends smp's sampleSize bytes to buf (its Bound is not
// part of them).
func appendSample(buf []byte, smp *Sample) []byte {
	for _, v := range smp.In {
		buf = append(buf, byte(int8(v)))
	}
	side := byte(0)
	if smp.Black {
		side = 1
	}
	buf = append(buf, side)
	return binary.LittleEndian.AppendUint32(buf, math.Float32bits(smp.Target))
}

// readSamples reads a whole data file written by writeSamples.
func readSamples(r io.Reader) ([]Sample, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if len(b)%sampleSize != 0 {
		return nil, fmt.Errorf("data file has %d bytes, not a whole number of %d-byte samples (cut or damaged)", len(b), sampleSize)
	}
	out := make([]Sample, len(b)/sampleSize)
	for i := range out {
		if err := decodeSample(b[i*sampleSize:][:sampleSize], &out[i]); err != nil {
			return nil, fmt.Errorf("data file sample %d: %w", i, err)
		}
	}
	return out, nil
}

// decodeSample reads the sampleSize bytes of one sample into smp, checking
// every field.
func decodeSample(rec []byte, smp *Sample) error {
	for s := 0; s < 81; s++ {
		v := int8(rec[s])
		if v != 0 && v != 1 && v != -1 && v != 10 {
			return fmt.Errorf("square %d holds %d, not a piece code (damaged file)", s, v)
		}
		smp.In[s] = float32(v)
	}
	switch rec[81] {
	case 0:
	case 1:
		smp.Black = true
	default:
		return fmt.Errorf("side-to-move byte %d, not 0 or 1 (damaged file)", rec[81])
	}
	t := math.Float32frombits(binary.LittleEndian.Uint32(rec[82:]))
	if !(t > -1 && t < 1) {
		return fmt.Errorf("target %v outside (-1, 1) (damaged file)", t)
	}
	smp.Target = t
	return nil
}
