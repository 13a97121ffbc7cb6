package main

// The verifier: everything a signature of signBundle's kind promises,
// recomputed from the bundle's bytes. It checks what macOS checks of an ad
// hoc signature (no certificate: there is none to check) and says the first
// thing that differs in one line.

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// codeDirectory is what the verifier reads of a slice's signature.
type codeDirectory struct {
	arch     string
	id       string
	flags    uint32
	nPages   int
	special  map[int][]byte // special slot n (1 = Info.plist) -> its hash
	reqsBlob []byte         // the requirements blob, nil if absent
}

// checkSlice parses the embedded signature of the thin Mach-O file b and
// recomputes every page hash. It does not look at the special slots.
func checkSlice(b []byte) (*codeDirectory, error) {
	m, err := parseMacho(b)
	if err != nil {
		return nil, err
	}
	arch := archName(m.cputype)
	fail := func(format string, a ...any) (*codeDirectory, error) {
		return nil, fmt.Errorf("%s slice: %s", arch, fmt.Sprintf(format, a...))
	}
	if m.sigCmd < 0 {
		return fail("not signed (no LC_CODE_SIGNATURE)")
	}
	if uint64(m.sigOff)+uint64(m.sigSize) > uint64(len(b)) {
		return fail("the signature runs past the end of the file")
	}
	sig := b[m.sigOff : m.sigOff+m.sigSize]
	be := binary.BigEndian
	if len(sig) < 12 || be.Uint32(sig) != csMagicEmbeddedSignature {
		return fail("no embedded signature SuperBlob at offset %#x", m.sigOff)
	}
	sbLen, count := be.Uint32(sig[4:]), be.Uint32(sig[8:])
	if uint64(sbLen) > uint64(len(sig)) || 12+8*uint64(count) > uint64(sbLen) {
		return fail("the SuperBlob's length or count is wrong")
	}
	sig = sig[:sbLen]
	cd := &codeDirectory{arch: arch, special: map[int][]byte{}}
	var dir []byte
	for i := range int(count) {
		typ, off := be.Uint32(sig[12+8*i:]), be.Uint32(sig[16+8*i:])
		if uint64(off)+8 > uint64(len(sig)) {
			return fail("blob %d lies outside the SuperBlob", i)
		}
		blobLen := be.Uint32(sig[off+4:])
		if blobLen < 8 || uint64(off)+uint64(blobLen) > uint64(len(sig)) {
			return fail("blob %d has a bad length", i)
		}
		blob := sig[off : off+blobLen]
		switch typ {
		case csSlotCodeDirectory:
			if be.Uint32(blob) != csMagicCodeDirectory {
				return fail("slot 0 is not a CodeDirectory")
			}
			dir = blob
		case csSlotRequirements:
			if be.Uint32(blob) != csMagicRequirements {
				return fail("slot 2 is not a requirements blob")
			}
			cd.reqsBlob = blob
		}
	}
	if dir == nil {
		return fail("no CodeDirectory")
	}
	if len(dir) < 44 {
		return fail("CodeDirectory too short")
	}
	version, flags := be.Uint32(dir[8:]), be.Uint32(dir[12:])
	hashOff, identOff := be.Uint32(dir[16:]), be.Uint32(dir[20:])
	nSpecial, nCode, codeLimit := be.Uint32(dir[24:]), be.Uint32(dir[28:]), be.Uint32(dir[32:])
	hashSize, hashType, pageBits := dir[36], dir[37], dir[39]
	if version < 0x20001 {
		return fail("CodeDirectory version %#x is too old", version)
	}
	if hashType != csHashTypeSHA256 || hashSize != sha256.Size {
		return fail("CodeDirectory hash type %d (size %d), want SHA-256", hashType, hashSize)
	}
	if pageBits != pageShift {
		return fail("page size 2^%d, want 4096", pageBits)
	}
	if codeLimit != m.sigOff {
		return fail("code limit %#x, but the signature starts at %#x", codeLimit, m.sigOff)
	}
	if want := (uint64(codeLimit) + pageSize - 1) / pageSize; uint64(nCode) != want {
		return fail("%d page hashes for %d pages", nCode, want)
	}
	if uint64(hashOff) < uint64(nSpecial)*sha256.Size || uint64(hashOff)+uint64(nCode)*sha256.Size > uint64(len(dir)) ||
		identOff >= uint32(len(dir)) {
		return fail("CodeDirectory offsets lie outside it")
	}
	id, _, ok := bytes.Cut(dir[identOff:], []byte{0})
	if !ok {
		return fail("identifier not terminated")
	}
	cd.id, cd.flags, cd.nPages = string(id), flags, int(nCode)
	for i := 1; i <= int(nSpecial); i++ {
		cd.special[i] = dir[hashOff-uint32(i)*sha256.Size : hashOff-uint32(i-1)*sha256.Size]
	}
	for p := range int(nCode) {
		start := uint64(p) * pageSize
		h := sha256.Sum256(b[start:min(start+pageSize, uint64(codeLimit))])
		if !bytes.Equal(h[:], dir[hashOff+uint32(p)*sha256.Size:][:sha256.Size]) {
			return fail("page %d (bytes %#x-%#x) does not match its hash", p, start, min(start+pageSize, uint64(codeLimit))-1)
		}
	}
	return cd, nil
}

