#!/usr/bin/env python3
"""Automatic mutants on the lines changed since a git commit (./run.sh mutants --since drives it).

    automutate.py list --root DIR --since REF [--map FILE] [--equivalent FILE]
                       [--per-line K] [--max N] [--paths PATH...]
        writes one mutant a line, tab-separated:
        ID  FILE  LINE  KEY  TESTS  EQUIVALENT(0|1)  CHANGE  START  END  OLD  NEW
        (START/END: character offsets in FILE; OLD/NEW with \\t, \\n and \\\\ escaped)
        With --covmap MAP (tests/tools/covmap.py's map): TESTS is "=NAME:SECS,..." for a file
        unchanged since the map, the tests that executed the mutant's line, fastest first ("="
        alone: no test executes it); a file changed since the map keeps the test map's regex.
        The tests of the mutant's own module (src/X/...: X_*) come first, each part fastest
        first. --budget SECS keeps, of those, the first within SECS seconds of their map times
        (one at least): a survivor then says it survived those (the cache keeps which ones ran).
        With --results FILE (the committed cache, tests/mutants/results.tsv): a 12th column,
        the mutant's cached outcome when still valid (see record), else empty; a kill no longer
        valid (its killer's sources changed) puts that killer first in TESTS.
    automutate.py record --root ROOT RESULTS KEY OUTCOME TESTS WHERE
        keeps OUTCOME (killed|survived|nobuild|same) of mutant KEY in RESULTS, with the tests it ran
        (TESTS: NAME,...; for a killed one its killer) and each one's source hash. An entry stays
        valid while its KEY exists (the KEY hashes the line's text: a changed line has new keys)
        and: killed, while its killer's sources are unchanged; survived, while every test the map
        now gives the line was run with the same sources (a survivor of the regex map is never
        reused); nobuild, always; same (the same object code), while the file and the project's
        headers it includes are unchanged.
    automutate.py score LISTFILE RESULTSDIR
        the run's score per module (src/X) as a Markdown table: mutants, equivalent (marked),
        the same object code, did not build, killed, survived (of which on lines no test
        executes), not run, and the killed share of the non-equivalent mutants decided
        (killed / (killed + survived))
    automutate.py objects BUILD
        the hash of each object BUILD's compile_commands.json names (the unmutated build's)
    automutate.py same BUILD PRISTINE FILE
        with FILE mutated: exit 0 when every object compiled from it (its own, and those of the
        sources that #include it: their depfiles tell) is byte for byte the one PRISTINE (the
        objects' output) hashes: the mutant changes no code, so no test can see it (a "trivial
        compiler equivalent"); 1 when one differs (left in place, newer than FILE: the build does
        not compile it again); 2 when it cannot tell
    automutate.py apply LISTFILE ID TREE
        puts mutant ID into TREE's copy of its file (checks the text is still the one listed);
        prints the file's path relative to TREE
    automutate.py targets BUILD
        prints a line a test of BUILD: its name, then the CMake targets it (and its fixtures'
        setup tests) runs, so a mutant's build before that test relinks only those; the name
        alone when that cannot be told (then everything is built)

What is mutated: C sources (.c, .h) under PATHS (default src), on the lines `git diff -U0 REF`
shows as added or changed; never inside comments, string or character literals, or
preprocessor lines. The operators (one change each):
    rel      <  <=  >  >=  loosened or tightened by one (the boundary), == and != swapped
    logic    && and || swapped
    const    an integer literal +1 and -1 (not in case labels), true and false swapped
    negate   the condition of an if or while negated
    drop     an expression statement (an assignment, a call: close, free, ...) replaced by { }
    return   return EXPR; becomes return 0; (EXPR not already a constant)
    bound    a for loop's bound shifted down: i < n becomes i < -1 + n
Sampling (deterministic): each mutant gets a KEY, a hash of its file, its line's text (blanks
squeezed), which of the file's lines with that same text it is, and the change; on each line
the K mutants of smallest hash are kept (--per-line, 0 = all), then the N of smallest hash
overall (--max, 0 = all); --keys K1,K2 keeps only the mutants with those KEYs (a re-run of the
survivors after new tests). The same tree always gives the same mutants, and an edit elsewhere in
a file changes none of a line's keys.
Equivalent mutants: a file (default ROOT/tests/mutants/equivalent.txt) of lines
    KEY  anything for the reader  -- why the mutant cannot change what the program does
(the reason is required; blank lines and '#' lines are comments). Such mutants are listed with
EQUIVALENT 1 and not run.
Which tests: the map (default ROOT/tests/mutants/testmap.txt) has lines "GLOB REGEX": every line
whose glob (fnmatch, on the path relative to ROOT) matches the file adds its ctest regex; a file
no line matches gets "^AREA_" for src/AREA/..., else every test (an empty regex).
"""
import argparse
import fnmatch
import hashlib
import json
import os
import re
import subprocess
import sys

PUNCT = sorted("""<<= >>= ... -> ++ -- << >> <= >= == != && || += -= *= /= %= &= ^= |= ##
    [ ] ( ) { } . & * + - ~ ! / % < > ^ | ? : ; = , #""".split(), key=len, reverse=True)
