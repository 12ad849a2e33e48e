"""An independent 2x2 facelet model for the binding's tests, written from docs/protocol.md and
include/cubegod/cube.h only: a 2x2 is a 3x3 without edges and centres, so each of its stickers
is the corner facelet of tests/cli/cube3_model.py (geometry: points and normals turned in
space) at row 2r, column 2c of the same face. test_binding.py checks this model against
fixtures/cube/move-vectors.txt before trusting it."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
import cube3_model  # noqa: E402

FACES = "UDFBLR"
_EMBED = [f * 9 + (2 * r) * 3 + 2 * c for f in range(6) for r in range(2) for c in range(2)]


def solved():
    return [f for f in FACES for _ in range(4)]


def apply(state, moves):
    """state: 24 colours (faces U D F B L R, row-major); moves: "R U2 F'" text."""
    big = ["."] * 54
    for i, k in enumerate(_EMBED):
        big[k] = state[i]
    big = cube3_model.apply(big, moves)
    return [big[k] for k in _EMBED]


def is_solved(state):
    """Every face one colour (any orientation)."""
    return all(len(set(state[f * 4:f * 4 + 4])) == 1 for f in range(6))


def line(state, order="UDFBLR"):
    return "".join("".join(state[FACES.index(f) * 4:FACES.index(f) * 4 + 4]) for f in order)


def boxes(state, hidden=()):
    """The server's face boxes (docs/protocol.md) for every face not in `hidden`."""
    out = []
    for f, name in enumerate(FACES):
        if name in hidden:
            continue
        s = state[f * 4:f * 4 + 4]
        out += ["Face %s:" % name, "+-----+", "| %s %s |" % (s[0], s[1]),
                "| %s %s |" % (s[2], s[3]), "+-----+"]
    return "\n".join(out) + "\n"
