#!/usr/bin/env bash
# cubegod solve driven over pipes like a pwntools script: every puzzle written is answered
# without the writer sending anything more (five boxes then silence, six boxes, a prompt with no
# newline, boxes a line at a time), --line answers every line (a blank one with '!'), and --json
# writes one valid object per cube. Each read has a deadline: a solve that waits fails, not hangs.
. "$(dirname "$0")/lib.sh"
for mode in boxes line json; do
  timeout 60 python3 "$(dirname "$0")/coprocess.py" "$mode" || fail "co-process $mode"
done
echo "e2e_coprocess: all checks passed"