ASSIGN = {"=", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "<<=", ">>="}
NOT_STATEMENT = set("""return break continue goto case default if else for while do switch
    typedef static extern const volatile struct union enum register inline sizeof
    void char short int long float double signed unsigned bool _Bool size_t ssize_t""".split())


class Tok:
    __slots__ = ("kind", "text", "start", "end", "line")

    def __init__(self, kind, text, start, end, line):
        self.kind, self.text, self.start, self.end, self.line = kind, text, start, end, line


def lex(src):
    """The code tokens of a C text (comments, literals' insides and preprocessor lines left out;
    a string or character literal is one token of kind 'str')."""
    toks, i, n, line, bol = [], 0, len(src), 1, True
    ident = re.compile(r"[A-Za-z_]\w*")
    number = re.compile(r"\.?\d(?:[eEpP][+-]|[\w.])*")
    while i < n:
        c = src[i]
        if c == "\n":
            line, bol, i = line + 1, True, i + 1
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if bol and c == "#":  # a preprocessor line, with its continuations
            while i < n and src[i] != "\n":
                if src[i] == "\\" and i + 1 < n and src[i + 1] == "\n":
                    line, i = line + 1, i + 2
                    continue
                if src.startswith("/*", i):
                    i, line = past_comment(src, i, line)
                    continue
                i += 1
            continue
        bol = False
        if src.startswith(("//", "/*"), i):
            i, line = past_comment(src, i, line)
            continue
        if c in "\"'":
            j = i + 1
            while j < n and src[j] != c and src[j] != "\n":
                j += 2 if src[j] == "\\" else 1
            j = min(j + 1, n)
            toks.append(Tok("str", src[i:j], i, j, line))
            line += src.count("\n", i, j)
            i = j
            continue
        m = ident.match(src, i)
        if m:
            if src.startswith(("\"", "'"), m.end()) and m.group() in ("L", "u", "U", "u8"):
                i = m.end()  # a prefixed literal: the literal itself is read next
                continue
            toks.append(Tok("id", m.group(), i, m.end(), line))
            i = m.end()
            continue
        m = number.match(src, i)
        if m:
            toks.append(Tok("num", m.group(), i, m.end(), line))
            i = m.end()
            continue
        for p in PUNCT:
            if src.startswith(p, i):
                toks.append(Tok("op", p, i, i + len(p), line))
                i += len(p)
                break
        else:
            i += 1  # a stray character (e.g. '@', '$'): not C, not mutated
    return toks


def past_comment(src, i, line):
    """(index just past the comment starting at src[i], the line number there)."""
    if src.startswith("//", i):
        j = i
        while j < len(src) and src[j] != "\n":
            j += 2 if src.startswith("\\\n", j) else 1
    else:
        j = src.find("*/", i + 2)
        j = len(src) if j < 0 else j + 2
    return j, line + src.count("\n", i, j)


def int_literal(text):
    """(value, radix, suffix) of an integer literal, None for anything else."""
    m = re.fullmatch(r"(0[xX][0-9a-fA-F]+|[1-9][0-9]*|0)([uUlL]*)", text)
    if not m:
        return None
    body = m.group(1)
    return int(body, 0), 16 if body[:2] in ("0x", "0X") else 10, m.group(2)


def render(value, radix, suffix):
    return (hex(value) if radix == 16 else str(value)) + suffix


def matching(toks, k):
    """Index of the token closing the bracket at toks[k], or None."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    want, depth = pairs[toks[k].text], 0
    for j in range(k, len(toks)):
        t = toks[j].text
        if toks[j].kind != "op":
            continue
        if t == toks[k].text:
            depth += 1
        elif t == want:
            depth -= 1
            if depth == 0:
                return j
    return None


def statement_end(toks, k):
    """Index of the ';' ending the statement that starts at toks[k] (brackets balanced), or None."""
    depth = 0
    for j in range(k, len(toks)):
        t = toks[j]
        if t.kind != "op":
            continue
        if t.text in "([{":
            depth += 1
        elif t.text in ")]}":
            depth -= 1
            if depth < 0:
                return None
        elif t.text == ";" and depth == 0:
            return j
    return None


def for_condition_ops(toks):
    """Indexes of the relational operators at the top level of each for loop's condition."""
    out = set()
    for k, t in enumerate(toks):
        if t.text != "for" or t.kind != "id" or k + 1 >= len(toks) or toks[k + 1].text != "(":
            continue
        close = matching(toks, k + 1)
        if close is None:
            continue
        semis, depth = [], 0
        for j in range(k + 2, close):
            x = toks[j].text
            if x in ("(", "[", "{"):
                depth += 1
            elif x in (")", "]", "}"):
                depth -= 1
            elif x == ";" and depth == 0:
                semis.append(j)
        if len(semis) == 2:
            out.update(j for j in range(semis[0] + 1, semis[1])
                       if toks[j].kind == "op" and toks[j].text in ("<", "<=", ">", ">="))
    return out


