// Package buildinfo tells which version and commit of tablut is running.
//
// Release builds (GoReleaser, see .goreleaser.yaml) stamp the version, commit and date
// into the unexported variables below with the linker flag -X. Plain `go build` and
// `go run` leave them empty; Read then falls back to what the Go toolchain records in
// every binary (runtime/debug.ReadBuildInfo): the module version derived from the VCS
// tag and the settings vcs.revision, vcs.time and vcs.modified, present when the build
// ran inside a git checkout without -buildvcs=false.
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
)

// Set at link time by release builds:
//
//	-X github.com/tablut-ai/tablut/internal/buildinfo.version=1.2.0
//	-X github.com/tablut-ai/tablut/internal/buildinfo.commit=<full hash>
//	-X github.com/tablut-ai/tablut/internal/buildinfo.date=<RFC 3339 time>
var version, commit, date string

// unknown stands for a field no source could tell.
const unknown = "unknown"

// Info is the identity of a build.
type Info struct {
	Version  string // release version ("1.2.0"), the module's pseudo-version, or "dev"
	Commit   string // full commit hash, or Unknown
	Date     string // commit or build time (RFC 3339), or ""
	Modified bool   // built from a checkout with uncommitted changes
	Go       string // toolchain that built the binary, e.g. "go1.26.8"
	Platform string // GOOS/GOARCH
}

// Read returns this binary's build identity: the linker-stamped values when present,
// the toolchain's build information for what they leave out. It is worked out once
// (the window's help asks for it while it draws).
func Read() Info { return read() }

var read = sync.OnceValue(func() Info {
	bi, _ := debug.ReadBuildInfo()
	return resolve(version, commit, date, bi)
})

// resolve merges the linker-stamped fields with the toolchain's build information
// (bi may be nil: binaries built without module support have none).
func resolve(ldVersion, ldCommit, ldDate string, bi *debug.BuildInfo) Info {
	// GoReleaser stamps these placeholders when it cannot read git (a snapshot of
	// a checkout without a remote): treat them as not stamped.
	if ldCommit == "none" {
		ldCommit = ""
	}
	if strings.HasPrefix(ldDate, "0001-01-01") {
		ldDate = ""
	}
	info := Info{Version: ldVersion, Commit: ldCommit, Date: ldDate,
		Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi != nil {
		info.Go = bi.GoVersion
		if info.Version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			info.Version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if info.Commit == "" {
					info.Commit = s.Value
				}
			case "vcs.time":
				if info.Date == "" {
					info.Date = s.Value
				}
			case "vcs.modified":
				// Only meaningful for the revision the toolchain recorded.
				info.Modified = ldCommit == "" && s.Value == "true"
			}
		}
	}
	if info.Version == "" {
		info.Version = "dev"
	}
	if info.Commit == "" {
		info.Commit = unknown
	}
	return info
}

// ShortCommit is the commit abbreviated to 7 hex digits as git shows it, with
// "+dirty" when the checkout had uncommitted changes.
func (i Info) ShortCommit() string {
	c := i.Commit
	if c != unknown && len(c) > 7 {
		c = c[:7]
	}
	if i.Modified {
		c += "+dirty"
	}
	return c
}

// String is the one-line identity shown in the window's help: "tablut 1.2.0 (commit 1a2b3c4)".
func (i Info) String() string {
	return fmt.Sprintf("tablut %s (commit %s)", i.Version, i.ShortCommit())
}
