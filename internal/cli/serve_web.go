package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"strconv"
	"sync"
	"time"

	"github.com/tablut-ai/tablut/web/site"
)

func init() {
	register("serve-web", "serve the web build (the game as a page) to the browsers of a room", runServeWeb)
}

// runServeWeb serves a built site folder (the release's tablut_VERSION_web.zip
// unpacked, or go run ./web/mksite -o DIR) over HTTP, so that a class without
// internet plays in the browser from the teacher's machine.
func runServeWeb(args []string) error {
	cfg := defaultWebServerConfig()
	fs := flag.NewFlagSet("serve-web", flag.ContinueOnError)
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "address to listen on, host:port; :8080 is every network of this machine, so the room reaches it; 127.0.0.1:8080 is this machine only")
	fs.StringVar(&cfg.Dir, "dir", ".", "the site folder: index.html, wasm_exec.js and tablut.wasm")
	fs.IntVar(&cfg.PerClient, "per-client", cfg.PerClient, "most connections one address may hold open (a browser opens about 6); 0 for no cap, e.g. for a room behind one proxy")
	fs.IntVar(&cfg.MaxConns, "max-conns", 0, "most connections open at once, all visitors together (0: "+autoConnsText()+")")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut serve-web [-addr :8080] [-dir DIR] [-per-client 16] [-max-conns N]")
		fmt.Fprintln(fs.Output(), "Serves only the site's files (no folder listings, no hidden files, no links")
		fmt.Fprintln(fs.Output(), "out of the folder), so listening on every network is safe and is the default.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	s, err := newWebServer(cfg, os.Stdout)
	if err != nil {
		return err
	}
	fmt.Println("press Ctrl+C to stop")
	return s.serve(ctx)
}

// webServerConfig is what serve-web runs with; the tests shorten its times.
type webServerConfig struct {
	Dir, Addr string
	// PerClient is the most connections one address may hold open (0: no
	// cap); MaxConns the most open at once (0: half what the process may
	// open, at most 512).
	PerClient, MaxConns int

	// ReadHeader and Read bound the reading of a request (the site takes
	// no request bodies); Idle closes a kept-alive connection that asks
	// for nothing more, so that idle browsers do not hold the server's
	// descriptors.
	ReadHeader, Read, Idle time.Duration
	// A response may go WriteStall without the client taking a chunk,
	// and after WriteStall it must keep an average of MinRate bytes a
	// second: one fixed write timeout would either cut off the game's
	// 18 MB on a crowded Wi-Fi or let a client that never reads hold a
	// connection for as long.
	WriteStall time.Duration
	MinRate    int64
}

func defaultWebServerConfig() webServerConfig {
	// The times are for a room: 30 pupils sharing a Wi-Fi that gives them
	// 2.5 MB/s together take about 80 KB/s each, so 4.8 MB of compressed
	// game come in about a minute and the 18 MB plain one in about four;
	// 4 KB/s is twenty times slower than that.
	return webServerConfig{
		Addr:       ":8080",
		PerClient:  16,
		ReadHeader: 10 * time.Second,
		Read:       30 * time.Second,
		Idle:       30 * time.Second,
		WriteStall: 60 * time.Second,
		MinRate:    4 << 10,
	}
}

// fdReserve is the descriptors kept for the process itself (its own files,
// the listener, standard streams) when MaxConns is worked out.
const fdReserve = 16

// autoConns is the default cap on connections: each may also hold a file
// of the site open, so half of what the process may open, less a reserve.
func autoConns() int {
	n := 512
	if lim := openFileLimit(); lim > 0 {
		n = min(n, max((lim-fdReserve)/2, 1))
	}
	return n
}

func autoConnsText() string {
	if lim := openFileLimit(); lim > 0 {
		return fmt.Sprintf("half the files this process may open, at most 512: %d here", autoConns())
	}
	return "512"
}

// webServer is serve-web's listener, handler and HTTP server.
type webServer struct {
	cfg webServerConfig
	h   *site.Handler
	ln  *roomListener
	srv *http.Server
	log *log.Logger
}

