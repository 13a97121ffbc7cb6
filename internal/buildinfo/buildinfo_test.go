package buildinfo

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestResolve(t *testing.T) {
	toolchain := func(version string, settings ...string) *debug.BuildInfo {
		bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/tablut-ai/tablut", Version: version}}
		for i := 0; i+1 < len(settings); i += 2 {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return bi
	}
	const rev = "0123456789abcdef0123456789abcdef01234567"
	tests := []struct {
		name                string
		ldVersion, ldCommit string
		bi                  *debug.BuildInfo
		want                string
		wantCommit          string
	}{
		{"release build: linker flags win", "1.2.0", "fedcba9876543210", toolchain("(devel)", "vcs.revision", rev, "vcs.modified", "true"),
			"tablut 1.2.0 (commit fedcba9)", "fedcba9876543210"},
		{"go build in a checkout", "", "", toolchain("v0.0.0-20261123203346-0123456789ab", "vcs.revision", rev, "vcs.modified", "false"),
			"tablut v0.0.0-20261123203346-0123456789ab (commit 0123456)", rev},
		{"go run with local changes", "", "", toolchain("(devel)", "vcs.revision", rev, "vcs.modified", "true"),
			"tablut dev (commit 0123456+dirty)", rev},
		{"snapshot without git information", "0.0.1-SNAPSHOT-none", "none", toolchain("(devel)", "vcs.revision", rev),
			"tablut 0.0.1-SNAPSHOT-none (commit 0123456)", rev},
		{"built with -buildvcs=false", "", "", toolchain("(devel)"),
			"tablut dev (commit unknown)", unknown},
		{"no build information", "", "", nil, "tablut dev (commit unknown)", unknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			info := resolve(tt.ldVersion, tt.ldCommit, "", tt.bi)
			assert.Equal(t, tt.want, info.String())
			assert.Equal(t, tt.wantCommit, info.Commit)
			assert.NotEmpty(t, info.Go)
		})
	}
}

func TestReadInTestBinary(t *testing.T) {
	// A test binary has no linker stamps; whatever the toolchain recorded, the fields
	// a user sees are never empty.
	info := Read()
	assert.NotEmpty(t, info.Version)
	assert.NotEmpty(t, info.Commit)
	assert.Contains(t, info.Platform, "/")
}