def candidates(src, toks, lines):
    """Every mutant on the given line numbers: (line, op, change, [(start, end, new)...])."""
    out = []
    bounds = for_condition_ops(toks)
    first_on_line = {}
    for k, t in enumerate(toks):
        first_on_line.setdefault(t.line, k)
    for k, t in enumerate(toks):
        if t.line not in lines or t.kind == "str":
            continue
        prev = toks[k - 1] if k else None
        x = t.text

        def one(op, change, new, tok=t):
            out.append((tok.line, op, change, [(tok.start, tok.end, new)]))

        if t.kind == "op":
            swap = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
            if x in swap:
                one("rel", f"'{x}' -> '{swap[x]}'", swap[x])
            if x in ("&&", "||"):
                y = "||" if x == "&&" else "&&"
                one("logic", f"'{x}' -> '{y}'", y)
            if k in bounds:
                one("bound", f"loop bound '{x} E' -> '{x} -1 + E'", x + " -1 +")
        elif t.kind == "num":
            lit = int_literal(x)
            if lit and not (prev and prev.text == "case"):
                v, radix, suffix = lit
                for w in (v + 1, v - 1):
                    if w >= 0:
                        one("const", f"{x} -> {render(w, radix, suffix)}", render(w, radix, suffix))
        elif x in ("true", "false"):
            y = "false" if x == "true" else "true"
            one("const", f"{x} -> {y}", y)
        elif x in ("if", "while") and k + 1 < len(toks) and toks[k + 1].text == "(":
            close = matching(toks, k + 1)
            if close is not None:
                o = toks[k + 1]
                out.append((t.line, "negate", f"{x} (C) -> {x} (!(C))",
                            [(o.start, o.end, "(!("), (toks[close].start, toks[close].end, "))")]))
        elif x == "return" and k + 1 < len(toks) and toks[k + 1].text != ";":
            end = statement_end(toks, k + 1)
            if end is not None:
                expr = toks[k + 1:end]
                single = len(expr) == 1 and (expr[0].kind == "num" or expr[0].text in
                                             ("NULL", "CG_OK", "true", "false"))
                if not single:
                    out.append((t.line, "return", "return E; -> return 0;",
                                [(expr[0].start, expr[-1].end, "0")]))
        if k == first_on_line[t.line] and is_statement_start(toks, k):
            end = statement_end(toks, k)
            if end is not None:
                out.append((t.line, "drop", f"statement '{x} ...;' dropped",
                            [(t.start, toks[end].end, "{ }")]))
    return out


def is_statement_start(toks, k):
    """Whether toks[k] starts an expression statement (a call, an assignment, ++/--)."""
    t = toks[k]
    prev = toks[k - 1].text if k else ";"
    if prev not in (";", "{", "}", ")", "else", ":"):
        return False
    if k + 1 >= len(toks):
        return False
    nxt = toks[k + 1].text
    if t.kind == "id":
        if t.text in NOT_STATEMENT or t.text.endswith("_t") or re.fullmatch(r"[A-Z0-9_]+", t.text):
            return False  # a keyword, a type, a macro (may expand to a declaration)
        return nxt in ASSIGN or nxt in ("(", "[", ".", "->", "++", "--")
    if t.text in ("++", "--"):
        return toks[k + 1].kind == "id"
    if t.text == "*" and toks[k + 1].kind == "id":
        end = statement_end(toks, k)
        return end is not None and any(toks[j].text in ASSIGN for j in range(k, end))
    return False


def changed_lines(root, since, paths):
    """{file: set of new-side line numbers} from git diff -U0 SINCE."""
    cmd = ["git", "-C", root, "diff", "-U0", "--no-color", "--no-ext-diff", since, "--"] + paths
    diff = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    out, cur = {}, None
    for ln in diff.splitlines():
        if ln.startswith("+++ "):
            cur = ln[6:] if ln.startswith("+++ b/") else None
            if cur is not None and not cur.endswith((".c", ".h")):
                cur = None
        elif ln.startswith("@@") and cur:
            m = re.match(r"@@ -\S+ \+(\d+)(?:,(\d+))? @@", ln)
            start, count = int(m.group(1)), int(m.group(2) or 1)
            out.setdefault(cur, set()).update(range(start, start + count))
    return out


def entries(path):
    """(line number, stripped line) of a list file's lines that are not blank or '#' comments;
    none when the file does not exist."""
    if not path or not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [(no, ln.strip()) for no, ln in enumerate(f, 1)
                if ln.strip() and not ln.strip().startswith("#")]


def read_map(path):
    rules = []
    for no, ln in entries(path):
        parts = ln.split(None, 1)
        if len(parts) != 2:
            raise ValueError(f"{path}:{no}: expected 'GLOB REGEX'")
        rules.append((parts[0], parts[1]))
    return rules


def tests_for(rules, rel):
    found = [rx for glob, rx in rules if fnmatch.fnmatchcase(rel, glob)]
    if found:
        return "|".join(f"({r})" if "|" in r else r for r in found)  # CMake's regex: no (?:)
    m = re.match(r"src/([^/]+)/", rel)
    return f"^{m.group(1)}_" if m else ""


