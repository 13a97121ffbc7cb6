package main

// Signing a whole application bundle ad hoc, and checking one.
//
// A bundle's signature is its main executable's embedded signature (macho.go)
// plus Contents/_CodeSignature/CodeResources, an XML property list that seals
// every other file: "files" (the version-1 list: the SHA-1 of each file under
// Resources/) and "files2" (version 2: SHA-1 and SHA-256 of each sealed file),
// with the rule sets "rules" and "rules2" that say which paths are sealed, the
// defaults Apple's codesign writes for an application. Info.plist is not
// listed: its hash is the signature's special slot -1, and CodeResources's
// own hash is slot -3, so changing any byte of the bundle breaks the chain.

import (
	"bytes"
	"crypto/sha1" // the seal of Apple's format, not a security choice here
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// rule is a sealing rule of CodeResources: true, or a dict of options.
func rule(opts ...any) map[string]any {
	m := map[string]any{}
	for i := 0; i < len(opts); i += 2 {
		m[opts[i].(string)] = opts[i+1]
	}
	return m
}

// codeResourceRules are codesign's default rules for an application bundle
// (version 1 and version 2), as its CodeResources files carry them.
func codeResourceRules() (rules, rules2 map[string]any) {
	rules = map[string]any{
		`^Resources/`:                            true,
		`^Resources/.*\.lproj/`:                  rule("optional", true, "weight", plistReal("1000")),
		`^Resources/.*\.lproj/locversion.plist$`: rule("omit", true, "weight", plistReal("1100")),
		`^Resources/Base\.lproj/`:                rule("weight", plistReal("1010")),
		`^version.plist$`:                        true,
	}
	rules2 = map[string]any{
		`.*\.dSYM($|/)`:      rule("weight", plistReal("11")),
		`^(.*/)?\.DS_Store$`: rule("omit", true, "weight", plistReal("2000")),
		`^(Frameworks|SharedFrameworks|PlugIns|Plug-ins|XPCServices|Helpers|MacOS|Library/(Automator|Spotlight|LoginItems))/`: rule("nested", true, "weight", plistReal("10")),
		`^.*`:                                    true,
		`^Info\.plist$`:                          rule("omit", true, "weight", plistReal("20")),
		`^PkgInfo$`:                              rule("omit", true, "weight", plistReal("20")),
		`^Resources/`:                            rule("weight", plistReal("20")),
		`^Resources/.*\.lproj/`:                  rule("optional", true, "weight", plistReal("1000")),
		`^Resources/.*\.lproj/locversion.plist$`: rule("omit", true, "weight", plistReal("1100")),
		`^Resources/Base\.lproj/`:                rule("weight", plistReal("1010")),
		`^[^/]+$`:                                rule("nested", true, "weight", plistReal("10")),
		`^embedded\.provisionprofile$`:           rule("weight", plistReal("20")),
		`^version\.plist$`:                       rule("weight", plistReal("20")),
	}
	return rules, rules2
}

// sealedFiles lists the files of Contents that CodeResources seals, as paths
// relative to Contents with forward slashes, sorted. Under the rules above
// that is every file but Info.plist and PkgInfo (omitted), MacOS/ (nested
// code: the main executable is sealed by its own signature), _CodeSignature/
// and a stapled CodeResources (the signature itself), and .DS_Store files.
// Nested code (frameworks, helpers) and symbolic links are refused: this
// signer does not seal them.
func sealedFiles(contents string, exe string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(contents, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(contents, path)
		rel = filepath.ToSlash(rel)
		switch {
		case rel == ".":
			return nil
		case rel == "_CodeSignature" && d.IsDir():
			return filepath.SkipDir
		case rel == "MacOS" && d.IsDir():
			entries, err := os.ReadDir(path)
			if err != nil {
				return err
			}
			for _, e := range entries {
				if e.Name() != exe {
					return fmt.Errorf("MacOS/%s: nested code is not supported (only the main executable %s)", e.Name(), exe)
				}
			}
			return filepath.SkipDir
		case d.IsDir():
			return nil
		case d.Type()&fs.ModeSymlink != 0:
			return fmt.Errorf("%s: symbolic links are not supported", rel)
		case !d.Type().IsRegular():
			return fmt.Errorf("%s: not a regular file", rel)
		case rel == "Info.plist" || rel == "PkgInfo" || rel == "CodeResources" || d.Name() == ".DS_Store":
			return nil
		}
		switch first, _, _ := strings.Cut(rel, "/"); first {
		case "Frameworks", "SharedFrameworks", "PlugIns", "Plug-ins", "XPCServices", "Helpers", "Library":
			return fmt.Errorf("%s: nested code is not supported", rel)
		}
		files = append(files, rel)
		return nil
	})
	slices.Sort(files)
	return files, err
}

