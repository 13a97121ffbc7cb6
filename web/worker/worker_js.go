//go:build js

package main

import (
	"syscall/js"

	"github.com/tablut-ai/tablut/web/searchmsg"
)

// main answers the page's messages. search-worker.js keeps those that come
// while this program loads in tablutQueue; they are taken first.
func main() {
	self := js.Global()
	s := newServer(func(text string) { self.Call("postMessage", text) })
	self.Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if d := args[0].Get("data"); d.Type() == js.TypeString {
			s.receive(d.String())
		}
		return nil
	}))
	if q := self.Get("tablutQueue"); q.Type() == js.TypeObject {
		for i := 0; i < q.Length(); i++ {
			s.receive(q.Index(i).String())
		}
		self.Delete("tablutQueue")
	}
	s.post(searchmsg.Reply{Ready: true}.Encode())
	s.run()
}
