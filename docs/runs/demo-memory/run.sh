#!/bin/bash
# 30 minutes of `tablut -demo` under Xvfb, its VmHWM and VmRSS (kB) every 30 s
# into mem.log, its heap profile at 10 and 30 minutes. Usage: run.sh TABLUT-BINARY
set -e
BIN=$(realpath "$1")
export XDG_CONFIG_HOME=$(mktemp -d) TABLUT_HEAPPROFILE=$PWD/heap.pprof
nice -n 19 xvfb-run -a -s "-screen 0 1280x1024x24" "$BIN" -demo > app.log 2>&1 &
sleep 3
PID=$(pgrep -n -f "$BIN -demo")
echo "pid $PID start $(date +%T)" > mem.log
for i in $(seq 0 60); do
  echo "$((i*30)) $(grep -E 'VmRSS|VmHWM' /proc/$PID/status | awk '{printf "%s %s ", $1, $2}') load $(cut -d' ' -f1-3 /proc/loadavg)" >> mem.log
  [ $i -eq 20 ] && cp heap.pprof heap-10min.pprof
  [ $i -eq 60 ] && break
  sleep 30
done
cp heap.pprof heap-30min.pprof
kill $PID
echo "end $(date +%T)" >> mem.log
