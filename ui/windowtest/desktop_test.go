package windowtest

import (
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tablut-ai/tablut/ui"
)

// needTool skips the test without the program name (fails under
// TABLUT_REQUIRE_DISPLAY=1), naming the Debian package that has it.
func needTool(t *testing.T, name, pkg string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		if os.Getenv("TABLUT_REQUIRE_DISPLAY") == "1" {
			t.Fatalf("%s is missing: install it (apt-get install %s; .ci/packages-ui.txt lists it)", name, pkg)
		}
		t.Skipf("%s is missing: apt-get install %s", name, pkg)
	}
}

// The window's WM_CLASS is ui.WindowClass twice (instance and class), which
// the Linux desktop entry's StartupWMClass names, so a menu or dock matches
// the window to its entry; and the window carries the icon at each size it
// is drawn at.
func TestWindowClassAndIcons(t *testing.T) {
	needDisplay(t)
	needTool(t, "xdotool", "xdotool")
	needTool(t, "xprop", "x11-utils")
	frames(t, 2)
	out, err := exec.Command("xdotool", "search", "--name", "^Tablut window tests$").Output()
	ids := strings.Fields(string(out))
	if err != nil || len(ids) == 0 {
		t.Fatalf("xdotool finds no test window: %v", err)
	}
	id := ids[0]
	// The search a launcher makes: by the class, and by the instance.
	for _, by := range []string{"--class", "--classname"} {
		out, _ := exec.Command("xdotool", "search", by, "^"+ui.WindowClass+"$").Output()
		if !slices.Contains(strings.Fields(string(out)), id) {
			t.Errorf("xdotool search %s %s finds %q, not the window %s", by, ui.WindowClass, out, id)
		}
	}
	out, err = exec.Command("xprop", "-id", id, "WM_CLASS", "_NET_WM_ICON").Output()
	if err != nil {
		t.Fatalf("xprop -id %s: %v", id, err)
	}
	if want := `WM_CLASS(STRING) = "tablut", "tablut"`; !strings.Contains(string(out), want) {
		t.Errorf("xprop: no %s in\n%.300s", want, out)
	}
	var sizes []string
	for _, m := range regexp.MustCompile(`Icon \((\d+) x (\d+)\)`).FindAllStringSubmatch(string(out), -1) {
		if m[1] != m[2] {
			t.Errorf("an icon of %s x %s, want square", m[1], m[2])
		}
		sizes = append(sizes, m[1])
	}
	if got, want := strings.Join(sizes, " "), "16 24 32 48 64 128"; got != want {
		t.Errorf("the window's icons are %q pixels wide, want %q", got, want)
	}
}
