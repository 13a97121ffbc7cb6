package player

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/book"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/weights"
)

// Player kinds, the part of a spec before any ':'.
const (
	Human     = "human"
	Random    = "random"
	Heuristic = "heuristic"
	CNN       = "cnn"
)

// DefaultMoveTime is the project's default time per move.
const DefaultMoveTime = 2 * time.Second

// Spec names a player the same way everywhere (GUI, match, connect, serve).
// Zero MoveTime, Depth and Nodes are unlimited; an engine with all three zero
// searches for DefaultMoveTime.
type Spec struct {
	Kind     string        // "human", "random", "heuristic" or "cnn"
	Net      string        // for "cnn": name of a shipped network or path of a .tnn file
	MoveTime time.Duration // wall time per move (0 = unlimited)
	Depth    int           // maximum search depth in plies (0 = unlimited)
	Nodes    int64         // node budget per move (0 = unlimited)
	Threads  int           // search threads (0 or 1 = one)
	Seed     uint64        // seed of the random player and of the searcher's tie-breaks
	// Contempt is the engine's dislike of draws by repetition, in evaluator
	// units (ai.Options.Contempt; the flags default to ai.DefaultContempt).
	Contempt int32
	// RawEval keeps a network's evaluation and draws as trained; by default
	// a residual network is centred on the start position, side by side
	// (ai.Centre), so that a draw means the same to it as White and as
	// Black, and the engine of the side a pure network puts behind at the
	// start adds that deficit to its contempt (ai.Options.StartLevels), so
	// that neither side values a draw above the start.
	RawEval bool
	// FixedTime turns the time policy off: no new iteration after 60% of the
	// move time, however stable or unstable the best move (ai.Options.FixedSoftLimit).
	FixedTime bool
	// FullTime searches until the hard limit of every move instead
	// (ai.Options.FullTime): under a fixed time per move the time the policy
	// saves is lost.
	FullTime bool `json:",omitempty"`
	// Ponder makes the engine think on the opponent's time about the reply
	// its principal variation expects (timed searches only; see Engine).
	Ponder bool
	// Off switches search techniques off, to measure what each one earns
	// (ai.Options.Off).
	Off ai.Feature
	// NoBook keeps an engine that would play White's opening book (see
	// UsesBook) searching every move instead.
	NoBook bool `json:",omitempty"`
	// TTSizeMB is the engine's transposition table in megabytes; 0, the
	// only form SetTTSizeMB gives DefaultTTSizeMB, means that default (so a
	// match recorded before the size could be chosen still resumes).
	TTSizeMB int
}

// SetTTSizeMB sets the engine's transposition table size, keeping the
// default as 0.
func (s *Spec) SetTTSizeMB(mb int) {
	if mb == DefaultTTSizeMB {
		mb = 0
	}
	s.TTSizeMB = mb
}

// DefaultTTSizeMB is an engine's transposition table size unless its spec
// says otherwise: enough for a few seconds a move, small enough for many
// engines at once (tournaments, the window's AI-vs-AI).
const DefaultTTSizeMB = 16

// ParseSpec reads a player name: "human", "random", "heuristic", "cnn:NAME" or
// "cnn:PATH". Limits are left zero; set them from flags (see AddFlags).
func ParseSpec(s string) (Spec, error) {
	t := strings.TrimSpace(s)
	kind, net, hasNet := strings.Cut(t, ":")
	kind = strings.ToLower(kind)
	switch kind {
	case Human, Random, Heuristic:
		if hasNet {
			return Spec{}, fmt.Errorf("bad player %q: %s takes no network; valid players: %s", s, kind, strings.Join(Names(), ", "))
		}
		return Spec{Kind: kind}, nil
	case LevelKind:
		l, ok := LevelNamed(strings.TrimSpace(net))
		if !ok {
			return Spec{}, fmt.Errorf("bad player %q: the levels are %s (as level:NAME)", s, levelNames())
		}
		return Spec{Kind: LevelKind, Net: l.Name}, nil
	case CNN:
		if net == "" {
			return Spec{}, fmt.Errorf("bad player %q: cnn needs a network, as cnn:NAME (shipped: %s) or cnn:path/to/file.tnn", s, shipped())
		}
		if !isPath(net) && !isShipped(net) {
			return Spec{}, fmt.Errorf("bad player %q: no shipped network named %q (shipped: %s); give a file as cnn:path/to/file.tnn", s, net, shipped())
		}
		return Spec{Kind: CNN, Net: net}, nil
	}
	return Spec{}, fmt.Errorf("bad player %q: valid players are %s, or cnn:path/to/file.tnn", s, strings.Join(Names(), ", "))
}

