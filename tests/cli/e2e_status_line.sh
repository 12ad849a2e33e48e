#!/usr/bin/env bash
# play's status line on a terminal (src/cli/term.c), byte for byte, in a terminal of 23 columns
# (tests/game/pty_run.py) where the line's 18th and last character is a two-byte "µ" of the
# command's own text:
#   - a line cut to the terminal's width ends after a whole character: the µ's two bytes, then
#     the erase to the end of the line;
#   - a line said on standard error while the status line is up (-v's prompt line) goes above
#     it, and the status line is drawn again right after;
#   - the game's one-line summary that replaces it: the mean answer length (10 moves, 1 round).
# e2e_terminal.sh (tests/game) checks the colours, the redraws in place and the cut's length.
. "$(dirname "$0")/lib.sh"
: "${CUBEGOD:?}" "${CUBEGOD_CACHE:?}" "${FIXTURES:?}"
HERE=$(cd "$(dirname "$0")" && pwd)

sed -n '4,31p' "$FIXTURES/captures/game-wrong-answer-round-3.txt" > "$TMP/round.txt"
# the process's name, as the status line shows it: "process 'sh -c : µ; cat ..."
PTY_COLUMNS=23 NO_COLOR=1 TERM=xterm python3 "$HERE/../game/pty_run.py" "$TMP/tty" \
  "$CUBEGOD" play -v --size 2 --exec "sh -c ': µ; cat $TMP/round.txt; read a; echo \"[+] Correct!\"; echo flag{tty}'"
expect_eq "$?" 0 "a won game on a terminal: $(cat -v "$TMP/tty")"
python3 - "$TMP/tty" <<'PY' || fail "the terminal's bytes: $(cat -v "$TMP/tty")"
import re, sys
raw = open(sys.argv[1], "rb").read()
status = "] process 'sh -c : \u00b5\x1b[K".encode()   # 18 characters, the last one whole
# the status line, drawn when the process starts and again after each line said below it
drawn = [m.start() for m in re.finditer(re.escape(status), raw)]
assert drawn, "the status line was not drawn whole to the 18th character"
assert b"\xc2\x1b[K" not in raw, "a character cut in two"
said = b"[*] prompt: 'Enter your solution:'\r\n"
at = raw.index(said) + len(said)
assert re.match(rb"\r\[[^\]\r\n]+" + re.escape(status), raw[at:]), \
    "the status line is not drawn again after a line said: %r" % raw[at:at + 60]
summary = re.search(rb"\[\*\] 1 round in [0-9.]+ s \(2x2\): ([0-9.]+) moves on average \(max 10\), "
                    rb"solve median [0-9]+ \xc2\xb5s \(max [0-9]+ \xc2\xb5s\)\r\n", raw)
assert summary and summary.group(1) == b"10.0", "the summary line: %r" % summary
PY
echo "e2e_status_line: all checks passed"
