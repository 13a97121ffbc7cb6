package main

// The embedded code signature of a Mach-O executable, written and read here.
//
// References: Apple's <mach-o/loader.h> and <mach-o/fat.h> for the file layout,
// and <kern/cs_blobs.h> (xnu, osfmk/kern/cs_blobs.h; also Security's
// cs_blobs.h) for the signature's blobs. rcodesign's documentation ("Apple Code
// Signing In Detail", gregoryszorc.com/docs/apple-codesign) is a good public
// description of the same format, and Go's own cmd/internal/codesign writes the
// linker's ad hoc signature the same way, less the bundle's special slots.
//
// The signature lives at the end of the __LINKEDIT segment, found through the
// LC_CODE_SIGNATURE load command (a linkedit_data_command: cmd, cmdsize,
// dataoff, datasize). All its fields are big-endian, whatever the CPU:
//
//	SuperBlob   magic 0xfade0cc0, length, count, then count {type, offset}
//	  slot 0       CodeDirectory (magic 0xfade0c02)
//	  slot 2       Requirements  (magic 0xfade0c01), empty for ad hoc: 12 bytes
//	  slot 0x10000 CMS signature wrapper (magic 0xfade0b01), empty for ad hoc
//
// The CodeDirectory (version 0x20400, which has the executable-segment fields)
// is an 88-byte header, the identifier (NUL-terminated), then the hashes:
// special slots stored backwards before hashOffset (slot -1 the bundle's
// Info.plist, -2 the requirements blob, -3 _CodeSignature/CodeResources; -4,
// application-specific, and -5, entitlements, are absent here, so
// nSpecialSlots is 3), and from hashOffset one SHA-256 per 4096-byte page of
// the file up to codeLimit, the signature's own offset. The load commands are
// inside the first page, so the page hashes cover the grown __LINKEDIT and the
// LC_CODE_SIGNATURE command themselves.
//
// A universal ("fat") file is a big-endian fat_header (magic 0xcafebabe, count)
// and count fat_arch {cputype, cpusubtype, offset, size, align}, each slice a
// complete Mach-O file that carries its own signature.

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
)

const (
	mhMagic64       = 0xfeedfacf // 64-bit Mach-O, read little-endian
	fatMagic        = 0xcafebabe // universal file, big-endian header
	mhExecute       = 0x2
	lcSegment64     = 0x19
	lcCodeSignature = 0x1d
	cpuTypeX86_64   = 0x01000007
	cpuTypeARM64    = 0x0100000c

	csMagicEmbeddedSignature = 0xfade0cc0
	csMagicCodeDirectory     = 0xfade0c02
	csMagicRequirements      = 0xfade0c01
	csMagicBlobWrapper       = 0xfade0b01

	csSlotCodeDirectory = 0
	csSlotInfo          = 1 // Info.plist, special slot -1
	csSlotRequirements  = 2 // special slot -2
	csSlotResourceDir   = 3 // _CodeSignature/CodeResources, special slot -3
	csSlotCMSSignature  = 0x10000

	csAdhoc             = 0x2
	csLinkerSigned      = 0x20000
	csHashTypeSHA256    = 2
	csExecSegMainBinary = 0x1
	cdVersionExecSeg    = 0x20400
	cdHeaderSize        = 88 // the CodeDirectory header up to version 0x20400
	pageShift           = 12
	pageSize            = 1 << pageShift
	fatAlignBits        = 14 // 16 KiB: what arm64 needs, and more than x86_64's 4 KiB
)

// emptyRequirements is the requirements blob of an ad hoc signature: a
// requirements set with no entries.
var emptyRequirements = []byte{0xfa, 0xde, 0x0c, 0x01, 0, 0, 0, 12, 0, 0, 0, 0}

// segment is a parsed LC_SEGMENT_64 command.
type segment struct {
	cmdOff                            int // where the command starts in the file
	vmaddr, vmsize, fileoff, filesize uint64
}

// machoFile is the part of a 64-bit Mach-O file the signer needs.
type machoFile struct {
	cputype      uint32
	filetype     uint32
	ncmds        uint32
	cmdsEnd      int // end of the load commands (header + sizeofcmds)
	text         segment
	linkedit     segment
	sigCmd       int    // offset of LC_CODE_SIGNATURE, or -1
	sigOff       uint32 // its dataoff and datasize
	sigSize      uint32
	firstSection uint64 // lowest file offset of section contents: the room for load commands ends there
}

