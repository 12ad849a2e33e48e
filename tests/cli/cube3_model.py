"""An independent 3x3 facelet model for the end-to-end tests: each facelet is a point and a
normal in space, a face turn rotates the points of its layer. Layout as include/cubegod/cube3.h
describes it (face * 9 + row * 3 + col, faces U D F B L R), written from that text alone."""

FACES = "UDFBLR"
NORMAL = {"U": (0, 1, 0), "D": (0, -1, 0), "F": (0, 0, 1), "B": (0, 0, -1), "L": (-1, 0, 0),
          "R": (1, 0, 0)}


def _place(face, r, c):
    """The facelet's sticker centre, x to R, y to U, z to F."""
    return {
        "U": (c - 1, 1, r - 1),   # row 0 touches B, col 0 touches L
        "D": (c - 1, -1, 1 - r),  # row 0 touches F, col 0 touches L
        "F": (c - 1, 1 - r, 1),   # row 0 touches U, col 0 touches L
        "B": (1 - c, 1 - r, -1),  # col 0 touches R
        "L": (-1, 1 - r, c - 1),  # col 0 touches B
        "R": (1, 1 - r, 1 - c),   # col 0 touches F
    }[face]


KEYS = [(_place(f, r, c), NORMAL[f]) for f in FACES for r in range(3) for c in range(3)]
INDEX = {k: i for i, k in enumerate(KEYS)}


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def _cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _turn(v, n):
    """A quarter turn clockwise seen from outside face n: -90 degrees about n."""
    cr = _cross(n, v)
    d = _dot(n, v)
    return tuple(-cr[k] + n[k] * d for k in range(3))


def solved():
    return [f for f in FACES for _ in range(9)]


def apply(state, moves):
    """state: 54 colours; moves: 'R U2 F'' text. Returns the new state."""
    for tok in moves.split():
        face, suffix = tok[0], tok[1:]
        turns = {"": 1, "2": 2, "'": 3}[suffix]
        n = NORMAL[face]
        for _ in range(turns):
            new = list(state)
            for i, (p, m) in enumerate(KEYS):
                if _dot(p, n) == 1:
                    new[INDEX[(_turn(p, n), _turn(m, n))]] = state[i]
            state = new
    return state


def is_solved(state):
    return all(len(set(state[f * 9:f * 9 + 9])) == 1 for f in range(6))


def line(state, order="UDFBLR"):
    return "".join("".join(state[FACES.index(f) * 9:FACES.index(f) * 9 + 9]) for f in order)
