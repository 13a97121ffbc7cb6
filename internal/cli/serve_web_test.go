package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// syncBuffer is the server's output, written from its goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// testSite writes a site folder whose .wasm weighs wasmBytes.
func testSite(t *testing.T, wasmBytes int) string {
	dir := t.TempDir()
	wasm := bytes.Repeat([]byte("\x00asm"), wasmBytes/4)
	for name, body := range map[string][]byte{"index.html": []byte("<html>"), "wasm_exec.js": []byte("//"), "tablut.wasm": wasm} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), body, 0o644))
	}
	return dir
}

// startWebServer runs serve-web's server on 127.0.0.1 with cfg changed by
// edit, and returns its address and output; it stops with the test.
func startWebServer(t *testing.T, dir string, edit func(*webServerConfig)) (string, *syncBuffer) {
	t.Helper()
	_, addr, out := startServer(t, dir, edit)
	return addr, out
}

func startServer(t *testing.T, dir string, edit func(*webServerConfig)) (*webServer, string, *syncBuffer) {
	t.Helper()
	cfg := defaultWebServerConfig()
	cfg.Dir, cfg.Addr = dir, "127.0.0.1:0"
	if edit != nil {
		edit(&cfg)
	}
	out := &syncBuffer{}
	s, err := newWebServer(cfg, out)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-served)
	})
	return s, s.ln.Addr().String(), out
}

// get asks for path on a connection of its own.
func get(t *testing.T, addr, path string) (*http.Response, []byte) {
	t.Helper()
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 10 * time.Second}
	resp, err := c.Get("http://" + addr + path)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, b
}

// keptAlive is a raw connection that has asked for / once and keeps the
// connection open, as a browser does.
func keptAlive(t *testing.T, addr string) (net.Conn, *bufio.Reader) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	r := bufio.NewReader(c)
	require.NoError(t, askRoot(c, r), "a connection within the caps is served")
	return c, r
}

// askRoot asks for / on c and reads the whole answer.
func askRoot(c net.Conn, r *bufio.Reader) error {
	c.SetDeadline(time.Now().Add(5 * time.Second))
	defer c.SetDeadline(time.Time{})
	if _, err := fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		return err
	}
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("status %s", resp.Status)
	}
	return err
}

// closedByServer reports whether the server closes c within wait (EOF or a
// reset when read) rather than leaving it open.
func closedByServer(c net.Conn, wait time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(wait))
	_, err := c.Read(make([]byte, 1))
	var ne net.Error
	return err != nil && !(errors.As(err, &ne) && ne.Timeout())
}

// serve-web serves the site as site.Handler does (the handler's own tests
// cover what it refuses), and refuses a folder that holds no site.
func TestServeWeb(t *testing.T) {
	err := runServeWeb([]string{"-dir", t.TempDir()})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "holds no index.html")
	assert.ErrorContains(t, runServeWeb([]string{"-dir", testSite(t, 8), "-per-client", "-1"}), "-per-client -1")

	addr, out := startWebServer(t, testSite(t, 8), nil)
	for path, want := range map[string]int{"/": 200, "/tablut.wasm": 200, "/wasm_exec.js": 200, "/.git/config": 404} {
		resp, _ := get(t, addr, path)
		assert.Equal(t, want, resp.StatusCode, path)
	}
	resp, _ := get(t, addr, "/tablut.wasm")
	assert.Equal(t, "application/wasm", resp.Header.Get("Content-Type"))
	assert.Equal(t, 1, strings.Count(out.String(), "visitor 127.0.0.1 (first request: /"), out.String())
}

// A listener on one address prints that address only: 127.0.0.1 gives no
// room address the room cannot reach.
func TestServeWebPrintsReachableAddresses(t *testing.T) {
	dir := testSite(t, 8)
	addr, out := startWebServer(t, dir, nil)
	_, port, _ := net.SplitHostPort(addr)
	first, _, _ := strings.Cut(out.String(), "\n")
	assert.Equal(t, fmt.Sprintf("serving %s at http://%s/ (this machine only; -addr :%s serves the room)", dir, addr, port), first)
	assert.NotContains(t, out.String(), "for the room")
	assert.NotContains(t, out.String(), "localhost")

	tcp := func(p int) *net.TCPAddr { return &net.TCPAddr{Port: p} }
	lan := []string{"192.168.1.5", "10.0.0.7"}
	local, room := listenURLs(tcp(8080), lan)
	assert.Equal(t, "http://localhost:8080/", local)
	assert.Equal(t, []string{"http://192.168.1.5:8080/", "http://10.0.0.7:8080/"}, room)
	a := tcp(8080)
	a.IP = net.IPv6unspecified
	local, room = listenURLs(a, lan)
	assert.Equal(t, "http://localhost:8080/", local)
	assert.Len(t, room, 2)
	a.IP = net.ParseIP("192.168.1.5")
	local, room = listenURLs(a, lan)
	assert.Empty(t, local)
	assert.Equal(t, []string{"http://192.168.1.5:8080/"}, room)
	a.IP = net.IPv6loopback
	local, room = listenURLs(a, lan)
	assert.Equal(t, "http://[::1]:8080/", local)
	assert.Empty(t, room)
}