// newWebServer opens the site and the listener and prints the addresses
// that reach it to out, where it also logs visitors and refusals.
func newWebServer(cfg webServerConfig, out io.Writer) (*webServer, error) {
	if cfg.PerClient < 0 {
		return nil, fmt.Errorf("-per-client %d: give a number of connections, or 0 for no cap", cfg.PerClient)
	}
	auto := autoConns()
	switch {
	case cfg.MaxConns == 0:
		cfg.MaxConns = auto
	case cfg.MaxConns < 0:
		return nil, fmt.Errorf("-max-conns %d: give a number of connections, or 0 for the default", cfg.MaxConns)
	case openFileLimit() > 0 && cfg.MaxConns > auto:
		return nil, fmt.Errorf("-max-conns %d is more than this process can serve (it may open %d files, two per connection): at most %d, or raise the limit (ulimit -n)", cfg.MaxConns, openFileLimit(), auto)
	}
	lg := log.New(out, "", log.Ltime)
	h, err := site.NewHandler(cfg.Dir, lg.Printf)
	if err != nil {
		return nil, err
	}
	inner, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		h.Close()
		return nil, fmt.Errorf("cannot listen on %s: %v (choose another with -addr, e.g. -addr :8081)", cfg.Addr, err)
	}
	s := &webServer{cfg: cfg, h: h, log: lg}
	s.ln = newRoomListener(inner, cfg.PerClient, cfg.MaxConns, lg.Printf)
	s.srv = &http.Server{
		Handler:           paced(h, cfg.WriteStall, cfg.MinRate),
		ReadHeaderTimeout: cfg.ReadHeader,
		ReadTimeout:       cfg.Read,
		// The deadline for a response's headers; paced moves it on as
		// the body goes out.
		WriteTimeout:   cfg.WriteStall,
		IdleTimeout:    cfg.Idle,
		MaxHeaderBytes: 16 << 10,
		ErrorLog:       log.New(out, "http: ", log.Ltime),
	}
	// When every connection is taken, the idle ones (browsers keep them
	// for minutes) make room for the visitor who waits.
	s.ln.onFull = func() {
		s.srv.SetKeepAlivesEnabled(false) // closes the idle ones
		s.srv.SetKeepAlivesEnabled(true)
	}
	local, room := listenURLs(inner.Addr().(*net.TCPAddr), lanAddrs())
	switch {
	case local != "" && len(room) > 0:
		fmt.Fprintf(out, "serving %s at %s\n", cfg.Dir, local)
		for _, u := range room {
			fmt.Fprintf(out, "  for the room: %s\n", u)
		}
	case local != "" && addrIP(inner.Addr()).IsLoopback():
		fmt.Fprintf(out, "serving %s at %s (this machine only; -addr :%d serves the room)\n", cfg.Dir, local, addrPort(inner.Addr()))
	case local != "":
		fmt.Fprintf(out, "serving %s at %s (no network found: this machine only)\n", cfg.Dir, local)
	default:
		fmt.Fprintf(out, "serving %s at %s (this machine and the room)\n", cfg.Dir, room[0])
	}
	return s, nil
}

