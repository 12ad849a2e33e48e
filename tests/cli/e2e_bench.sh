#!/usr/bin/env bash
# needs: tables3 (the Python-server benchmark's `play` opens both sizes' tables before connecting)
# The benchmarks as scripts use them: every `cubegod bench` with --json prints one valid JSON
# object with its figures (small sizes here: this checks the output, not the speed); the
# bench net picture stays inside its canvas and draws the alarm and both axes' ticks; the
# Python-server benchmarks exit 0 and leave no temporary folder behind.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

check_json() { # NAME FILE PYTHON-CONDITION-ON-o
  python3 - "$2" "$3" <<'PY' || fail "$1: $(cat "$2")"
import json, sys
text = open(sys.argv[1]).read()
assert text.count("\n") == 1, "not one line"
o = json.loads(text)
assert eval(sys.argv[2]), sys.argv[2]
PY
}
"$CUBEGOD" bench solve -n 300 --json > "$TMP/solve.json" || fail "bench solve --json exited $?"
check_json "bench solve" "$TMP/solve.json" \
  'o["bench"] == "solve" and o["positions"] == 300 and o["wrong"] == 0 and o["latency_us"]["median"] > 0 and 0 < o["mean_length"] <= 11'
"$CUBEGOD" bench solve --size 3 -n 12 --threads 2 --json > "$TMP/solve3.json" ||
  fail "bench solve --size 3 --threads 2 --json exited $?"
check_json "bench solve --size 3 --threads 2" "$TMP/solve3.json" \
  'o["bench"] == "solve3" and o["cubes"] == 12 and o["threads"] == 2 and o["wrong"] == 0 and o["failed"] == 0 and o["max_length"] <= 20'
"$CUBEGOD" bench net --games 2 --rounds 20 --json --svg "$TMP/net.svg" > "$TMP/net.json" || fail "bench net --json exited $?"
check_json "bench net" "$TMP/net.json" \
  'o["won"] == 2 and o["rounds_answered"] == 40 and o["client_part_us"]["max"] >= o["client_part_us"]["median"] > 0'
"$CUBEGOD" bench sim3 -n 3 --json > "$TMP/sim3.json" || fail "bench sim3 --json exited $?"
check_json "bench sim3" "$TMP/sim3.json" 'o["yes"] == 50 and o["us_per_100_data_sets"] > 0'
"$CUBEGOD" bench order -n 1000 -r 2 --json > "$TMP/order.json" || fail "bench order --json exited $?"
check_json "bench order" "$TMP/order.json" 'o["moves"] == 1000 and o["order"] >= 1 and o["best_ms"] <= o["mean_ms"]'
"$CUBEGOD" bench jigsaw -n 20 --json > "$TMP/jigsaw.json" || fail "bench jigsaw --json exited $?"
check_json "bench jigsaw" "$TMP/jigsaw.json" 'o["puzzles"] == 20 and o["solvable"] >= 10'

# The picture: well-formed, every label inside the canvas, the alarm and the ticks drawn.
python3 - "$TMP/net.svg" <<'PY' || fail "bench net --svg picture"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
W, H = float(root.get("width")), float(root.get("height"))
texts = [t for t in root.iter() if t.tag.endswith("text")]
for t in texts:
    x, y = float(t.get("x")), float(t.get("y"))
    assert 0 <= x <= W and 12 <= y <= H, f"label {t.text!r} at {x},{y} outside {W}x{H}"
words = [t.text for t in texts]
assert "alarm 1 s" in words, words
assert "100%" in words and "10%" in words, "no y axis ticks"
assert "1 \u00b5s" in words and "1 s" in words, "x axis does not reach the alarm"
assert sum(1 for e in root.iter() if e.tag.endswith("path")) == 2, "not two series"
PY

# The Python server benchmark: exit 0, its figures, nothing left in TMPDIR.
mkdir -p "$TMP/tmpdir"
TMPDIR="$TMP/tmpdir" CUBEGOD="$CUBEGOD" bash "$ROOT/bench/python_server_latency.sh" 1 > "$TMP/py.out" 2>&1 ||
  fail "python_server_latency.sh exited $?: $(cat "$TMP/py.out")"
expect_grep "python server: 1 games, 1 won, 100 rounds" "$TMP/py.out"
[ -z "$(ls -A "$TMP/tmpdir")" ] || fail "python_server_latency.sh left $(ls "$TMP/tmpdir")"
TMPDIR="$TMP/tmpdir" CUBEGOD="$CUBEGOD" bash "$ROOT/bench/python_server_latency.sh" 1 --json > "$TMP/py.json" ||
  fail "python_server_latency.sh --json exited $?"
check_json "python server" "$TMP/py.json" 'o["won"] == 1 and o["rounds"] == 100'

# The newline-prompt benchmark: one game of 20 rounds, round 1 apart from rounds 2-20.
TMPDIR="$TMP/tmpdir" CUBEGOD="$CUBEGOD" bash "$ROOT/bench/prompt_latency.sh" 1 --json > "$TMP/nl.json" ||
  fail "prompt_latency.sh --json exited $?: $(cat "$TMP/nl.json")"
check_json "newline prompt" "$TMP/nl.json" \
  'o["won"] == 1 and o["round1_ms"]["n"] == 1 and o["rounds2_20_ms"]["n"] == 19 and 0 < o["rounds2_20_ms"]["median"] <= o["rounds2_20_ms"]["max"]'
[ -z "$(ls -A "$TMP/tmpdir")" ] || fail "prompt_latency.sh left $(ls "$TMP/tmpdir")"

"$CUBEGOD" bench net --gmaes 2 2> "$TMP/err"; expect_eq "$?" 2 "misspelled bench option"
expect_grep "did you mean '--games'" "$TMP/err"
echo "e2e_bench: all checks passed"
