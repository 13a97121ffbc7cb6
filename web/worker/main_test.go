package main

import (
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/web/searchmsg"
)

// replies collects what a server posts.
type replies struct {
	mu  sync.Mutex
	got []searchmsg.Reply
}

func (r *replies) post(t *testing.T) func(string) {
	return func(s string) {
		rep, err := searchmsg.DecodeReply(s)
		if err != nil {
			t.Errorf("the server posted %q: %v", s, err)
		}
		r.mu.Lock()
		r.got = append(r.got, rep)
		r.mu.Unlock()
	}
}

// result waits for the reply that ends search id.
func (r *replies) result(t *testing.T, id int64) searchmsg.Reply {
	t.Helper()
	for range 2000 {
		r.mu.Lock()
		for _, rep := range r.got {
			if rep.ID == id && (rep.Result != nil || rep.Err != "") {
				r.mu.Unlock()
				return rep
			}
		}
		r.mu.Unlock()
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no result for search %d", id)
	return searchmsg.Reply{}
}

// The server searches a request within its limits and its share, reports
// each depth, refuses a bad request with a message, and keeps one engine
// per player and seed.
func TestServerSearches(t *testing.T) {
	var r replies
	s := newServer(r.post(t))
	go s.run()
	defer close(s.queue)
	pos := game.StartPosition()
	g := game.NewGame(pos)
	share := searchmsg.Split(pos, 3)[1]
	s.receive(searchmsg.NewRequest(1, "level:club", 7, 2*time.Second, ai.Limits{Depth: 3}, pos, g.RepetitionHistory(), share).Encode())
	rep := r.result(t, 1)
	if rep.Err != "" || rep.Result.Depth != 3 || !slices.Contains(share, rep.Result.Move) {
		t.Fatalf("club's search of a share: %+v %+v (share %v)", rep, rep.Result, share)
	}
	infos := 0
	for _, x := range r.got {
		if x.ID == 1 && x.Info != nil {
			infos++
		}
	}
	if infos < 3 {
		t.Errorf("%d reports for a search to depth 3", infos)
	}
	s.receive(`{"ID":2,"Spec":"nosuch","Pos":"x"}`)
	if rep := r.result(t, 2); !strings.Contains(rep.Err, "nosuch") {
		t.Errorf("a bad player gives %+v", rep)
	}
	s.receive(searchmsg.NewRequest(3, "level:club", 7, 2*time.Second, ai.Limits{Depth: 1}, pos, nil, nil).Encode())
	r.result(t, 3)
	if len(s.engines) != 1 {
		t.Errorf("the server holds %d engines for one player and seed", len(s.engines))
	}
}

// A stop ends a long search soon, and one still queued at once.
func TestServerStops(t *testing.T) {
	var r replies
	s := newServer(r.post(t))
	go s.run()
	defer close(s.queue)
	pos := game.StartPosition()
	long := ai.Limits{MoveTime: time.Minute}
	s.receive(searchmsg.NewRequest(1, "heuristic", 1, time.Minute, long, pos, nil, nil).Encode())
	s.receive(searchmsg.NewRequest(2, "heuristic", 1, time.Minute, long, pos, nil, nil).Encode())
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	s.receive(searchmsg.Request{ID: 2, Stop: true}.Encode())
	s.receive(searchmsg.Request{ID: 1, Stop: true}.Encode())
	for _, id := range []int64{1, 2} {
		if rep := r.result(t, id); rep.Result == nil || rep.Result.Move == game.NoMove {
			t.Errorf("stopped search %d: %+v", id, rep)
		}
	}
	if el := time.Since(start); el > 10*time.Second {
		t.Errorf("two stopped searches took %v", el)
	}
}

// TestOnlyTheSearch: the worker's build links no window (ebiten, ui).
func TestOnlyTheSearch(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", ".")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/tablut-ai/tablut/ai/player") {
		t.Fatalf("the worker does not link the players: %v", deps)
	}
	for _, d := range deps {
		for _, bad := range []string{
			"github.com/hajimehoshi/ebiten",
			"github.com/tablut-ai/tablut/ui",
			"github.com/tablut-ai/tablut/internal/cli",
			"github.com/tablut-ai/tablut/internal/lab",
			"github.com/tablut-ai/tablut/arena",
			"gonum.org/",
		} {
			if strings.HasPrefix(d, bad) {
				t.Errorf("the search worker links %s", d)
			}
		}
	}
}

// Prepare makes the engine before the first search, and answers nothing.
func TestServerPrepares(t *testing.T) {
	var r replies
	s := newServer(r.post(t))
	s.receive(searchmsg.Request{ID: 0, Prepare: true, Spec: "level:beginner", Seed: 3, MoveTime: time.Second}.Encode())
	close(s.queue)
	s.run()
	if len(s.engines) != 1 || len(r.got) != 0 {
		t.Errorf("after a prepare: %d engines, replies %+v", len(s.engines), r.got)
	}
}
