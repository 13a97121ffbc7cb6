package session

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tablut-ai/tablut/ai/analyse"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/regfile"
)

// dialogResult is the answer of a file dialog: a path, or for a Picker the
// chosen file's name (path) and bytes (data).
type dialogResult struct {
	save bool
	path string
	data []byte
	err  error
}

// recordName is the proposed file name of a saved game.
func (c *Controller) recordName() string {
	return "tablut-" + c.cfg.Now().Format("2006-01-02-150405") + ".txt"
}

// Save writes the game as a record to a new file named after the date in the
// save directory (made if missing) and returns its path.
func (c *Controller) Save() (string, error) {
	if err := os.MkdirAll(c.cfg.SaveDir, 0o755); err != nil {
		dir, _ := filepath.Abs(c.cfg.SaveDir)
		err = fmt.Errorf("cannot save the game: cannot make the folder %s (%v); choose another folder with Save", dir, rootCause(err))
		c.Notify(err.Error())
		return "", err
	}
	return c.SaveTo(filepath.Join(c.cfg.SaveDir, c.recordName()))
}

// SaveTo writes the game as a record to path and returns its absolute path.
func (c *Controller) SaveTo(name string) (string, error) {
	if abs, err := filepath.Abs(name); err == nil {
		name = abs
	}
	f, err := os.Create(name)
	if err != nil {
		err = fmt.Errorf("cannot save the game to %s: %v", name, rootCause(err))
		c.Notify(err.Error())
		return "", err
	}
	g := c.recordGame()
	err = g.WriteRecord(f, c.recordMeta(g))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		err = fmt.Errorf("cannot save the game to %s: %v", name, rootCause(err))
		c.Notify(err.Error())
		return "", err
	}
	c.Notify("Saved the game to " + name + c.reviewSaved(g))
	return name, nil
}

// recordGame returns the game a save writes: the game on the board, and
// the whole of a finished game browsed back to an earlier point (the moves
// after it are the game's, not moves taken back).
func (c *Controller) recordGame() *game.Game {
	if !c.game.CanRedo() || !c.lineFinished() {
		return c.game
	}
	if g, err := c.lineGame(); err == nil {
		return g
	}
	return c.game // cannot happen: the line was played
}