// isPath reports whether a network name is a file path (it contains '/' or ends
// in ".tnn") rather than the name of a shipped network.
func isPath(net string) bool {
	return strings.Contains(net, "/") || strings.HasSuffix(strings.ToLower(net), weights.Ext)
}

func isShipped(name string) bool {
	for _, n := range weights.Names() {
		if n == name {
			return true
		}
	}
	return false
}

func shipped() string {
	if n := weights.Names(); len(n) > 0 {
		return strings.Join(n, ", ")
	}
	return "none in this build"
}

// String returns the spec's player name, as ParseSpec reads it ("cnn:champion").
// Limits are not part of it; see Describe.
func (s Spec) String() string {
	if s.Kind == CNN || s.Kind == LevelKind {
		return s.Kind + ":" + s.Net
	}
	return s.Kind
}

// Describe returns the name with the limits that apply, e.g.
// "heuristic (depth 3)" or "cnn:champion (2s/move)".
func (s Spec) Describe() string {
	if !s.IsEngine() || s.Kind == Random {
		return s.String()
	}
	var parts []string
	lim := s.Limits()
	if lim.MoveTime > 0 {
		parts = append(parts, fmt.Sprintf("%v/move", lim.MoveTime))
	}
	if lim.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", lim.Depth))
	}
	if lim.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", lim.Nodes))
	}
	if s.Threads > 1 {
		parts = append(parts, fmt.Sprintf("%d threads", s.Threads))
	}
	if s.Ponder {
		parts = append(parts, "ponder")
	}
	switch {
	case s.FullTime:
		parts = append(parts, "full time")
	case s.FixedTime:
		parts = append(parts, "fixed time")
	}
	if s.Off != 0 {
		parts = append(parts, "without "+s.Off.String())
	}
	if s.TTSizeMB > 0 {
		parts = append(parts, fmt.Sprintf("%d MB table", s.TTSizeMB))
	}
	if s.NoBook && (Spec{Kind: s.Kind, Net: s.Net}).UsesBook() {
		parts = append(parts, "no book")
	}
	return s.String() + " (" + strings.Join(parts, ", ") + ")"
}

// UsesBook reports whether the spec's engine plays the moves of White's
// opening book (ai/book) where it has one: the engines at full strength of
// the network the book was searched with, cnn:champion and level:master,
// unless NoBook.
func (s Spec) UsesBook() bool {
	if s.NoBook {
		return false
	}
	return (s.Kind == CNN && s.Net == "champion") || (s.Kind == LevelKind && s.Net == "master")
}

// IsEngine reports whether the spec names a computer player (not "human").
func (s Spec) IsEngine() bool { return s.Kind != Human && s.Kind != "" }

// Limits returns the search limits of the spec; when all are zero the move time
// is DefaultMoveTime.
//
// A level (level:NAME) has limits of its own, which the spec's cannot change.
func (s Spec) Limits() ai.Limits {
	if l, ok := LevelNamed(s.Net); ok && s.Kind == LevelKind {
		return l.Limits()
	}
	lim := ai.Limits{MoveTime: s.MoveTime, Depth: s.Depth, Nodes: s.Nodes}
	if lim.MoveTime <= 0 && lim.Depth <= 0 && lim.Nodes <= 0 {
		lim.MoveTime = DefaultMoveTime
	}
	return lim
}

