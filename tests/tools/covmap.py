#!/usr/bin/env python3
"""The per-test coverage map of ./run.sh mutants (issue 44): which tests execute each line of src/.

    covmap.py collect --root ROOT --build BUILD --out MAP [-j JOBS] [--timeout S] [--tests REGEX]
        BUILD is a build of ROOT with gcov (--coverage). Runs each of its ctest tests alone
        (JOBS at a time; the fixtures' setup tests first, one at a time, and RUN_SERIAL tests last,
        alone), each with its own GCOV_PREFIX directory, so a test's counters are its own: the
        programs a script starts (the cubegod binary, a Python process loading libcubegod.so)
        count there too. Then gcov reads each test's counters and MAP (JSON) gets, for each file
        under ROOT/src, the tests that executed each line. A test that fails unmutated is left out
        of every line (it would "kill" any mutant) and listed as failed.
    covmap.py index --root ROOT --build BUILD --out MAP [-j JOBS] [--ref REF]
        MAP anew from the counters the last collect left (after a change to this tool)
    covmap.py retry --root ROOT --build BUILD --out MAP [--tests REGEX]
        runs again, alone, the tests MAP has as failed (a loaded machine's flakes) and writes it anew
    covmap.py tests MAP FILE LINE
        the tests that executed FILE:LINE, fastest first (a check by hand)
    covmap.py show MAP
        counts: files, lines executed, lines no test executes, tests, failed tests

The map records each file's SHA-1 when it was made: automutate.py list uses a file's lines from
the map only while the file is unchanged, and falls back to tests/mutants/testmap.txt for a file
changed since (other engineers' edits move lines).
"""
import argparse
import bisect
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time


def sha1_file(path):
    with open(path, "rb") as f:
        return hashlib.sha1(f.read()).hexdigest()


def ctest_tests(build):
    out = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build, check=True,
                         capture_output=True, text=True).stdout
    tests = []
    for t in json.loads(out)["tests"]:
        props = {p["name"]: p["value"] for p in t.get("properties", [])}
        tests.append((t["name"], props))
    return tests


def run_one(build, raw, name, timeout, setup):
    """Runs test NAME alone with its own counters; (name, passed, seconds)."""
    prefix = os.path.join(raw, name)
    shutil.rmtree(prefix, ignore_errors=True)
    os.makedirs(prefix)
    env = dict(os.environ, GCOV_PREFIX=prefix, GCOV_PREFIX_STRIP="0")
    cmd = ["ctest", "--output-on-failure", "--timeout", str(timeout), "-R", f"^{name}$"]
    if not setup:
        cmd += ["-FA", ".*"]  # the tables were made by the setup tests, run first
    t0 = time.monotonic()
    with open(os.path.join(prefix, "ctest.log"), "w") as log:
        rc = subprocess.run(cmd, cwd=build, env=env, stdout=log, stderr=subprocess.STDOUT).returncode
    secs = time.monotonic() - t0
    return name, rc == 0, round(secs, 2)


def lines_of(build, root, prefix):
    """{rel path under ROOT/src: [lines executed, lines gcov knows as code, functions' line
    ranges]} from the .gcda files under PREFIX (a line gcov does not know, such as a table's
    initializer, is no line's code)."""
    gcdas = []
    for d, _, files in os.walk(prefix):
        gcdas.extend(os.path.join(d, f) for f in files if f.endswith(".gcda"))
    out = {}
    if not gcdas:
        return out
    for gcda in gcdas:  # gcov wants the notes file beside the counters
        gcno = gcda[len(prefix):-len(".gcda")] + ".gcno"
        link = gcda[:-len(".gcda")] + ".gcno"
        if os.path.exists(gcno) and not os.path.lexists(link):
            os.symlink(gcno, link)
    src = os.path.join(os.path.realpath(root), "src") + os.sep
    for k in range(0, len(gcdas), 200):
        res = subprocess.run(["gcov", "--json-format", "--stdout"] + gcdas[k:k + 200],
                             cwd=build, capture_output=True, text=True)
        for doc in res.stdout.splitlines():
            doc = doc.strip()
            if not doc.startswith("{"):
                continue
            data = json.loads(doc)
            cwd = data.get("current_working_directory", build)
            for f in data.get("files", []):
                path = os.path.realpath(os.path.join(cwd, f["file"]))
                if not path.startswith(src):
                    continue
                rel = os.path.relpath(path, os.path.realpath(root))
                recs = f.get("lines", [])
                hit = {ln["line_number"] for ln in recs if ln.get("count", 0) > 0}
                out.setdefault(rel, [set(), set(), set()])
                out[rel][0].update(hit)
                out[rel][1].update(ln["line_number"] for ln in recs)
                out[rel][2].update((fn["start_line"], fn["end_line"]) for fn in f.get("functions", [])
                                   if "start_line" in fn and "end_line" in fn)
    return out


