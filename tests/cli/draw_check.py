#!/usr/bin/env python3
"""Checks a picture of `cubegod draw` against the cube a fixture shows, independently of the
colours chosen: two stickers have the same colour in the picture exactly when they show the same
face's colour in the cube, and hidden stickers ('?' in state) are drawn as hidden.
  draw_check.py ansi|svg|png PICTURE STATE   (STATE: compact, faces U D F B L R, '?' hidden)
The net is laid out as draw.h says: U above F, the row L F R B, D below F."""
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

n = 3
ORIGIN = {0: (1, 0), 1: (1, 2), 2: (1, 1), 3: (3, 1), 4: (0, 1), 5: (2, 1)}  # U D F B L R


def cell_of(i):
    f, k = divmod(i, n * n)
    return ORIGIN[f][0] * n + k % n, ORIGIN[f][1] * n + k // n


def ansi(text):
    """(x, y) -> colour or 'hidden', from rows of three-column cells: two columns of the
    sticker (its colour in the foreground or the background), one blank between stickers."""
    cells = {}
    for y, line in enumerate(text.split("\n")[:3 * n]):
        col, colour, i = 0, None, 0
        assert not line.endswith(" "), "blanks after the net's end: %r" % line
        while i < len(line):
            m = re.match(r"\x1b\[([0-9;]*)m", line[i:])
            if m:
                colour = m.group(1) if m.group(1) not in ("", "0") else None
                i += m.end()
                continue
            ch, x = line[i], col // 3
            if col % 3 == 2:
                assert ch == " " and not colour, "no gap after cell %d of row %d: %r" % (x, y, line)
            elif colour:
                assert cells.get((x, y), colour) == colour, (x, y, line)
                cells[(x, y)] = colour
            elif ch == "?" and col % 3 == 0:
                cells[(x, y)] = "hidden"
            i, col = i + 1, col + 1
    return cells


def svg(text):
    root = ET.fromstring(text)
    ns = "{http://www.w3.org/2000/svg}"
    rects = [r for r in root.iter(ns + "rect") if "sticker" in r.get("class", "")]
    assert len(rects) == 6 * n * n, len(rects)
    xs = sorted({int(r.get("x")) for r in rects})
    ys = sorted({int(r.get("y")) for r in rects})
    cells = {}
    for r in rects:
        key = (xs.index(int(r.get("x"))), ys.index(int(r.get("y"))))
        hidden = "hidden" in r.get("class")
        cells[key] = "hidden" if hidden else r.get("fill")
        assert (r.find(ns + "title").text == "hidden") == hidden
    # each face's letter: once, outside every sticker (so never on a hidden one's '?'), in a
    # colour that reads on what is under it (WCAG contrast at least 4.5 against the background)
    w, h = float(root.get("width")), float(root.get("height"))
    for r in rects:  # every sticker inside the picture
        x, y = float(r.get("x")), float(r.get("y"))
        assert 0 <= x and x + float(r.get("width")) <= w and 0 <= y and y + float(r.get("height")) <= h, \
            "sticker at (%g, %g) outside the %gx%g picture" % (x, y, w, h)
    # the same margin left, right and below the net (above it: the letters' strip as well)
    left = min(float(r.get("x")) for r in rects)
    right = w - max(float(r.get("x")) + float(r.get("width")) for r in rects)
    bottom = h - max(float(r.get("y")) + float(r.get("height")) for r in rects)
    assert left == right == bottom, "margins left %g, right %g, below %g" % (left, right, bottom)
    labels = [t for t in root.iter(ns + "text") if t.get("class") == "face-label"]
    assert sorted(t.text for t in labels) == sorted("UDFBLR"), [t.text for t in labels]
    size = float(labels[0].get("font-size"))
    for t in labels:
        x, y = float(t.get("x")), float(t.get("y"))
        box = (x - size / 2, y - 0.8 * size, x + size / 2, y + 0.1 * size)  # a capital's box
        for r in rects:
            rx, ry, rw, rh = (float(r.get(k)) for k in ("x", "y", "width", "height"))
            assert box[2] <= rx or box[0] >= rx + rw or box[3] <= ry or box[1] >= ry + rh, \
                "label %s at (%g, %g) over a sticker at (%g, %g)" % (t.text, x, y, rx, ry)
        # just above its own face: the face's top row starts less than two letters below it
        top = min(float(r.get("y")) for r in rects if r.get("data-face") == t.text)
        assert y <= top <= y + 2 * size, "label %s at y %g, its face's top at %g" % (t.text, y, top)
        back = [b for b in root.iter(ns + "rect") if "sticker" not in b.get("class", "")][0]
        assert contrast(t.get("fill"), back.get("fill")) >= 4.5, (t.get("fill"), back.get("fill"))
    return cells


