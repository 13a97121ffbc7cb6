// Package curve rates the networks a TreeStrap run keeps (tablut learn
// -tree-rounds) against fixed reference players, so that the run's learning
// curve reads as Elo over hours of the machine: how far a network gets by
// teaching itself, measured against yardsticks that do not move.
//
//   - curve.go: Ref (a reference player with a node or depth limit, never a
//     time limit, so that the machine's load does not move the yardstick),
//     Config, Measure (plays what is missing and saves after each network),
//     the saved file curve/curve.json in the run folder.
//   - rating.go: the Elo scale: the references' ratings from the ladder of
//     matches between neighbours, each network's rating fitted to its games
//     against all of them.
//   - plot.go: curve/curve.png.
//
// The references are given weakest first. Each pair of neighbours plays a
// ladder match once; the first reference is rated 0. Every network rated
// plays Games games against each reference, on the same openings for every
// network, so that two points of the curve differ by the network only.
package curve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/internal/atomicfile"
	"github.com/tablut-ai/tablut/internal/lab/learn"
	"github.com/tablut-ai/tablut/internal/lab/match"
	"github.com/tablut-ai/tablut/internal/regfile"
	"github.com/tablut-ai/tablut/internal/rundir"
)

// DefaultRefs are the references of a curve when none are given: random
// moves, the hand-made heuristic searching one, two and three plies, and the
// shipped champion at 2,000 nodes a move.
const DefaultRefs = "random,heuristic@depth1,heuristic@depth2,heuristic@depth3,cnn:champion@nodes2000"

// Ref is a reference player: a player name (as tablut match takes it) and,
// for an engine, a depth or node limit.
type Ref struct {
	Name string // as given, e.g. "heuristic@depth2"
	Spec player.Spec
}

// ParseRef reads a reference: "random", or an engine with its limit,
// "heuristic@depth2", "cnn:champion@nodes2000", "level:casual" (a level
// keeps its own limits). Time limits are refused: a reference must play the
// same on a busy machine as on an idle one.
func ParseRef(s string) (Ref, error) {
	s = strings.TrimSpace(s)
	name, lim, hasLim := strings.Cut(s, "@")
	spec, err := player.ParseSpec(name)
	if err != nil {
		return Ref{}, err
	}
	switch {
	case spec.Kind == player.Human:
		return Ref{}, fmt.Errorf("reference %q: a reference must be a program", s)
	case (spec.Kind == player.Random || spec.Kind == player.LevelKind) && hasLim:
		return Ref{}, fmt.Errorf("reference %q: %s takes no limit", s, name)
	case spec.Kind == player.Heuristic || spec.Kind == player.CNN:
		if !hasLim {
			return Ref{}, fmt.Errorf("reference %q needs a limit, as %s@depthN or %s@nodesN", s, name, name)
		}
		n, err := limitValue(lim)
		if err != nil {
			return Ref{}, fmt.Errorf("reference %q: %v", s, err)
		}
		if strings.HasPrefix(lim, "depth") {
			spec.Depth = int(n)
		} else {
			spec.Nodes = n
		}
		spec.NoBook = true // the curve's games open with random plies anyway
	}
	return Ref{Name: s, Spec: spec}, nil
}

// limitValue reads "depthN" (1 to 30) or "nodesN" (1 to 10^9).
func limitValue(lim string) (int64, error) {
	for _, k := range []struct {
		prefix string
		max    int64
	}{{"depth", 30}, {"nodes", 1e9}} {
		if v, ok := strings.CutPrefix(lim, k.prefix); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1 || n > k.max {
				return 0, fmt.Errorf("the limit %q needs a whole number from 1 to %d after %q", lim, k.max, k.prefix)
			}
			return n, nil
		}
	}
	return 0, fmt.Errorf("the limit %q is neither depthN nor nodesN", lim)
}