// inFilesV1 reports whether the version-1 list "files" holds rel.
func inFilesV1(rel string) bool {
	return strings.HasPrefix(rel, "Resources/") || rel == "version.plist"
}

// makeCodeResources returns the CodeResources property list that seals files.
func makeCodeResources(contents string, files []string) ([]byte, error) {
	v1, v2 := map[string]any{}, map[string]any{}
	for _, rel := range files {
		b, err := os.ReadFile(filepath.Join(contents, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		h1, h2 := sha1.Sum(b), sha256.Sum256(b)
		if inFilesV1(rel) {
			v1[rel] = h1[:]
		}
		v2[rel] = map[string]any{"hash": h1[:], "hash2": h2[:]}
	}
	rules, rules2 := codeResourceRules()
	var out bytes.Buffer
	err := writePlist(&out, map[string]any{"files": v1, "files2": v2, "rules": rules, "rules2": rules2})
	return out.Bytes(), err
}

// bundleInfo reads the executable's name and the identifier from Info.plist.
func bundleInfo(plist []byte) (exe, id string, err error) {
	v, err := parsePlist(plist)
	if err != nil {
		return "", "", fmt.Errorf("reading Info.plist: %w", err)
	}
	d, _ := v.(map[string]any)
	exe, _ = d["CFBundleExecutable"].(string)
	id, _ = d["CFBundleIdentifier"].(string)
	if exe == "" || id == "" || strings.ContainsAny(exe, `/\`) {
		return "", "", errors.New("no CFBundleExecutable or no CFBundleIdentifier in Info.plist")
	}
	return exe, id, nil
}

// copyTree copies the files of src into dst, keeping their permission bits.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s: not a regular file", path)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if err := os.WriteFile(target, b, info.Mode().Perm()); err != nil {
			return err
		}
		return os.Chmod(target, info.Mode().Perm())
	})
}

// openBundle reads what signing and verifying the bundle app both start
// from: its Contents folder, Info.plist's bytes, the executable's name
// (CFBundleExecutable) and the identifier (CFBundleIdentifier), and the
// executable's path and file information.
func openBundle(app string) (contents string, plist []byte, exe, id, exePath string, info os.FileInfo, err error) {
	contents = filepath.Join(app, "Contents")
	if plist, err = os.ReadFile(filepath.Join(contents, "Info.plist")); err != nil {
		return
	}
	if exe, id, err = bundleInfo(plist); err != nil {
		return
	}
	exePath = filepath.Join(contents, "MacOS", exe)
	info, err = os.Stat(exePath)
	return
}

// signBundle signs the application bundle app ad hoc: it writes
// Contents/_CodeSignature/CodeResources and the executable's embedded
// signature (each slice of a universal file), in place. The executable keeps
// its permission bits and modification time. It returns a one-line summary.
func signBundle(app string) (string, error) {
	contents, plist, exe, id, exePath, info, err := openBundle(app)
	if err != nil {
		return "", err
	}
	files, err := sealedFiles(contents, exe)
	if err != nil {
		return "", err
	}
	cr, err := makeCodeResources(contents, files)
	if err != nil {
		return "", err
	}
	if err := os.RemoveAll(filepath.Join(contents, "_CodeSignature")); err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Join(contents, "_CodeSignature"), 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(contents, "_CodeSignature", "CodeResources"), cr, 0o644); err != nil {
		return "", err
	}
	bin, err := os.ReadFile(exePath)
	if err != nil {
		return "", err
	}
	signed, err := signExecutable(bin, id, specialHashes{infoPlist: sha256.Sum256(plist), codeResources: sha256.Sum256(cr)})
	if err != nil {
		return "", fmt.Errorf("%s: %w", exePath, err)
	}
	tmp := exePath + ".signing"
	if err := os.WriteFile(tmp, signed, info.Mode().Perm()); err != nil {
		return "", err
	}
	if err := os.Chmod(tmp, info.Mode().Perm()); err != nil {
		return "", err
	}
	if err := os.Chtimes(tmp, info.ModTime(), info.ModTime()); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, exePath); err != nil {
		return "", err
	}
	return fmt.Sprintf("signed %s ad hoc as %s: %s; sealed %s", app, id, describeArchs(signed), strings.Join(files, ", ")), nil
}

func describeArchs(b []byte) string {
	thin, fat, err := readFat(b)
	if err != nil {
		return "?"
	}
	if !fat {
		return archName(binary.LittleEndian.Uint32(b[4:])) + " executable"
	}
	var names []string
	for _, s := range thin {
		names = append(names, archName(s.cputype))
	}
	return "universal executable (" + strings.Join(names, ", ") + ")"
}