def read_equivalent(path):
    keys = {}
    for no, s in entries(path):
        key = s.split(None, 1)[0]
        reason = s.partition(" -- ")[2].strip()
        if not re.fullmatch(r"[0-9a-f]{10}", key) or not reason:
            raise ValueError(f"{path}:{no}: expected 'KEY ... -- REASON' (KEY: 10 hex digits)")
        keys[key] = reason
    return keys


def esc(s):
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def unesc(s):
    return re.sub(r"\\(.)", lambda m: {"t": "\t", "n": "\n"}.get(m.group(1), m.group(1)), s)


def h(text):
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]


EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"  # git's empty tree: --since it = every line


def test_source_files(root, name, _index={}):
    """The files a test's behaviour comes from, as far as its name tells: its own program's source
    or script, the files under tests/ (or fuzz/) that the script names, a fuzz target's corpus
    and regressions. Empty when the name tells nothing (the table fixtures: cubegod itself)."""
    if root not in _index:  # basename -> paths of the helper files under tests/
        idx = {}
        for dd, ds, fs in os.walk(os.path.join(root, "tests")):
            ds[:] = [x for x in ds if x != "mutants"]
            for f in fs:
                idx.setdefault(f, []).append(os.path.join(dd, f))
        _index[root] = idx
    files = []
    m = re.fullmatch(r"([a-z0-9]+)_((?:test|e2e)_\w+)", name)
    if m:
        for ext in (".c", ".sh", ".py"):
            p = os.path.join(root, "tests", m.group(1), m.group(2) + ext)
            if os.path.exists(p):
                files.append(p)
    elif name.startswith("fuzz_"):
        t = name[len("fuzz_"):]
        files.append(os.path.join(root, "fuzz", "fuzz_" + t + ".c"))
        for sub in ("corpus", "regressions"):
            d = os.path.join(root, "fuzz", sub, t)
            for dd, _, fs in os.walk(d):
                files.extend(os.path.join(dd, f) for f in fs)
    elif name == "optimal_tables_ready":
        files.append(os.path.join(root, "tests", "solver3", "test_optimal.c"))
    files = [f for f in files if os.path.isfile(f)]
    if not files and "_" in name:  # another project's tests (the self-test's): by the name's tail
        tail = name.split("_", 1)[1]
        for b in (f"test_{tail}.c", f"{tail}.c", f"{tail}.sh", f"{tail}.py"):
            files.extend(_index[root].get(b, []))
    for f in list(files):
        if f.endswith((".sh", ".py")):
            with open(f, encoding="utf-8", errors="replace") as fh:
                words = set(re.findall(r"[\w.-]+\.(?:py|sh|txt|json|c)\b", fh.read()))
            for w in sorted(words):
                files.extend(p for p in _index[root].get(w, []) if p not in files)
    return sorted(set(files))


def test_hash(root, name, _memo={}):
    if (root, name) not in _memo:
        hs = hashlib.sha1()
        for f in test_source_files(root, name):
            hs.update(os.path.relpath(f, root).encode() + b"\0")
            with open(f, "rb") as fh:
                hs.update(fh.read())
        _memo[(root, name)] = hs.hexdigest()[:8]
    return _memo[(root, name)]


def sha1_path(path):
    with open(path, "rb") as f:
        return hashlib.sha1(f.read()).hexdigest()


# Files whose mutants rebuild the tables in the run (run.sh's mut_ctest): the tests that need
# a fixture the line's setup test makes run after it, whether or not they executed the line.
TABLE_BUILDERS = re.compile(r"src/solver3/(twophase_(build|sym|coord)\.c|pdb)")


def moved_line(cov, path, rel, line):
    """LINE of the file as it is now, as the map's line number: the same line in an unchanged run
    of lines of the file the map was made from (their hashes), None for a changed or new line."""
    old = cov.get("linehash", {}).get(rel)
    if old is None:
        return None
    moves = cov.setdefault("_moved", {})
    if rel not in moves:
        import difflib
        with open(path, "rb") as f:
            now = [hashlib.sha1(b" ".join(ln.split())).hexdigest()[:6] for ln in f.read().split(b"\n")]
        table = {}
        for blk in difflib.SequenceMatcher(None, old, now, autojunk=False).get_matching_blocks():
            for k in range(blk.size):
                table[blk.b + k + 1] = blk.a + k + 1
        moves[rel] = table
    return moves[rel].get(line)


def chain_head_lines(path, line, _memo={}):
    """An `else if` line and the lines of its chain above it, up to the chain's first `if`: every
    test that reaches the head evaluates the line's condition, but gcov counts an `else if` that
    the compiler folded into the head's comparisons (a jump table) only when its branch is taken,
    so the map lists the line under those tests alone. [] for any other line, or when no head is
    found."""
    if path not in _memo:
        with open(path, encoding="utf-8", errors="replace") as f:
            _memo[path] = f.read().split("\n")
    text = _memo[path]

    def indent(s):
        return len(s) - len(s.lstrip())

    def is_else_if(s):
        t = s.strip()
        return t.startswith("else if") or t.startswith("} else if")

    if not (0 < line <= len(text)) or not is_else_if(text[line - 1]):
        return []
    level, out = indent(text[line - 1]), []
    for j in range(line - 1, 0, -1):
        s = text[j - 1]
        t = s.strip()
        if not t or indent(s) > level:
            continue  # a blank line, or a branch's body
        if indent(s) < level:
            return []
        if t.startswith("if ") or t.startswith("if("):
            return out + [j]
        if is_else_if(s) or t.startswith("}"):
            out.append(j)
            continue
        return []
    return []


