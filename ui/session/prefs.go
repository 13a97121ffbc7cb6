package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"time"
)

// PrefsName is the name under which the person's last choices are kept in
// the Store.
const PrefsName = "settings.json"

// Prefs are the choices the window remembers between runs: the players and
// pace of the last game started from the start panel, the sound and the
// danger preview. They are kept as JSON in the Store; a file that cannot be
// read is ignored with a notice, never an error that stops the game.
type Prefs struct {
	White     string        `json:"white"`
	Black     string        `json:"black"`
	MoveTime  time.Duration `json:"move_time"`
	Clock     time.Duration `json:"clock"`
	Increment time.Duration `json:"increment"`
	Handicap  int           `json:"handicap,omitempty"`
	Muted     bool          `json:"muted"`
	// Danger turns the danger preview on for every opponent; it is always on
	// against the levels that ShowsDanger names.
	Danger bool `json:"danger"`
}

// settings returns the players and pace of p.
func (p Prefs) settings() Settings {
	return Settings{White: p.White, Black: p.Black, MoveTime: p.MoveTime, Clock: p.Clock, Increment: p.Increment, Handicap: p.Handicap}
}

// loadPrefs reads the kept choices from st. Missing choices keep the
// defaults; a player that no longer exists (a network removed since) or a
// time out of range falls back to the default too. notice is a sentence for
// the window when the file was there but could not be used.
func loadPrefs(st Store) (p Prefs, notice string) {
	def := DefaultSettings()
	p = Prefs{White: def.White, Black: def.Black, MoveTime: def.MoveTime}
	b, err := st.Load(PrefsName)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return p, ""
	case err != nil:
		return p, fmt.Sprintf("Your saved settings were not read (%v); the defaults are used.", err)
	}
	var kept Prefs
	if err := json.Unmarshal(b, &kept); err != nil {
		return p, fmt.Sprintf("Your saved settings (%s) are damaged and were ignored; the defaults are used.", PrefsName)
	}
	if kept.White != "" && CheckSpec(kept.White) == nil {
		p.White = kept.White
	}
	if kept.Black != "" && CheckSpec(kept.Black) == nil {
		p.Black = kept.Black
	}
	if kept.MoveTime >= moveTimes[0] && kept.MoveTime <= moveTimes[len(moveTimes)-1] {
		p.MoveTime = kept.MoveTime
	}
	for _, k := range ClockChoices {
		if k.Clock == kept.Clock && k.Increment == kept.Increment {
			p.Clock, p.Increment = k.Clock, k.Increment
		}
	}
	if kept.Handicap > 1 {
		p.Handicap = WatchHandicap // the panel turns the handicap on or off
	}
	p.Muted, p.Danger = kept.Muted, kept.Danger
	return p, ""
}

// Prefs returns the choices kept between runs, as they stand.
func (c *Controller) Prefs() Prefs { return c.prefs }

// SetMuted records whether the sound is off, and keeps it.
func (c *Controller) SetMuted(m bool) {
	c.prefs.Muted = m
	c.savePrefs()
}

// SetDangerAlways turns the danger preview on (or back to the default)
// against every opponent, and keeps the choice.
func (c *Controller) SetDangerAlways(on bool) {
	c.prefs.Danger = on
	c.savePrefs()
}

// savePrefs writes the kept choices to the store; a failure is a notice,
// never an error of the game.
func (c *Controller) savePrefs() {
	b, err := json.MarshalIndent(c.prefs, "", "  ")
	if err == nil {
		err = c.cfg.Store.Save(PrefsName, b)
	}
	if err != nil {
		c.Notify(fmt.Sprintf("Cannot keep your settings: %v", err))
	}
}

// rememberPanel keeps the players and pace of a game started from the
// start panel.
func (c *Controller) rememberPanel(s Settings) {
	c.prefs.White, c.prefs.Black, c.prefs.MoveTime = s.White, s.Black, s.MoveTime
	c.prefs.Clock, c.prefs.Increment, c.prefs.Handicap = s.Clock, s.Increment, s.Handicap
	c.savePrefs()
}
