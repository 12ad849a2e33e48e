#!/usr/bin/env python3
"""Summarises gcovr's JSON (./run.sh coverage drives it).

Usage: coverage.py GCOVR_JSON [--list PATH_PREFIX...]
Prints line and branch coverage per module of src/ (src/tube, src/game, ...) and in total, the
files of src/ under 85 % of lines (each needs tests or a reason in docs/testing.md), then a blank
line; then the same per file of src/, then every branch never taken in the files under each PATH_PREFIX (a folder or a file), as
"file:line: branch k of n never taken | the source line". Exits 0; the targets (90 % of lines,
80 % of branches in src/) are reported, not enforced.
"""
import json
import os
import sys


def pct(a, b):
    return 100.0 * a / b if b else 100.0


def row(name, c, width):
    print("%-*s %6.1f %% (%5d/%5d) %6.1f %% (%5d/%5d)"
          % (width, name, pct(c[1], c[0]), c[1], c[0], pct(c[3], c[2]), c[3], c[2]))


def table(title, rows, width):
    print("%-*s %22s %22s" % (width, title, "lines", "branches"))
    for name, c in rows:
        row(name, c, width)


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    path, lists = args[0], []
    if len(args) > 2 and args[1] == "--list":
        lists = args[2:]
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    root = data.get("root", ".")
    modules, files, total = {}, {}, [0, 0, 0, 0]
    missing = []
    for entry in sorted(data["files"], key=lambda e: e["file"]):
        name = entry["file"]
        if not name.startswith("src/"):
            continue
        module = "/".join(name.split("/")[:2])
        m = modules.setdefault(module, [0, 0, 0, 0])
        fm = files.setdefault(name, [0, 0, 0, 0])
        before = list(m)
        wanted = any(name == p or name.startswith(p.rstrip("/") + "/") for p in lists)
        source = None
        for line in entry["lines"]:
            if line.get("gcovr/noncode"):
                continue
            m[0] += 1
            m[1] += line["count"] > 0
            branches = line.get("branches", [])
            m[2] += len(branches)
            m[3] += sum(1 for b in branches if b["count"] > 0)
            if wanted:
                for k, b in enumerate(branches):
                    if b["count"] == 0:
                        if source is None:
                            with open(os.path.join(root, name), encoding="utf-8") as s:
                                source = s.read().split("\n")
                        text = source[line["line_number"] - 1].strip()
                        missing.append("%s:%d: branch %d of %d never taken | %s"
                                       % (name, line["line_number"], k, len(branches), text))
        for i in range(4):
            fm[i] += m[i] - before[i]
    for m in modules.values():
        for i in range(4):
            total[i] += m[i]
    table("module", sorted(modules.items()), 16)
    row("total src/", total, 16)
    print("targets: lines >= 90 %%: %s, branches >= 80 %%: %s"
          % ("met" if pct(total[1], total[0]) >= 90 else "NOT met",
             "met" if pct(total[3], total[2]) >= 80 else "NOT met"))
    thin = [(f, c) for f, c in sorted(files.items()) if c[0] and pct(c[1], c[0]) < 85]
    print("files under 85 %% of lines: %d" % len(thin))
    for f, c in thin:
        row(f, c, 36)
    print()
    table("file", sorted(files.items()), 36)
    if lists:
        print("\nbranches never taken in %s: %d" % (" ".join(lists), len(missing)))
        for m in missing:
            print(m)


if __name__ == "__main__":
    main()