// ParseRefs reads a comma-separated list of references, weakest first.
func ParseRefs(list string) ([]Ref, error) {
	var refs []Ref
	seen := map[string]bool{}
	for _, s := range strings.Split(list, ",") {
		if strings.TrimSpace(s) == "" {
			continue
		}
		r, err := ParseRef(s)
		if err != nil {
			return nil, err
		}
		if seen[r.Name] {
			return nil, fmt.Errorf("reference %q is named twice", r.Name)
		}
		seen[r.Name] = true
		refs = append(refs, r)
	}
	if len(refs) == 0 {
		return nil, errors.New("no references given")
	}
	return refs, nil
}

// Config says what to measure.
type Config struct {
	Run         string // the learning run's folder
	Refs        []Ref  // weakest first
	Games       int    // games of each network against each reference (even: both colours on each opening)
	LadderGames int    // games between neighbouring references (even)
	Nodes       int64  // node budget a move of the run's networks
	Every       int    // rate the rounds that are multiples of Every, and the run's last
	// Latest also rates the latest round the run has saved, whatever its
	// number (a one-off look at a run still learning, or stopped early).
	Latest   bool
	Seed     uint64 // openings and tie-breaks
	Parallel int    // games at once
	// OnGame, if set, is told of every game played: what is being measured
	// and how many of its games are done.
	OnGame func(what string, done, total int)
	// OnPoint, if set, is called after each network is rated.
	OnPoint func(c *Curve, p Point)
}

// maxGames bounds the games of one match, in a configuration and in a saved
// curve alike.
const maxGames = 10000

// check returns an error for a configuration Measure cannot use.
func (cfg *Config) check() error {
	switch {
	case cfg.Run == "":
		return errors.New("no run folder given")
	case len(cfg.Refs) == 0:
		return errors.New("no references given")
	case cfg.Games < 2 || cfg.Games%2 != 0 || cfg.Games > maxGames:
		return fmt.Errorf("games %d: want an even number from 2 to %d (both colours on each opening)", cfg.Games, maxGames)
	case len(cfg.Refs) > 1 && (cfg.LadderGames < 2 || cfg.LadderGames%2 != 0 || cfg.LadderGames > maxGames):
		return fmt.Errorf("ladder games %d: want an even number from 2 to %d", cfg.LadderGames, maxGames)
	case cfg.Nodes < 1 || cfg.Nodes > 1e9:
		return fmt.Errorf("nodes %d: want 1 to 10^9", cfg.Nodes)
	case cfg.Every < 1:
		return fmt.Errorf("every %d: want at least 1", cfg.Every)
	}
	// Every reference is built now (its network read): one that cannot
	// play is said before the ladder below it is played.
	for _, r := range cfg.Refs {
		if _, err := player.NewEvaluator(r.Spec); err != nil {
			return fmt.Errorf("reference %q: %v", r.Name, err)
		}
	}
	return nil
}

// Point is one rated network: its round, the run's time and self-play games
// when it was saved, and its results against each reference (from the
// network's side).
type Point struct {
	Round   int           `json:"round"`
	Seconds float64       `json:"seconds"`
	Games   int           `json:"self_play_games"`
	Results []match.Stats `json:"results"`
}

// Curve is what curve/curve.json holds: the settings, the ladder (Ladder[i]
// is reference i+1 against reference i) and the rated networks by round.
type Curve struct {
	Version     int           `json:"version"`
	Refs        []string      `json:"refs"`
	Games       int           `json:"games"`
	LadderGames int           `json:"ladder_games"`
	Nodes       int64         `json:"nodes"`
	Seed        uint64        `json:"seed"`
	Ladder      []match.Stats `json:"ladder"`
	Points      []Point       `json:"points"`
}

const (
	version = 1
	// Dir is the folder of the run that holds its curve.
	Dir      = "curve"
	fileName = "curve.json"
	// PlotFile is the curve's picture in Dir.
	PlotFile = "curve.png"
)

