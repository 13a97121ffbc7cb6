package match

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/atomicfile"
	"github.com/tablut-ai/tablut/internal/regfile"
)

// Scored is a match counted again from its game records (ScoreRecords).
type Scored struct {
	Stats Stats
	// A and B describe the players as the records name them: the Limits tag
	// of the records when they have one (e.g. "cnn:champion (2s/move, 2
	// threads)"), else the White and Black names of the first game.
	A, B string
	// Adjudicated counts the games adjudicated drawn at the ply limit, and
	// MaxPlies is that limit as their records state it (0 if none says).
	Adjudicated, MaxPlies int
	// Side is the colour A played in every game ("white" or "black"), or
	// empty when the colours alternated (Config.Side).
	Side string
}

// ScoreRecords counts the games of a match from the records Run wrote to dir
// (Config.RecordsDir): game-NNNN.txt is game NNNN-1, so A played White in the
// odd-numbered files and games 2k+1 and 2k+2 form a pair, as in Run (or, when
// the folder's match.json names a Side, A played that colour in all). It reads
// a finished match or one that was stopped, and gives the same Stats Run
// gave for the same games. Every record is replayed (game.ReadRecord); a
// record that does not read, or whose players do not match A and B in the
// colours Run gives them, is a one-line error naming the file.
func ScoreRecords(dir string) (Scored, error) {
	var sc Scored
	side, recs, err := readMatch(dir)
	if err != nil {
		return sc, err
	}
	sc.Side = side
	t := tally{Side: side}
	for _, r := range recs {
		t.Add(r.i, r.scoreOfA, r.result.Ending())
		if r.result.Adjudicated {
			sc.Adjudicated++
			fmt.Sscanf(r.result.Note, "adjudicated a draw at the %d-ply limit", &sc.MaxPlies)
		}
	}
	sc.Stats = t.Stats
	sc.A, sc.B = recs[0].white, recs[0].black
	if !recs[0].aWhite {
		sc.A, sc.B = sc.B, sc.A
	}
	if la, lb, ok := strings.Cut(recs[0].limits, " / "); ok {
		sc.A, sc.B = la, lb
	}
	return sc, nil
}

// readMatch reads the records of the match in dir, in game order, with the
// colour A played in all of them (empty when the colours alternated). A
// folder without records is an error.
func readMatch(dir string) (side string, recs []matchRecord, err error) {
	if was, ok, err := readSettings(dir); err != nil {
		return "", nil, err
	} else if ok {
		side = was.Side
	}
	if recs, err = readMatchRecords(dir, side); err != nil {
		return "", nil, err
	}
	if len(recs) == 0 {
		return "", nil, fmt.Errorf("no game records (game-NNNN.txt) in %s", dir)
	}
	return side, recs, nil
}

// matchRecord is one game record of a match folder.
type matchRecord struct {
	i            int // game index: the file is game-(i+1).txt
	path         string
	white, black string
	limits       string // the Limits tag
	opening      string // the Opening tag
	aWhite       bool
	scoreOfA     float64
	result       GameResult
}

