package main

import (
	"bytes"
	"debug/macho"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// darwinExecutables builds a tiny Go program for macOS on arm64 and amd64
// once per test run: real executables as the Go linker lays them out (arm64
// already signed ad hoc by the linker, amd64 with no signature at all).
var darwinExecutables = sync.OnceValues(func() (map[string][]byte, error) {
	dir, err := os.MkdirTemp("", "macapp-test")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() { println(\"Tablut\") }\n"), 0o644); err != nil {
		return nil, err
	}
	bins := map[string][]byte{}
	for _, arch := range []string{"arm64", "amd64"} {
		out := filepath.Join(dir, "hello_"+arch)
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "main.go")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOOS=darwin", "GOARCH="+arch, "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=-buildvcs=false")
		if msg, err := cmd.CombinedOutput(); err != nil {
			return nil, &buildError{arch, string(msg), err}
		}
		if bins[arch], err = os.ReadFile(out); err != nil {
			return nil, err
		}
	}
	return bins, nil
})

type buildError struct {
	arch, out string
	err       error
}

func (e *buildError) Error() string {
	return "go build darwin/" + e.arch + ": " + e.err.Error() + "\n" + e.out
}

func executables(t *testing.T) map[string][]byte {
	t.Helper()
	bins, err := darwinExecutables()
	require.NoError(t, err)
	return bins
}

func universal(t *testing.T) []byte {
	t.Helper()
	bins := executables(t)
	fat, err := lipo(bins["arm64"], bins["amd64"])
	require.NoError(t, err)
	return fat
}

// makeApp lays out an unsigned Tablut.app holding exe, the real Info.plist
// and a stand-in icon (the signer seals whatever Resources holds).
func makeApp(t *testing.T, exe []byte) string {
	t.Helper()
	app := filepath.Join(t.TempDir(), "Tablut.app")
	contents := filepath.Join(app, "Contents")
	require.NoError(t, os.MkdirAll(filepath.Join(contents, "MacOS"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(contents, "Resources"), 0o755))
	var plist bytes.Buffer
	require.NoError(t, infoPlist.Execute(&plist, "1.2.3"))
	require.NoError(t, os.WriteFile(filepath.Join(contents, "Info.plist"), plist.Bytes(), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(contents, "Resources", "tablut.icns"), []byte("icns\x00\x00\x00\x10king-icon"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(contents, "MacOS", "tablut"), exe, 0o755))
	return app
}

func signedApp(t *testing.T) string {
	t.Helper()
	app := makeApp(t, universal(t))
	_, err := signBundle(app)
	require.NoError(t, err)
	return app
}

// TestSignUniversalBundle signs a universal bundle and checks the result
// with the verifier and, independently, with the standard library's Mach-O
// reader: each slice still parses, carries LC_CODE_SIGNATURE, and its
// segments hold the same bytes as before signing.
func TestSignUniversalBundle(t *testing.T) {
	bins := executables(t)
	app := makeApp(t, universal(t))
	line, err := signBundle(app)
	require.NoError(t, err)
	assert.Contains(t, line, "universal executable (arm64, x86_64)")
	assert.Contains(t, line, "Resources/tablut.icns")

	ok, err := verifyBundle(app)
	require.NoError(t, err)
	assert.Contains(t, ok, "ok: ")
	assert.Contains(t, ok, "arm64")
	assert.Contains(t, ok, "x86_64")
	assert.Contains(t, ok, "1 sealed files (Resources/tablut.icns)")
	t.Log(ok)

	signed, err := os.ReadFile(filepath.Join(app, "Contents", "MacOS", "tablut"))
	require.NoError(t, err)
	info, err := os.Stat(filepath.Join(app, "Contents", "MacOS", "tablut"))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o755), info.Mode().Perm())

	fat, err := macho.NewFatFile(bytes.NewReader(signed))
	require.NoError(t, err)
	require.Len(t, fat.Arches, 2)
	for _, a := range fat.Arches {
		arch := map[macho.Cpu]string{macho.CpuArm64: "arm64", macho.CpuAmd64: "amd64"}[a.Cpu]
		require.NotEmpty(t, arch)
		assert.Zero(t, a.Offset%(1<<14), "slice alignment")
		orig, err := macho.NewFile(bytes.NewReader(bins[arch]))
		require.NoError(t, err)
		om, err := parseMacho(bins[arch])
		require.NoError(t, err)
		hasSig := false
		for _, l := range a.Loads {
			hasSig = hasSig || binary.LittleEndian.Uint32(l.Raw()) == lcCodeSignature
		}
		assert.True(t, hasSig, "%s: LC_CODE_SIGNATURE", arch)
		for _, seg := range orig.Loads {
			s, isSeg := seg.(*macho.Segment)
			if !isSeg || s.Filesz == 0 {
				continue
			}
			got := a.Segment(s.Name)
			require.NotNil(t, got, s.Name)
			assert.Equal(t, s.Offset, got.Offset, "%s %s offset", arch, s.Name)
			want, _ := s.Data()
			have, _ := got.Data()
			skip := 0
			switch s.Name {
			case "__TEXT":
				skip = 4096 // the header and load commands, changed by the signer
			case "__LINKEDIT":
				if om.sigCmd >= 0 { // up to the linker's signature, which is replaced
					want = want[:uint64(om.sigOff)-s.Offset]
				}
				have = have[:len(want)]
			}
			assert.True(t, bytes.Equal(want[skip:], have[skip:]), "%s %s contents", arch, s.Name)
		}

		// The CodeDirectory's fields, as codesign writes them for an app.
		slice := signed[a.Offset : a.Offset+a.Size]
		cd, err := checkSlice(slice)
		require.NoError(t, err)
		assert.Equal(t, "io.github.tablut-ai.tablut", cd.id)
		assert.Equal(t, uint32(csAdhoc), cd.flags, "ad hoc, linker-signed flag cleared")
		assert.Len(t, cd.special, 3)
		assert.Equal(t, emptyRequirements, cd.reqsBlob)
		m, err := parseMacho(slice)
		require.NoError(t, err)
		dir := slice[m.sigOff+36:]
		assert.Equal(t, uint32(cdVersionExecSeg), binary.BigEndian.Uint32(dir[8:]), "CodeDirectory version")
		assert.Equal(t, uint64(csExecSegMainBinary), binary.BigEndian.Uint64(dir[80:]), "exec segment flags")
		assert.Equal(t, uint64(len(slice)), m.linkedit.fileoff+m.linkedit.filesize, "__LINKEDIT ends with the signature")
	}
}