def names_of(tests):
    return [n for n, _ in tests]


def cmd_retry(a):
    """Runs again, alone, the tests MAP has as failed (those REGEX finds) and writes MAP anew."""
    old = load(a.out)
    build, root = os.path.realpath(a.build), os.path.realpath(a.root)
    raw = os.path.join(os.path.dirname(os.path.realpath(a.out)), "covmap-raw")
    keep = re.compile(a.tests or "")
    for t in old["tests"]:
        if not t["passed"] and keep.search(t["name"]):
            _, t["passed"], t["secs"] = run_one(build, raw, t["name"], a.timeout, bool(t["setup"]))
            print(f"covmap: {t['name']} {'passed' if t['passed'] else 'FAILED'} {t['secs']} s", file=sys.stderr)
    return write_map(a, build, root, raw, old["tests"], old["seconds"],
                     {"files": old["files"], "linehash": old["linehash"]})


def cmd_collect(a):
    build, root = os.path.realpath(a.build), os.path.realpath(a.root)
    raw = os.path.join(os.path.dirname(os.path.realpath(a.out)), "covmap-raw")
    os.makedirs(raw, exist_ok=True)
    tests = ctest_tests(build)
    if a.tests:
        keep = re.compile(a.tests)
        tests = [t for t in tests if keep.search(t[0])]
    setup = [n for n, p in tests if p.get("FIXTURES_SETUP")]
    serial = [n for n, p in tests if p.get("RUN_SERIAL") and n not in setup]
    rest = [n for n, p in tests if n not in setup and n not in serial]
    results = {}
    t0 = time.monotonic()

    def note(r):
        results[r[0]] = r
        print(f"covmap: {r[0]} {'passed' if r[1] else 'FAILED'} {r[2]:.1f} s "
              f"({len(results)} of {len(tests)})", file=sys.stderr, flush=True)

    for n in setup:
        note(run_one(build, raw, n, a.timeout, True))
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for r in pool.map(lambda n: run_one(build, raw, n, a.timeout, False), rest):
            note(r)
    for n in serial:
        note(run_one(build, raw, n, a.timeout, False))
    for n in [n for n in names_of(tests) if not results[n][1]]:  # a load flake: once more, alone
        note(run_one(build, raw, n, a.timeout, n in setup))
    names = [n for n, _ in tests]
    props = dict(tests)
    info = [{"name": n, "secs": results[n][2], "passed": results[n][1],
             "setup": props[n].get("FIXTURES_SETUP", []),
             "required": props[n].get("FIXTURES_REQUIRED", [])} for n in names]
    return write_map(a, build, root, raw, info, round(time.monotonic() - t0), built_sources(a))


def snapshot(root):
    """Each source's SHA-1 and line hashes, as the map records them."""
    files, linehash = {}, {}
    for rel, text in tree_files(root):
        files[rel] = hashlib.sha1(text).hexdigest()
        linehash[rel] = line_hashes(text)
    return {"files": files, "linehash": linehash}


