#!/usr/bin/env bash
# play --exec ends everything its command started (issue 42): the command runs in a process
# group of its own, and play ends the whole group (SIGTERM, then SIGKILL after a grace), so a
# shell's children do not outlive it as orphans:
#   1. a shell that ignores SIGTERM, SIGINT and SIGHUP, prints, then waits on a long sleep;
#      play is stopped by SIGINT while it waits for a cube;
#   2. a shell that puts a sleep in the background and ends by itself when its stdin closes
#      (the child reaped, its child left in the group); and one whose background child traps
#      SIGTERM: it hears it (asked before it is made to); and one whose background sleep ignores
#      SIGTERM: SIGKILL ends it after the grace;
#   3. the group is the child's own: play's pid is not in it;
#   4. a command that moved itself into play's group is still ended (signalled by its pid).
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"

# Processes running `sleep SECONDS` (a number no other process uses), as "pid pgid" lines.
sleepers() { ps -eo pid=,pgid=,args= | awk -v a="sleep $1" '{p=$1; g=$2; $1=$2=""; sub(/^ +/, ""); if ($0 == a) print p, g}'; }
# Ends what a failing run left (only the test's own sleeps, by pid).
reap_left() { sleepers "$1" | while read -r p _; do kill -9 "$p" 2>/dev/null; done; }

# run_case NAME SECONDS COMMAND: play --exec COMMAND, SIGINT once the command said "hi", then
# no `sleep SECONDS` may be left.
run_case() {
  local name=$1 secs=$2 cmd=$3
  "$CUBEGOD" play --timeout 60 --record "$TMP/$name.rec" --exec "$cmd" \
    > "$TMP/$name.out" 2> "$TMP/$name.err" < /dev/null &
  local pid=$!
  wait_for "$TMP/$name.rec" "hi" || { kill -9 $pid; reap_left "$secs"; fail "$name: the command's 'hi' never reached play"; }
  for _ in $(seq 100); do [ -n "$(sleepers "$secs")" ] && break; sleep 0.05; done
  local group
  group=$(sleepers "$secs" | awk '{print $2}' | head -n1)
  [ -n "$group" ] || { kill -9 $pid; fail "$name: the command's sleep never started"; }
  [ "$group" != "$(ps -o pgid= -p $$ | tr -d ' ')" ] || { kill -9 $pid; reap_left "$secs"; fail "$name: the command shares the test's process group $group"; }
  [ "$group" != "$pid" ] || { kill -9 $pid; reap_left "$secs"; fail "$name: the group is play's own"; }
  kill -INT $pid
  local t0 t1
  t0=$(date +%s%N)
  # under valgrind play's exit (its leak check included) takes seconds of its own
  local tries=200
  [ -z "${CUBEGOD_SLOW_TOOLS:-}" ] || tries=1200
  for _ in $(seq $tries); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
  kill -0 $pid 2>/dev/null && { kill -9 $pid; reap_left "$secs"; fail "$name: play still running $((tries / 20)) s after SIGINT"; }
  t1=$(date +%s%N)
  wait $pid; rc=$?
  [ "$rc" = 130 ] || { reap_left "$secs"; fail "$name: SIGINT: exit $rc, expected 130: $(tail -2 "$TMP/$name.err")"; }
  # what play ends is gone once play is: a process left in the group would be an orphan now
  local left
  left=$(sleepers "$secs")
  [ -z "$left" ] || { reap_left "$secs"; fail "$name: left running after play ended (pid pgid): $left"; }
  # (a zombie is dead: it only waits for its reaper, init or a subreaper, not play)
  ps -eo pgid=,stat= | awk -v g="$group" '$1 == g && $2 !~ /^Z/' | grep -q . &&
    fail "$name: a process of group $group is left: $(ps -eo pid,pgid,stat,args | awk -v g="$group" '$2 == g')"
  echo "$name: play ended $(( (t1 - t0) / 1000000 )) ms after SIGINT, no process of group $group left"
}

# a number of seconds no other process sleeps (the test's pid in it)
base=$((4000000 + $$ % 100000 * 8))
run_case ignores $((base + 1)) "sh -c 'trap \"\" TERM INT HUP; echo hi; sleep $((base + 1)); echo done'"
run_case background $((base + 2)) "sh -c 'sleep $((base + 2)) & echo hi; read x'"
# asked first: a child of the command that traps SIGTERM hears it before any SIGKILL
run_case asked $((base + 3)) "sh -c '(trap \"echo term > $TMP/asked.term; exit 0\" TERM; sleep $((base + 3)) & wait) & echo hi; read x'"
# a command that outlives its stdin is asked before it is made to: it hears SIGTERM
run_case heard $((base + 5)) "sh -c 'trap \"echo term > $TMP/heard.term; kill \\\$!; exit 0\" TERM; echo hi; sleep $((base + 5)) & wait'"
[ "$(cat "$TMP/heard.term" 2>/dev/null)" = term ] || fail "the command was not sent SIGTERM before SIGKILL"
# deaf and left behind: the shell ends when its stdin closes, its background sleep ignores
# SIGTERM (inherited): only the SIGKILL after the grace ends it
run_case deaf_left $((base + 4)) "sh -c 'trap \"\" TERM; sleep $((base + 4)) & echo hi; read x'"
# a command that left its group for play's own (setpgid): the group signal misses it, the
# signal to its pid does not; it ignores its stdin closing, so only that signal ends it
cat > "$TMP/leaver.py" <<PY
import os, sys, time
os.setpgid(0, os.getpgid(os.getppid()))
open("$TMP/leaver.pid", "w").write(str(os.getpid()))
print("hi", flush=True)
time.sleep(600)
PY
"$CUBEGOD" play --timeout 60 --record "$TMP/leaver.rec" --exec "python3 $TMP/leaver.py" \
  > "$TMP/leaver.out" 2> "$TMP/leaver.err" < /dev/null &
pid=$!
wait_for "$TMP/leaver.rec" "hi" || { kill -9 $pid; fail "leaver: the command's 'hi' never reached play"; }
leaver=$(cat "$TMP/leaver.pid")
kill -INT $pid
for _ in $(seq 200); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
if kill -0 $pid 2>/dev/null; then
  kill -9 $pid "$leaver" 2>/dev/null
  fail "leaver: play still running 10 s after SIGINT (its child left the group)"
fi
wait $pid
if kill -0 "$leaver" 2>/dev/null && ! ps -o stat= -p "$leaver" | grep -q Z; then
  kill -9 "$leaver"
  fail "leaver: the command that left its group is still running after play ended"
fi
echo "leaver: a command that left its group ended with play"
[ "$(cat "$TMP/asked.term" 2>/dev/null)" = term ] || fail "the command's group was not sent SIGTERM before SIGKILL"
echo "e2e_exec_group: ok"
