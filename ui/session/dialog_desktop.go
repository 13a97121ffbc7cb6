//go:build !js && !windows

package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// defaultDialogs are the desktop's own file dialogs.
func defaultDialogs() Dialogs { return DesktopDialogs{} }

// DesktopDialogs shows the desktop's own file dialogs by running the program
// the desktop provides for scripts, with no cgo: zenity (GNOME and most Linux
// desktops), kdialog (KDE) or qarma on Linux and the BSDs, and AppleScript's
// "choose file" through osascript on macOS. Windows has its dialogs in its
// API, called with no program in between (WindowsDialogs).
type DesktopDialogs struct {
	// LookPath finds a program; default exec.LookPath. Tests replace it.
	LookPath func(string) (string, error)
}

// dialogCmd is a program and its arguments.
type dialogCmd struct {
	prog string
	args []string
}

// commands returns the dialog programs to try, in order, for a save (save)
// or an open dialog starting in dir with the proposed name.
func (d DesktopDialogs) commands(goos string, save bool, dir, name string) []dialogCmd {
	start := dir + string(filepath.Separator)
	if save {
		start = filepath.Join(dir, name)
	}
	switch goos {
	case "darwin":
		script := fmt.Sprintf(`POSIX path of (choose file with prompt "Open a Tablut game" default location (POSIX file %q))`, dir)
		if save {
			script = fmt.Sprintf(`POSIX path of (choose file name with prompt "Save the Tablut game" default location (POSIX file %q) default name %q)`, dir, name)
		}
		return []dialogCmd{{"osascript", []string{"-e", script}}}
	}
	title := "Open a Tablut game"
	zen := []string{"--file-selection", "--title=" + title, "--filename=" + start, "--file-filter=Tablut games | *.txt", "--file-filter=All files | *"}
	kde := []string{"--getopenfilename", start, "*.txt|Tablut games"}
	if save {
		title = "Save the Tablut game"
		zen = []string{"--file-selection", "--save", "--confirm-overwrite", "--title=" + title, "--filename=" + start}
		kde = []string{"--getsavefilename", start, "*.txt|Tablut games"}
	}
	return []dialogCmd{{"zenity", zen}, {"qarma", zen}, {"kdialog", kde}}
}

// OpenFile shows an open dialog in dir and returns the chosen path.
func (d DesktopDialogs) OpenFile(dir string) (string, error) { return d.run(false, dir, "") }

// SaveFile shows a save dialog in dir proposing name and returns the path.
func (d DesktopDialogs) SaveFile(dir, name string) (string, error) { return d.run(true, dir, name) }

func (d DesktopDialogs) run(save bool, dir, name string) (string, error) {
	look := d.LookPath
	if look == nil {
		look = exec.LookPath
	}
	if runtime.GOOS != "darwin" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return "", ErrNoDialog
	}
	for _, c := range d.commands(runtime.GOOS, save, dir, name) {
		prog, err := look(c.prog)
		if err != nil {
			continue
		}
		var out, errOut bytes.Buffer
		cmd := exec.CommandContext(context.Background(), prog, c.args...)
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err = cmd.Run()
		path := strings.TrimSpace(out.String())
		var exit *exec.ExitError
		switch {
		case err == nil && path != "":
			return path, nil
		case err == nil, errors.As(err, &exit) && exit.ExitCode() == 1:
			// Every one of these programs exits with 1 (AppleScript: an error
			// -128) when the person cancels.
			return "", ErrCancelled
		case errors.As(err, &exit):
			return "", fmt.Errorf("the file dialog (%s) failed: %s", c.prog, firstLine(errOut.String()))
		}
	}
	return "", ErrNoDialog
}

// firstLine returns the first non-empty line of s, or "no message".
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return "no message"
}
