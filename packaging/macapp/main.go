// Command macapp makes and signs the macOS application bundle Tablut.app.
//
// With no subcommand it writes the parts of the bundle that are not the
// executable: Contents/Info.plist (name, identifier, version, icon,
// high-resolution display) and Contents/Resources/tablut.icns, the king icon
// drawn by package ui/shapes at each size the file holds (never scaled from
// another), under the -o folder.
//
//	macapp sign [-from DIR] APP   signs APP ad hoc, in place
//	macapp verify APP             checks APP's signature; one line either way
//
// sign copies DIR's files into APP first (the parts above), then seals the
// bundle: Contents/_CodeSignature/CodeResources lists the SHA-1 and SHA-256 of
// every file but Info.plist and the executable, and the executable (each slice
// of a universal file) gets an embedded ad hoc signature whose special slots
// hold the hashes of Info.plist and CodeResources (macho.go and bundle.go
// describe the format). macOS on Apple silicon runs no unsigned code, and a
// downloaded app whose signature does not cover its bundle fails Gatekeeper's
// check outright (the Finder may call it damaged); signed ad hoc, it opens once
// the user has confirmed it the first time (right-click, Open; on macOS 15,
// System Settings, Privacy & Security, Open Anyway). A Developer ID signature
// and notarization, which spare that step, need Apple's certificate:
// .goreleaser.yaml says where they would go.
//
// The release build (.goreleaser.yaml) runs the bare command as a before hook,
// joins the arm64 and amd64 executables into one universal file at
// Tablut.app/Contents/MacOS/tablut, and runs sign on that bundle in the
// universal binary's post hook, so the archive holds a signed bundle the
// Finder opens with a double-click and shows with the king icon. CI runs
// verify on the bundle unpacked from the release zip.
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
	if len(os.Args) > 1 && (os.Args[1] == "sign" || os.Args[1] == "verify") {
		os.Exit(subcommand(os.Args[1], os.Args[2:]))
	}
	version := flag.String("version", "0.0.0", "version written into Info.plist")
	out := flag.String("o", "", "the bundle's Contents folder to write Info.plist and Resources/tablut.icns to (required)")
	flag.Parse()
	if *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: macapp -o DIR [-version V]\n       macapp sign [-from DIR] APP\n       macapp verify APP")
		os.Exit(2)
	}
	if err := run(*version, *out); err != nil {
		fmt.Fprintln(os.Stderr, "macapp:", err)
		os.Exit(1)
	}
}

func run(version, out string) error {
	if err := os.MkdirAll(filepath.Join(out, "Resources"), 0o755); err != nil {
		return err
	}
	var icns bytes.Buffer
	if err := writeICNS(&icns); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "Resources", "tablut.icns"), icns.Bytes(), 0o644); err != nil {
		return err
	}
	var plist bytes.Buffer
	if err := infoPlist.Execute(&plist, plistVersion(version)); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "Info.plist"), plist.Bytes(), 0o644)
}

// subcommand runs sign or verify and returns the exit code.
func subcommand(name string, args []string) int {
	fs := flag.NewFlagSet("macapp "+name, flag.ContinueOnError)
	from := ""
	if name == "sign" {
		fs.StringVar(&from, "from", "", "a bundle folder without the executable (DIR/Contents/Info.plist, ...) whose files are copied into APP before signing")
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		if name == "sign" {
			fmt.Fprintln(os.Stderr, "usage: macapp sign [-from DIR] APP")
		} else {
			fmt.Fprintln(os.Stderr, "usage: macapp verify APP")
		}
		return 2
	}
	app := fs.Arg(0)
	var line string
	var err error
	if name == "sign" {
		if from != "" {
			err = copyTree(from, app)
		}
		if err == nil {
			line, err = signBundle(app)
		}
	} else {
		line, err = verifyBundle(app)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "macapp %s: %s: %v\n", name, app, err)
		return 1
	}
	fmt.Println(line)
	return 0
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