def covmap_tests(cov, root, rel, line, budget=0):
    """'=NAME:SECS,...' (the module's own tests first, each part fastest first) from the coverage
    map, or None when the map cannot say
    (no map, or the file changed since it was made)."""
    if cov is None:
        return None
    path = os.path.join(root, rel)
    chain = chain_head_lines(path, line)
    if cov["files"].get(rel) != cov.setdefault("_now", {}).setdefault(rel, sha1_path(path)):
        line = moved_line(cov, path, rel, line)  # the file changed since: its unchanged lines
        if line is None:
            return None
        chain = [m for m in (moved_line(cov, path, rel, c) for c in chain) if m is not None]
    tests = cov["tests"]
    file_lines = cov["lines"].get(rel, {})
    if any(a <= line <= b for a, b in cov.get("code", {}).get(rel, [])):
        idx = set(file_lines.get(str(line), []))
        for c in chain:  # an `else if`: the tests that reach its chain's head
            idx |= set(file_lines.get(str(c), []))
    else:  # not code to gcov (a table's initializer, a declaration): every test of the file
        idx = {i for ts in file_lines.values() for i in ts}
    if not idx and rel.endswith(".h"):
        return None  # a header's declarations (a struct's array size): the test map's tests
    if idx and TABLE_BUILDERS.match(rel):
        fixtures = {f for i in idx for f in tests[i].get("setup", [])}
        idx |= {i for i, t in enumerate(tests) if t["passed"] and set(t.get("required", [])) & fixtures}
    # the mutant's own module's tests first (src/X/...: X_*), each part fastest first: they are
    # the likeliest to kill it, and a budget of the fastest alone may leave them all out (a
    # table builder's line, executed by every program that loads the tables)
    own = rel.split("/")[1] + "_" if rel.startswith("src/") and rel.count("/") >= 2 else \
        "python_" if rel.startswith("python/") else None
    chosen = sorted((not (own and tests[i]["name"].startswith(own)), tests[i]["secs"], tests[i]["name"])
                    for i in idx)
    chosen = [(secs, n) for _, secs, n in chosen]
    if budget > 0:  # the first tests within BUDGET seconds of their map times (one at least)
        kept, total = [], 0.0
        for secs, n in chosen:
            if kept and total + secs > budget:
                break
            kept.append((secs, n))
            total += secs
        chosen = kept
    return "=" + ",".join(f"{n}:{s}" for s, n in chosen)


def read_results(path):
    out = {}
    for _, ln in entries(path):
        parts = ln.split("\t")
        if len(parts) >= 3:
            out[parts[0]] = parts
    return out


def cached_outcome(root, entry, tests):
    """The outcome of a results entry if still valid for a mutant whose selection is TESTS."""
    if entry is None:
        return ""
    outcome, ran = entry[1], entry[2]
    recorded = dict(t.split("@", 1) for t in ran.split(",") if "@" in t)
    if outcome == "nobuild":
        return "nobuild"
    if outcome == "same":
        rel, _, hv = ran.rpartition("@")
        return "same" if rel and source_hash(root, rel) == hv else ""
    if outcome == "killed":
        if recorded and all(test_hash(root, n) == hv for n, hv in recorded.items()):
            return "killed by " + ",".join(recorded)
        return ""
    if outcome == "survived" and tests.startswith("="):
        names = [t.split(":")[0] for t in tests[1:].split(",") if t]
        if all(recorded.get(n) == test_hash(root, n) for n in names):
            return "survived"
    return ""


def killer_first(tests, entry):
    """TESTS ("=NAME:SECS,...") with the test that killed the mutant last time first, when its
    kill is no longer valid (its sources changed): most such kills hold, and are then confirmed
    by one test instead of the faster ones before it."""
    if not entry or entry[1] != "killed":
        return tests
    killer = entry[2].split(",", 1)[0].split("@", 1)[0]
    items = [t for t in tests[1:].split(",") if t]
    first = [t for t in items if t.split(":", 1)[0] == killer]
    return "=" + ",".join(first + [t for t in items if t not in first]) if first else tests


def cmd_record(a):
    import fcntl
    ran = ",".join(f"{n}@{test_hash(a.root, n)}" for n in a.tests.split(",") if n) or "-"
    if a.outcome == "same":  # no test ran: valid while the compiler's input is unchanged
        rel = a.where.split(":", 1)[0]
        ran = f"{rel}@{source_hash(a.root, rel)}"
    row = "\t".join([a.key, a.outcome, ran, " ".join(a.where.split())])
    header = ("# The results of ./run.sh mutants (automutate.py record): KEY OUTCOME TESTS@HASH,... WHERE.\n"
              "# A cache kept in git so a long run continues in a later session; valid rules: automutate.py.\n")
    with open(a.results + ".lock", "w") as lk:
        fcntl.flock(lk, fcntl.LOCK_EX)
        rows = {}
        if os.path.exists(a.results):
            with open(a.results, encoding="utf-8") as f:
                for ln in f:
                    if ln.strip() and not ln.startswith("#"):
                        rows[ln.split("\t", 1)[0]] = ln.rstrip("\n")
        rows[a.key] = row
        tmp = a.results + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(header)
            for k in sorted(rows):
                f.write(rows[k] + "\n")
        os.replace(tmp, a.results)
    return 0