def built_sources(a):
    """The sources the counters came from: --sources (taken before the build), less the files
    --sources-after (taken after it) finds changed meanwhile (which of their versions was built
    is not known: they fall back to the test map); without --sources, the tree as it is now."""
    if not getattr(a, "sources", None):
        return None
    with open(a.sources) as f:
        before = json.load(f)
    if getattr(a, "sources_after", None):
        with open(a.sources_after) as f:
            after = json.load(f)["files"]
        for rel in [r for r, h in before["files"].items() if after.get(r) != h]:
            del before["files"][rel]
            before["linehash"].pop(rel, None)
    return before


def write_map(a, build, root, raw, info, seconds, sources=None):
    """Reads each test's counters (RAW/NAME) and writes the map. sources: the files' hashes and
    line hashes as built (a tree edited while the tests ran must not lend the map its new
    versions: their lines would take the old build's counters); None: the tree now."""
    names = [t["name"] for t in info]
    passed = {t["name"]: t["passed"] for t in info}
    index = {n: i for i, n in enumerate(names)}
    lines, code, funcs = {}, {}, {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        per_test = dict(zip(names, pool.map(lambda n: lines_of(build, root, os.path.join(raw, n)), names)))
    for n in names:
        for rel, (hit, known, fns) in per_test[n].items():
            code.setdefault(rel, set()).update(known)
            funcs.setdefault(rel, set()).update(fns)
            if not passed[n]:
                continue
            file_lines = lines.setdefault(rel, {})
            for ln in hit:
                file_lines.setdefault(ln, []).append(index[n])
    for rel in funcs:
        fill_folded(lines.setdefault(rel, {}), code[rel], funcs[rel])
    if sources is None:
        sources = {"files": {}, "linehash": {}}
        for rel, text in tree_files(root, getattr(a, "ref", None)):
            sources["files"][rel] = hashlib.sha1(text).hexdigest()
            sources["linehash"][rel] = line_hashes(text)
    files, linehash = sources["files"], sources["linehash"]
    data = {
        "version": 2,
        "made": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "seconds": seconds,
        "tests": info,
        "files": files,
        "lines": {rel: {str(ln): sorted(ts) for ln, ts in sorted(fl.items())}
                  for rel, fl in sorted(lines.items())},
        "linehash": linehash,
        "code": {rel: ranges(sorted(ls)) for rel, ls in sorted(code.items())},
    }
    tmp = a.out + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, separators=(",", ":"))
    os.replace(tmp, a.out)
    failed = [n for n in names if not passed[n]]
    print(f"covmap: {len(names)} tests in {seconds} s, {len(failed)} failed"
          f"{': ' + ' '.join(failed) if failed else ''}; map in {a.out}", file=sys.stderr)
    return 0


def tree_files(root, ref=None):
    """(rel, bytes) of the .c and .h files under ROOT/src: the work tree's, or git's at REF (the
    tree the counters came from, when the work tree has moved on since)."""
    if ref:
        names = subprocess.run(["git", "-C", root, "ls-tree", "-r", "--name-only", ref, "--", "src"],
                               check=True, capture_output=True, text=True).stdout.split()
        for rel in names:
            if rel.endswith((".c", ".h")):
                yield rel, subprocess.run(["git", "-C", root, "show", f"{ref}:{rel}"], check=True,
                                          capture_output=True).stdout
        return
    for d, _, fs in os.walk(os.path.join(root, "src")):
        for f in fs:
            if f.endswith((".c", ".h")):
                p = os.path.join(d, f)
                with open(p, "rb") as fh:
                    yield os.path.relpath(p, root), fh.read()


def line_hashes(text):
    """A short hash of each line (blanks squeezed): the map's lines follow a file that moved on."""
    return [hashlib.sha1(b" ".join(ln.split())).hexdigest()[:6] for ln in text.split(b"\n")]


def ranges(ls):
    """[[first, last], ...] of sorted line numbers."""
    out = []
    for ln in ls:
        if out and out[-1][1] == ln - 1:
            out[-1][1] = ln
        else:
            out.append([ln, ln])
    return out