def luminance(colour):
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    lin = []
    for k in (0, 2, 4):
        c = int(h[k:k + 2], 16) / 255
        lin.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def png(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    i, idat = 8, b""
    while i < len(data):
        size, kind = struct.unpack(">I4s", data[i:i + 8])
        body = data[i + 8:i + 8 + size]
        crc, = struct.unpack(">I", data[i + 8 + size:i + 12 + size])
        assert zlib.crc32(kind + body) == crc, f"bad CRC in {kind}"
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert (depth, ctype) == (8, 2)
        elif kind == b"IDAT":
            idat += body
        i += 12 + size
    raw = zlib.decompress(idat)  # checks the Adler-32 too
    stride = 3 * w + 1
    # compressed: a picture of flat stickers deflates to under a twentieth of its rows
    assert len(idat) * 20 < h * stride, "IDAT of %d bytes for %d bytes of rows" % (len(idat), h * stride)
    assert len(raw) == h * stride and all(raw[y * stride] == 0 for y in range(h))
    # the margins: each row's last pixel the background, as its first is
    for y in range(h):
        first, last = raw[y * stride + 1:y * stride + 4], raw[y * stride + stride - 3:y * stride + stride]
        assert first == last, "row %d: first pixel %s, last %s" % (y, first.hex(), last.hex())
    cell = (w - h) // n
    pad = (w - 4 * n * cell) // 2
    assert cell > 4 and pad >= 0 and h == 3 * n * cell + 2 * pad, (w, h, cell, pad)
    cells, edges = {}, set()
    px_at = lambda px, py: raw[py * stride + 1 + 3 * px:py * stride + 4 + 3 * px]
    for i in range(6 * n * n):
        x, y = cell_of(i)
        # two points of the sticker: a hidden sticker's checker shows two greys
        pts = [(pad + x * cell + cell // 2 + d, pad + y * cell + cell // 2) for d in (0, 4)]
        cols = [px_at(px, py) for px, py in pts]
        cells[(x, y)] = "hidden" if cols[0] != cols[1] else cols[0]
        # the border: the middle of each of the cell's four edges
        mid_x, mid_y = pad + x * cell + cell // 2, pad + y * cell + cell // 2
        for px, py in ((pad + x * cell, mid_y), (pad + x * cell + cell - 1, mid_y),
                       (mid_x, pad + y * cell), (mid_x, pad + y * cell + cell - 1)):
            edges.add(px_at(px, py))
    background = raw[1:4]
    assert len(edges) == 1 and background not in edges, \
        "stickers' edges in %d colours (%s), the background %s" % (len(edges), [e.hex() for e in edges], background.hex())
    return cells


def check(fmt, path, state):
    """The problems of one picture, [] when none."""
    global n
    n = 3 if len(state) == 54 else 2
    data = open(path, "rb").read()
    cells = {"ansi": lambda d: ansi(d.decode()), "svg": lambda d: svg(d.decode()), "png": png}[fmt](data)
    problems = []
    for i in range(6 * n * n):
        c = cells.get(cell_of(i))
        if (c == "hidden") != (state[i] == "?"):
            problems.append(f"sticker {i}: drawn {c!r}, the cube shows {state[i]!r}")
    for i in range(6 * n * n):
        for j in range(i):
            if "?" in (state[i], state[j]):
                continue
            if (cells.get(cell_of(i)) == cells.get(cell_of(j))) != (state[i] == state[j]):
                problems.append(f"stickers {j} and {i}: {state[j]} {state[i]} drawn "
                                f"{cells.get(cell_of(j))!r} {cells.get(cell_of(i))!r}")
    return problems


# FMT PATH STATE, or --batch: one "FMT PATH STATE" a line on standard input (one interpreter
# for every picture of a test)
jobs = ([line.split() for line in sys.stdin if line.strip()] if sys.argv[1:] == ["--batch"]
        else [sys.argv[1:4]])
bad = 0
for fmt, path, state in jobs:
    problems = check(fmt, path, state)
    for p in problems[:5]:
        print("FAIL:", fmt, path, p, file=sys.stderr)
    bad += bool(problems)
if len(jobs) > 1:
    print(f"draw_check: {len(jobs)} pictures, {bad} wrong", file=sys.stderr if bad else sys.stdout)
sys.exit(1 if bad or not jobs else 0)