def cmd_list(a):
    rules = read_map(a.map)
    equivalent = read_equivalent(a.equivalent)
    cov = None
    if a.covmap:
        with open(a.covmap, encoding="utf-8") as f:
            cov = json.load(f)
    results = read_results(a.results) if a.results else {}
    from_map = 0
    changed = changed_lines(a.root, EMPTY_TREE if a.since == "all" else a.since, a.paths)
    chosen, all_ms, generated, nlines = [], [], 0, sum(len(v) for v in changed.values())
    for rel in sorted(changed):
        path = os.path.join(a.root, rel)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            src = f.read()
        texts = src.split("\n")
        norm = [" ".join(t.split()) for t in texts]
        ordinal, seen = [], {}
        for t in norm:
            seen[t] = seen.get(t, 0) + 1
            ordinal.append(seen[t])
        by_line = {}
        for line, op, change, edits in candidates(src, lex(src), changed[rel]):
            key = h(f"{rel}\0{norm[line - 1]}\0{ordinal[line - 1]}\0{change}\0{edits[0][0] - src.rfind(chr(10), 0, edits[0][0])}")
            by_line.setdefault(line, []).append((key, rel, line, op, change, edits, src))
        for line in sorted(by_line):
            ms = sorted(by_line[line])
            all_ms.append(ms)
            generated += len(ms)
            chosen.extend(ms[:a.per_line] if a.per_line > 0 else ms)
    if a.keys:  # the mutants named, whatever the sampling would keep
        want = set(a.keys.split(","))
        chosen = [m for line_ms in all_ms for m in line_ms if m[0] in want]
    total = len(chosen)
    if a.max > 0:
        chosen = sorted(chosen)[:a.max]
    # in key order: a run cut short (--minutes) has still run a sample spread over every file
    chosen.sort()
    print(f"automutate: {generated} mutants on {nlines} changed lines of {len(changed)} files; "
          f"{total} after --per-line {a.per_line}, {len(chosen)} after --max {a.max} (0: no cap)",
          file=sys.stderr)
    tests_of = {}
    for i, (key, rel, line, op, change, edits, src) in enumerate(chosen, 1):
        tests = covmap_tests(cov, a.root, rel, line, a.budget)
        if tests is None:
            tests = tests_of.setdefault(rel, tests_for(rules, rel))
        else:
            from_map += 1
        cached = cached_outcome(a.root, results.get(key), tests) if a.results else ""
        if not cached and tests.startswith("="):
            tests = killer_first(tests, results.get(key))
        (s0, _, _), (s1, e1, _) = edits[0], edits[-1]
        # one edit, or an edit at each end of a span: OLD is the span, NEW the span as changed
        old = src[s0:e1]
        new, pos = [], s0
        for s, e, n in edits:
            new.append(src[pos:s] + n)
            pos = e
        new.append(src[pos:e1])
        where = " ".join(src.split("\n")[line - 1].split())
        print("\t".join([f"m{i:04d}", rel, str(line), key, tests, "1" if key in equivalent else "0",
                         f"{op}: {change} in: {where}", str(s0), str(e1), esc(old), esc("".join(new)),
                         cached]))
    if cov is not None:
        print(f"automutate: {from_map} of {len(chosen)} mutants' tests from the coverage map, the "
              f"others' from the test map (their file changed since the coverage map)", file=sys.stderr)
    return 0


def cmd_apply(a):
    with open(a.list, encoding="utf-8") as f:
        rows = [ln.rstrip("\n").split("\t") for ln in f if ln.strip()]
    row = next((r for r in rows if r[0] == a.id), None)
    if row is None:
        print(f"no mutant {a.id} in {a.list}", file=sys.stderr)
        return 3
    rel, start, end, old, new = row[1], int(row[7]), int(row[8]), unesc(row[9]), unesc(row[10])
    path = os.path.join(a.tree, rel)
    with open(path, encoding="utf-8") as f:
        src = f.read()
    if src[start:end] != old:
        print(f"{rel}: the text at {start} is not the listed one (the tree changed since the list)",
              file=sys.stderr)
        return 3
    with open(path, "w", encoding="utf-8") as f:
        f.write(src[:start] + new + src[end:])
    print(rel)
    return 0


