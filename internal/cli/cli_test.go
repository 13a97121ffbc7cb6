package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/internal/lab/evolve"
)

// asBinary is set in the environment of a child process that should act as
// the tablut binary (the test binary re-executed) instead of running tests.
const asBinary = "TABLUT_TEST_AS_BINARY"

func TestMain(m *testing.M) {
	if os.Getenv(asBinary) == "1" {
		os.Exit(Main(os.Args[1:]))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// trainArgs is a tiny training run: population 4, depth 1, short games.
func trainArgs(gens, seed string) []string {
	return []string{"train", "-population", "4", "-generations", gens, "-depth", "1",
		"-max-plies", "30", "-eval-every", "2", "-eval-games", "2", "-threads", "2",
		"-seed", seed, "-quiet"}
}

// runQuiet runs a tablut command in this process with its stdout discarded.
func runQuiet(t *testing.T, args ...string) {
	t.Helper()
	stdout := os.Stdout
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	os.Stdout = null
	defer func() { os.Stdout = stdout; null.Close() }()
	if err := run(args); err != nil {
		t.Fatalf("tablut %v: %v", args, err)
	}
}

// checkpointGeneration reads the generation recorded in a run's state.json
// (-1 while there is none or it cannot be read).
func checkpointGeneration(dir string) int {
	b, err := os.ReadFile(filepath.Join(dir, "state.json"))
	if err != nil {
		return -1
	}
	var st struct {
		Generation int `json:"generation"`
	}
	if json.Unmarshal(b, &st) != nil {
		return -1
	}
	return st.Generation
}

// generations reads generations.jsonl without its wall-time fields.
func generations(t *testing.T, dir string) []evolve.GenRecord {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "generations.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []evolve.GenRecord
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r evolve.GenRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("generations.jsonl: %v", err)
		}
		r.Seconds, r.Elapsed = 0, 0
		out = append(out, r)
	}
	return out
}

// killWhen runs the tablut command args as a real process (this test binary
// re-executed) and kills it with SIGKILL, no chance to clean up, as soon as
// ready, polled every poll, reports true; it returns the progress ready
// reported then. what names the run in the failure when the process ends first.
func killWhen(t *testing.T, what string, args []string, poll time.Duration, ready func() (int, bool)) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asBinary+"=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	for {
		select {
		case err := <-exited:
			t.Fatalf("the %s process ended (%v) before it could be killed; stderr: %s", what, err, stderr.String())
		case <-time.After(poll):
		}
		if at, ok := ready(); ok {
			require.NoError(t, cmd.Process.Kill())
			<-exited
			return at
		}
	}
}

// TestTrainSurvivesKill9 runs "tablut train" as a real process, kills it with
// SIGKILL (no chance to clean up) somewhere after its first checkpoint, and
// checks that "tablut train -resume" ends with the same networks and logs as
// an uninterrupted run of the same command.
func TestTrainSurvivesKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two small training runs")
	}
	const gens = "6"
	full := t.TempDir()
	runQuiet(t, append(trainArgs(gens, "11"), "-out", full)...)

	dir := t.TempDir()
	// Kill once the first generation is checkpointed, in the middle of a
	// later one (wherever the process happens to be: playing, appending the
	// logs or writing the next checkpoint).
	killedAt := killWhen(t, "training", append(trainArgs(gens, "11"), "-out", dir), 5*time.Millisecond, func() (int, bool) {
		g := checkpointGeneration(dir)
		return g, g >= 1
	})
	if g := checkpointGeneration(dir); g >= 6 {
		t.Skipf("the run finished (generation %d) before the kill landed", g)
	}
	t.Logf("killed after the checkpoint of generation %d", killedAt)

	runQuiet(t, "train", "-resume", dir, "-quiet")

	for _, f := range []string{"champion.tnn", "runner-up.tnn", "gen0-champion.tnn", "games.jsonl", "evals.jsonl"} {
		want, err := os.ReadFile(filepath.Join(full, f))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s after kill -9 and -resume differs from the uninterrupted run's", f)
		}
	}
	want, got := generations(t, full), generations(t, dir)
	if len(got) != 6 || len(want) != 6 {
		t.Fatalf("generations.jsonl has %d lines after the resume and %d uninterrupted, want 6", len(got), len(want))
	}
	for i := range want {
		a, _ := json.Marshal(want[i])
		b, _ := json.Marshal(got[i])
		if !bytes.Equal(a, b) {
			t.Errorf("generation %d differs after kill -9 and -resume:\n got %s\nwant %s", i, b, a)
		}
	}
	for _, f := range []string{"scores.png", "learning.png", "filters.png"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("resumed run: %v", err)
		}
	}
}

// TestTrainRejectsChangedFlagsOnResume: a resumed run keeps its configuration.
func TestTrainRejectsChangedFlagsOnResume(t *testing.T) {
	dir := t.TempDir()
	runQuiet(t, append(trainArgs("1", "3"), "-out", dir)...)
	if err := run([]string{"train", "-resume", dir, "-depth", "2"}); err == nil {
		t.Error("resume with a changed -depth was accepted")
	}
	if err := run([]string{"train", "-resume", filepath.Join(dir, "missing")}); err == nil {
		t.Error("resume of a folder without a checkpoint was accepted")
	}
}