// readMatchRecords reads the game records of a match folder in game order,
// and checks that their players keep to Run's colours (A White in the
// odd-numbered files, or in all of them or none for a match of one side).
func readMatchRecords(dir, side string) ([]matchRecord, error) {
	files, err := filepath.Glob(filepath.Join(dir, "game-*.txt"))
	if err != nil {
		return nil, err
	}
	var recs []matchRecord
	for _, f := range files {
		num, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "game-"), ".txt"))
		if err != nil || num < 1 || filepath.Base(f) != recordName(num-1) {
			// Not a record of Run's naming: game-notes.txt, or game-1.txt
			// beside game-0001.txt, which would count game 1 twice.
			continue
		}
		r, err := readRecordFile(f)
		if err != nil {
			return nil, err
		}
		rc := matchRecord{i: num - 1, path: f, white: r.meta.White, black: r.meta.Black, aWhite: aWhiteIn(side, num-1)}
		rc.result = GameResult{Game: r.g, Outcome: r.g.Outcome(), Note: r.meta.Reason}
		for _, t := range r.meta.Tags {
			switch strings.ToLower(t.Key) {
			case "round":
				if n, err := strconv.Atoi(t.Value); err != nil || n != num {
					return nil, fmt.Errorf("%s: its Round tag says %q, its name says %d", f, t.Value, num)
				}
			case "limits":
				rc.limits = t.Value
			case "opening":
				rc.opening = t.Value
			case "adjudication":
				rc.result.Outcome, rc.result.Adjudicated = game.Draw, true
				rc.result.Note = strings.TrimPrefix(t.Value, "draw: ")
			}
		}
		side := game.White
		if !rc.aWhite {
			side = game.Black
		}
		rc.scoreOfA = rc.result.ScoreFor(side)
		recs = append(recs, rc)
	}
	sort.Slice(recs, func(x, y int) bool { return recs[x].i < recs[y].i })
	if len(recs) == 0 {
		return nil, nil
	}
	a, b := recs[0].white, recs[0].black
	if !recs[0].aWhite {
		a, b = b, a
	}
	for _, r := range recs {
		wantW, wantB := a, b
		if !r.aWhite {
			wantW, wantB = b, a
		}
		if r.white != wantW || r.black != wantB {
			colours := "A plays White in the odd-numbered games"
			if side != "" {
				colours = "A plays " + side + " in every game"
			}
			return nil, fmt.Errorf("%s: White %q and Black %q, but this match's A is %q and B %q, and %s",
				r.path, r.white, r.black, a, b, colours)
		}
	}
	return recs, nil
}

// settingsFile is the file of a records folder that describes its match.
const settingsFile = "match.json"

// settings is what must stay the same for a match to be resumed.
type settings struct {
	A, B         player.Spec
	OpeningPlies int
	MaxPlies     int
	Seed         uint64
	Event        string
	Games        int    // may grow on resume
	Side         string `json:",omitempty"` // Config.Side
}

func (c Config) settings() settings {
	return settings{A: c.A, B: c.B, OpeningPlies: c.OpeningPlies, MaxPlies: c.MaxPlies, Seed: c.Seed, Event: c.Event, Games: c.Games, Side: c.Side}
}

// settingNames name the fields of settings as tablut match's flags do;
// specNames name the fields of a player's Spec, after "A's " or "B's ".
// A field missing here is named by its Go name.
var (
	settingNames = map[string]string{"OpeningPlies": "-opening-plies", "MaxPlies": "-max-plies", "Seed": "-seed", "Event": "event", "Side": "-side"}
	specNames    = map[string]string{"MoveTime": "-movetime", "Depth": "-depth", "Nodes": "-nodes", "Threads": "-threads", "Seed": "seed",
		"Contempt": "-contempt", "RawEval": "-raw-eval", "FixedTime": "-fixed-time", "FullTime": "-full-time", "Ponder": "-ponder",
		"Off": "-off", "NoBook": "no book (-book=false)", "TTSizeMB": "-tt"}
)

// difference is one setting in which a match's records and a command
// resuming it differ.
type difference struct{ name, was, now string }

// differences lists the settings in which was and now differ, field by
// field (the fields found by reflection, so that a setting added later is
// compared and named too). A player's kind and network are one setting,
// -a or -b; its seed, which follows the match's, is left out when that
// differs.
func differences(was, now settings) []difference {
	// Empty values stand for defaults that the command line names.
	for _, s := range []*settings{&was, &now} {
		if s.Event == "" {
			s.Event = "match"
		}
		if s.Side == "" {
			s.Side = "both"
		}
		for _, p := range []*player.Spec{&s.A, &s.B} {
			if p.TTSizeMB == 0 {
				p.TTSizeMB = player.DefaultTTSizeMB
			}
		}
	}
	var ds []difference
	add := func(name string, w, n any) {
		if w != n {
			ds = append(ds, difference{name, showSetting(w), showSetting(n)})
		}
	}
	wv, nv := reflect.ValueOf(was), reflect.ValueOf(now)
	for i := range wv.NumField() {
		field := wv.Type().Field(i).Name
		ws, isSpec := wv.Field(i).Interface().(player.Spec)
		if !isSpec {
			add(nameOr(settingNames, field), wv.Field(i).Interface(), nv.Field(i).Interface())
			continue
		}
		ns := nv.Field(i).Interface().(player.Spec)
		add("-"+strings.ToLower(field), ws.String(), ns.String())
		sw, sn := reflect.ValueOf(ws), reflect.ValueOf(ns)
		for j := range sw.NumField() {
			name := sw.Type().Field(j).Name
			if name == "Kind" || name == "Net" || name == "Seed" && was.Seed != now.Seed {
				continue
			}
			add(field+"'s "+nameOr(specNames, name), sw.Field(j).Interface(), sn.Field(j).Interface())
		}
	}
	return ds
}