// lineGame returns the game's whole line, the moves after the one on the
// board included, as a game of its own.
func (c *Controller) lineGame() (*game.Game, error) {
	g := game.NewGame(c.game.Start())
	for _, m := range c.game.Line() {
		if err := g.Play(m); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// recordMeta is the header of g's record (g is the game on the board or
// recordGame's): players, date, how a game lost on time ended, a loaded
// record's own tags, and the game's review when it is finished (see
// reviewTags).
func (c *Controller) recordMeta(g *game.Game) game.RecordMeta {
	meta := game.RecordMeta{White: c.PlayerName(game.White), Black: c.PlayerName(game.Black), Date: c.cfg.Now().Format("2006-01-02")}
	if c.timeLoss {
		meta.Reason = c.lostOnTime()
	}
	meta.Tags = append(slices.Clone(c.tags), c.reviewTags(g)...)
	return meta
}

// download hands the record to a Downloader (a browser's download).
func (c *Controller) download(d Downloader) {
	var buf bytes.Buffer
	name := c.recordName()
	g := c.recordGame()
	err := g.WriteRecord(&buf, c.recordMeta(g))
	if err == nil {
		err = d.Download(name, buf.Bytes())
	}
	if err != nil {
		c.Notify("Cannot save the game: " + err.Error())
		return
	}
	c.Notify("Saved the game as " + name + " (in your downloads)" + c.reviewSaved(g))
}

// rootCause drops the operation and path that os errors repeat.
func rootCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// SaveAs asks for a file name with the desktop's save dialog and saves there;
// without a dialog it saves to the save directory and says where.
func (c *Controller) SaveAs() { c.askFile(true) }

// Open asks for a record with the desktop's open dialog and loads it; without a
// dialog it says how else to open one.
func (c *Controller) Open() { c.askFile(false) }

// askFile shows a file dialog on a goroutine of its own (it blocks until the
// person answers); Update collects the answer. A Downloader saves at once;
// a Picker reads the chosen file on that goroutine.
func (c *Controller) askFile(save bool) {
	d := c.cfg.Dialogs
	if dl, ok := d.(Downloader); ok && save {
		c.download(dl)
		return
	}
	pick, picker := d.(Picker)
	if c.dialog != nil && !(picker && !save) {
		// One dialog at a time; but a browser's picker may never say it
		// was cancelled, so a new one replaces it.
		return
	}
	ch := make(chan dialogResult, 1)
	c.dialog = ch
	if picker && !save {
		go func() {
			var r dialogResult
			r.path, r.data, r.err = pick.PickFile()
			ch <- r
		}()
		return
	}
	dir, name := c.cfg.SaveDir, c.recordName()
	if _, err := os.Stat(dir); err != nil {
		dir = "."
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	go func() {
		var r dialogResult
		r.save = save
		if save {
			r.path, r.err = d.SaveFile(dir, name)
		} else {
			r.path, r.err = d.OpenFile(dir)
		}
		ch <- r
	}()
}

// DialogOpen reports whether a file dialog is waiting for the person.
func (c *Controller) DialogOpen() bool { return c.dialog != nil }

// pollDialog takes the answer of a file dialog, if it came.
func (c *Controller) pollDialog() {
	var r dialogResult
	select {
	case r = <-c.dialog:
		c.dialog = nil
	default:
		return
	}
	switch {
	case errors.Is(r.err, ErrCancelled):
	case r.err == nil && r.data != nil:
		c.Load(bytes.NewReader(r.data), r.path)
	case r.err == nil && r.save:
		c.SaveTo(r.path)
	case r.err == nil:
		c.LoadFile(r.path)
	case r.save:
		// No dialog (or a broken one): save where games go without one.
		if path, err := c.Save(); err == nil {
			c.Notify("No file dialog on this desktop: saved the game to " + path)
		}
	default:
		dir, _ := filepath.Abs(c.cfg.SaveDir)
		why := "No file dialog on this desktop"
		if !errors.Is(r.err, ErrNoDialog) {
			why = "Cannot open a record: " + r.err.Error()
		}
		c.Notify(why + ": drop a record file on the window, or run tablut -load FILE (saved games are in " + dir + ")")
	}
}

// Load reads a record and puts its game on the board; name is for messages.
// When the record names two players this program knows (as saved games do,
// e.g. "human" and "cnn:champion"), they play on; a game between two computer
// players starts paused, to be browsed. Otherwise the current players play on
// under the names the record gives.
func (c *Controller) Load(r io.Reader, name string) error {
	g, meta, err := game.ReadRecord(r)
	if err != nil {
		err = fmt.Errorf("cannot load %s: %v", name, err)
		c.Notify(err.Error())
		return err
	}
	c.stopSearch()
	c.stopReview()
	c.lesson, c.demo, c.demoKeep = nil, nil, false
	c.stopPuzzle()
	c.paused, c.stepOnce = false, false
	s := Settings{White: strings.TrimSpace(meta.White), Black: strings.TrimSpace(meta.Black), MoveTime: c.settings.MoveTime}
	if s.White != "" && s.Black != "" && CheckSpec(s.White) == nil && CheckSpec(s.Black) == nil {
		if engines, err := c.buildEngines(s); err == nil {
			c.settings, c.engines, c.hintEng = s, engines, nil
			c.paused = engines[game.White] != nil && engines[game.Black] != nil
		}
	}
	c.names = [2]string{strings.TrimSpace(meta.White), strings.TrimSpace(meta.Black)}
	c.setGame(g)
	c.openingPlies = analyse.RandomOpening(meta)
	c.tags = append(c.tags, analyse.OtherTags(meta.Tags)...)
	c.screen, c.started, c.help = ScreenGame, true, false
	note := fmt.Sprintf("Loaded %s (%s)", filepath.Base(name), Count(g.Ply(), "move"))
	switch by, err := c.restoreReview(meta); {
	case err == nil:
		note += ", reviewed by " + EngineTitle(by)
	case !errors.Is(err, analyse.ErrNoReview):
		note += "; its review was not read: " + err.Error()
	}
	c.Notify(note)
	return nil
}

// LoadFile loads the record in file path, a regular file: a named pipe, a
// device or a folder is refused at once, before the window waits on it.
func (c *Controller) LoadFile(path string) error {
	f, err := regfile.Open(path)
	if err != nil {
		err = fmt.Errorf("cannot open record %s: %v", path, err)
		c.Notify(err.Error())
		return err
	}
	defer f.Close()
	return c.Load(f, path)
}