def test_targets(build):
    """{test: the targets it needs}: its own program (a unit test's or a fuzz replay's), the
    command line for a script (the table fixtures run it too), the libraries for the Python and
    package scripts, any tests/NAME program a script runs, and what its fixtures' setup tests
    need (ctest runs them with it). None for a test that needs everything (a script that installs
    or builds, a program no target makes, another project's tests)."""
    out = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build, check=True,
                         capture_output=True, text=True).stdout
    tests = {t["name"]: t for t in json.loads(out)["tests"]}
    props = {n: {p["name"]: p["value"] for p in t.get("properties", [])} for n, t in tests.items()}
    known = subprocess.run(["cmake", "--build", build, "--target", "help"], check=True,
                           capture_output=True, text=True).stdout
    known = set(re.findall(r"^\.\.\. (\S+)", known, re.M))
    setup = {}
    for n, p in props.items():
        for fx in p.get("FIXTURES_SETUP", []):
            setup.setdefault(fx, []).append(n)

    def own(n):
        cmd = tests[n].get("command") or []
        if len(cmd) >= 2 and os.path.basename(cmd[0]) in ("bash", "sh"):
            with open(cmd[1], encoding="utf-8") as f:
                script = f.read()
            if re.search(r"cmake --(install|build)", script):
                return None
            need = {"cubegod"} | set(re.findall(r"\$CUBEGOD_BUILD/tests/(\w+)", script))
            if n.startswith(("python_", "package_")):
                need.update(("cubegod_shared", "cubegod_lib"))
            return need
        if cmd and os.path.abspath(cmd[0]).startswith(os.path.abspath(build) + os.sep):
            return {os.path.basename(cmd[0])}
        if n.startswith("fuzz_"):  # not built yet: ctest shows no command
            return {"fuzz_replay_" + n[len("fuzz_"):]}
        return None if cmd else {n}  # a program from elsewhere: what it needs is not known

    result = {}
    for name in tests:
        todo, seen, want = [name], set(), set()
        while todo and want is not None:
            n = todo.pop()
            if n in seen:
                continue
            seen.add(n)
            need = own(n)
            want = want | need if need is not None else None
            for fx in props[n].get("FIXTURES_REQUIRED", []):
                todo.extend(setup.get(fx, []))
        result[name] = sorted(want) if want is not None and want <= known else None
    return result


def compile_entries(build):
    """{object path: (directory, argv)} from BUILD's compile_commands.json (the slots are
    configured with CMAKE_EXPORT_COMPILE_COMMANDS)."""
    import shlex
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        rows = json.load(f)
    out = {}
    for r in rows:
        argv = r["arguments"] if "arguments" in r else shlex.split(r["command"])
        if "-o" in argv:
            obj = os.path.normpath(os.path.join(r["directory"], argv[argv.index("-o") + 1]))
            out[obj] = (r["directory"], argv)
    return out


def objects_of(build, path):
    """The objects of BUILD compiled from PATH (their compiler depfile, OBJ.d, names it): the
    file's own, and those of the sources that #include it; None when an object has no depfile."""
    found = []
    for obj in compile_entries(build):
        try:
            with open(obj + ".d", encoding="utf-8", errors="replace") as f:
                deps = f.read().replace("\\\n", " ").split()
        except OSError:
            return None  # an object never built: what it includes is not known
        if any(os.path.normpath(d) == path for d in deps[1:]):
            found.append(obj)
    return sorted(found)


def cmd_objects(a):
    """Every object's hash, the unmutated build's (run.sh keeps it beside each slot)."""
    for obj in sorted(compile_entries(a.build)):
        if os.path.exists(obj):
            print(f"{sha1_path(obj)}  {obj}")
    return 0


SAME_MAX_OBJECTS = 12  # a header most files include: testing it costs less than compiling them all


def cmd_same(a):
    """Exit 0 when every object compiled from the mutated FILE is byte for byte its unmutated
    build's (the mutant changes no code: no test can see it), 1 when one differs (that object
    is left in its place, newer than the source, so the build does not compile it again), 2
    when it cannot tell (no object from the file, too many, or a compile failed)."""
    import shutil
    import tempfile
    pristine = {}
    with open(a.pristine, encoding="utf-8") as f:
        for ln in f:
            hv, _, obj = ln.rstrip("\n").partition("  ")
            pristine[obj] = hv
    entries_ = compile_entries(a.build)
    objs = objects_of(a.build, os.path.normpath(os.path.abspath(a.file)))
    if not objs or len(objs) > SAME_MAX_OBJECTS or any(o not in pristine or o not in entries_ for o in objs):
        return 2
    for obj in objs:
        directory, argv = entries_[obj]
        argv = list(argv)
        fd, tmp = tempfile.mkstemp(suffix=".o", dir=os.path.dirname(obj))
        os.close(fd)
        argv[argv.index("-o") + 1] = tmp
        done = subprocess.run(argv, cwd=directory, capture_output=True)
        if done.returncode != 0:
            os.unlink(tmp)
            return 2
        if sha1_path(tmp) != pristine[obj]:
            shutil.move(tmp, obj)
            return 1
        os.unlink(tmp)
    return 0