// verifyBundle checks the signature of the application bundle app: every
// page hash of every slice of the executable, the special slots (Info.plist,
// requirements, CodeResources), every file hash that CodeResources seals and
// that no file goes unsealed, and the executable's permission bits. It
// returns a one-line summary, or an error naming the first mismatch.
func verifyBundle(app string) (string, error) {
	contents, plist, exe, id, exePath, info, err := openBundle(app)
	if err != nil {
		return "", err
	}
	if info.Mode().Perm()&0o111 == 0 {
		return "", fmt.Errorf("file Contents/MacOS/%s is not executable (mode %v)", exe, info.Mode().Perm())
	}
	cr, err := os.ReadFile(filepath.Join(contents, "_CodeSignature", "CodeResources"))
	if err != nil {
		return "", fmt.Errorf("no sealed resources: %w", err)
	}
	bin, err := os.ReadFile(exePath)
	if err != nil {
		return "", err
	}

	// The executable: each slice's pages, then its special slots.
	thin, fat, err := readFat(bin)
	if err != nil {
		return "", err
	}
	if !fat {
		thin = []fatSlice{{data: bin}}
	}
	infoHash, crHash, reqHash := sha256.Sum256(plist), sha256.Sum256(cr), sha256.Sum256(emptyRequirements)
	var archs []string
	adhoc := true
	for _, s := range thin {
		cd, err := checkSlice(s.data)
		if err != nil {
			return "", err
		}
		if fat && archName(s.cputype) != cd.arch {
			return "", fmt.Errorf("%s slice: the universal header says %s", cd.arch, archName(s.cputype))
		}
		if cd.id != id {
			return "", fmt.Errorf("%s slice: signed as %q, but Info.plist's CFBundleIdentifier is %q", cd.arch, cd.id, id)
		}
		if !bytes.Equal(cd.special[csSlotInfo], infoHash[:]) {
			return "", fmt.Errorf("file Info.plist does not match its hash in the %s slice's signature (special slot -1)", cd.arch)
		}
		reqWant := reqHash[:]
		if cd.reqsBlob != nil {
			h := sha256.Sum256(cd.reqsBlob)
			reqWant = h[:]
		}
		if !bytes.Equal(cd.special[csSlotRequirements], reqWant) {
			return "", fmt.Errorf("the requirements do not match their hash in the %s slice's signature (special slot -2)", cd.arch)
		}
		if !bytes.Equal(cd.special[csSlotResourceDir], crHash[:]) {
			return "", fmt.Errorf("file _CodeSignature/CodeResources does not match its hash in the %s slice's signature (special slot -3)", cd.arch)
		}
		if cd.flags&csLinkerSigned != 0 {
			return "", fmt.Errorf("%s slice: still flagged linker-signed", cd.arch)
		}
		adhoc = adhoc && cd.flags&csAdhoc != 0
		archs = append(archs, fmt.Sprintf("%s %d pages", cd.arch, cd.nPages))
	}

	// The sealed files.
	v, err := parsePlist(cr)
	if err != nil {
		return "", fmt.Errorf("_CodeSignature/CodeResources: %w", err)
	}
	top, _ := v.(map[string]any)
	files, _ := top["files"].(map[string]any)
	files2, _ := top["files2"].(map[string]any)
	if files == nil || files2 == nil {
		return "", errors.New("_CodeSignature/CodeResources: no files or no files2")
	}
	have, err := sealedFiles(contents, exe)
	if err != nil {
		return "", err
	}
	for _, rel := range have {
		if files2[rel] == nil {
			return "", fmt.Errorf("file Contents/%s is in the bundle but not sealed in CodeResources", rel)
		}
	}
	listed := slices.Sorted(func(yield func(string) bool) {
		for k := range files2 {
			if !yield(k) {
				return
			}
		}
	})
	for _, rel := range listed {
		entry, _ := files2[rel].(map[string]any)
		h2, _ := entry["hash2"].([]byte)
		if h2 == nil {
			return "", fmt.Errorf("CodeResources: %s has no hash2", rel)
		}
		b, err := os.ReadFile(filepath.Join(contents, filepath.FromSlash(rel)))
		if err != nil {
			return "", fmt.Errorf("CodeResources seals Contents/%s, which the bundle lacks", rel)
		}
		s1, s2 := sha1.Sum(b), sha256.Sum256(b)
		if !bytes.Equal(h2, s2[:]) {
			return "", fmt.Errorf("file Contents/%s does not match its SHA-256 in CodeResources (files2)", rel)
		}
		if h1, ok := entry["hash"].([]byte); ok && !bytes.Equal(h1, s1[:]) {
			return "", fmt.Errorf("file Contents/%s does not match its SHA-1 in CodeResources (files2)", rel)
		}
		if h1, ok := files[rel].([]byte); ok && !bytes.Equal(h1, s1[:]) {
			return "", fmt.Errorf("file Contents/%s does not match its SHA-1 in CodeResources (files)", rel)
		}
		if inFilesV1(rel) && files[rel] == nil {
			return "", fmt.Errorf("CodeResources: %s is missing from files", rel)
		}
	}
	for rel := range files {
		if files2[rel] == nil {
			return "", fmt.Errorf("CodeResources: %s is in files but not in files2", rel)
		}
	}
	kind := "ad hoc"
	if !adhoc {
		kind = "not ad hoc (CMS signature not checked)"
	}
	return fmt.Sprintf("ok: %s signed %s as %s; %s; Info.plist, CodeResources and %d sealed files (%s) match",
		app, kind, id, strings.Join(archs, ", "), len(listed), strings.Join(listed, ", ")), nil
}