// TestVerifyFindsEveryChange flips one byte (or makes one change) in a signed
// bundle and expects the verifier to name it.
func TestVerifyFindsEveryChange(t *testing.T) {
	flip := func(path string, at func(b []byte) int) func(t *testing.T, app string) {
		return func(t *testing.T, app string) {
			p := filepath.Join(app, "Contents", filepath.FromSlash(path))
			b, err := os.ReadFile(p)
			require.NoError(t, err)
			b[at(b)] ^= 0x01
			require.NoError(t, os.WriteFile(p, b, 0o755))
		}
	}
	sliceOffset := func(b []byte, cpu uint32) int {
		slices, fat, err := readFat(b)
		if err != nil || !fat {
			panic("not universal")
		}
		for _, s := range slices {
			if s.cputype == cpu {
				return len(b) - len(b[bytes.Index(b, s.data):]) // offset of the slice
			}
		}
		panic("no such slice")
	}
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, app string)
		want   string
	}{
		{"a page of the arm64 slice", flip("MacOS/tablut", func(b []byte) int { return sliceOffset(b, cpuTypeARM64) + 0x1800 }),
			"arm64 slice: page 1 (bytes 0x1000-0x1fff) does not match its hash"},
		{"the load commands of the x86_64 slice", flip("MacOS/tablut", func(b []byte) int { return sliceOffset(b, cpuTypeX86_64) + 40 }),
			"x86_64 slice: page 0 "},
		{"a page hash in the signature", flip("MacOS/tablut", func(b []byte) int {
			off := sliceOffset(b, cpuTypeX86_64)
			m, _ := parseMacho(b[off:])
			return off + int(m.sigOff) + 36 + cdHeaderSize + len("io.github.tablut-ai.tablut") + 1 + 3*32 + 5
		}), "x86_64 slice: page 0 "},
		{"Info.plist", flip("Info.plist", func(b []byte) int { return bytes.Index(b, []byte("Tablut")) }),
			"file Info.plist does not match its hash in the arm64 slice's signature (special slot -1)"},
		{"the icon", flip("Resources/tablut.icns", func(b []byte) int { return len(b) - 1 }),
			"file Contents/Resources/tablut.icns does not match its SHA-256 in CodeResources (files2)"},
		{"CodeResources", flip("_CodeSignature/CodeResources", func(b []byte) int { return bytes.Index(b, []byte("<data>")) + 10 }),
			"file _CodeSignature/CodeResources does not match its hash in the arm64 slice's signature (special slot -3)"},
		{"an added resource", func(t *testing.T, app string) {
			require.NoError(t, os.WriteFile(filepath.Join(app, "Contents", "Resources", "extra.txt"), []byte("x"), 0o644))
		}, "file Contents/Resources/extra.txt is in the bundle but not sealed in CodeResources"},
		{"a removed resource", func(t *testing.T, app string) {
			require.NoError(t, os.Remove(filepath.Join(app, "Contents", "Resources", "tablut.icns")))
		}, "CodeResources seals Contents/Resources/tablut.icns, which the bundle lacks"},
		{"the executable's mode bits", func(t *testing.T, app string) {
			require.NoError(t, os.Chmod(filepath.Join(app, "Contents", "MacOS", "tablut"), 0o644))
		}, "file Contents/MacOS/tablut is not executable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := signedApp(t)
			_, err := verifyBundle(app)
			require.NoError(t, err, "before the change")
			tc.change(t, app)
			_, err = verifyBundle(app)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.NotContains(t, err.Error(), "\n", "one line")
		})
	}
}