func archName(cputype uint32) string {
	switch cputype {
	case cpuTypeX86_64:
		return "x86_64"
	case cpuTypeARM64:
		return "arm64"
	}
	return fmt.Sprintf("cputype %#x", cputype)
}

// parseMacho reads the header and load commands of a 64-bit little-endian
// Mach-O file (the only kind Go builds for macOS).
func parseMacho(b []byte) (*machoFile, error) {
	le := binary.LittleEndian
	if len(b) < 32 || le.Uint32(b) != mhMagic64 {
		return nil, errors.New("not a 64-bit Mach-O file")
	}
	m := &machoFile{cputype: le.Uint32(b[4:]), filetype: le.Uint32(b[12:]), ncmds: le.Uint32(b[16:]), sigCmd: -1}
	m.cmdsEnd = 32 + int(le.Uint32(b[20:]))
	if m.cmdsEnd > len(b) {
		return nil, errors.New("load commands run past the end of the file")
	}
	m.firstSection = uint64(len(b))
	var haveText, haveLinkedit bool
	var segs []segment
	off := 32
	for i := uint32(0); i < m.ncmds; i++ {
		if off+8 > m.cmdsEnd {
			return nil, fmt.Errorf("load command %d runs past the load commands", i)
		}
		cmd, size := le.Uint32(b[off:]), int(le.Uint32(b[off+4:]))
		if size < 8 || off+size > m.cmdsEnd {
			return nil, fmt.Errorf("load command %d has a bad size %d", i, size)
		}
		switch cmd {
		case lcSegment64:
			if size < 72 {
				return nil, fmt.Errorf("segment command %d too short", i)
			}
			s := segment{cmdOff: off, vmaddr: le.Uint64(b[off+24:]), vmsize: le.Uint64(b[off+32:]),
				fileoff: le.Uint64(b[off+40:]), filesize: le.Uint64(b[off+48:])}
			if s.fileoff+s.filesize > uint64(len(b)) {
				return nil, fmt.Errorf("segment %q runs past the end of the file", segName(b[off+8:off+24]))
			}
			nsects := int(le.Uint32(b[off+64:]))
			if 72+80*nsects > size {
				return nil, fmt.Errorf("segment %q has more sections than its command holds", segName(b[off+8:off+24]))
			}
			for j := range nsects {
				sec := b[off+72+80*j:]
				offset, typ := uint64(le.Uint32(sec[48:])), le.Uint32(sec[64:])&0xff
				zerofill := typ == 0x1 || typ == 0xc || typ == 0x12 // S_ZEROFILL, S_GB_ZEROFILL, S_THREAD_LOCAL_ZEROFILL
				if !zerofill && offset != 0 && le.Uint64(sec[40:]) != 0 {
					m.firstSection = min(m.firstSection, offset)
				}
			}
			switch segName(b[off+8 : off+24]) {
			case "__TEXT":
				m.text, haveText = s, true
			case "__LINKEDIT":
				m.linkedit, haveLinkedit = s, true
			}
			segs = append(segs, s)
		case lcCodeSignature:
			if size != 16 {
				return nil, errors.New("LC_CODE_SIGNATURE has a bad size")
			}
			m.sigCmd, m.sigOff, m.sigSize = off, le.Uint32(b[off+8:]), le.Uint32(b[off+12:])
		}
		off += size
	}
	if !haveText || !haveLinkedit {
		return nil, errors.New("no __TEXT or no __LINKEDIT segment")
	}
	for _, s := range segs {
		if s.cmdOff != m.linkedit.cmdOff && (s.fileoff+s.filesize > m.linkedit.fileoff || s.vmaddr+s.vmsize > m.linkedit.vmaddr) {
			return nil, errors.New("__LINKEDIT is not the last segment")
		}
	}
	if m.sigCmd >= 0 && (uint64(m.sigOff) < m.linkedit.fileoff || uint64(m.sigOff)+uint64(m.sigSize) > m.linkedit.fileoff+m.linkedit.filesize) {
		return nil, errors.New("the code signature lies outside __LINKEDIT")
	}
	return m, nil
}