// WallClock reports whether the spec's moves are bounded by wall time (so games
// with it should not share the CPU with other games).
func (s Spec) WallClock() bool {
	return s.Kind != Random && s.Kind != Human && s.Limits().MoveTime > 0
}

// Names lists the valid player names for help texts: human, random, heuristic,
// and cnn:NAME for each shipped network.
func Names() []string {
	names := []string{Human, Random, Heuristic}
	for _, n := range weights.Names() {
		names = append(names, CNN+":"+n)
	}
	for _, l := range Levels {
		names = append(names, LevelKind+":"+l.Name)
	}
	return names
}

// Flags holds the limit flags shared by the commands; see AddFlags.
type Flags struct {
	MoveTime  time.Duration
	Depth     int
	Nodes     int64
	Threads   int
	Seed      uint64
	Contempt  int
	RawEval   bool
	FixedTime bool
	FullTime  bool
	Off       ai.Feature
	TTSizeMB  int
	Book      bool
	// RowPatches is how many patches' layer-2 rows each network keeps
	// (SetRowPatchLimit): one setting for the whole process.
	RowPatches int
}

// AddFlags defines -movetime (default 2s), -depth, -nodes, -threads, -seed,
// -contempt, -raw-eval, -fixed-time, -full-time, -off, -tt, -book and -row-patches on fs and returns
// where their values land; call Apply after parsing.
func AddFlags(fs *flag.FlagSet) *Flags {
	f := &Flags{}
	fs.DurationVar(&f.MoveTime, "movetime", DefaultMoveTime, "wall time per engine move (0 = none; then set -depth or -nodes)")
	fs.IntVar(&f.Depth, "depth", 0, "maximum search depth in plies (0 = no limit)")
	fs.Int64Var(&f.Nodes, "nodes", 0, "node budget per move (0 = no limit)")
	fs.IntVar(&f.Threads, "threads", 1, "search threads per engine")
	fs.Uint64Var(&f.Seed, "seed", 1, "random seed (random player, openings, tie-breaks)")
	fs.IntVar(&f.Contempt, "contempt", ai.DefaultContempt, "how much an engine dislikes a draw by repetition, in evaluator units (0 = a draw is an even position)")
	fs.BoolVar(&f.FixedTime, "fixed-time", false, "start no new depth after 60% of the move time, instead of less when the best move is stable and more when it changes")
	fs.BoolVar(&f.FullTime, "full-time", false, "search until the hard limit of every move (90% of -movetime), however settled the best move: for a fixed time per move, where time left unused is lost")
	fs.BoolVar(&f.RawEval, "raw-eval", false, "score with a network's evaluation as trained (by default a network correcting the heuristic is centred on the start position for each side, and the side a pure network puts behind at the start adds that deficit to its contempt)")
	fs.IntVar(&f.TTSizeMB, "tt", DefaultTTSizeMB, "transposition table size per engine, in MB")
	fs.BoolVar(&f.Book, "book", true, "play White's opening book where the engine is the champion at full strength (cnn:champion, level:master); -book=false searches every move")
	fs.IntVar(&f.RowPatches, "row-patches", cnn.DefaultRowPatchLimit, fmt.Sprintf("patches whose layer-2 rows each network keeps, %d bytes each (the game window keeps %d; at the limit a network drops them and builds again those it meets)", cnn.PatchRowBytes, WindowRowPatches))
	fs.Var(FeatureFlag{&f.Off}, "off", "search techniques to switch off, comma-separated, to measure what they earn: "+strings.Join(ai.FeatureNames(), ", "))
	return f
}

