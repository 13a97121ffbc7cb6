package session

import "errors"

// Dialogs asks the person for a file to open or a file name to save to. Both
// calls block until the person answers, so the controller runs them on a
// goroutine of their own. They return ErrNoDialog when the desktop offers no
// file dialog and ErrCancelled when the person closes it.
type Dialogs interface {
	OpenFile(dir string) (string, error)
	SaveFile(dir, name string) (string, error)
}

var (
	// ErrNoDialog: no file dialog is available on this desktop (no dialog
	// program; on Windows, no common dialog library).
	ErrNoDialog = errors.New("no file dialog is available")
	// ErrCancelled: the person closed the dialog without choosing a file.
	ErrCancelled = errors.New("cancelled")
)

// Downloader is a Dialogs that saves by handing the record's bytes to the
// person, as a browser's download does, rather than by naming a file.
type Downloader interface {
	Download(name string, data []byte) error
}

// Picker is a Dialogs that opens by reading the chosen file itself, as a
// browser's file picker does (a page sees no paths): it blocks until the
// person answers and returns the file's name and bytes, or ErrCancelled.
type Picker interface {
	PickFile() (name string, data []byte, err error)
}