func nameOr(names map[string]string, field string) string {
	if n, ok := names[field]; ok {
		return n
	}
	return field
}

// showSetting writes a setting's value as on the command line; an empty
// one (no search technique switched off) as "none".
func showSetting(v any) string {
	if s := fmt.Sprint(v); s != "" {
		return s
	}
	return "none"
}

// describeDifferences says, in one line, how a match's records (was) and
// a command resuming it (now) differ: the first setting that differs, with
// both values, then the names of all.
func describeDifferences(was, now settings) string {
	ds := differences(was, now)
	if len(ds) == 0 { // unreachable while every field is compared
		return "its settings differ from this command's"
	}
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = d.name
	}
	return fmt.Sprintf("it was played with %s %s, this command says %s %s (settings that differ: %s)",
		ds[0].name, ds[0].was, ds[0].name, ds[0].now, strings.Join(names, ", "))
}

// readSettings reads the match.json of a records folder; ok is false when
// there is none (records from before it was written).
func readSettings(dir string) (s settings, ok bool, err error) {
	path := filepath.Join(dir, settingsFile)
	b, err := regfile.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return s, false, nil
	}
	if err != nil {
		return s, false, fmt.Errorf("cannot read the match in %s: %v", dir, err)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return s, false, fmt.Errorf("%s is not a match description: %v", path, err)
	}
	return s, true, checkSide(s.Side)
}

// writeSettings writes the folder's match.json.
func (c Config) writeSettings() error {
	b, err := json.MarshalIndent(c.settings(), "", "  ")
	if err != nil {
		return err
	}
	path := filepath.Join(c.RecordsDir, settingsFile)
	if err := atomicfile.WriteBytes(path, append(b, '\n')); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	return nil
}

// resume reads the match in c.RecordsDir for Run to go on with: its
// match.json must describe c (but for Games, which may grow), and every
// record must be one of c's games, with c's opening.
func (c Config) resume() ([]matchRecord, error) {
	was, ok, err := readSettings(c.RecordsDir)
	if err != nil {
		return nil, fmt.Errorf("cannot resume: %v", err)
	}
	if !ok {
		if old, _ := filepath.Glob(filepath.Join(c.RecordsDir, "game-*.txt")); len(old) == 0 {
			return nil, nil // nothing to resume: a new match
		}
		return nil, fmt.Errorf("cannot resume the match in %s: it has no %s (written by this program from this version on), so its settings are unknown", c.RecordsDir, settingsFile)
	}
	now := c.settings()
	now.Games, was.Games = 0, 0
	if now != was {
		return nil, fmt.Errorf("cannot resume the match in %s with other settings: %s", c.RecordsDir, describeDifferences(was, now))
	}
	recs, err := readMatchRecords(c.RecordsDir, c.Side)
	if err != nil {
		return nil, fmt.Errorf("cannot resume the match: %v", err)
	}
	for _, r := range recs {
		if r.i >= c.Games {
			return nil, fmt.Errorf("cannot resume the match in %s with %d games: it already holds game %d", c.RecordsDir, c.Games, r.i+1)
		}
		if want := c.openingTag(r.i); r.opening != want {
			return nil, fmt.Errorf("cannot resume the match: %s opened with %q, game %d of this match opens with %q", r.path, r.opening, r.i+1, want)
		}
	}
	return recs, nil
}

type readRecord struct {
	g    *game.Game
	meta game.RecordMeta
}

func readRecordFile(path string) (readRecord, error) {
	f, err := regfile.Open(path)
	if err != nil {
		return readRecord{}, err
	}
	defer f.Close()
	g, meta, err := game.ReadRecord(f)
	if err != nil {
		return readRecord{}, fmt.Errorf("%s: %v", path, err)
	}
	return readRecord{g, meta}, nil
}

// recordName is the file name of game i's record (game-NNNN.txt, NNNN = i+1).
func recordName(i int) string { return fmt.Sprintf("game-%04d.txt", i+1) }
