// Command macapp writes the parts of the macOS application bundle Tablut.app that
// are not the executable: Contents/Info.plist (name, identifier, version, icon,
// high-resolution display) and Contents/Resources/tablut.icns, the king icon
// drawn by package ui/shapes at each size the file holds (never scaled from
// another). The release build (.goreleaser.yaml) runs it as a before hook
// and places the darwin executable at Tablut.app/Contents/MacOS/tablut, so the
// archive unpacks to a bundle the Finder opens with a double-click and shows with
// the king icon.
//
// An .icns file is the four bytes "icns", the file length (big-endian uint32),
// then entries of a four-byte type, the entry length including its 8-byte header,
// and the data; since macOS 10.7 the data may be a PNG. The types written are
// those Apple's iconutil makes of an icon set, as PNG: icp4 and icp5 (16 and 32
// points), ic07, ic08, ic09 (128, 256, 512), and their double-density
// counterparts ic11, ic12, ic13, ic14, ic10 (16, 32, 128, 256 and 512 points
// at twice as many pixels, up to 1024).
package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/template"

	"github.com/tablut-ai/tablut/ui/shapes"
)

func main() {
	version := flag.String("version", "0.0.0", "version written into Info.plist")
	out := flag.String("o", "", "directory to write Info.plist and tablut.icns to (required)")
	flag.Parse()
	if *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: macapp -o DIR [-version V]")
		os.Exit(2)
	}
	if err := run(*version, *out); err != nil {
		fmt.Fprintln(os.Stderr, "macapp:", err)
		os.Exit(1)
	}
}

func run(version, out string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var icns bytes.Buffer
	if err := writeICNS(&icns); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "tablut.icns"), icns.Bytes(), 0o644); err != nil {
		return err
	}
	var plist bytes.Buffer
	if err := infoPlist.Execute(&plist, plistVersion(version)); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "Info.plist"), plist.Bytes(), 0o644)
}

// plistVersion turns a release version into the dotted numbers CFBundleVersion
// accepts: "1.2.0-SNAPSHOT-abc1234" -> "1.2.0"; "v1.3.0" -> "1.3.0".
func plistVersion(v string) string {
	v = strings.TrimPrefix(v, "v")
	if i := strings.IndexAny(v, "-+"); i >= 0 {
		v = v[:i]
	}
	if v == "" {
		return "0.0.0"
	}
	return v
}

// icnsSizes are the entry types written and their edge in pixels.
var icnsSizes = []struct {
	typ  string
	size int
}{
	{"icp4", 16}, {"ic11", 32}, {"icp5", 32}, {"ic12", 64},
	{"ic07", 128}, {"ic13", 256}, {"ic08", 256}, {"ic14", 512},
	{"ic09", 512}, {"ic10", 1024},
}

// writeICNS writes the icon as an .icns file with one PNG entry per size in
// icnsSizes, each drawn at its size.
func writeICNS(w io.Writer) error {
	var body bytes.Buffer
	drawn := map[int][]byte{} // a size two types share is drawn once
	for _, s := range icnsSizes {
		p, ok := drawn[s.size]
		if !ok {
			var buf bytes.Buffer
			if err := png.Encode(&buf, shapes.Icon(s.size)); err != nil {
				return err
			}
			p = buf.Bytes()
			drawn[s.size] = p
		}
		body.WriteString(s.typ)
		binary.Write(&body, binary.BigEndian, uint32(8+len(p)))
		body.Write(p)
	}
	var head [8]byte
	copy(head[:], "icns")
	binary.BigEndian.PutUint32(head[4:], uint32(8+body.Len()))
	if _, err := w.Write(head[:]); err != nil {
		return err
	}
	_, err := w.Write(body.Bytes())
	return err
}

// infoPlist is the bundle's Contents/Info.plist. NSHighResolutionCapable keeps
// the window sharp on Retina displays (Ebitengine scales by the device ratio);
// LSMinimumSystemVersion is the oldest macOS Go 1.26 binaries run on (12, Monterey).
var infoPlist = template.Must(template.New("plist").Parse(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleDevelopmentRegion</key>
	<string>en</string>
	<key>CFBundleDisplayName</key>
	<string>Tablut</string>
	<key>CFBundleExecutable</key>
	<string>tablut</string>
	<key>CFBundleIconFile</key>
	<string>tablut.icns</string>
	<key>CFBundleIdentifier</key>
	<string>io.github.tablut-ai.tablut</string>
	<key>CFBundleInfoDictionaryVersion</key>
	<string>6.0</string>
	<key>CFBundleName</key>
	<string>Tablut</string>
	<key>CFBundlePackageType</key>
	<string>APPL</string>
	<key>CFBundleShortVersionString</key>
	<string>{{.}}</string>
	<key>CFBundleVersion</key>
	<string>{{.}}</string>
	<key>LSApplicationCategoryType</key>
	<string>public.app-category.board-games</string>
	<key>LSMinimumSystemVersion</key>
	<string>12.0</string>
	<key>NSHighResolutionCapable</key>
	<true/>
</dict>
</plist>
`))
