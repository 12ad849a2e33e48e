#!/usr/bin/env python3
"""Applies one mutant of tests/mutants/ to a copy of the tree (./run.sh mutants drives it).

A mutant file holds, one per line:
    bug: what bug the mutant stands for (shown in the report)
    file: the source file it changes, relative to the tree; or several, separated by spaces,
          where code may move from one to another (files that do not exist are skipped)
    find: exact text that occurs exactly once (in all those files together)
    replace: the text put in its place
find/replace take everything after "find: " / "replace: " literally (leading blanks included);
"\\n" in them stands for a line break, "\\\\" for a backslash. Lines starting with '#' are comments.

Usage: mutate.py [--dry-run] MUTANT TREE
applies it (with --dry-run: only checks that it would), prints the changed file's path (relative
to TREE);
exits 3 with the reason on stderr when the mutant does not apply (text not found, found more than
once, file missing, malformed), so that a mutant outgrown by the code fails loudly.
"""
import sys

KEYS = ("bug", "file", "find", "replace")


def unescape(s):
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s) and s[i + 1] in "n\\":
            out.append("\n" if s[i + 1] == "n" else "\\")
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def parse(path):
    fields = {}
    with open(path, encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            key, sep, value = line.partition(": ")
            if not sep or key not in KEYS:
                raise ValueError(f"line {no}: expected one of {', '.join(k + ':' for k in KEYS)}")
            if key in fields:
                raise ValueError(f"line {no}: a second '{key}:'")
            fields[key] = value
    missing = [k for k in KEYS if k not in fields]
    if missing:
        raise ValueError(f"no {', '.join(k + ':' for k in missing)} line")
    if fields["find"] == fields["replace"]:
        raise ValueError("find and replace are the same text")
    return fields


def main():
    args = sys.argv[1:]
    dry = args[:1] == ["--dry-run"]
    if dry:
        args = args[1:]
    if len(args) != 2:
        print("usage: mutate.py [--dry-run] MUTANT TREE", file=sys.stderr)
        return 2
    mutant, tree = args
    try:
        m = parse(mutant)
    except (OSError, ValueError) as e:
        print(f"{mutant}: {e}", file=sys.stderr)
        return 3
    find, replace = unescape(m["find"]), unescape(m["replace"])
    texts = {}
    for rel in m["file"].split():
        try:
            with open(f"{tree}/{rel}", encoding="utf-8") as f:
                texts[rel] = f.read()
        except FileNotFoundError:
            continue
        except OSError as e:
            print(f"{rel}: {e.strerror}", file=sys.stderr)
            return 3
    if not texts:
        print(f"{m['file']}: no such file", file=sys.stderr)
        return 3
    hits = {rel: t.count(find) for rel, t in texts.items() if find in t}
    count = sum(hits.values())
    if count != 1:
        where = "not found" if count == 0 else f"found {count} times, not once"
        print(f"{m['file']}: '{m['find']}' {where}", file=sys.stderr)
        return 3
    (rel,) = hits
    if not dry:
        with open(f"{tree}/{rel}", "w", encoding="utf-8") as f:
            f.write(texts[rel].replace(find, replace))
    print(rel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
