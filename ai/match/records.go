package match

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/tablut-ai/tablut/game"
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
}

// ScoreRecords counts the games of a match from the records Run wrote to dir
// (Config.RecordsDir): game-NNNN.txt is game NNNN-1, so A played White in the
// odd-numbered files and games 2k+1 and 2k+2 form a pair, as in Run. It reads
// a finished match or one that was stopped, and gives the same Stats Run
// gave for the same games. Every record is replayed (game.ReadRecord); a
// record that does not read, or whose players do not match A and B in the
// colours Run gives them, is a one-line error naming the file.
func ScoreRecords(dir string) (Scored, error) {
	var sc Scored
	files, err := filepath.Glob(filepath.Join(dir, "game-*.txt"))
	if err != nil {
		return sc, err
	}
	type rec struct {
		i          int
		path       string
		white, blk string
		limits     string
		scoreOfA   float64
		aWhite     bool
	}
	var recs []rec
	for _, f := range files {
		num, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "game-"), ".txt"))
		if err != nil || num < 1 {
			continue // not a record of Run's naming (e.g. game-notes.txt)
		}
		r, err := readRecordFile(f)
		if err != nil {
			return sc, err
		}
		rc := rec{i: num - 1, path: f, white: r.meta.White, blk: r.meta.Black, aWhite: (num-1)%2 == 0}
		for _, t := range r.meta.Tags {
			switch strings.ToLower(t.Key) {
			case "round":
				if n, err := strconv.Atoi(t.Value); err != nil || n != num {
					return sc, fmt.Errorf("%s: its Round tag says %q, its name says %d", f, t.Value, num)
				}
			case "limits":
				rc.limits = t.Value
			case "adjudication":
				sc.Adjudicated++
				fmt.Sscanf(strings.TrimPrefix(t.Value, "draw: "), "adjudicated a draw at the %d-ply limit", &sc.MaxPlies)
			}
		}
		side := game.White
		if !rc.aWhite {
			side = game.Black
		}
		rc.scoreOfA = GameResult{Outcome: r.g.Outcome()}.ScoreFor(side)
		recs = append(recs, rc)
	}
	if len(recs) == 0 {
		return sc, fmt.Errorf("no game records (game-NNNN.txt) in %s", dir)
	}
	sort.Slice(recs, func(x, y int) bool { return recs[x].i < recs[y].i })
	a, b := recs[0].white, recs[0].blk
	if !recs[0].aWhite {
		a, b = b, a
	}
	var t Tally
	for _, r := range recs {
		wantW, wantB := a, b
		if !r.aWhite {
			wantW, wantB = b, a
		}
		if r.white != wantW || r.blk != wantB {
			return sc, fmt.Errorf("%s: White %q and Black %q, but this match's A is %q and B %q, and A plays White in the odd-numbered games",
				r.path, r.white, r.blk, a, b)
		}
		t.Add(r.i, r.scoreOfA)
	}
	sc.Stats, sc.A, sc.B = t.Stats, a, b
	if la, lb, ok := strings.Cut(recs[0].limits, " / "); ok {
		sc.A, sc.B = la, lb
	}
	return sc, nil
}

type readRecord struct {
	g    *game.Game
	meta game.RecordMeta
}

func readRecordFile(path string) (readRecord, error) {
	f, err := os.Open(path)
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
