#!/usr/bin/env python3
"""Every CG_API declaration of the public headers is documented: a comment ends on the line
right above it, or right above the run of declarations (no blank line between) it belongs to,
such as a _new/_free pair under one comment. Prints each undocumented one as FILE:LINE: NAME
and exits 1; prints the number checked and exits 0 otherwise."""
import glob
import re
import sys


def declarations(lines):
    """(first line, last line, name) of each CG_API declaration, 0-based."""
    out = []
    i = 0
    while i < len(lines):
        if lines[i].startswith("CG_API "):
            start, text = i, lines[i]
            while ";" not in text and i + 1 < len(lines):
                i += 1
                text += " " + lines[i]
            m = re.match(r"CG_API [^(]*?[ *]([A-Za-z_]\w*)\s*\(", text)
            out.append((start, i, m.group(1) if m else text))
        i += 1
    return out


def undocumented(path):
    lines = open(path).read().split("\n")
    decls = declarations(lines)
    first_of = {last: first for first, last, _ in decls}
    bad = []
    for first, _, name in decls:
        above = first - 1
        while above in first_of:  # climb the run of declarations this one belongs to
            above = first_of[above] - 1
        if above < 0 or not lines[above].rstrip().endswith("*/"):
            bad.append((first + 1, name))
    return bad, len(decls)


def main():
    failed, checked = [], 0
    for path in sorted(glob.glob(sys.argv[1] + "/*.h")):
        bad, n = undocumented(path)
        checked += n
        failed += ["%s:%d: %s" % (path, line, name) for line, name in bad]
    if failed:
        print("FAIL: CG_API declarations without a comment above them (or above their run):",
              file=sys.stderr)
        print("\n".join(failed), file=sys.stderr)
        return 1
    print("%d CG_API declarations, each documented" % checked)
    return 0 if checked >= 100 else 1


if __name__ == "__main__":
    sys.exit(main())
