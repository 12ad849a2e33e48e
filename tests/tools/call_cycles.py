#!/usr/bin/env python3
"""Files of one module that call each other in a loop.

For each module (a folder under src/), a file A depends on a file B of the same module when A
calls a function that B defines (not static). The modules read top-down when this graph has no
cycle: shared helpers live in a file of their own below their users. Prints each cycle as
"src/MODULE: a.c -> b.c -> a.c" and exits 1; exits 0 when there is none. Comments and strings
are stripped before reading; a definition is a name followed by '(' at the start of a line
(the return type on the same line) whose body opens with '{'."""
import os
import re
import sys

DEF = re.compile(r"^(?!static\b)[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\([^;]*?\)\s*\{", re.M | re.S)
CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")


def strip(text):
    """The C text without comments, strings and character literals."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r'"(\\.|[^"\\\n])*"', '""', text)
    return re.sub(r"'(\\.|[^'\\\n])*'", "''", text)


def module_graph(folder):
    files = sorted(f for f in os.listdir(folder) if f.endswith(".c"))
    text = {f: strip(open(os.path.join(folder, f), encoding="utf-8", errors="replace").read())
            for f in files}
    owner = {}
    for f in files:
        for m in DEF.finditer(text[f]):
            owner.setdefault(m.group(1), f)
    graph = {f: set() for f in files}
    for f in files:
        for m in CALL.finditer(text[f]):
            g = owner.get(m.group(1))
            if g and g != f:
                graph[f].add(g)
    return graph


def cycles(graph):
    """One cycle per strongly connected component of two files or more (Tarjan)."""
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(path_in(graph, sorted(comp)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def path_in(graph, comp):
    """A cycle through the component's first file, for the message."""
    start, members = comp[0], set(comp)
    prev, todo = {start: None}, [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph[v]):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w in members and w not in prev:
                prev[w] = v
                todo.append(w)
    return comp


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "src"
    found = 0
    for mod in sorted(os.listdir(root)):
        folder = os.path.join(root, mod)
        if not os.path.isdir(folder):
            continue
        for cyc in cycles(module_graph(folder)):
            print("%s: %s" % (folder, " -> ".join(cyc)))
            found += 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
