#!/usr/bin/env bash
# The pictures of docs/shapes.md, as a browser shows them: each of cubegod draw's pictures
# (the terminal's ANSI net, the SVG, the PNG) and replay --html's page, rendered by headless
# chromium into docs/pictures/. The terminal net goes through tests/tools/ansi_html.py (a
# terminal's cells as HTML) on a dark background (on a light one the white stickers fade into it).
#   tests/tools/draw_screenshots.sh [BUILD]   (default build; needs chromium)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build}
CG=$BUILD/cubegod
OUT=$ROOT/docs/pictures
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
command -v chromium > /dev/null || { echo "draw_screenshots.sh: needs chromium" >&2; exit 1; }
mkdir -p "$OUT"
# shot PAGE PNG WIDTH HEIGHT
shot() {
  timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
    --user-data-dir="$TMP/chromium" --window-size="$3,$4" --screenshot="$2" "file://$1" 2> "$TMP/chromium.err" ||
    { cat "$TMP/chromium.err" >&2; exit 1; }
  echo "$2"
}
three=$ROOT/fixtures/puzzle3/after-R.urfdlb   # one turn from solved: the stickers must stay apart
two=$TMP/round1.txt                            # a 2x2 with a face hidden
awk '/Round 2\//{exit} {print}' "$ROOT/fixtures/captures/game-100-rounds.txt" > "$two"

"$CG" draw --ansi --order URFDLB "$three" > "$TMP/net3.ansi"
"$CG" draw --ansi "$two" > "$TMP/net2.ansi"
{ cat "$TMP/net3.ansi"; echo; cat "$TMP/net2.ansi"; } > "$TMP/nets.ansi"
python3 "$ROOT/tests/tools/ansi_html.py" --title "cubegod draw" < "$TMP/nets.ansi" > "$TMP/ansi.html"
shot "$TMP/ansi.html" "$OUT/draw-ansi.png" 400 380

"$CG" draw --svg -o "$TMP/net3.svg" --order URFDLB "$three"
"$CG" draw --svg -o "$TMP/net2.svg" "$two"
printf '<!DOCTYPE html><html><body style="margin:8px;background:#fff"><img src="net3.svg"> <img src="net2.svg"></body></html>\n' > "$TMP/svg.html"
shot "$TMP/svg.html" "$OUT/draw-svg.png" 560 290

"$CG" draw --png -o "$TMP/net3.png" --order URFDLB "$three"
"$CG" draw --png -o "$TMP/net2.png" "$two"
printf '<!DOCTYPE html><html><body style="margin:8px;background:#fff"><img src="net3.png"> <img src="net2.png"></body></html>\n' > "$TMP/png.html"
shot "$TMP/png.html" "$OUT/draw-png.png" 560 260

(cd "$ROOT" && "$CG" replay --html "$TMP/game.html" fixtures/captures/game-wrong-answer-round-3.txt > /dev/null 2>&1) || true
shot "$TMP/game.html" "$OUT/replay-html.png" 1000 700