// Load reads the curve saved in the run folder dir (nil if there is none).
func Load(dir string) (*Curve, error) {
	path := filepath.Join(dir, Dir, fileName)
	b, err := regfile.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the curve %s: %w", path, err)
	}
	c := new(Curve)
	if err := json.Unmarshal(b, c); err != nil {
		return nil, fmt.Errorf("the curve %s is damaged (%v); move it away to measure again", path, err)
	}
	if err := c.check(); err != nil {
		return nil, fmt.Errorf("the curve %s is damaged (%v); move it away to measure again", path, err)
	}
	return c, nil
}

// check reports a curve whose fields disagree with each other.
func (c *Curve) check() error {
	switch {
	case c.Version != version:
		return fmt.Errorf("version %d, this program reads %d", c.Version, version)
	case len(c.Refs) == 0:
		return errors.New("no references")
	case len(c.Ladder) > len(c.Refs)-1:
		return fmt.Errorf("%d ladder matches for %d references", len(c.Ladder), len(c.Refs))
	case c.Games < 2 || c.Games%2 != 0 || c.Games > maxGames:
		return fmt.Errorf("%d games a reference", c.Games)
	case len(c.Refs) > 1 && (c.LadderGames < 2 || c.LadderGames%2 != 0 || c.LadderGames > maxGames):
		return fmt.Errorf("%d ladder games", c.LadderGames)
	}
	for i, st := range c.Ladder {
		if err := st.CheckCounts(c.LadderGames); err != nil {
			return fmt.Errorf("ladder match %d: %v", i+1, err)
		}
	}
	for i, p := range c.Points {
		if len(p.Results) != len(c.Refs) {
			return fmt.Errorf("round %d has %d results for %d references", p.Round, len(p.Results), len(c.Refs))
		}
		if i > 0 && p.Round <= c.Points[i-1].Round {
			return fmt.Errorf("round %d follows round %d", p.Round, c.Points[i-1].Round)
		}
		if !(p.Seconds >= 0) || p.Games < 0 {
			return fmt.Errorf("round %d has time %v s and %d games", p.Round, p.Seconds, p.Games)
		}
		for j, st := range p.Results {
			if err := st.CheckCounts(c.Games); err != nil {
				return fmt.Errorf("round %d against %s: %v", p.Round, c.Refs[j], err)
			}
		}
	}
	return nil
}

// same reports, as an error, settings of cfg that differ from those the
// saved curve was measured with.
func (c *Curve) same(cfg *Config) error {
	names := make([]string, len(cfg.Refs))
	for i, r := range cfg.Refs {
		names[i] = r.Name
	}
	switch {
	case strings.Join(names, ",") != strings.Join(c.Refs, ","):
		return fmt.Errorf("references %s, not %s", strings.Join(c.Refs, ","), strings.Join(names, ","))
	case c.Games != cfg.Games:
		return fmt.Errorf("%d games a reference, not %d", c.Games, cfg.Games)
	case len(c.Refs) > 1 && c.LadderGames != cfg.LadderGames:
		return fmt.Errorf("%d ladder games, not %d", c.LadderGames, cfg.LadderGames)
	case c.Nodes != cfg.Nodes:
		return fmt.Errorf("%d nodes a move, not %d", c.Nodes, cfg.Nodes)
	case c.Seed != cfg.Seed:
		return fmt.Errorf("seed %d, not %d", c.Seed, cfg.Seed)
	}
	return nil
}

// save writes the curve and its picture into the run folder dir.
func (c *Curve) save(dir string) error {
	b, err := json.MarshalIndent(c, "", " ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(dir, Dir, fileName), append(b, '\n')); err != nil {
		return err
	}
	return c.Plot(filepath.Join(dir, Dir, PlotFile))
}

