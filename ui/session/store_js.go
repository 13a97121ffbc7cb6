//go:build js

package session

import (
	"encoding/base64"
	"fmt"
	"io/fs"
	"syscall/js"
)

// localStorage is a Store in the browser's local storage of the page's
// origin, each blob base64-encoded under the key "tablut/NAME". A browser
// may refuse storage (private windows, a blocked site): every call then
// returns an error, which the caller shows.
type localStorage struct{}

// DefaultStore returns the page's local storage.
func DefaultStore() Store { return localStorage{} }

// storage returns window.localStorage, or an error when the browser refuses it.
func storage() (v js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser refuses local storage: %v", r)
		}
	}()
	v = js.Global().Get("localStorage")
	if v.IsUndefined() || v.IsNull() {
		return v, fmt.Errorf("the browser offers no local storage")
	}
	return v, nil
}

func (localStorage) Load(name string) (b []byte, err error) {
	if err := storeName(name); err != nil {
		return nil, err
	}
	st, err := storage()
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cannot read %s from local storage: %v", name, r)
		}
	}()
	v := st.Call("getItem", "tablut/"+name)
	if v.IsNull() || v.IsUndefined() {
		return nil, fmt.Errorf("nothing kept as %s: %w", name, fs.ErrNotExist)
	}
	b, err = base64.StdEncoding.DecodeString(v.String())
	if err != nil {
		return nil, fmt.Errorf("local storage entry %s is damaged: %v", name, err)
	}
	return b, nil
}

func (localStorage) Save(name string, data []byte) (err error) {
	if err := storeName(name); err != nil {
		return err
	}
	st, err := storage()
	if err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cannot keep %s in local storage (full or blocked): %v", name, r)
		}
	}()
	st.Call("setItem", "tablut/"+name, base64.StdEncoding.EncodeToString(data))
	return nil
}
