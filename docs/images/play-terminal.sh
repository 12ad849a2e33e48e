#!/usr/bin/env bash
# Makes docs/images/play-terminal.png: `cubegod play` in a real terminal (tmux), a 100-round game
# won, a game lost (a goal shown above each cube, without --target first: the hint; the next try
# takes it and wins) and a third
# one whose server went silent in round 58, with its status line; captured with its colours
# (tmux capture-pane -e), written as an HTML page and photographed by headless Chromium.
# Needs tmux, chromium and a build: CUBEGOD=build/cubegod docs/images/play-terminal.sh
set -euo pipefail
: "${CUBEGOD:=build/cubegod}"
CUBEGOD=$(cd "$(dirname "$CUBEGOD")" && pwd)/$(basename "$CUBEGOD")
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; tmux kill-session -t cgshot 2>/dev/null || true; sleep 0.5; rm -rf "$TMP" 2>/dev/null || true; }
trap cleanup EXIT
"$CUBEGOD" serve --port 0 --games 1 -q > "$TMP/serve.port" & PIDS+=($!)
"$CUBEGOD" serve --port 0 --games 3 --goal shown -q > "$TMP/goal.port" & PIDS+=($!)
python3 "$HERE/../../tests/game/app.py" --listen 0 --rounds 100 --seed 36 --silent-after 58 > "$TMP/app.port" & PIDS+=($!)
for _ in $(seq 100); do [ -s "$TMP/serve.port" ] && [ -s "$TMP/goal.port" ] && [ -s "$TMP/app.port" ] && break; sleep 0.1; done
mkdir -p "$TMP/bin" && ln -s "$CUBEGOD" "$TMP/bin/cubegod"
tmux new-session -d -s cgshot -x 100 -y 40 "env -i PATH=$TMP/bin:/usr/bin:/bin HOME=$TMP TERM=xterm-256color CUBEGOD_CACHE=${CUBEGOD_CACHE:-} PS1='\$ ' bash --norc --noprofile"
tmux send-keys -t cgshot "cubegod play --size 2 127.0.0.1 $(head -n1 "$TMP/serve.port")" Enter
sleep 3
tmux send-keys -t cgshot "cubegod play --size 2 127.0.0.1 $(head -n1 "$TMP/goal.port")" Enter
sleep 3
tmux send-keys -t cgshot "cubegod play --size 2 --timeout 60 127.0.0.1 $(head -n1 "$TMP/app.port")" Enter
for _ in $(seq 100); do tmux capture-pane -t cgshot -p | grep -q "round 57/100" && break; sleep 0.1; done
sleep 0.5
tmux capture-pane -t cgshot -p -e > "$TMP/pane.ansi"
python3 - "$TMP/pane.ansi" "$TMP/pane.html" <<'PY'
import html, re, sys
COLOURS = {30: "#2e3436", 31: "#ef2929", 32: "#4ee44e", 33: "#fce94f", 34: "#5c9cf5", 35: "#ad7fa8",
           36: "#34e2e2", 37: "#d3d7cf", 39: None}
text = open(sys.argv[1], encoding="utf-8").read().rstrip("\n")
out, colour = [], None
for part in re.split(r"(\x1b\[[0-9;]*m)", text):
    m = re.fullmatch(r"\x1b\[([0-9;]*)m", part)
    if m:
        codes = [int(c) for c in m.group(1).split(";") if c] or [0]
        for c in codes:
            colour = None if c in (0, 39) else COLOURS.get(c, colour)
        continue
    esc = html.escape(part)
    out.append(f'<span style="color:{colour}">{esc}</span>' if colour else esc)
page = ("<!doctype html><meta charset=utf-8><body style='margin:0;background:#1e1e1e'>"
        "<pre style='margin:0;padding:12px 16px;color:#d3d7cf;font:15px/1.35 \"DejaVu Sans Mono\",monospace'>"
        + "".join(out) + "</pre>")
open(sys.argv[2], "w", encoding="utf-8").write(page)
PY
timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$TMP/chr" \
  --hide-scrollbars --window-size=960,680 --screenshot="$HERE/play-terminal.png" "file://$TMP/pane.html" 2> "$TMP/chromium.err"
cat "$TMP/pane.ansi" | sed 's/\x1b\[[0-9;]*m//g'
echo "wrote $HERE/play-terminal.png"