// TestVerifierReadsTheLinkersSignature checks the verifier's page hashing
// against a signature it did not write: the Go linker's own ad hoc signature
// of the arm64 executable (cmd/internal/codesign).
func TestVerifierReadsTheLinkersSignature(t *testing.T) {
	cd, err := checkSlice(executables(t)["arm64"])
	require.NoError(t, err)
	assert.NotZero(t, cd.flags&csLinkerSigned, "linker-signed")
	assert.NotZero(t, cd.flags&csAdhoc, "ad hoc")
	assert.Greater(t, cd.nPages, 100)

	_, err = checkSlice(executables(t)["amd64"])
	assert.ErrorContains(t, err, "x86_64 slice: not signed")
}

// TestSignAgain re-signs a signed bundle (the same bytes come out) and signs
// a thin executable.
func TestSignAgain(t *testing.T) {
	app := signedApp(t)
	exe := filepath.Join(app, "Contents", "MacOS", "tablut")
	cr := filepath.Join(app, "Contents", "_CodeSignature", "CodeResources")
	first, _ := os.ReadFile(exe)
	firstCR, _ := os.ReadFile(cr)
	_, err := signBundle(app)
	require.NoError(t, err)
	second, _ := os.ReadFile(exe)
	secondCR, _ := os.ReadFile(cr)
	assert.True(t, bytes.Equal(first, second), "re-signing changed the executable")
	assert.Equal(t, string(firstCR), string(secondCR))

	for arch, bin := range executables(t) {
		thin := makeApp(t, bin)
		line, err := signBundle(thin)
		require.NoError(t, err, arch)
		assert.Contains(t, line, archName(map[string]uint32{"arm64": cpuTypeARM64, "amd64": cpuTypeX86_64}[arch])+" executable")
		_, err = verifyBundle(thin)
		require.NoError(t, err, arch)
	}
}

// TestSubcommands runs sign -from and verify as the release build does.
func TestSubcommands(t *testing.T) {
	parts := makeApp(t, nil)
	require.NoError(t, os.RemoveAll(filepath.Join(parts, "Contents", "MacOS")))
	app := filepath.Join(t.TempDir(), "Tablut.app")
	require.NoError(t, os.MkdirAll(filepath.Join(app, "Contents", "MacOS"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(app, "Contents", "MacOS", "tablut"), universal(t), 0o755))

	assert.Equal(t, 0, subcommand("sign", []string{"-from", parts, app}))
	assert.Equal(t, 0, subcommand("verify", []string{app}))
	assert.FileExists(t, filepath.Join(app, "Contents", "Resources", "tablut.icns"))
	require.NoError(t, os.WriteFile(filepath.Join(app, "Contents", "Info.plist"), []byte("<plist><dict/></plist>"), 0o644))
	assert.Equal(t, 1, subcommand("verify", []string{app}))
	assert.Equal(t, 2, subcommand("verify", nil))
}

func TestSignRefuses(t *testing.T) {
	app := makeApp(t, universal(t))
	require.NoError(t, os.WriteFile(filepath.Join(app, "Contents", "MacOS", "helper"), []byte("x"), 0o755))
	_, err := signBundle(app)
	assert.ErrorContains(t, err, "MacOS/helper: nested code is not supported")

	app = makeApp(t, []byte("#!/bin/sh\n"))
	_, err = signBundle(app)
	assert.ErrorContains(t, err, "not a 64-bit Mach-O file")
}

// TestLipo checks the universal layout against the standard library's reader.
func TestLipo(t *testing.T) {
	bins := executables(t)
	b := universal(t)
	f, err := macho.NewFatFile(bytes.NewReader(b))
	require.NoError(t, err)
	require.Len(t, f.Arches, 2)
	assert.Equal(t, macho.CpuArm64, f.Arches[0].Cpu)
	assert.Equal(t, macho.CpuAmd64, f.Arches[1].Cpu)
	slices, fat, err := readFat(b)
	require.NoError(t, err)
	require.True(t, fat)
	assert.Equal(t, bins["arm64"], slices[0].data)
	assert.Equal(t, bins["amd64"], slices[1].data)
	assert.Equal(t, b, writeFat(slices))
}
