#!/usr/bin/env python3
"""Estimate the cycles of one network evaluation with llvm-mca, weighted by
the basic blocks a benchmark executes.

The test binary of ai/cnn runs one benchmark twice under qemu-user with
-d in_asm,exec,nochain (every translated block logged each time it runs),
with n1 and n2 iterations; the difference of the two runs' block counts,
divided by n2-n1, is the blocks of one evaluation, without the set-up.
Each block's instructions are disassembled from the binary with objdump
(binutils-aarch64-linux-gnu for arm64) and analysed by llvm-mca as a loop
body (its steady-state cycles per iteration); the estimate is the sum of
count times cycles. Cache misses and branch mispredictions are not modelled:
hence the calibration, the same method applied to the amd64 kernels and
compared with their measured speed on the same machine.

usage: mca_estimate.py ARCH BINARY BENCH N1 N2 MCPU[,MCPU...] [LLVM_MCA]
  ARCH   aarch64 or x86_64; BENCH a -test.bench pattern matching one benchmark
"""
import collections, os, re, subprocess, sys, tempfile

arch, binary, bench, n1, n2, mcpus = sys.argv[1:7]
mca = sys.argv[7] if len(sys.argv) > 7 else "llvm-mca"
n1, n2 = int(n1), int(n2)
qemu = {"aarch64": ["qemu-aarch64", "-cpu", "max"], "x86_64": ["qemu-x86_64", "-cpu", "max"]}[arch]
objdump = {"aarch64": "aarch64-linux-gnu-objdump", "x86_64": "objdump"}[arch]
nm = {"aarch64": "aarch64-linux-gnu-nm", "x86_64": "nm"}[arch]

# The functions an evaluation runs (package cnn and what it calls), minus the
# set-up (the layer-1 table, quantisation), which would flood the log.
syms = subprocess.run([nm, "-n", "-S", binary], capture_output=True, text=True).stdout.split("\n")
# PATH=int (default) or float picks the functions of that path.
if os.environ.get("PATH_KIND", "int") == "int":
    keep = re.compile(r"ai/cnn\.(\(\*Quantized\)\.(forward|Forward|ForwardSide|boardPatches8?|layers23|layers23VNNI256|layers23Rows|rowPointers|patch|layer4|conv[23]\w*)|\(\*scratch\)\.patchIndicesFast|patchIndices|markKing|kingPatch|narrow\w*|conv[23](NEON|Int8NEON|AVX2|Int8AVX2|VNNI|Int8VNNI|AVXVNNI|Int8AVXVNNI)|conv2Rows\w+|layer4\w+|copyRows\w*|patchCodes)(\.abi0)?$|^runtime\.memmove$|^sync\.\(\*Pool\)\.(Get|Put)$")
else:
    keep = re.compile(r"ai/cnn\.(\(\*Network\)\.(Forward|ForwardSide|weights)|forward|layer1Offsets|layer1Go|layer1Asm|tanhAsm|tanhNEON|conv[23]RowAsm|conv[23]Go|tanhSlice|\(\*packed\)\.addSideBias)(\.abi0)?$")
skip = re.compile(r"^$")
ranges = []
for line in syms:
    f = line.split()
    if len(f) == 4 and f[2] in "tT" and keep.search(f[3]) and not skip.search(f[3]):
        a, s = int(f[0], 16), int(f[1], 16)
        ranges.append((a, a + s))
dfilter = ",".join("0x%x..0x%x" % (a, b - 1) for a, b in ranges)

def run(n):
    log = tempfile.mktemp(suffix=".log")
    env = dict(os.environ, GOMAXPROCS="1")
    subprocess.run(qemu + ["-d", "in_asm,exec,nochain", "-dfilter", dfilter, "-D", log, binary,
                           "-test.run", "^$", "-test.bench", bench, "-test.benchtime", "%dx" % n, "-test.cpu", "1"],
                   env=env, check=True, capture_output=True)
    counts, blocks, cur = collections.Counter(), {}, None
    with open(log, errors="replace") as fh:
        for line in fh:
            if line.startswith("Trace "):
                m = re.search(r"\[[0-9a-f]+/([0-9a-f]+)/", line)
                if m:
                    counts[int(m.group(1), 16)] += 1
            elif line.startswith("0x"):
                addr = int(line.split(":")[0], 16)
                if cur is None:
                    cur = addr
                    blocks[cur] = []
                blocks[cur].append(addr)
            elif not line.strip():
                cur = None
    os.remove(log)
    return counts, blocks

# The profile is kept next to the binary: rerunning with other -mcpu values
# does not run qemu again.
import json
cache = "%s.%s.%d-%d.profile.json" % (binary, re.sub(r"\W", "_", bench), n1, n2)
if os.path.exists(cache):
    with open(cache) as fh:
        per, blocks = json.load(fh)
    per = {int(a): c for a, c in per.items()}
    blocks = {int(a): b for a, b in blocks.items()}