def source_hash(root, rel, _memo={}):
    """A hash of FILE and the project's headers it includes (quoted #include, followed): the
    compiler's input as far as the tree decides it ("same" stays valid while it is unchanged)."""
    if (root, rel) in _memo:
        return _memo[(root, rel)]
    todo, seen, hs = [os.path.join(root, rel)], set(), hashlib.sha1()
    while todo:
        path = os.path.normpath(todo.pop())
        if path in seen or not os.path.isfile(path):
            continue
        seen.add(path)
        with open(path, "rb") as f:
            text = f.read()
        for inc in re.findall(rb'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', text, re.M):
            name = inc.decode("utf-8", "replace")
            for d in (os.path.dirname(path), os.path.join(root, "src"), os.path.join(root, "include")):
                todo.append(os.path.join(d, name))
    for path in sorted(seen):
        hs.update(os.path.relpath(path, root).encode() + b"\0")
        with open(path, "rb") as f:
            hs.update(f.read())
    _memo[(root, rel)] = hs.hexdigest()[:8]
    return _memo[(root, rel)]


def cmd_score(a):
    rows = {}
    with open(a.list, encoding="utf-8") as f:
        for ln in f:
            r = ln.rstrip("\n").split("\t")
            if len(r) < 11:
                continue
            m = re.match(r"src/([^/]+)/", r[1])
            mod = f"src/{m.group(1)}" if m else os.path.dirname(r[1])
            c = rows.setdefault(mod, dict.fromkeys(("n", "eq", "same", "nobuild", "killed", "survived", "uncovered", "notrun"), 0))
            c["n"] += 1
            if r[5] == "1":
                c["eq"] += 1
                continue
            try:
                with open(os.path.join(a.results, r[0]), encoding="utf-8") as g:
                    out = g.readline().strip()
            except OSError:
                out = "notrun"
            c[out if out in c else "notrun"] += 1
            if out == "survived" and r[4] == "=":
                c["uncovered"] += 1
    print("| module | mutants | equivalent (marked) | same object code | did not build | killed | survived (no test executes the line) | not run | killed of decided |")
    print("|---|---|---|---|---|---|---|---|---|")
    total = dict.fromkeys(("n", "eq", "same", "nobuild", "killed", "survived", "uncovered", "notrun"), 0)
    for mod in sorted(rows) + ["total"]:
        c = rows.get(mod, total)
        if mod != "total":
            for k in total:
                total[k] += c[k]
        dec = c["killed"] + c["survived"]
        share = f"{100 * c['killed'] / dec:.1f} %" if dec else "-"
        name = f"**{mod}**" if mod == "total" else mod
        print(f"| {name} | {c['n']} | {c['eq']} | {c['same']} | {c['nobuild']} | {c['killed']} | {c['survived']} ({c['uncovered']}) "
              f"| {c['notrun']} | {share} |")
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    ls = sub.add_parser("list")
    ls.add_argument("--root", default=".")
    ls.add_argument("--since", required=True)
    ls.add_argument("--map")
    ls.add_argument("--equivalent")
    ls.add_argument("--per-line", type=int, default=0)
    ls.add_argument("--max", type=int, default=0)
    ls.add_argument("--keys", help="KEY,KEY...: only these mutants (sampling ignored)")
    ls.add_argument("--paths", nargs="+", default=["src"])
    ls.add_argument("--covmap", help="covmap.py's map: each mutant's tests are those that executed its line")
    ls.add_argument("--budget", type=float, default=0,
                    help="with --covmap: only the fastest tests within this many seconds (map times)")
    ls.add_argument("--results", help="the results cache (a 12th column: a still valid outcome)")
    rc = sub.add_parser("record")
    rc.add_argument("--root", default=".")
    rc.add_argument("results")
    rc.add_argument("key")
    rc.add_argument("outcome", choices=["killed", "survived", "nobuild", "same"])
    rc.add_argument("tests")
    rc.add_argument("where")
    ap = sub.add_parser("apply")
    ap.add_argument("list")
    ap.add_argument("id")
    ap.add_argument("tree")
    sc = sub.add_parser("score")
    sc.add_argument("list")
    sc.add_argument("results")
    tg = sub.add_parser("targets")
    tg.add_argument("build")
    ob = sub.add_parser("objects")
    ob.add_argument("build")
    sm = sub.add_parser("same")
    sm.add_argument("build")
    sm.add_argument("pristine")
    sm.add_argument("file")
    a = p.parse_args()
    try:
        if a.cmd == "list":
            a.map = a.map or os.path.join(a.root, "tests/mutants/testmap.txt")
            a.equivalent = a.equivalent or os.path.join(a.root, "tests/mutants/equivalent.txt")
            return cmd_list(a)
        if a.cmd == "score":
            return cmd_score(a)
        if a.cmd == "record":
            return cmd_record(a)
        if a.cmd == "objects":
            return cmd_objects(a)
        if a.cmd == "same":
            return cmd_same(a)
        if a.cmd == "targets":
            for name, targets in test_targets(a.build).items():
                print(" ".join([name] + (targets or [])))
            return 0
        return cmd_apply(a)
    except (OSError, ValueError) as e:
        print(f"automutate: {e}", file=sys.stderr)
        return 3
    except subprocess.CalledProcessError as e:
        print(f"automutate: git diff failed: {e.stderr.strip()}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
