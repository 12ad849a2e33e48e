#!/usr/bin/env python3
"""The figures the docs and --help quote, measured: each entry below names a measurement (a
command and where its output says the figure), every place that quotes it (a file or a
command's --help, and the words around the number) and the margin a quote may be off by.

  docs_figures.py CUBEGOD ROOT [NAME...]   measure (all, or the NAMEs), compare every quote,
                                           print a table; exit 1 when a quote is off by more
                                           than its margin. Slow (the suite entries run
                                           ./run.sh test); the load average is printed, as
                                           figures are quoted for an idle machine.
  docs_figures.py --quotes CUBEGOD ROOT    cheap, no measurement: every quote below is found
                                           exactly once where it is said to be, and every time
                                           figure in the watched places (each command's
                                           --help; README.md's "Two commands" paragraph and the
                                           "built in" column of its build-time table) is one
                                           of the quotes below or a setting named in SETTINGS.
  docs_figures.py --list                   the names and what each measures

A quoted value is a number or a range "A to B"; the margin is a factor either way (0.5: the
measurement may be up to 1.5 times the quote, or the quote up to 1.5 times the measurement). A
quote marked "bound" is an upper bound: the measurement must not exceed it."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Units, to seconds (or bytes for sizes).
UNITS = {"µs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0, "min": 60.0, "minutes": 60.0,
         "KB": 1e3, "MB": 1e6}
NUM = r"(\d+(?:\.\d+)?(?: to \d+(?:\.\d+)?)?)"


def quote(where, pattern, unit=None, bound=False):
    """Where a figure is quoted: a file of the tree or "help:CMD ARGS" (cubegod CMD ARGS --help);
    pattern holds {n} where the number (or range) stands, and {u} for its unit when unit is
    None."""
    return {"where": where, "pattern": pattern, "unit": unit, "bound": bound}


# Each measurement: run (a shell command; $CG the binary, $TMP a fresh folder, $ROOT the tree),
# then `value` (a regex on its output, the first group the number, the second the unit unless
# `unit` is given).
FIGURES = [
    {"name": "table2-build", "what": "the 2x2 table built from nothing (one core)",
     "run": '"$CG" tables --rebuild --cache "$TMP/pocket.tbl"',
     "value": r"table ready in ([\d.]+) (ms|s), built", "margin": 0.6,
     "quotes": [quote("README.md", r"builds the solver's 22 MB table \({n} {u}, see"),
                quote("README.md", r"\| 2x2 \(`cubegod tables`\) \| 22 MB \| {n} {u} \|"),
                quote("README.md", r"the page cache's state decides\), {n} {u} to build"),
                quote("help:tables", r"builds\s+the table \({n} {u}\)"),
                quote("help:play", r"table \(built in {n} {u} the first time\)"),
                quote("man/cubegod.3", r"once, in {n} {u} on a shared")]},
    {"name": "table2-load", "what": "the 2x2 table loaded from its cache",
     "run": '"$CG" tables --cache "$TMP/pocket.tbl" >/dev/null; "$CG" tables --cache "$TMP/pocket.tbl"',
     "value": r"table ready in ([\d.]+) (ms|s), loaded", "margin": 1.0,
     "quotes": [quote("README.md", r"table start-up \| {n} {u} from the cache \(")]},
    {"name": "table3-build", "what": "the 3x3 two-phase tables built from nothing: CPU seconds "
     "(on both cores since issue 36: CPU time depends less on the load than wall time)",
     "run": 'TIMEFORMAT="%U s of CPU"; time "$CG" tables --size 3 --rebuild --cache "$TMP/twophase.tbl"',
     "value": r"^([\d.]+) (s) of CPU", "margin": 0.5,
     "quotes": [quote("README.md", r"\(75 MB\) are built once, with {n} {u} of CPU on both cores \(`cubegod tables --size 3`\)"),
                quote("README.md", r"or built with {n} {u} of CPU\) and a quick"),
                quote("README.md", r"\| 3x3 two-phase \(`cubegod tables --size 3`\) \| 75 MB \| {n} {u} of CPU"),
                quote("help:tables --size 3", r"builds the tables \({n} {u} of CPU on both cores, 75 MB\)"),
                quote("help:play", r"in the background \({n} {u} of CPU\)")]},
    {"name": "optimal-build", "what": "the optimal 3x3 solver's tables built (about 300 MB)",
     "run": '"$CG" tables --optimal --rebuild --cache "$TMP/pocket.tbl"',
     "value": r"ready in ([\d.]+) (ms|s)", "margin": 0.5,
     "quotes": [quote("README.md", r"\| 3x3 optimal \(`cubegod tables --optimal`\) \| about 300 MB \| {n} {u} \|"),
                quote("help:tables", r"about 300 MB, built in {n} {u}\)"),
                quote("help:solve", r"and take {n} {u}\s+to build the first time")]},
    {"name": "bench-solve", "what": "bench solve: the median latency of a 2x2 from the server's text",
     "run": '"$CG" bench solve -n 100000', "value": r"latency \(us\)\s+median ([\d.]+)", "unit": "µs",
     "margin": 0.5, "quotes": [quote("README.md", r"positions/s, median {n} {u}, p99")]},
    {"name": "bench-net", "what": "bench net: wall time of a 100-round 2x2 game over loopback",
     "run": '"$CG" bench net --games 10', "value": r"wall per game\s+median ([\d.]+) (ms|s)",
     "margin": 0.5, "quotes": [quote("README.md", r"10 of 10 won, {n} {u} per game; client part median 14")]},
    {"name": "bench-sim3", "what": "bench sim3: 100 data sets of 100 operations",
     "run": '"$CG" bench sim3', "value": r"([\d.]+) (us) per 100 data sets", "margin": 0.5,
     "quotes": [quote("README.md", r"\| sim3, 100 data sets of 100 operations \| {n} {u} \(limit 1 s\)")]},
    {"name": "bench-solve3", "what": "bench solve --size 3: median time of a 3x3 within 20 moves",
     "run": '"$CG" bench solve --size 3 -n 1000', "value": r"time \(ms\)\s+median ([\d.]+)", "unit": "ms",
     "margin": 0.5,
     "quotes": [quote("README.md", r"1,000 uniformly random cubes \| median {n} {u}, p99 7"),
                quote("help:play", r"the first one within --max-moves, well under {n} {u}\)", bound=True)]},
    {"name": "bench-sloth", "what": "bench pow: CPU time of a sloth step, the shipped squaring",
     "run": '"$CG" bench pow', "value": r"a step ([\d.]+) (ms) of CPU hand-written", "margin": 0.4,
     "quotes": [quote("README.md", r"a step {n} {u} of CPU with the shipped squaring")]},
    {"name": "bench-sha256", "what": "bench pow: CPU time of the whole 62^4 sha256 space",
     "run": '"$CG" bench pow', "value": r"whole space of \d+ in [\d.]+ s \(([\d.]+) (s) of CPU\)",
     "margin": 0.6, "quotes": [quote("README.md", r"four letters and digits: [\d.]+ s wall, {n} {u} of CPU")]},
    {"name": "png-size", "what": "draw --png of a 3x3 (fixtures/puzzle3/boxes-crlf.txt): bytes",
     "run": '"$CG" draw --png -o "$TMP/cube.png" "$ROOT/fixtures/puzzle3/boxes-crlf.txt" && wc -c < "$TMP/cube.png"',
     "value": r"^(\d+)$", "unit": "B", "margin": 0.05,
     "quotes": [quote("docs/shapes.md", r"304x232 pixels: {n} {u} \(`cubegod draw --png"),
                quote("README.md", r"the PNG compressed, {n} {u} for a 3x3")]},
    {"name": "suite", "what": "./run.sh test in a clean clone (the total of its stage times)",
     "run": 'git clone -q "$ROOT" "$TMP/tree" && cd "$TMP/tree" && ./run.sh test',
     "value": r"^total\s+(\d+) (s)$", "margin": 0.3,
     "quotes": [quote("README.md", r"`./run.sh test` takes {n} from a clean clone on the idle")]},
    {"name": "suite-quick", "what": "./run.sh test quick in a clean clone (the 3x3 tables built once)",
     "run": 'git clone -q "$ROOT" "$TMP/tree" && cd "$TMP/tree" && ./run.sh test quick',
     "value": r"^total\s+(\d+) (s)$", "margin": 0.3,
     "quotes": [quote("README.md", r"and its ctest: {n} from a clean clone, with the one 3x3")]},
]
UNITS["B"] = 1.0

# Time figures in the watched places that are settings or limits, not measurements.
SETTINGS = [
    ("help:play", r"one expected to take over 60 s is refused", "the proof-of-work refusal limit"),
    ("help:serve", r"alarm 3 s", "the menu game's alarm"),
    ("README.md", r"about 30 min on a busy machine", "a record of a busy run, beside the idle figure"),
    ("README.md", r"about 6 min on a busy machine", "a record of a busy run, beside the idle figure"),
]


def parse_number(text, unit):
    """A quoted "1.3", "1 min 50 s", "10 min 29 s" or "0.145 to 0.154": (low, high) in base units."""
    m = re.fullmatch(r"(?:(\d+) min )?(\d+(?:\.\d+)?) s", text)
    if m and unit is None:
        v = int(m.group(1) or 0) * 60 + float(m.group(2))
        return v, v
    parts = [float(x) for x in text.split(" to ")]
    return parts[0] * UNITS[unit], parts[-1] * UNITS[unit]


def compile_quote(q):
    n = NUM
    if q["unit"] is None and "{u}" not in q["pattern"]:
        n = r"((?:\d+ min )?\d+(?:\.\d+)? s)"  # a duration written with its own units
    return re.compile(q["pattern"].replace("{n}", n).replace("{u}", r"(µs|us|ms|s|min|KB|MB)"))


class Sources:
    def __init__(self, cubegod, root):
        self.cubegod, self.root, self.cache = cubegod, root, {}

    def text(self, where):
        if where not in self.cache:
            if where.startswith("help:"):
                r = subprocess.run([self.cubegod] + where[5:].split() + ["--help"],
                                   capture_output=True, text=True)
                self.cache[where] = r.stdout
            else:
                with open(os.path.join(self.root, where), encoding="utf-8") as f:
                    self.cache[where] = f.read()
        return self.cache[where]


def find_quotes(src, problems):
    """(figure, quote, match) for every quote found once; the others are problems."""
    found = []
    for fig in FIGURES:
        for q in fig["quotes"]:
            ms = list(compile_quote(q).finditer(src.text(q["where"])))
            if len(ms) != 1:
                problems.append("%s: the quote /%s/ is found %d times in %s (once expected)"
                                % (fig["name"], q["pattern"], len(ms), q["where"]))
                continue
            found.append((fig, q, ms[0]))
    return found


TIME = re.compile(r"(?:\d+ min )?\d+(?:\.\d+)?\s?(?:ms|s|min|minutes|seconds)\b")


def watched(src):
    """(where, start, end) of the places whose time figures must all be quotes or settings."""
    spots = []
    for cmd in commands(src):
        text = src.text("help:" + cmd)
        spots.append(("help:" + cmd, 0, len(text)))
    readme = src.text("README.md")
    m = re.search(r"^`\./run\.sh test` .*?(?=^`\./run\.sh` plays)", readme, re.M | re.S)
    if m:
        spots.append(("README.md", m.start(), m.end()))
    for m in re.finditer(r"^\| (?:2x2|3x3)[^|\n]*\| [^|\n]* \| ([^|\n]*) \|", readme, re.M):
        spots.append(("README.md", m.start(1), m.end(1)))
    return spots


def commands(src):
    top = src.text("help:")
    cmds = re.findall(r"^  ([a-z0-9]+)  ", top, re.M)
    return cmds + ["tables --size 3", "bench solve --size 3"]


def check_quotes(src):
    problems = []
    found = find_quotes(src, problems)
    claimed = {}
    for fig, q, m in found:
        claimed.setdefault(q["where"], []).append((m.start(), m.end()))
    for where, pattern, _ in SETTINGS:
        for m in re.finditer(pattern, src.text(where)):
            claimed.setdefault(where, []).append((m.start(), m.end()))
    for where, a, b in watched(src):
        text = src.text(where)
        for m in TIME.finditer(text, a, b):
            if not any(s <= m.start() and m.end() <= e for s, e in claimed.get(where, [])):
                line = text.count("\n", 0, m.start()) + 1
                problems.append("%s line %d: '%s' is quoted but neither measured by "
                                "tests/tools/docs_figures.py nor named a setting there"
                                % (where, line, m.group(0)))
    return found, problems


def measure(fig, cubegod, root):
    tmp = tempfile.mkdtemp(prefix="docs-figures-")
    try:
        env = dict(os.environ, CG=os.path.abspath(cubegod), TMP=tmp, ROOT=root)
        r = subprocess.run(["bash", "-c", fig["run"]], capture_output=True, text=True, env=env,
                           cwd=root)
        out = r.stdout + r.stderr
        m = re.search(fig["value"], out, re.M)
        if r.returncode != 0 or not m:
            return None, "the command failed or printed no figure: %s" % out.strip()[-300:]
        unit = fig.get("unit") or m.group(2)
        return float(m.group(1)) * UNITS[unit], None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def show(v, fig):
    if fig.get("unit") == "B":
        return "%d bytes" % v
    for unit, k in (("min", 60.0), ("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if v >= k:
            return "%.3g %s" % (v / k, unit)
    return "%.3g" % v


def main():
    args = sys.argv[1:]
    if args[:1] == ["--list"]:
        for fig in FIGURES:
            print("%-14s %s (margin %d %%)" % (fig["name"], fig["what"], fig["margin"] * 100))
        return 0
    if args[:1] == ["--quotes"]:
        src = Sources(args[1], args[2])
        found, problems = check_quotes(src)
        for p in problems:
            print("FAIL:", p, file=sys.stderr)
        if not problems:
            print("%d quotes of %d measured figures found, each once; every time figure in the "
                  "watched places is one of them or a setting" % (len(found), len(FIGURES)))
        return 1 if problems else 0
    cubegod, root, names = args[0], os.path.abspath(args[1]), args[2:]
    unknown = [n for n in names if n not in [f["name"] for f in FIGURES]]
    if unknown:
        print("docs_figures.py: no figure %s (--list names them)" % ", ".join(unknown), file=sys.stderr)
        return 2
    src = Sources(cubegod, root)
    problems = []
    found = find_quotes(src, problems)
    print("load average %.1f %.1f %.1f, %d cores" % (os.getloadavg() + (os.cpu_count(),)))
    off = 0
    for fig in FIGURES:
        if names and fig["name"] not in names:
            continue
        value, why = measure(fig, cubegod, root)
        if value is None:
            print("%-14s FAILED: %s" % (fig["name"], why))
            off += 1
            continue
        print("%-14s measured %s (%s)" % (fig["name"], show(value, fig), fig["what"]))
        for f, q, m in found:
            if f is not fig:
                continue
            lo, hi = parse_number(m.group(1), q["unit"] or (m.group(2) if m.lastindex >= 2 else None))
            if q["bound"]:
                ok = value <= hi
            else:
                ok = lo / (1 + fig["margin"]) <= value <= hi * (1 + fig["margin"])
            off += not ok
            print("    %-4s %s: \"%s\"" % ("ok" if ok else "OFF", q["where"],
                                            " ".join(m.group(0).split())[:90]))
    for p in problems:
        print("FAIL:", p)
    return 1 if off or problems else 0


if __name__ == "__main__":
    sys.exit(main())
