#!/usr/bin/env python3
"""The Python binding's figures (docs/python.md): read, solve and format times on random 2x2
and 3x3 lines drawn by the tests' independent facelet models. From the checkout, after the build:

    CUBEGOD_CACHE=build/cache/pocket.tbl PYTHONPATH=python nice python3 bench/python_bench.py
"""
import os
import random
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "python"), os.path.join(ROOT, "tests", "python"),
                os.path.join(ROOT, "tests", "cli")]
import cube3_model  # noqa: E402
import cubegod  # noqa: E402
import pocket_model  # noqa: E402

MOVES = [f + s for f in "UDFBLR" for s in ("", "2", "'")]


def ms_since(t):
    return (time.perf_counter() - t) * 1e3


def run(model, size, n, rng):
    times = {"read": [], "solve": [], "format": []}
    lengths = []
    for _ in range(n):
        state = model.apply(model.solved(), " ".join(rng.choice(MOVES) for _ in range(40)))
        text = model.line(state)
        t = time.perf_counter()
        cube = cubegod.read(text)
        times["read"].append(ms_since(t) * 1e3)
        t = time.perf_counter()
        moves = cubegod.solve(cube)
        times["solve"].append(ms_since(t) * 1e3)
        t = time.perf_counter()
        cubegod.format(moves)
        times["format"].append(ms_since(t) * 1e3)
        lengths.append(len(moves))
    solve = sorted(times["solve"])
    print("%dx%d n=%d: read median %.0f us, solve median %.0f us (p99 %.0f us), format median "
          "%.0f us, mean length %.2f" % (size, size, n, statistics.median(times["read"]),
                                         statistics.median(solve), solve[int(n * 0.99)],
                                         statistics.median(times["format"]),
                                         statistics.mean(lengths)))


def main():
    t = time.perf_counter()
    cubegod.prepare(2)
    t2 = ms_since(t)
    t = time.perf_counter()
    cubegod.prepare(3)
    t3 = ms_since(t)
    print("prepare: 2x2 table %.1f ms, 3x3 two-phase %.1f ms" % (t2, t3))
    rng = random.Random(1)
    run(pocket_model, 2, 1000, rng)
    run(cube3_model, 3, 200, rng)


if __name__ == "__main__":
    main()