// FeatureFlag is a flag.Value holding a set of search techniques by name
// (ai.ParseFeatures).
type FeatureFlag struct{ F *ai.Feature }

// String returns the names of the techniques in the set.
func (f FeatureFlag) String() string {
	if f.F == nil {
		return ""
	}
	return f.F.String()
}

// Set reads a comma-separated list of technique names.
func (f FeatureFlag) Set(s string) error {
	v, err := ai.ParseFeatures(s)
	if err != nil {
		return err
	}
	*f.F = v
	return nil
}

// Apply copies the flag values into s, and sets the process's row limit
// (SetRowPatchLimit: before the players are built). If -depth or -nodes was given and
// -movetime was not set explicitly on fs, the move time is dropped, so that
// "-depth 3" alone means a pure depth limit (deterministic, parallel-friendly).
func (f *Flags) Apply(fs *flag.FlagSet, s Spec) Spec {
	s.MoveTime, s.Depth, s.Nodes, s.Threads, s.Seed = f.MoveTime, f.Depth, f.Nodes, f.Threads, f.Seed
	s.Contempt, s.RawEval, s.FixedTime, s.FullTime, s.Off = int32(f.Contempt), f.RawEval, f.FixedTime, f.FullTime, f.Off
	s.SetTTSizeMB(f.TTSizeMB)
	s.NoBook = !f.Book
	SetRowPatchLimit(f.RowPatches)
	explicit := false
	fs.Visit(func(fl *flag.Flag) {
		if fl.Name == "movetime" {
			explicit = true
		}
	})
	if !explicit && (f.Depth > 0 || f.Nodes > 0) {
		s.MoveTime = 0
	}
	return s
}

// Player chooses moves for one side. A Player is used by one game at a time.
type Player interface {
	// Name identifies the player, e.g. "heuristic" or "cnn:champion".
	Name() string
	// Move chooses a move for pos (history = hashes since last capture, current
	// last). Must return a legal move when one exists.
	Move(ctx context.Context, pos game.Position, history []uint64, progress func(ai.Info)) (ai.Result, error)
}

// ErrHuman is returned by New for the human player, who is no engine.
var ErrHuman = errors.New("human is not a computer player; the game window plays for humans")

// New returns the engine player of spec: a random mover or a searcher with the
// spec's evaluator. It returns ErrHuman for "human".
func New(spec Spec) (Player, error) {
	switch spec.Kind {
	case Human:
		return nil, ErrHuman
	case Random:
		return NewRandom(spec.Seed), nil
	}
	eval, err := NewEvaluator(spec)
	if err != nil {
		return nil, err
	}
	return NewEngine(spec, eval), nil
}

// NewEvaluator returns the evaluator of spec: the heuristic, the random
// evaluator, or a network (shipped or from a file) for "cnn"; a residual
// network comes wrapped with its base evaluator (see NetEvaluator).
func NewEvaluator(spec Spec) (ai.Evaluator, error) {
	switch spec.Kind {
	case Heuristic:
		return newHeuristic(), nil
	case Random:
		return newRandomEval(spec.Seed), nil
	case CNN:
		n, err := LoadNet(spec.Net)
		if err != nil {
			return nil, err
		}
		e, err := NetEvaluator(n)
		if err != nil || spec.RawEval || NetLeads(n) {
			return e, err // a network-led evaluator's level is its expectation: see startLevels
		}
		start := game.StartPosition()
		return ai.Centre(e, &start), nil
	case LevelKind:
		l, ok := LevelNamed(spec.Net)
		if !ok {
			return nil, fmt.Errorf("no level named %q: the levels are %s", spec.Net, levelNames())
		}
		return l.evaluator(spec.Seed)
	case Human:
		return nil, ErrHuman
	}
	return nil, fmt.Errorf("unknown player kind %q: valid players are %s", spec.Kind, strings.Join(Names(), ", "))
}

