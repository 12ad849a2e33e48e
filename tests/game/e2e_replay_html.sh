#!/usr/bin/env bash
# needs: tables3 (its `play` opens both sizes' tables before connecting)
# replay --html writes one self-contained page of a game, checked in a real headless browser:
# a game recorded against the independent Python server (tests/game/app.py, 2x2, one face
# hidden: 20 stickers shown and 4 hidden a round) and the capture with a wrong third round.
# Chromium loads each page with a probe script appended to a copy: it counts the rendered rounds
# (sections laid out with a size), the stickers drawn, the hidden ones, the red border of a wrong
# round, and a timing per transcript round; a screenshot stays in the test's output directory
# ($CUBEGOD_BUILD/test-output/replay_html). Without Chromium (Debian package chromium, installed
# by ./run.sh test) the page's HTML is still checked and the browser part is skipped, saying so.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"
: "${FIXTURES:?}"
OUT=${CUBEGOD_BUILD:-$TMP}/test-output/replay_html
mkdir -p "$OUT"

"$CUBEGOD" play --exec "python3 $HERE/app.py --rounds 4 --seed 11" --record "$TMP/game.tr" -q \
  > "$TMP/play.out" 2> "$TMP/play.err" || fail "play against app.py: $(cat "$TMP/play.err")"
"$CUBEGOD" replay -q --html "$TMP/game.html" "$TMP/game.tr" > "$TMP/r1.out" 2> "$TMP/r1.err" ||
  fail "replay --html of the transcript: $(cat "$TMP/r1.err")"
"$CUBEGOD" replay -q --html "$TMP/wrong.html" "$FIXTURES/captures/game-wrong-answer-round-3.txt" \
  > "$TMP/r2.out" 2> "$TMP/r2.err"
[ $? -eq 1 ] || fail "replay of the wrong capture should exit 1"

# The HTML itself, without a browser: rounds, results, stickers, no outside reference.
python3 - "$TMP/game.html" "$TMP/wrong.html" <<'PY' || fail "the pages' HTML"
import re, sys
game, wrong = (open(p, encoding="utf-8").read() for p in sys.argv[1:])
for page in (game, wrong):
    assert not re.search(r'(src|href)="(http|//)', page), "the page loads something from outside"
    assert "<script" not in page
def rounds(page):
    return re.findall(r'<section class="round[^"]*"[^>]*data-result="([a-z ]+)"', page)
assert rounds(game) == ["correct"] * 4, rounds(game)
assert rounds(wrong) == ["correct", "correct", "not solved"], rounds(wrong)
assert len(re.findall(r'class="sticker( hidden)?"', game)) == 4 * 24
assert len(re.findall(r'class="sticker hidden"', game)) == 4 * 4
assert len(re.findall(r'answered [0-9.]+ ms after the prompt', game)) == 4
# the server's verdict on every round, the last one's too (it stands only when the game ends)
assert len(re.findall(r'<dd class="verdict">[^<]+</dd>', game)) == 4, re.findall(r'class="verdict">[^<]*', game)
assert "not recorded (a terminal capture)" in wrong
PY

command -v chromium >/dev/null || { echo "skipped the browser part: no chromium (Debian package chromium)"; exit 77; }

# probe PAGE NAME: the page with a script that reports what the browser laid out, dumped.
probe() {
  { cat "$1"; cat <<'JS'
<script>
const r = {rounds: 0, stickers: 0, hidden: 0, red: 0, timed: 0, coloured: 0};
for (const s of document.querySelectorAll("section.round")) {
  const b = s.getBoundingClientRect();
  if (b.width > 100 && b.height > 100) r.rounds++;
  if (getComputedStyle(s).borderTopColor === "rgb(204, 0, 0)") r.red++;
  if (/answered [0-9.]+ ms/.test(s.querySelector(".time").textContent)) r.timed++;
}
for (const e of document.querySelectorAll("rect.sticker")) {
  const b = e.getBoundingClientRect();
  if (b.width >= 20 && b.height >= 20) r.stickers++;
  if (e.classList.contains("hidden")) r.hidden++;
  else if (getComputedStyle(e).fill !== "rgb(200, 200, 200)") r.coloured++;
}
document.body.setAttribute("data-probe", JSON.stringify(r));
</script>
JS
  } > "$TMP/$2-probe.html"
  timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$TMP/chr-$2" \
    --virtual-time-budget=5000 --dump-dom "file://$TMP/$2-probe.html" 2> "$TMP/$2-chromium.err" |
    grep -o 'data-probe="[^"]*"' | sed 's/&quot;/"/g; s/^data-probe="//; s/"$//'
}
game=$(probe "$TMP/game.html" game)
[ "$game" = '{"rounds":4,"stickers":96,"hidden":16,"red":0,"timed":4,"coloured":80}' ] ||
  fail "chromium rendered the transcript's page as '$game' ($(tail -3 "$TMP/game-chromium.err"))"
wrong=$(probe "$TMP/wrong.html" wrong)
[ "$wrong" = '{"rounds":3,"stickers":72,"hidden":12,"red":1,"timed":0,"coloured":60}' ] ||
  fail "chromium rendered the wrong game's page as '$wrong'"

cp "$TMP/wrong.html" "$OUT/wrong.html"
timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$TMP/chr-shot" \
  --window-size=1100,800 --screenshot="$OUT/wrong.png" "file://$OUT/wrong.html" 2> "$TMP/shot.err"
# the screenshot shows the page: a PNG of the window's size holding the wrong round's red border
python3 - "$OUT/wrong.png" <<'PY' || fail "the screenshot $OUT/wrong.png"
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n"
i, idat = 8, b""
while i < len(data):
    n, kind = struct.unpack(">I4s", data[i:i + 8])
    body = data[i + 8:i + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    i += 12 + n
assert (w, h) == (1100, 800) and depth == 8 and ctype in (2, 6), (w, h, depth, ctype)
bpp = 3 if ctype == 2 else 4
raw, stride, prev, pixels = zlib.decompress(idat), w * bpp, bytearray(w * bpp), set()
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b, c = prev[x], prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    prev = line
    pixels.update(tuple(line[x:x + 3]) for x in range(0, stride, bpp))
for colour in [(204, 0, 0), (0, 155, 72), (255, 213, 0), (183, 18, 52)]:
    assert colour in pixels, f"no pixel of {colour}: the page was not drawn"
PY
echo "replay --html: both pages render in chromium; screenshot $OUT/wrong.png"
