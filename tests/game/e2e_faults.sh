#!/usr/bin/env bash
# Fault injection against cubegod serve (tests/faults/server_faults.py), reduced: 150 connections
# dropped at random points, 40 silent clients, 10 MB lines, binary garbage, 12-move answers and
# half lines, while a player wins whole games with the 1-second alarm; the server must survive,
# log every connection and stay under 256 MB. ./run.sh faults runs the full version.
# Under valgrind (CUBEGOD_SLOW_TOOLS) a smaller run with a 5-second alarm: there it checks memory
# errors, not speed, and valgrind's own memory is no measure of the server's.
set -uo pipefail
: "${CUBEGOD:?}"
command -v python3 >/dev/null || { echo "python3 missing"; exit 77; }
script="$(dirname "$0")/../faults/server_faults.py"
if [ -n "${CUBEGOD_SLOW_TOOLS:-}" ]; then
  exec python3 "$script" --tiny --alarm 5 --rss-limit-mb 100000
fi
exec python3 "$script" --quick