def fill_folded(file_lines, known, funcs):
    """Gives each line inside a function that gcov does not know (a declaration, or a statement
    the optimiser folded into its neighbours: 'e = EACCES;' became part of the test above it)
    the tests of the nearest lines it knows before and after it in that function, and makes it
    code. Without this such a line took every test of its file, the fastest first within the
    budget, and the one test that runs it could be left out."""
    for start, end in sorted(funcs):
        inside = sorted(ln for ln in known if start <= ln <= end)
        if not inside:
            continue
        for ln in range(inside[0] + 1, inside[-1]):
            at = bisect.bisect_left(inside, ln)
            if inside[at] == ln:
                continue
            before, after = inside[at - 1], inside[at]
            ts = set(file_lines.get(before, [])) | set(file_lines.get(after, []))
            if ts:
                file_lines[ln] = sorted(ts)
            known.add(ln)


def is_code(data, rel, line):
    """Whether gcov knows REL:LINE as code (executed or not)."""
    return any(a <= line <= b for a, b in data.get("code", {}).get(rel, []))


def cmd_index(a):
    """The map anew from the counters a collect left (MAP's tests, their times and verdicts)."""
    old = load(a.out)
    build, root = os.path.realpath(a.build), os.path.realpath(a.root)
    raw = os.path.join(os.path.dirname(os.path.realpath(a.out)), "covmap-raw")
    return write_map(a, build, root, raw, old["tests"], old["seconds"])


def load(path):
    with open(path) as f:
        return json.load(f)


def tests_at(data, rel, line):
    """The names and seconds of the tests that executed REL:LINE, fastest first."""
    tests = data["tests"]
    idx = data["lines"].get(rel, {}).get(str(line), [])
    return sorted(((tests[i]["name"], tests[i]["secs"]) for i in idx), key=lambda t: (t[1], t[0]))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--root", required=True)
    c.add_argument("--build", required=True)
    c.add_argument("--out", required=True)
    c.add_argument("-j", "--jobs", type=int, default=2)
    c.add_argument("--timeout", type=int, default=600)
    c.add_argument("--tests", help="only the tests whose names this regex finds")
    c.add_argument("--sources", help="snapshot's output, taken before the build")
    c.add_argument("--sources-after", help="snapshot's output, taken after the build")
    sn = sub.add_parser("snapshot", help="the sources' hashes now, for collect --sources")
    sn.add_argument("--root", required=True)
    sn.add_argument("--out", required=True)
    ix = sub.add_parser("index")
    ix.add_argument("--root", required=True)
    ix.add_argument("--build", required=True)
    ix.add_argument("--out", required=True)
    ix.add_argument("-j", "--jobs", type=int, default=2)
    ix.add_argument("--ref", help="the sources as of this git commit (the tree the counters came from)")
    r = sub.add_parser("retry")
    r.add_argument("--root", required=True)
    r.add_argument("--build", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("-j", "--jobs", type=int, default=2)
    r.add_argument("--timeout", type=int, default=600)
    r.add_argument("--tests", help="only the failed tests whose names this regex finds")
    t = sub.add_parser("tests")
    t.add_argument("map")
    t.add_argument("file")
    t.add_argument("line", type=int)
    s = sub.add_parser("show")
    s.add_argument("map")
    a = p.parse_args()
    if a.cmd == "collect":
        return cmd_collect(a)
    if a.cmd == "snapshot":
        with open(a.out, "w") as f:
            json.dump(snapshot(os.path.realpath(a.root)), f, separators=(",", ":"))
        return 0
    if a.cmd == "retry":
        return cmd_retry(a)
    if a.cmd == "index":
        return cmd_index(a)
    data = load(a.map)
    if a.cmd == "tests":
        for name, secs in tests_at(data, a.file, a.line):
            print(f"{name} {secs}")
        return 0
    executed = sum(len(v) for v in data["lines"].values())
    failed = [t["name"] for t in data["tests"] if not t["passed"]]
    print(f"{len(data['files'])} files, {executed} lines executed by some test, "
          f"{len(data['tests'])} tests ({len(failed)} failed unmutated: {' '.join(failed) or 'none'}), "
          f"made {data['made']} in {data['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
