#!/usr/bin/env python3
"""A terminal's text (SGR colours) as an HTML page that looks like the terminal showed it, for
screenshots in headless chromium (tests/tools/screenshots.sh): a dark window, a monospace font,
each colour run a span. Reads standard input, writes standard output.
  ansi_html.py [--title TEXT] [--light]"""
import html
import re
import sys

BASIC = ["#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
         "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"]


def xterm256(n):
    if n < 16:
        return BASIC[n]
    if n < 232:
        n -= 16
        v = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (v[n // 36], v[n // 6 % 6], v[n % 6])
    g = 8 + 10 * (n - 232)
    return "#%02x%02x%02x" % (g, g, g)


def sgr(params, st):
    p = [int(x) if x else 0 for x in params.split(";")] if params else [0]
    i = 0
    while i < len(p):
        c = p[i]
        if c == 0:
            st.clear()
        elif c == 1:
            st["bold"] = True
        elif c == 4:
            st["underline"] = True
        elif 30 <= c <= 37 or 90 <= c <= 97:
            st["fg"] = BASIC[c - 30 if c < 90 else c - 82]
        elif 40 <= c <= 47 or 100 <= c <= 107:
            st["bg"] = BASIC[c - 40 if c < 100 else c - 92]
        elif c == 39:
            st.pop("fg", None)
        elif c == 49:
            st.pop("bg", None)
        elif c in (38, 48) and i + 1 < len(p):
            key = "fg" if c == 38 else "bg"
            if p[i + 1] == 5 and i + 2 < len(p):
                st[key] = xterm256(p[i + 2])
                i += 2
            elif p[i + 1] == 2 and i + 4 < len(p):
                st[key] = "#%02x%02x%02x" % tuple(p[i + 2:i + 5])
                i += 4
        i += 1


# U+2581..U+2588: the lower n eighths of the cell in the foreground colour; terminals draw these
# themselves, cell-exact, so the page does too (a font's glyphs leave seams between cells).
def cell_html(ch, st, w, h):
    fg, bg = st.get("fg"), st.get("bg")
    style = ["width:%dpx" % w]
    code = ord(ch)
    if 0x2581 <= code <= 0x2588:
        top = h * (8 - (code - 0x2580)) // 8
        style.append("background:linear-gradient(to bottom,%s %dpx,%s %dpx)"
                     % (bg or "transparent", top, fg or "currentColor", top))
        ch = " "
    else:
        if fg:
            style.append("color:" + fg)
        if bg:
            style.append("background:" + bg)
        if st.get("bold"):
            style.append("font-weight:bold")
        if st.get("underline"):
            style.append("text-decoration:underline")
    return '<span style="%s">%s</span>' % (";".join(style), html.escape(ch))


def convert(text, w=10, h=20):
    """Each character a cell of w x h pixels, each line a row of h pixels."""
    rows = []
    for line in text.rstrip("\n").split("\n"):
        out, st = [], {}
        for part in re.split(r"(\x1b\[[0-9;]*m)", line):
            m = re.match(r"\x1b\[([0-9;]*)m$", part)
            if m:
                sgr(m.group(1), st)
                continue
            out += [cell_html(ch, st, w, h) for ch in part]
        rows.append('<div class="row">%s</div>' % "".join(out))
    return "".join(rows)


def main():
    args = sys.argv[1:]
    title = args[args.index("--title") + 1] if "--title" in args else "terminal"
    light = "--light" in args
    fg, bg = ("#111", "#fdfdfd") if light else ("#d0d0d0", "#1e1e1e")
    text = sys.stdin.read()
    sys.stdout.write(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>%s</title><style>"
        "body{margin:0;background:%s}.term{padding:12px 16px;color:%s;"
        "font:16px/20px 'DejaVu Sans Mono',monospace;display:inline-block}"
        ".row{height:20px;white-space:pre}.row span{display:inline-block;height:20px;"
        "text-align:center;vertical-align:top}</style></head>"
        "<body><div class=\"term\">%s</div></body></html>\n" % (html.escape(title), bg, fg, convert(text)))


if __name__ == "__main__":
    main()
