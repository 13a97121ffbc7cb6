package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"
)

func init() {
	register("serve-web", "serve the web build (the game as a page) to the browsers of a room", runServeWeb)
}

// runServeWeb serves a built site folder (the release's tablut_VERSION_web.zip
// unpacked, or go run ./web/mksite -o DIR) over HTTP, so that a class without
// internet plays in the browser from the teacher's machine.
func runServeWeb(args []string) error {
	fs := flag.NewFlagSet("serve-web", flag.ContinueOnError)
	addr := fs.String("addr", ":8080", "address to listen on (host:port; :8080 is every interface)")
	dir := fs.String("dir", ".", "the site folder: index.html, wasm_exec.js and tablut.wasm")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut serve-web [-addr :8080] [-dir DIR]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	h, err := siteHandler(*dir)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %v (choose another with -addr, e.g. -addr :8081)", *addr, err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	fmt.Printf("serving %s at http://localhost:%d/\n", *dir, port)
	for _, ip := range lanAddrs() {
		fmt.Printf("  for the room: http://%s/\n", net.JoinHostPort(ip, fmt.Sprint(port)))
	}
	fmt.Println("press Ctrl+C to stop")
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// siteHandler serves the files of dir, which must hold a built site. The
// .wasm goes out as application/wasm, which browsers require to compile it
// while it downloads; the page and the game are never cached stale
// (no-cache: the browser revalidates, so a rebuilt site is seen at once).
func siteHandler(dir string) (http.Handler, error) {
	for _, f := range []string{"index.html", "wasm_exec.js", "tablut.wasm"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			return nil, fmt.Errorf("%s holds no %s: unzip tablut_VERSION_web.zip there, or build the site with go run ./web/mksite -o %s", dir, f, dir)
		}
	}
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	}), nil
}

// lanAddrs lists this machine's IPv4 addresses on its networks (not the
// loopback), where the room's browsers reach it.
func lanAddrs() []string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var out []string
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			out = append(out, n.IP.String())
		}
	}
	return out
}
