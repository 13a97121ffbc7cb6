package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tablut-ai/tablut/internal/atomicfile"
	"github.com/tablut-ai/tablut/internal/regfile"
)

// Store keeps a few small named blobs between runs of the game: the person's
// last choices, the game left on the board. On the desktop they are files in
// the user's configuration folder (DirStore); in a browser, entries of the
// page's local storage (store_js.go). A store never makes the game fail: a
// caller treats a load error as "nothing kept" and shows the message.
type Store interface {
	// Load returns what Save kept under name, or an error wrapping
	// fs.ErrNotExist when nothing was kept.
	Load(name string) ([]byte, error)
	// Save keeps data under name, replacing what was there.
	Save(name string, data []byte) error
}

// DirStore keeps each blob as a file of Dir, written atomically so that a
// crash leaves the old content or the new, never half of it.
type DirStore struct{ Dir string }

// storeName checks that name is a plain file name: the store's names come
// from the program, never from a person, but a slip must not write elsewhere.
func storeName(name string) error {
	if name == "" || name != filepath.Base(name) || strings.HasPrefix(name, ".") {
		return fmt.Errorf("store: %q is not a plain name", name)
	}
	return nil
}

// Load reads Dir/name. Only a regular file is read: a named pipe put in its
// place would make the read wait for a writer, and the window with it.
func (s DirStore) Load(name string) ([]byte, error) {
	if err := storeName(name); err != nil {
		return nil, err
	}
	b, err := regfile.ReadFile(filepath.Join(s.Dir, name))
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", filepath.Join(s.Dir, name), unwrapPath(err))
	}
	return b, nil
}

// Save writes Dir/name, making Dir first if needed. Something other than a
// regular file under that name (a named pipe, a folder) is left as it is and
// the save refused: atomicfile would write through a pipe, waiting for a
// reader that never comes.
func (s DirStore) Save(name string, data []byte) error {
	if err := storeName(name); err != nil {
		return err
	}
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return fmt.Errorf("cannot make the folder %s: %w", s.Dir, unwrapPath(err))
	}
	path := filepath.Join(s.Dir, name)
	if fi, err := os.Stat(path); err == nil {
		if err := regfile.Check(path, fi); err != nil {
			return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
		}
	}
	if err := atomicfile.WriteBytes(path, data); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	return nil
}

// unwrapPath drops the operation and path of a *fs.PathError (the message
// names the file already), keeping the cause that errors.Is looks for.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// memStore is a Store in memory: the fallback when no folder can hold the
// blobs, and the tests' store.
type memStore map[string][]byte

func (m memStore) Load(name string) ([]byte, error) {
	if b, ok := m[name]; ok {
		return append([]byte(nil), b...), nil
	}
	return nil, fmt.Errorf("nothing kept as %s: %w", name, fs.ErrNotExist)
}

func (m memStore) Save(name string, data []byte) error {
	if err := storeName(name); err != nil {
		return err
	}
	m[name] = append([]byte(nil), data...)
	return nil
}

// NewMemStore returns an empty Store held in memory, gone when the program ends.
func NewMemStore() Store { return memStore{} }
