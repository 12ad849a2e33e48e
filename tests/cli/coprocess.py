#!/usr/bin/env python3
"""cubegod solve as a co-process, the way a pwntools or subprocess script drives it: write one
puzzle, read one answer, never send anything more before the answer. Each read has a deadline,
so a solve that waits for more input fails the test instead of hanging it."""
import os, select, subprocess, sys

CUBEGOD = os.environ["CUBEGOD"]
DEADLINE = 10.0


def box(face, stickers):
    a, b, c, d = stickers
    return f"Face {face}:\n+-----+\n| {a} {b} |\n| {c} {d} |\n+-----+\n"


# U turned once: U' solves it (the stickers of the compact test UUUUDDDDRRFFLLBBFFLLBBRR).
FACES = {"U": "UUUU", "D": "DDDD", "F": "RRFF", "B": "LLBB", "L": "FFLL", "R": "BBRR"}


def puzzle(hidden, order="UDFBLR"):
    return "".join(box(f, FACES[f]) for f in order if f != hidden)


class Proc:
    def __init__(self, *args):
        self.p = subprocess.Popen([CUBEGOD, "solve", *args], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.buf = b""

    def send(self, text):
        self.p.stdin.write(text.encode())
        self.p.stdin.flush()

    def line(self, what):
        while b"\n" not in self.buf:
            r, _, _ = select.select([self.p.stdout], [], [], DEADLINE)
            if not r:
                self.p.kill()
                sys.exit(f"FAIL: {what}: no answer within {DEADLINE} s (solve is waiting for more)")
            chunk = os.read(self.p.stdout.fileno(), 4096)
            if not chunk:
                sys.exit(f"FAIL: {what}: solve closed its output; stderr: {self.p.stderr.read()!r}")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode()

    def close(self):
        self.p.stdin.close()
        rest = self.p.stdout.read()
        err = self.p.stderr.read().decode()
        return self.p.wait(timeout=DEADLINE), rest, err


def expect(got, want, what):
    if got != want:
        sys.exit(f"FAIL: {what}: got {got!r}, expected {want!r}")


mode = sys.argv[1]
if mode == "boxes":
    p = Proc()
    # Five boxes and nothing after them: answered without a sixth face or any other line.
    p.send(puzzle("D"))
    expect(p.line("five boxes, then silence"), "U'", "five boxes")
    # Six boxes: answered when the sixth closes.
    p.send(puzzle(None))
    expect(p.line("six boxes"), "U'", "six boxes")
    # What a script forwards from the server: the boxes and the prompt without its newline.
    p.send("=== Round 3/100 ===\n" + puzzle("F", "RLFBUD") + "Enter your solution: ")
    expect(p.line("five boxes and a prompt without newline"), "U'", "prompt without newline")
    # The rest of that prompt line, then five boxes written one line at a time.
    p.send("\n")
    for line in puzzle("U").splitlines(keepends=True):
        p.send(line)
    expect(p.line("five boxes line by line"), "U'", "boxes a line at a time")
    status, rest, err = p.close()
    expect(rest, b"", "nothing more after the answers")
    expect(status, 0, "exit status")
elif mode == "line":
    p = Proc("--line")
    p.send("UUUUDDDDRRFFLLBBFFLLBBRR\n")
    expect(p.line("a cube"), "U'", "compact cube")
    p.send("\n")
    expect(p.line("a blank line"), "!", "blank line")
    p.send("# a comment\n")
    expect(p.line("a comment"), "#", "comment line")
    p.send("UUUUDDDDFFFFBBBBLLLLRRRR\n")
    expect(p.line("a solved cube"), "", "solved cube")
    status, rest, err = p.close()
    expect(status, 2, "exit status after a blank line")
    if "puzzle 2 (line 2): blank line" not in err:
        sys.exit(f"FAIL: blank line message: {err!r}")
elif mode == "json":
    import json
    p = Proc("--json", "--line")
    p.send("UUUUDDDDRRFFLLBBFFLLBBRR\n")
    got = json.loads(p.line("json answer"))
    expect(got, {"puzzle": 1, "file": "-", "line": 1, "moves": "U'", "count": 1}, "json answer")
    p.close()
    # Box mode: a message quoting the input keeps its quote, backslash and typographic
    # apostrophe through the JSON escaping (json.loads would fail on a bad escape).
    p = Proc("--json")
    p.send('Face U:\n+-----+\n| "\\\u2019 |\n')
    got = json.loads(p.line("json error"))
    expect(got["error"], "Face U: line 2 of the box should be a row '| a b |' or '| a b c |', not "
           "'| \"\\\u2019 |'", "json error text")
    expect(got["puzzle"], 1, "json error puzzle")
    p.close()
print(f"coprocess {mode}: ok")