func segName(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

func alignUp(n, a uint64) uint64 { return (n + a - 1) / a * a }

// specialHashes are the hashes of the bundle's files a signature binds:
// Info.plist (slot -1) and _CodeSignature/CodeResources (slot -3).
type specialHashes struct {
	infoPlist, codeResources [sha256.Size]byte
}

// signSlice returns the thin Mach-O file b signed ad hoc as identifier id,
// binding the bundle files of sp. A signature already there (the Go linker
// signs arm64 executables ad hoc) is replaced in its place; otherwise an
// LC_CODE_SIGNATURE command is added in the header's spare room and the
// signature appended to __LINKEDIT.
func signSlice(b []byte, id string, sp specialHashes) ([]byte, error) {
	m, err := parseMacho(b)
	if err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	linkEnd := m.linkedit.fileoff + m.linkedit.filesize
	var codeLimit uint64
	if m.sigCmd >= 0 {
		codeLimit = uint64(m.sigOff)
	} else {
		if linkEnd != uint64(len(b)) {
			return nil, errors.New("data after __LINKEDIT: cannot append a signature")
		}
		if uint64(m.cmdsEnd)+16 > m.firstSection {
			return nil, errors.New("no room in the header for LC_CODE_SIGNATURE")
		}
		codeLimit = alignUp(linkEnd, 16)
	}
	if codeLimit >= 1<<32 {
		return nil, errors.New("file too large for a 32-bit code limit")
	}

	nCode := int((codeLimit + pageSize - 1) / pageSize)
	const nSpecial = csSlotResourceDir
	cdLen := cdHeaderSize + len(id) + 1 + (nSpecial+nCode)*sha256.Size
	const nBlobs = 3
	sbLen := 12 + 8*nBlobs + cdLen + len(emptyRequirements) + 8
	dataSize := alignUp(uint64(sbLen), 16)

	out := make([]byte, codeLimit, codeLimit+dataSize) // zeros pad __LINKEDIT up to the signature
	copy(out, b)
	// The header first: the first page's hash covers it.
	if m.sigCmd < 0 {
		m.sigCmd = m.cmdsEnd
		le.PutUint32(out[m.sigCmd:], lcCodeSignature)
		le.PutUint32(out[m.sigCmd+4:], 16)
		le.PutUint32(out[16:], m.ncmds+1)
		le.PutUint32(out[20:], uint32(m.cmdsEnd+16-32))
	}
	le.PutUint32(out[m.sigCmd+8:], uint32(codeLimit))
	le.PutUint32(out[m.sigCmd+12:], uint32(dataSize))
	filesize := codeLimit + dataSize - m.linkedit.fileoff
	segAlign := uint64(0x1000)
	if m.cputype == cpuTypeARM64 {
		segAlign = 0x4000
	}
	le.PutUint64(out[m.linkedit.cmdOff+32:], max(m.linkedit.vmsize, alignUp(filesize, segAlign)))
	le.PutUint64(out[m.linkedit.cmdOff+48:], filesize)

	be := binary.BigEndian
	reqHash := sha256.Sum256(emptyRequirements)
	var cd bytes.Buffer
	var execFlags uint64
	if m.filetype == mhExecute {
		execFlags = csExecSegMainBinary
	}
	hashOffset := cdHeaderSize + len(id) + 1 + nSpecial*sha256.Size
	for _, v := range []uint32{
		csMagicCodeDirectory, uint32(cdLen), cdVersionExecSeg, csAdhoc,
		uint32(hashOffset), cdHeaderSize, nSpecial, uint32(nCode), uint32(codeLimit),
	} {
		binary.Write(&cd, be, v)
	}
	cd.Write([]byte{sha256.Size, csHashTypeSHA256, 0, pageShift}) // hashSize, hashType, platform, pageSize
	binary.Write(&cd, be, [4]uint32{})                            // spare2, scatterOffset, teamOffset, spare3
	binary.Write(&cd, be, [4]uint64{0, m.text.fileoff, m.text.filesize, execFlags})
	cd.WriteString(id)
	cd.WriteByte(0)
	cd.Write(sp.codeResources[:]) // slot -3
	cd.Write(reqHash[:])          // slot -2
	cd.Write(sp.infoPlist[:])     // slot -1
	for p := uint64(0); p < codeLimit; p += pageSize {
		h := sha256.Sum256(out[p:min(p+pageSize, codeLimit)])
		cd.Write(h[:])
	}
	if cd.Len() != cdLen {
		panic("macapp: CodeDirectory length miscounted")
	}

	var sb bytes.Buffer
	binary.Write(&sb, be, [3]uint32{csMagicEmbeddedSignature, uint32(sbLen), nBlobs})
	off := uint32(12 + 8*nBlobs)
	binary.Write(&sb, be, [2]uint32{csSlotCodeDirectory, off})
	off += uint32(cdLen)
	binary.Write(&sb, be, [2]uint32{csSlotRequirements, off})
	off += uint32(len(emptyRequirements))
	binary.Write(&sb, be, [2]uint32{csSlotCMSSignature, off})
	sb.Write(cd.Bytes())
	sb.Write(emptyRequirements)
	binary.Write(&sb, be, [2]uint32{csMagicBlobWrapper, 8})
	sb.Write(make([]byte, int(dataSize)-sbLen))
	return append(out, sb.Bytes()...), nil
}

// fatSlice is one architecture of a universal file.
type fatSlice struct {
	cputype, cpusubtype, align uint32
	data                       []byte
}

// readFat splits a universal file into its slices; ok is false for a thin file.
func readFat(b []byte) (slices []fatSlice, ok bool, err error) {
	be := binary.BigEndian
	if len(b) < 8 || be.Uint32(b) != fatMagic {
		return nil, false, nil
	}
	n := int(be.Uint32(b[4:]))
	if n == 0 || 8+20*n > len(b) {
		return nil, true, errors.New("bad universal header")
	}
	end := uint64(8 + 20*n)
	for i := range n {
		a := b[8+20*i:]
		off, size, align := uint64(be.Uint32(a[8:])), uint64(be.Uint32(a[12:])), be.Uint32(a[16:])
		if align > 15 || off%(1<<align) != 0 || off < end || off+size > uint64(len(b)) {
			return nil, true, fmt.Errorf("universal slice %d is misplaced", i)
		}
		end = off + size
		slices = append(slices, fatSlice{cputype: be.Uint32(a), cpusubtype: be.Uint32(a[4:]), align: align, data: b[off : off+size]})
	}
	return slices, true, nil
}

// writeFat joins slices into a universal file, each at its alignment (the
// layout of Apple's lipo and of GoReleaser's universal binaries).
func writeFat(slices []fatSlice) []byte {
	be := binary.BigEndian
	var out bytes.Buffer
	binary.Write(&out, be, [2]uint32{fatMagic, uint32(len(slices))})
	off := uint64(8 + 20*len(slices))
	offs := make([]uint64, len(slices))
	for i, s := range slices {
		offs[i] = alignUp(off, 1<<s.align)
		off = offs[i] + uint64(len(s.data))
		binary.Write(&out, be, [5]uint32{s.cputype, s.cpusubtype, uint32(offs[i]), uint32(len(s.data)), s.align})
	}
	for i, s := range slices {
		out.Write(make([]byte, int(offs[i])-out.Len()))
		out.Write(s.data)
	}
	return out.Bytes()
}

// lipo makes a universal file of thin Mach-O files.
func lipo(thin ...[]byte) ([]byte, error) {
	var slices []fatSlice
	for _, b := range thin {
		m, err := parseMacho(b)
		if err != nil {
			return nil, err
		}
		slices = append(slices, fatSlice{cputype: m.cputype, cpusubtype: binary.LittleEndian.Uint32(b[8:]), align: fatAlignBits, data: b})
	}
	return writeFat(slices), nil
}

// signExecutable signs a thin or universal executable, each slice alike.
func signExecutable(b []byte, id string, sp specialHashes) ([]byte, error) {
	slices, fat, err := readFat(b)
	if err != nil {
		return nil, err
	}
	if !fat {
		return signSlice(b, id, sp)
	}
	for i := range slices {
		if slices[i].data, err = signSlice(slices[i].data, id, sp); err != nil {
			return nil, fmt.Errorf("%s slice: %w", archName(slices[i].cputype), err)
		}
	}
	return writeFat(slices), nil
}
