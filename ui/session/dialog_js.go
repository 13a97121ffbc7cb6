//go:build js

package session

import (
	"errors"
	"fmt"
	"syscall/js"
	"time"
)

// defaultDialogs are the page's file exchanges.
func defaultDialogs() Dialogs { return BrowserDialogs{} }

// RecordsDir means nothing in a browser, which shows a page no folders: saved
// games are downloads (BrowserDialogs.Download).
func RecordsDir() string { return "." }

// BrowserDialogs exchanges records with the person the way a web page can:
// Save hands the record to the browser as a download (a Blob behind a link
// with the download attribute, clicked from code), Open shows the browser's
// own file picker (an <input type=file>, clicked from code while the
// person's click or key press still counts as a user gesture) and reads the
// chosen file in memory. Paths never appear, so OpenFile and SaveFile answer
// ErrNoDialog; the controller uses Download and PickFile instead.
type BrowserDialogs struct{}

// OpenFile: a page has no paths; see PickFile.
func (BrowserDialogs) OpenFile(string) (string, error) { return "", ErrNoDialog }

// SaveFile: a page has no paths; see Download.
func (BrowserDialogs) SaveFile(string, string) (string, error) { return "", ErrNoDialog }

// jsCall runs f and turns a JavaScript exception (a panic in syscall/js) into
// an error naming what was being done.
func jsCall(what string, f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser refused to %s: %v", what, r)
		}
	}()
	f()
	return nil
}

// Download offers data to the person as a file named name.
func (BrowserDialogs) Download(name string, data []byte) error {
	return jsCall("download the record", func() {
		g := js.Global()
		arr := g.Get("Uint8Array").New(len(data))
		js.CopyBytesToJS(arr, data)
		blob := g.Get("Blob").New([]any{arr}, map[string]any{"type": "text/plain"})
		url := g.Get("URL").Call("createObjectURL", blob)
		doc := g.Get("document")
		a := doc.Call("createElement", "a")
		a.Set("href", url)
		a.Set("download", name)
		a.Get("style").Set("display", "none")
		doc.Get("body").Call("appendChild", a)
		a.Call("click")
		a.Call("remove")
		// The browser has the bytes once the download started; free the
		// object URL a while later (revoking it at once can cancel it).
		time.AfterFunc(time.Minute, func() { g.Get("URL").Call("revokeObjectURL", url) })
	})
}

// pickID is the id of the file picker's element while it is shown, so that
// a test can hand it a file (as chromedp's SetUploadFiles does).
const pickID = "tablut-open"

// PickFile shows the browser's file picker and waits for the chosen file.
// Browsers that fire no "cancel" event on the picker (before Chrome 113,
// Firefox 91, Safari 16.4) leave a cancelled picker waiting: a later Open
// then shows a new one (the controller lets the old answer go).
func (BrowserDialogs) PickFile() (string, []byte, error) {
	type answer struct {
		name string
		data []byte
		err  error
	}
	ch := make(chan answer, 1)
	send := func(a answer) {
		select {
		case ch <- a:
		default:
		}
	}
	var funcs []js.Func
	fn := func(f func(this js.Value, args []js.Value) any) js.Func {
		jf := js.FuncOf(f)
		funcs = append(funcs, jf)
		return jf
	}
	var input js.Value
	err := jsCall("show a file picker", func() {
		doc := js.Global().Get("document")
		if old := doc.Call("getElementById", pickID); !old.IsNull() {
			old.Call("remove")
		}
		input = doc.Call("createElement", "input")
		input.Set("type", "file")
		input.Set("id", pickID)
		input.Set("accept", ".txt,text/plain")
		input.Get("style").Set("display", "none")
		input.Call("addEventListener", "cancel", fn(func(js.Value, []js.Value) any {
			send(answer{err: ErrCancelled})
			return nil
		}))
		input.Call("addEventListener", "change", fn(func(js.Value, []js.Value) any {
			files := input.Get("files")
			if files.Get("length").Int() == 0 {
				send(answer{err: ErrCancelled})
				return nil
			}
			file := files.Index(0)
			name := file.Get("name").String()
			file.Call("arrayBuffer").Call("then", fn(func(_ js.Value, args []js.Value) any {
				buf := js.Global().Get("Uint8Array").New(args[0])
				data := make([]byte, buf.Get("length").Int())
				js.CopyBytesToGo(data, buf)
				send(answer{name: name, data: data})
				return nil
			}), fn(func(_ js.Value, args []js.Value) any {
				send(answer{err: errors.New("cannot read " + name + ": " + args[0].Call("toString").String())})
				return nil
			}))
			return nil
		}))
		doc.Get("body").Call("appendChild", input)
		input.Call("click")
	})
	if err != nil {
		return "", nil, err
	}
	a := <-ch
	jsCall("close the file picker", func() { input.Call("remove") })
	for _, f := range funcs {
		f.Release()
	}
	return a.name, a.data, a.err
}
