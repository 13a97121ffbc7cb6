package cli

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/arena"
	"github.com/tablut-ai/tablut/game"
)

func init() {
	register("connect", "play one game on a Tablut Challenge server", runConnect)
}

func runConnect(args []string) error {
	fs := flag.NewFlagSet("connect", flag.ContinueOnError)
	color := fs.String("color", "", "our side: white (port 5800) or black (port 5801)")
	who := fs.String("player", "heuristic", "our player: "+strings.Join(player.Names(), ", ")+", or cnn:path/to/file.tnn")
	name := fs.String("name", "Tabby", "name sent to the server (it keeps 10 letters and digits)")
	host := fs.String("host", "127.0.0.1", "server host")
	portFlag := fs.Int("port", 0, "server port (0 = 5800 for white, 5801 for black)")
	timeout := fs.Duration("timeout", arena.DefaultTimeout, "the server's move limit; the engine thinks at most this minus 1.5s and the network's delay")
	wait := fs.Duration("wait", arena.DefaultWait, "how long to wait for the game to start (the opponent to connect)")
	quiet := fs.Bool("quiet", false, "print only the result")
	ponder := fs.Bool("ponder", true, "think on the opponent's time about the reply we expect (timed searches)")
	lim := player.AddFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut connect -color white|black [-player cnn:champion] [-movetime 2s] [-name Tabby] [-host 127.0.0.1] [-timeout 60s]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := firstError(
		port("port", *portFlag, true),
		positiveDuration("timeout", *timeout),
		positiveDuration("wait", *wait),
		checkLimits(lim),
	); err != nil {
		return err
	}
	var c game.Color
	switch strings.ToLower(*color) {
	case "white", "w":
		c = game.White
	case "black", "b":
		c = game.Black
	default:
		fs.Usage()
		return fmt.Errorf("bad -color %q: want white or black", *color)
	}
	spec, err := player.ParseSpec(*who)
	if err != nil {
		return err
	}
	spec = lim.Apply(fs, spec)
	spec.Ponder = *ponder
	if spec.Kind == player.Human {
		return fmt.Errorf("connect plays with a computer player; choose -player from %s", strings.Join(player.Names()[1:], ", "))
	}
	if spec.MoveTime > 0 || (spec.Depth == 0 && spec.Nodes == 0) {
		spec.MoveTime = arena.ThinkTime(spec.Limits().MoveTime, *timeout)
	}
	p, err := player.New(spec)
	if err != nil {
		return err
	}
	addr := arena.Addr(*host, c)
	if *portFlag > 0 {
		addr = net.JoinHostPort(*host, strconv.Itoa(*portFlag))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cl := &arena.Client{Addr: addr, Color: c, Name: *name, Player: p, Timeout: *timeout, Wait: *wait}
	if !*quiet {
		cl.Log = func(s string) { fmt.Println(s) }
		fmt.Printf("%s plays %v as %s\n", printable(spec.Describe()), c, arena.CleanName(*name))
	}
	start := time.Now()
	res, err := cl.Play(ctx)
	if err != nil {
		return err
	}
	verdict := "draw"
	if w, ok := res.Outcome.Winner(); ok {
		verdict = "we lost"
		if w == c {
			verdict = "we won"
		}
	}
	fmt.Printf("result %v (%s): %s after %d plies in %v\n", res.Outcome, verdict, res.Reason, res.Game.Ply(), time.Since(start).Round(time.Second))
	if e, ok := p.(*player.Engine); ok && spec.Ponder && !*quiet {
		hits, misses := e.PonderStats()
		fmt.Printf("pondering: the opponent played the reply we expected %d times (ponder hits), another move %d times\n", hits, misses)
	}
	return nil
}