// Engine is a searcher with an evaluator and limits. With Spec.Ponder (and a
// move time or a depth limit) it ponders: after each move it goes on searching, in the
// background, the position after the reply its principal variation expects
// (ai.Searcher.Ponder). When the next Move is asked for that position (a
// ponder hit), the search goes on with the move time starting then; for any
// other position (a miss) it is stopped and a new search starts.
// StopPondering ends it when the game ends or is taken back.
type Engine struct {
	name   string
	lim    ai.Limits
	cap    moveCap // a level's time cap over its node budget (levelcap.go)
	s      *ai.Searcher
	ponder bool

	mu      sync.Mutex
	pending *ai.Ponder // the running ponder, if any
	stale   *ai.Ponder // a stopped ponder, maybe still unwinding
	hits    int        // ponder hits and misses, for reports
	misses  int

	book *book.Book // White's opening book, for an engine that plays it
}

// NewEngine returns a searching player with evaluator eval and spec's limits,
// threads, seed, contempt and pondering. The evaluator may be shared between
// engines (evaluators are safe for concurrent use); the engine's searcher and
// its table are its own.
func NewEngine(spec Spec, eval ai.Evaluator) *Engine {
	threads := max(spec.Threads, 1)
	tt := spec.TTSizeMB
	if tt <= 0 {
		tt = DefaultTTSizeMB
	}
	s := ai.NewSearcher(eval, ai.Options{TTSizeMB: tt, Threads: threads, Seed: spec.Seed,
		Deterministic: spec.Limits().MoveTime == 0, Contempt: spec.Contempt, StartLevels: startLevels(spec, eval),
		FixedSoftLimit: spec.FixedTime, FullTime: spec.FullTime, Off: spec.Off})
	e := &Engine{name: spec.String(), lim: spec.Limits(), cap: newMoveCap(spec), s: s, ponder: spec.Ponder}
	if spec.UsesBook() {
		// The shipped book is read and checked by its package's tests; were
		// it unreadable, the engine would search every move.
		e.book, _ = book.Default()
	}
	return e
}

// startLevels is ai.Options.StartLevels for an engine of spec scoring with
// eval: for each side the engine may play, the start position's score by the
// evaluator it plays that side with (a SidedEvaluator's side), when that
// evaluator is led by a network (a level's included, without its noise),
// whose level is its expectation of the result, unless spec.RawEval; zero
// for every other evaluator, whose level is arbitrary (a hybrid's sides are
// centred instead, see NewEvaluator).
func startLevels(spec Spec, eval ai.Evaluator) [2]int32 {
	var levels [2]int32
	if spec.RawEval {
		return levels
	}
	start := game.StartPosition()
	for _, c := range []game.Color{game.White, game.Black} {
		e := eval
		if se, ok := e.(ai.SidedEvaluator); ok {
			e = se.ForSide(c)
		}
		if n, ok := e.(*noisyEval); ok {
			e = n.base
		}
		if networkLed(e) {
			levels[c] = e.Evaluate(&start)
		}
	}
	return levels
}

// NetLeads reports whether network n's file makes a network-led evaluator
// (see networkLed): a pure network, or a residual one of scale ai.MaxEval.
func NetLeads(n *cnn.Network) bool { return n.Base == "" || n.Scale >= ai.MaxEval }

// networkLed reports whether e's scores are a network's prediction of the
// result: a network alone, or a network whose correction spans the
// evaluator's whole range (a Residual of scale ai.MaxEval), to which the
// heuristic only adds terms (see tablut relabel -white-terms). Such an
// evaluator's level means something, unlike the heuristic's or a hybrid's,
// whose network corrects the heuristic by a few pawns at most.
func networkLed(e ai.Evaluator) bool {
	switch e := e.(type) {
	case *cnn.Network, *cnn.Quantized:
		return true
	case *ai.Residual:
		return e.Scale >= ai.MaxEval && networkLed(e.Net)
	}
	return false
}