// serve answers until ctx ends, then lets the requests in flight finish for
// a moment before it closes the site.
func (s *webServer) serve(ctx context.Context) error {
	defer s.h.Close()
	served := make(chan error, 1)
	go func() { served <- s.srv.Serve(s.ln) }()
	select {
	case err := <-served:
		return err // the listener failed: Serve never returns nil
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if s.srv.Shutdown(sctx) != nil {
		s.srv.Close() // downloads still running: cut them
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// listenURLs are the addresses that reach a listener: for one on every
// interface, localhost and each network address of the machine; for one on
// a single address, that address alone (a room cannot reach 127.0.0.1, and
// localhost does not reach a listener on the network address).
func listenURLs(a *net.TCPAddr, lan []string) (local string, room []string) {
	port := strconv.Itoa(a.Port)
	ip, _ := netip.AddrFromSlice(a.IP)
	ip = ip.Unmap()
	switch {
	case ip.IsUnspecified() || !ip.IsValid():
		for _, l := range lan {
			room = append(room, "http://"+net.JoinHostPort(l, port)+"/")
		}
		return "http://localhost:" + port + "/", room
	case ip.IsLoopback():
		return "http://" + net.JoinHostPort(ip.String(), port) + "/", nil
	default:
		return "", []string{"http://" + net.JoinHostPort(ip.String(), port) + "/"}
	}
}

func addrIP(a net.Addr) netip.Addr {
	ip, _ := netip.AddrFromSlice(a.(*net.TCPAddr).IP)
	return ip.Unmap()
}

func addrPort(a net.Addr) int { return a.(*net.TCPAddr).Port }

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

// roomListener caps the connections a server holds: per client address,
// where an extra connection is closed at once (a browser opens about six;
// more from one address is a program holding descriptors), and all
// together, where Accept holds the first visitor beyond the cap until a
// place frees (closing idle connections for it) rather than failing, the
// kernel keeping the later ones in its queue.
type roomListener struct {
	net.Listener
	perClient int
	slots     chan struct{} // a token per open connection
	done      chan struct{}
	closeOnce sync.Once
	onFull    func() // called when Accept has to wait for a place
	logf      func(format string, args ...any)

	mu       sync.Mutex
	clients  map[string]*clientConns
	lastFull time.Time // when waiting for a place was last logged
}

// clientConns is one address's open connections; warned says its refusal
// was logged. The entry goes when the last connection closes, so a client
// that hits the cap again later is logged again, one line a time.
type clientConns struct {
	open   int
	warned bool
}

func newRoomListener(inner net.Listener, perClient, maxConns int, logf func(string, ...any)) *roomListener {
	return &roomListener{
		Listener:  inner,
		perClient: perClient,
		slots:     make(chan struct{}, maxConns),
		done:      make(chan struct{}),
		logf:      logf,
		clients:   map[string]*clientConns{},
	}
}

func (l *roomListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := addrIP(c.RemoteAddr()).String()
		if !l.admit(ip) {
			c.Close()
			continue
		}
		// The place is taken once a visitor is really there, so that
		// making room (closing idle connections) is done for someone.
		if err := l.acquire(); err != nil {
			c.Close()
			l.unadmit(ip)
			return nil, err
		}
		return &roomConn{Conn: c, l: l, ip: ip}, nil
	}
}

// roomRetry is how often a visitor who waits for a place asks the idle
// connections again to close: a connection busy when the visitor came
// turns idle a moment later.
const roomRetry = 100 * time.Millisecond

// acquire takes a place for a connection, waiting while all are taken.
func (l *roomListener) acquire() error {
	select {
	case l.slots <- struct{}{}:
		return nil
	default:
	}
	l.mu.Lock()
	if time.Since(l.lastFull) > time.Minute {
		l.lastFull = time.Now()
		l.logf("all %d connections in use: closing idle ones, new visitors wait (-max-conns)", cap(l.slots))
	}
	l.mu.Unlock()
	tick := time.NewTicker(roomRetry)
	defer tick.Stop()
	for {
		if l.onFull != nil {
			l.onFull()
		}
		select {
		case l.slots <- struct{}{}:
			return nil
		case <-l.done:
			return net.ErrClosed
		case <-tick.C:
		}
	}
}

// admit counts a new connection from ip, or reports false when ip already
// holds its most.
func (l *roomListener) admit(ip string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	cc := l.clients[ip]
	if cc == nil {
		cc = &clientConns{}
		l.clients[ip] = cc
	}
	if l.perClient > 0 && cc.open >= l.perClient {
		if !cc.warned {
			cc.warned = true
			l.logf("%s holds %d connections, the most one address may (-per-client %d): closing its new ones until some close", ip, cc.open, l.perClient)
		}
		return false
	}
	cc.open++
	return true
}

func (l *roomListener) release(ip string) {
	l.unadmit(ip)
	<-l.slots
}

// unadmit takes back what admit counted for ip.
func (l *roomListener) unadmit(ip string) {
	l.mu.Lock()
	if cc := l.clients[ip]; cc != nil {
		if cc.open--; cc.open <= 0 {
			delete(l.clients, ip)
		}
	}
	l.mu.Unlock()
}

func (l *roomListener) Close() error {
	l.closeOnce.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// roomConn gives its place back when closed, once however often Close is
// called.
type roomConn struct {
	net.Conn
	l    *roomListener
	ip   string
	once sync.Once
}

func (c *roomConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.ip) })
	return err
}

// paced moves each response's write deadline on as its body goes out: the
// client must take each chunk within stall, and after the first stall keep
// an average of minRate bytes a second.
func paced(h http.Handler, stall time.Duration, minRate int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(&pacedWriter{ResponseWriter: w, rc: http.NewResponseController(w), start: time.Now(), stall: stall, minRate: minRate}, r)
	})
}

// paceChunk is how much goes out between two moves of the deadline.
const paceChunk = 32 << 10

type pacedWriter struct {
	http.ResponseWriter
	rc      *http.ResponseController
	start   time.Time
	sent    int64
	stall   time.Duration
	minRate int64
}

func (w *pacedWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 {
		c := min(len(p), paceChunk)
		w.rc.SetWriteDeadline(writeDeadline(w.start, time.Now(), w.sent+int64(c), w.stall, w.minRate))
		m, err := w.ResponseWriter.Write(p[:c])
		n += m
		w.sent += int64(m)
		if err != nil {
			return n, err
		}
		p = p[c:]
	}
	return n, nil
}

// Unwrap lets http.ResponseController reach the connection.
func (w *pacedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// writeDeadline is when the first total bytes of a response begun at start
// must have gone out: within stall of now, and no later than an average of
// minRate a second after a first stall allows.
func writeDeadline(start, now time.Time, total int64, stall time.Duration, minRate int64) time.Time {
	d := now.Add(stall)
	if minRate > 0 {
		byRate := start.Add(stall + time.Duration(float64(total)/float64(minRate)*float64(time.Second)))
		if byRate.Before(d) {
			d = byRate
		}
	}
	return d
}
