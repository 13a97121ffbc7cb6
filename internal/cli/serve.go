package cli

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/tablut-ai/tablut/arena"
)

func init() {
	register("serve", "referee Tablut Challenge games between two network clients", runServe)
}

func runServe(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	listen := fs.String("listen", "127.0.0.1", "address to listen on (0.0.0.0 for every interface)")
	pw := fs.Int("port-white", arena.PortWhite, "port for the White client")
	pb := fs.Int("port-black", arena.PortBlack, "port for the Black client")
	moveTime := fs.Duration("movetime", arena.DefaultTimeout, "move limit; a client over it loses")
	games := fs.Int("games", 1, "games to referee, one after another (0 = until interrupted)")
	records := fs.String("records", "", "folder to save every game record in (none if empty)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut serve [-listen 127.0.0.1] [-movetime 60s] [-games 1] [-records DIR]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := firstError(
		port("port-white", *pw, false),
		port("port-black", *pb, false),
		positiveDuration("movetime", *moveTime),
		intIn("games", *games, 0, 1_000_000),
	); err != nil {
		return err
	}
	if *pw == *pb {
		return fmt.Errorf("-port-white and -port-black must differ, both are %d", *pw)
	}
	logger := log.New(os.Stderr, "", log.LstdFlags)
	s, err := arena.NewServer(arena.ServerConfig{Listen: *listen, PortWhite: *pw, PortBlack: *pb, MoveTime: *moveTime,
		Log: func(l string) { logger.Println(l) }})
	if err != nil {
		return err
	}
	defer s.Close()
	if *records != "" {
		if err := os.MkdirAll(*records, 0o755); err != nil {
			return fmt.Errorf("cannot create the records folder %s: %v", *records, err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	w, b := s.Addrs()
	logger.Printf("waiting for White on %s and Black on %s", w, b)
	for i := 1; *games == 0 || i <= *games; i++ {
		res, err := s.PlayGame(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		fmt.Printf("game %d: %s (White) vs %s (Black): %v, %s, %d plies\n", i, res.White, res.Black, res.Game.Outcome(), res.Reason, res.Game.Ply())
		if *records != "" {
			path := filepath.Join(*records, fmt.Sprintf("serve-%s-%03d.txt", time.Now().Format("20060102-150405"), i))
			f, err := os.Create(path)
			if err != nil {
				return fmt.Errorf("cannot write the game record %s: %v", path, err)
			}
			werr := res.WriteRecord(f, *moveTime)
			if cerr := f.Close(); werr == nil {
				werr = cerr
			}
			if werr != nil {
				return fmt.Errorf("cannot write the game record %s: %v", path, werr)
			}
		}
	}
	return nil
}