// Measure plays what the curve of cfg.Run still lacks: the ladder between
// the references, then every network of the run due for rating (round 0,
// the multiples of cfg.Every, the run's planned last round and, with
// cfg.Latest, the latest round saved) that has no point yet,
// saving after each match of the ladder and after each network. It returns
// the curve and how many networks it rated. The run may be learning
// meanwhile: its checkpoint is read, not locked; the curve's own folder is
// locked, so two measurements of one run cannot mix.
func Measure(ctx context.Context, cfg Config) (*Curve, int, error) {
	if err := cfg.check(); err != nil {
		return nil, 0, err
	}
	snaps, lc, err := learn.Snapshots(cfg.Run)
	if err != nil {
		return nil, 0, err
	}
	if err := os.MkdirAll(filepath.Join(cfg.Run, Dir), 0o755); err != nil {
		return nil, 0, fmt.Errorf("cannot make the curve's folder: %w", err)
	}
	lock, err := rundir.Acquire(filepath.Join(cfg.Run, Dir))
	if err != nil {
		return nil, 0, err
	}
	defer lock.Release()
	c, err := Load(cfg.Run)
	if err != nil {
		return nil, 0, err
	}
	if c == nil {
		c = &Curve{Version: version, Games: cfg.Games, Nodes: cfg.Nodes, Seed: cfg.Seed}
		if len(cfg.Refs) > 1 {
			c.LadderGames = cfg.LadderGames
		}
		for _, r := range cfg.Refs {
			c.Refs = append(c.Refs, r.Name)
		}
	} else if err := c.same(&cfg); err != nil {
		return nil, 0, fmt.Errorf("the curve in %s was measured with %v; keep its settings or move it away", filepath.Join(cfg.Run, Dir), err)
	}
	for i := len(c.Ladder); i+1 < len(cfg.Refs); i++ {
		what := fmt.Sprintf("ladder: %s against %s", cfg.Refs[i+1].Name, cfg.Refs[i].Name)
		st, err := cfg.play(ctx, what, cfg.Refs[i+1].Spec, cfg.Refs[i].Spec, cfg.LadderGames, (cfg.Seed^0x1add300)+uint64(i))
		if err != nil {
			return c, 0, err
		}
		c.Ladder = append(c.Ladder, st)
		if err := c.save(cfg.Run); err != nil {
			return c, 0, err
		}
	}
	done := map[int]bool{}
	for _, p := range c.Points {
		done[p.Round] = true
	}
	rated := 0
	for k, s := range snaps {
		due := s.Round%cfg.Every == 0 || s.Round == lc.TreeRounds || (cfg.Latest && k == len(snaps)-1)
		if done[s.Round] || !due {
			continue
		}
		p := Point{Round: s.Round, Seconds: s.Seconds, Games: s.Games}
		net := player.Spec{Kind: player.CNN, Net: s.File, Nodes: cfg.Nodes}
		for j, r := range cfg.Refs {
			what := fmt.Sprintf("round %d against %s", s.Round, r.Name)
			st, err := cfg.play(ctx, what, net, r.Spec, cfg.Games, cfg.Seed+uint64(j))
			if err != nil {
				return c, rated, err
			}
			p.Results = append(p.Results, st)
		}
		c.insert(p)
		rated++
		if err := c.save(cfg.Run); err != nil {
			return c, rated, err
		}
		if cfg.OnPoint != nil {
			cfg.OnPoint(c, p)
		}
	}
	return c, rated, nil
}

// insert adds p in round order.
func (c *Curve) insert(p Point) {
	c.Points = append(c.Points, p)
	slices.SortFunc(c.Points, func(a, b Point) int { return a.Round - b.Round })
}

// play runs one match of a against b, both colours on each opening.
func (cfg *Config) play(ctx context.Context, what string, a, b player.Spec, games int, seed uint64) (match.Stats, error) {
	n := 0
	mc := match.Config{A: a, B: b, Games: games, OpeningPlies: 4, Parallel: max(1, cfg.Parallel), Seed: seed, Event: "curve"}
	mc.OnGame = func(int, match.GameResult, bool, match.Stats) {
		n++
		if cfg.OnGame != nil {
			cfg.OnGame(what, n, games)
		}
	}
	st, err := match.Run(ctx, mc)
	if err != nil {
		return st, fmt.Errorf("%s: %w", what, err)
	}
	return st, nil
}

// Done reports whether the curve has rated the last of planned rounds.
func (c *Curve) Done(planned int) bool {
	return len(c.Points) > 0 && c.Points[len(c.Points)-1].Round >= planned
}