// Name returns the spec's player name.
func (e *Engine) Name() string { return e.name }

// Limits returns the engine's search limits.
func (e *Engine) Limits() ai.Limits { return e.lim }

// SetLimits changes the engine's search limits (e.g. to leave a safety margin
// under a server's move limit).
func (e *Engine) SetLimits(l ai.Limits) { e.lim = l }

// SetPonder turns pondering on or off for the next moves (off also stops a
// running ponder).
func (e *Engine) SetPonder(on bool) {
	e.mu.Lock()
	e.ponder = on
	e.mu.Unlock()
	if !on {
		e.StopPondering()
	}
}

// PonderStats returns how many moves were ponder hits and misses so far.
func (e *Engine) PonderStats() (hits, misses int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.hits, e.misses
}

// Move searches pos within the engine's limits, going on with the ponder
// search when pos is the position it pondered. If the search was stopped
// before it found a move, it falls back to the first legal move.
func (e *Engine) Move(ctx context.Context, pos game.Position, history []uint64, progress func(ai.Info)) (ai.Result, error) {
	if pos.Status() != game.Ongoing {
		e.StopPondering()
		return ai.Result{}, fmt.Errorf("the game is over in %v", pos.String())
	}
	ctx, release := e.cap.apply(ctx)
	defer release()
	var r ai.Result
	if b, ok := e.book.Lookup(&pos); ok {
		e.dropPonder()
		r = ai.Result{Move: b.Move, Score: b.Score, Depth: b.Depth, Nodes: b.Nodes, PV: slices.Clone(b.PV), Book: true}
	} else if p := e.takePonder(&pos); p != nil {
		r = p.Hit(ctx, e.lim, progress)
		p.Wait()
	} else {
		r = e.s.Search(ctx, pos, history, e.lim, progress)
	}
	if r.Move == game.NoMove || !pos.IsLegal(r.Move) {
		var buf [game.MaxMoves]game.Move
		moves := pos.GenerateMoves(buf[:0])
		if len(moves) == 0 {
			return r, nil
		}
		r.Move = moves[0]
	}
	e.mu.Lock()
	ponder := e.ponder
	e.mu.Unlock()
	if ponder && (e.lim.MoveTime > 0 || e.lim.Depth > 0) && ctx.Err() == nil {
		e.startPonder(pos, history, r)
	}
	return r, nil
}

// takePonder returns the running ponder if it searched pos (a hit); a ponder
// of another position is stopped, and waited for, as the searcher is about to
// be used again.
func (e *Engine) takePonder(pos *game.Position) *ai.Ponder {
	e.mu.Lock()
	p, stale := e.pending, e.stale
	e.pending, e.stale = nil, nil
	e.mu.Unlock()
	if stale != nil {
		stale.Wait()
	}
	if p == nil {
		return nil
	}
	pp := p.Position()
	if pp.Hash() == pos.Hash() && pp.String() == pos.String() {
		e.mu.Lock()
		e.hits++
		e.mu.Unlock()
		return p
	}
	p.Stop()
	p.Wait()
	e.mu.Lock()
	e.misses++
	e.mu.Unlock()
	return nil
}

// startPonder starts pondering the position after our move r.Move and the
// reply r's principal variation expects, if it has one and the game goes on.
func (e *Engine) startPonder(pos game.Position, history []uint64, r ai.Result) {
	if len(r.PV) < 2 || r.PV[0] != r.Move {
		return
	}
	line := slices.Clone(history)
	for _, m := range r.PV[:2] {
		if pos.Status() != game.Ongoing || !pos.IsLegal(m) {
			return
		}
		if pos.Make(m) > 0 {
			line = line[:0] // a capture starts the repetition history afresh
		}
		line = append(line, pos.Hash())
	}
	if pos.Status() != game.Ongoing {
		return
	}
	p := e.s.Ponder(pos, line, ai.Limits{Depth: e.lim.Depth})
	e.mu.Lock()
	e.pending = p
	e.mu.Unlock()
}