// One address may hold at most -per-client connections: the next ones are
// closed at once, with one log line for the lot, and a place freed is
// taken again.
func TestServeWebPerClientCap(t *testing.T) {
	const perClient = 3
	addr, out := startWebServer(t, testSite(t, 8), func(c *webServerConfig) { c.PerClient = perClient })
	var held []net.Conn
	for range perClient {
		c, _ := keptAlive(t, addr)
		held = append(held, c)
	}
	for i := range 5 {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		assert.True(t, closedByServer(c, 5*time.Second), "extra connection %d is closed", i)
		c.Close()
	}
	assert.Equal(t, 1, strings.Count(out.String(), "127.0.0.1 holds 3 connections, the most one address may (-per-client 3)"), out.String())
	for _, c := range held {
		c.Close()
	}
	// The server notices the closes as it reads: places come back.
	assert.Eventually(t, func() bool {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			return false
		}
		defer c.Close()
		return askRoot(c, bufio.NewReader(c)) == nil
	}, 5*time.Second, 20*time.Millisecond)
}

// When every connection is taken by idle browsers, a new visitor is served
// at once: the idle ones are closed for it (the room locked out by 55 idle
// keep-alive connections).
func TestServeWebIdleMakeRoom(t *testing.T) {
	addr, _ := startWebServer(t, testSite(t, 8), func(c *webServerConfig) {
		c.PerClient, c.MaxConns, c.Idle = 0, 2, time.Hour
	})
	keptAlive(t, addr)
	keptAlive(t, addr)
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	assert.NoError(t, askRoot(c, bufio.NewReader(c)), "a new visitor is served while two idle connections fill the server")
}

// A kept-alive connection that asks for nothing more is closed after Idle.
func TestServeWebIdleTimeout(t *testing.T) {
	addr, _ := startWebServer(t, testSite(t, 8), func(c *webServerConfig) { c.Idle = 200 * time.Millisecond })
	c, _ := keptAlive(t, addr)
	assert.True(t, closedByServer(c, 5*time.Second), "an idle connection is closed")
	// A connection that never sends a whole request is closed after
	// ReadHeader.
	addr, _ = startWebServer(t, testSite(t, 8), func(c *webServerConfig) { c.ReadHeader = 200 * time.Millisecond })
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	fmt.Fprintf(c, "GET / HTTP/1.1\r\n")
	assert.True(t, closedByServer(c, 5*time.Second), "a slow request is closed")
}

// A client that stops reading a large answer is cut off after WriteStall
// instead of holding its connection.
func TestServeWebWriteStall(t *testing.T) {
	const size = 8 << 20 // more than the two ends' socket buffers hold
	s, addr, _ := startServer(t, testSite(t, size), func(c *webServerConfig) { c.WriteStall = 300 * time.Millisecond })
	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.(*net.TCPConn).SetReadBuffer(4096))
	fmt.Fprintf(conn, "GET /tablut.wasm HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n")
	// The client reads nothing; the server gives up and closes its end.
	assert.Eventually(t, func() bool { return s.ln.openConns() == 0 }, 10*time.Second, 20*time.Millisecond, "the server closed the stalled connection")
}

// openConns counts the connections the listener holds open.
func (l *roomListener) openConns() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, cc := range l.clients {
		n += cc.open
	}
	return n
}

// A response's deadline allows stall for each chunk and, after a first
// stall, an average of minRate.
func TestWriteDeadline(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	stall := time.Minute
	// Early on, the stall bounds it.
	assert.Equal(t, start.Add(time.Minute), writeDeadline(start, start, 32<<10, stall, 4<<10))
	// A client far behind the average gets only what the rate allows:
	// 8 KB at 4 KB/s is 2 s after the first minute.
	now := start.Add(10 * time.Minute)
	assert.Equal(t, start.Add(62*time.Second), writeDeadline(start, now, 8<<10, stall, 4<<10))
	// A client ahead of it gets the stall.
	assert.Equal(t, now.Add(time.Minute), writeDeadline(start, now, 18<<20, stall, 4<<10))
	assert.Equal(t, now.Add(time.Minute), writeDeadline(start, now, 1, stall, 0))
}

func TestServeWebMaxConnsFlag(t *testing.T) {
	if openFileLimit() == 0 {
		t.Skip("no limit on open files here")
	}
	err := runServeWeb([]string{"-dir", testSite(t, 8), "-max-conns", fmt.Sprint(openFileLimit())})
	require.Error(t, err)
	assert.Regexp(t, regexp.MustCompile(`-max-conns \d+ is more than this process can serve .*at most \d+`), err.Error())
}