else:
    c1, _ = run(n1)
    c2, blocks = run(n2)
    per = {a: (c2[a] - c1.get(a, 0)) / (n2 - n1) for a in c2}
    per = {a: c for a, c in per.items() if c > 0 and a in blocks}
    blocks = {a: blocks[a] for a in per}
    with open(cache, "w") as fh:
        json.dump([per, blocks], fh)

branch = re.compile(r"^(b(\.[a-z]+)?|bl|cbn?z|tbn?z|j[a-z]+|call[q]?|jmp[q]?)$")
def block_text(addrs):
    out = subprocess.run([objdump, "-d", "--no-show-raw-insn", "--start-address=0x%x" % addrs[0],
                          "--stop-address=0x%x" % (addrs[-1] + 16), binary], capture_output=True, text=True).stdout
    lines = ["L0:"]
    for l in out.split("\n"):
        m = re.match(r"^\s*([0-9a-f]+):\s+(.*)$", l)
        if not m or int(m.group(1), 16) > addrs[-1]:
            continue
        ins = re.sub(r"<[^>]*>", "", m.group(2).split("//")[0].split("#", 1)[0] if arch == "x86_64" else m.group(2).split("//")[0]).strip()
        if not ins or ins.startswith("(bad)") or ins.startswith(".word") or ins.startswith("udf"):
            continue
        op = ins.split()[0]
        if branch.match(op):
            parts = ins.split()
            # keep register operands (cbz x1, tbz w2, #3), replace the target
            if op.startswith(("cb", "tb")):
                ins = " ".join(parts[:-1]) + " L0"
            elif len(parts) > 1 and re.match(r"^[0-9a-f]+$", parts[-1]):
                ins = op + " L0"
        elif op in ("adrp", "adr"):
            ins = op + " " + ins.split()[1] + " L0"
        lines.append(ins)
    return "\n".join(lines) + "\n"

def cycles(text, mcpu, cache={}):
    key = (text, mcpu)
    if key not in cache:
        triple = "aarch64" if arch == "aarch64" else "x86_64"
        r = subprocess.run([mca, "-mtriple=" + triple, "-mcpu=" + mcpu, "-iterations=100", "-skip-unsupported-instructions=lack-sched"] if "19" in mca else
                           [mca, "-mtriple=" + triple, "-mcpu=" + mcpu, "-iterations=100"],
                           input=text, capture_output=True, text=True)
        m = re.search(r"Total Cycles:\s+(\d+)", r.stdout)
        cache[key] = int(m.group(1)) / 100 if m else None
        if m is None:
            sys.stderr.write("llvm-mca failed on a block (%s): %s\n" % (mcpu, r.stderr.strip().split("\n")[0]))
    return cache[key]

# One evaluation calls NORM once (by default the layers-2-and-3 dispatch of
# the integer path, or the float path's forward): its entry block's count is
# the number of evaluations the difference holds, whatever the benchmark
# harness added between the two runs.
norm = os.environ.get("NORM", "ai/cnn.(*Quantized).layers23" if os.environ.get("PATH_KIND", "int") == "int" else "ai/cnn.forward")
entries = [int(f[0], 16) for f in (l.split() for l in syms) if len(f) == 4 and f[3].endswith(norm)]
evals = per.get(entries[0], 0) if entries else 0
if evals <= 0:
    sys.exit("no entry of %s in the profile" % norm)
per = {a: c / evals for a, c in per.items()}
print("evaluations per benchmark iteration, from the entries of %s: %.2f" % (norm, evals))
total_blocks = sum(per.values())
print("blocks per evaluation: %.0f (distinct %d)" % (total_blocks, len(per)))
texts = {a: block_text(blocks[a]) for a in per}
if os.environ.get("MCA_DEBUG"):
    for a in list(texts)[:3]:
        sys.stderr.write(texts[a])
funcs = sorted((int(f[0], 16), int(f[1], 16), f[3]) for f in (l.split() for l in syms) if len(f) == 4)
def func_of(a):
    for start, size, name in funcs:
        if start <= a < start + size:
            return name.split("/")[-1]
    return "?"
for mcpu in mcpus.split(","):
    tot, missing = 0.0, 0.0
    by = collections.Counter()
    for a, c in per.items():
        cy = cycles(texts[a], mcpu)
        if cy is None:
            missing += c
            continue
        tot += c * cy
        by[func_of(a)] += c * cy
    print("mcpu=%s cycles_per_eval=%.0f (blocks not analysed per eval: %.0f)" % (mcpu, tot, missing))
    print("  " + ", ".join("%s %.0f" % (f, v) for f, v in by.most_common(6)))