// dropPonder stops the ponder search, if one runs, and waits for it, as
// the searcher may be used again.
func (e *Engine) dropPonder() {
	e.StopPondering()
	e.mu.Lock()
	stale := e.stale
	e.stale = nil
	e.mu.Unlock()
	if stale != nil {
		stale.Wait()
	}
}

// StopPondering stops the engine's ponder search, if one runs, without
// waiting for it (the next Move does): call it when the game ends, a move is
// taken back or the engine is set aside. Safe to call from any goroutine.
func (e *Engine) StopPondering() {
	e.mu.Lock()
	p := e.pending
	if p != nil {
		e.pending, e.stale = nil, p
	}
	e.mu.Unlock()
	if p != nil {
		p.Stop()
	}
}

// Wait blocks until the engine's ponder search, if any, has stopped; call it
// after StopPondering before dropping the engine when its threads must be
// gone (tests, the end of a match).
func (e *Engine) Wait() {
	e.mu.Lock()
	ps := []*ai.Ponder{e.pending, e.stale}
	e.mu.Unlock()
	for _, p := range ps {
		if p != nil {
			p.Wait()
		}
	}
}

// NewGame makes the engine play its next move as a fresh one would: it
// stops pondering and forgets what earlier searches learnt (the table, the
// history and killers), keeping the memory they use. A window that plays
// game after game reuses its engines this way instead of allocating new
// tables each game. Not during a search.
func (e *Engine) NewGame() {
	e.dropPonder()
	e.s.Clear()
}

// Ponderer is a player that may think on the opponent's time: callers stop
// it when the game ends or is taken back (see Engine.StopPondering).
type Ponderer interface {
	StopPondering()
	Wait()
}

// Settle stops p's pondering, if p ponders, and waits until its search
// threads have stopped: the end of a game.
func Settle(p Player) {
	if pp, ok := p.(Ponderer); ok {
		pp.StopPondering()
		pp.Wait()
	}
}

// RandomPlayer plays a uniformly random legal move, from its own seeded
// generator (the same seed gives the same game against the same opponent).
type RandomPlayer struct {
	r *rand.Rand
}

// NewRandom returns a random player seeded with seed.
func NewRandom(seed uint64) *RandomPlayer {
	return &RandomPlayer{r: rand.New(rand.NewPCG(seed, 0x7ab1_0a5e))}
}

// Name returns "random".
func (p *RandomPlayer) Name() string { return Random }

// Move returns a uniformly random legal move (game.NoMove when there is none).
func (p *RandomPlayer) Move(ctx context.Context, pos game.Position, history []uint64, progress func(ai.Info)) (ai.Result, error) {
	var buf [game.MaxMoves]game.Move
	moves := pos.GenerateMoves(buf[:0])
	if len(moves) == 0 {
		return ai.Result{}, nil
	}
	m := moves[p.r.IntN(len(moves))]
	return ai.Result{Move: m, PV: []game.Move{m}}, nil
}

// NewEstimator returns the searcher of the window's estimates (one figure
// per position for the evaluation bar and the chart, ui/session's
// estimate.go), made the same way in the window and in the page's search
// worker: spec's evaluator, read through its White side when it has one per
// side, so that a game's figures are one judgement that does not zigzag
// from move to move; one thread, deterministic, a table of ttSizeMB that
// the caller clears before each position.
func NewEstimator(spec Spec, ttSizeMB int) (*ai.Searcher, error) {
	ev, err := NewEvaluator(spec)
	if err != nil {
		return nil, err
	}
	if se, ok := ev.(ai.SidedEvaluator); ok {
		ev = se.ForSide(game.White)
	}
	return ai.NewSearcher(ev, ai.Options{TTSizeMB: ttSizeMB, Threads: 1, Deterministic: true}), nil
}
