"""cubegod for Python: read a cube from a challenge's text, solve it, write the answer.

    import cubegod
    cube = cubegod.read(text)            # face boxes as the server prints them, or one line
    moves = cubegod.solve(cube)          # ["R", "U2", "F'"]
    io.sendline(cubegod.format(moves).encode())

A thin ctypes layer over libcubegod.so (found as python/README.md says): every answer and every
error message is the C library's. Failures raise cubegod.Error subclasses, one per cg_status."""

import atexit
import builtins
import ctypes
import os
import sys
import threading

from . import _lib

__all__ = ["read", "read_all", "solve", "format", "parse", "Cube", "Error", "InputError",
           "AmbiguousError", "TooLongError", "SystemCallError", "NoMemoryError", "TimeLimitError",
           "ClosedError", "TLSError", "LimitError", "ProtocolError", "library_path",
           "library_version", "set_notice", "cache_paths", "prepare", "close_tables", "play",
           "PlayResult"]

_c = _lib.load()
_MODEL3 = ctypes.c_void_p()  # the 3x3 move tables, for the life of the process
if _c.cg3_tables_new(ctypes.byref(_MODEL3), None) != 0:
    raise MemoryError("cubegod: out of memory for the 3x3 move tables")
FACE_LETTERS = "UDFBLR"


def library_path():
    """The libcubegod.so in use."""
    return _c.path


def library_version():
    return _c.cg_version().decode()


# ---- errors ----

class Error(Exception):
    """A cubegod failure: str(e) is the library's one-line message, e.status the cg_status
    (negative int) and e.status_name its short name ("input", "ambiguous", ...)."""
    status = None

    def __init__(self, message, status=None):
        super().__init__(message)
        if status is not None:
            self.status = status
        self.message = message

    @property
    def status_name(self):
        return _c.cg_status_name(self.status).decode() if self.status is not None else None


class InputError(Error, ValueError):
    """CG_ERR_INPUT: malformed or impossible input (also a bad option value)."""
    status = -1


class AmbiguousError(Error, ValueError):
    """CG_ERR_AMBIGUOUS: several cubes fit what was shown; e.fits says how many (3x3)."""
    status = -2
    fits = None


class TooLongError(Error):
    """CG_ERR_TOO_LONG: no solution within the allowed number of moves."""
    status = -3


class SystemCallError(Error, OSError):
    """CG_ERR_SYSTEM: an operating-system call failed."""
    status = -4


class NoMemoryError(Error, MemoryError):
    """CG_ERR_NOMEM."""
    status = -5


class TimeLimitError(Error, builtins.TimeoutError):
    """CG_ERR_TIMEOUT: a time limit passed first (the optimal 3x3 solver: not proven)."""
    status = -6


class ClosedError(Error, EOFError):
    """CG_ERR_EOF."""
    status = -7


class TLSError(Error):
    """CG_ERR_TLS."""
    status = -8


class LimitError(Error):
    """CG_ERR_LIMIT: a size limit was reached."""
    status = -9


class ProtocolError(Error):
    """CG_ERR_PROTOCOL."""
    status = -10


_BY_STATUS = {cls.status: cls for cls in (InputError, AmbiguousError, TooLongError,
                                          SystemCallError, NoMemoryError, TimeLimitError,
                                          ClosedError, TLSError, LimitError, ProtocolError)}


def _error(status, message):
    """The exception for a cg_status (a status this binding does not know: plain Error)."""
    cls = _BY_STATUS.get(status, Error)
    return cls(message, status)


def _check(status, err):
    if status != 0:
        raise _error(status, err.msg.decode("utf-8", "replace"))


def _bytes(text, what):
    if isinstance(text, str):
        return text.encode("utf-8")
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    raise TypeError("%s: expected str or bytes, not %s" % (what, type(text).__name__))


# ---- the cube ----

class Cube:
    """What read() found: a 2x2 or a 3x3, its state (in the frame of its colour scheme), the
    scheme (face letter -> colour token), whether the scheme is known (2x2: given or the face
    letters; 3x3: always, from the centres) and how many cubes fit the view (1: determined)."""

    def __init__(self, size, state, scheme, scheme_known=True, fits=1, fits_at_least=False,
                 puzzle=None):
        self.size = size
        self._state = state
        self.scheme = scheme
        self.scheme_known = scheme_known
        self.fits = fits
        self.fits_at_least = fits_at_least
        self.puzzle = puzzle  # the stickers shown: a compact line with '?' for unknown

    @classmethod
    def solved(cls, size=2):
        """The solved cube of a size, colours the face letters."""
        if size == 2:
            state = _c.cg_cube_home()
        elif size == 3:
            state = _c.cg3_cube_home()
        else:
            raise InputError("size %r: 2 or 3" % (size,), -1)
        return cls(size, state, {f: f for f in FACE_LETTERS})

    @property
    def state(self):
        """The pieces as plain lists: 2x2 {"perm", "twist"}, 3x3 {"cp", "co", "ep", "eo"}."""
        s = self._state
        if self.size == 2:
            return {"perm": list(s.perm), "twist": list(s.twist)}
        return {"cp": list(s.cp), "co": list(s.co), "ep": list(s.ep), "eo": list(s.eo)}

    def facelets(self):
        """The whole cube as a compact line of home-face letters (24 or 54, faces U D F B L R,
        each row-major): what every sticker shows, hidden ones included."""
        if self.size == 2:
            st = _c.cg_cube_to_stickers(ctypes.byref(self._state))
            return "".join(FACE_LETTERS[v] for v in st.s)
        f = (ctypes.c_uint8 * 54)()
        _c.cg3_cube_to_facelets(ctypes.byref(self._state), f)
        return "".join(FACE_LETTERS[v] for v in f)

    def colours(self):
        """The same as a list of colour tokens (through the scheme; '?' where unknown)."""
        return [self.scheme.get(x, "?") for x in self.facelets()]

    def apply(self, moves):
        """A new Cube: this one after the moves (a list or a "R U2 F'" text), by the library's
        own model."""
        seq = _moves_array(moves)
        state = type(self._state).from_buffer_copy(self._state)
        if self.size == 2:
            _c.cg_cube_apply_all(ctypes.byref(state), seq, len(seq))
        else:
            _c.cg3_cube_apply_face_turns(_MODEL3, ctypes.byref(state), seq,
                                         len(seq))
        return Cube(self.size, state, dict(self.scheme), self.scheme_known, self.fits,
                    self.fits_at_least, self.puzzle)

    def is_home(self):
        if self.size == 2:
            return bool(_c.cg_cube_is_home(ctypes.byref(self._state)))
        return bool(_c.cg3_cube_is_home(ctypes.byref(self._state)))

    def is_solved(self):
        """Every face one colour (any orientation for a 2x2; a 3x3's centres never move)."""
        if self.size == 2:
            return bool(_c.cg_cube_is_solved_any(ctypes.byref(self._state)))
        return self.is_home()

    def __repr__(self):
        fits = "" if self.fits == 1 else ", fits=%s%d" % (">=" if self.fits_at_least else "",
                                                          self.fits)
        return "Cube(size=%d, %s%s)" % (self.size, self.facelets(), fits)


# ---- reading ----

def _puzzle_line(p):
    n = 24 if p.size == 2 else 54
    out = []
    for i in range(n):
        k = p.sticker[i]
        out.append("?" if k < 0 else p.colour[k].value.decode("utf-8", "replace"))
    return " ".join(out) if any(len(t) != 1 for t in out) else "".join(out)


def _scheme_struct(scheme):
    if scheme is None:
        return None
    if isinstance(scheme, dict):
        missing = [f for f in FACE_LETTERS if f not in scheme]
        extra = [k for k in scheme if k not in FACE_LETTERS]
        if missing or extra:
            raise InputError("scheme: needs exactly the faces U D F B L R (%s)"
                             % ("missing " + " ".join(missing) if missing
                                else "unknown " + " ".join(map(str, extra))), -1)
        scheme = ",".join("%s=%s" % (f, scheme[f]) for f in FACE_LETTERS)
    s = _lib.Scheme()
    err = _lib.Error_()
    _check(_c.cg_scheme_parse(_bytes(scheme, "scheme"), ctypes.byref(s), ctypes.byref(err)), err)
    return s


def _scheme_dict(s):
    return {FACE_LETTERS[f]: s.face[f].value.decode("utf-8", "replace") for f in range(6)}


def _rebuild2(p, scheme, ambiguous):
    rd = _lib.Reading()
    err = _lib.Error_()
    s = _scheme_struct(scheme)
    _check(_c.cg_reconstruct(ctypes.byref(p), ctypes.byref(s) if s is not None else None,
                             ctypes.byref(rd), ctypes.byref(err)), err)
    return Cube(2, _lib.Cube2.from_buffer_copy(rd.cube), _scheme_dict(rd.scheme),
                bool(rd.scheme_known), puzzle=_puzzle_line(p))


def _rebuild3(p, scheme, ambiguous):
    opt = _lib.Reconstruct3Options(pick=(ambiguous == "pick"), cap=0)
    rd = _lib.Reading3()
    err = _lib.Error_()
    st = _c.cg_reconstruct3(ctypes.byref(p), ctypes.byref(opt), ctypes.byref(rd),
                            ctypes.byref(err))
    if st != 0:
        e = _error(st, err.msg.decode("utf-8", "replace"))
        if isinstance(e, AmbiguousError):
            e.fits = rd.fits
        raise e
    got = _scheme_dict(rd.scheme)
    if scheme is not None:
        # A 3x3's centres say each face's colour: a given scheme can only be checked.
        want = _scheme_dict(_scheme_struct(scheme))
        for f in FACE_LETTERS:
            if got[f] != "?" and got[f] != want[f]:
                raise InputError("scheme: face %s is %s, but its centre shows %s"
                                 % (f, want[f], got[f]), -1)
    return Cube(3, _lib.Cube3.from_buffer_copy(rd.cube), got, True, rd.fits,
                bool(rd.fits_at_least), puzzle=_puzzle_line(p))


_REBUILD = {2: _rebuild2, 3: _rebuild3}


_FORMS = {None: None, "auto": None, "boxes": "boxes", "line": "string", "string": "string",
          "faces": "faces", "net": "net", "ansi": "ansi", "dict": "dict", "json": "dict"}


def _line_puzzle(line, order):
    p = _lib.Puzzle()
    err = _lib.Error_()
    _check(_c.cg_puzzle_from_string(line, len(line), order, ctypes.byref(p), ctypes.byref(err)),
           err)
    return p


def _puzzles(text, order, form, across=None, layout=None):
    """The cubes of a text, read by the library's one reader (cg_read_text): the same cubes
    `cubegod solve` reads from the same text."""
    data = _bytes(text, "text")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if order is not None:
        order = _bytes(order, "order")
    if form not in _FORMS:
        raise InputError("form %r: one of %s" % (form, ", ".join(k for k in _FORMS if k)), -1)
    shape = _FORMS[form]
    if form == "line":  # one cube a line, as solve --line reads them
        return [_line_puzzle(line, order) for line in data.splitlines() if line.strip()]
    layout = _layout_text(layout)
    cap = 64 * 1024 + 2 * len(data)
    out = ctypes.create_string_buffer(cap)
    count = ctypes.c_int()
    err = _lib.Error_()
    _check(_c.cg_read_text(data, len(data), shape and shape.encode(), order,
                           across and _bytes(across, "across"), layout, out, cap,
                           ctypes.byref(count), ctypes.byref(err)), err)
    puzzles = []
    for line in out.value.split(b"\n")[:count.value]:
        p = _lib.Puzzle()
        _check(_c.cg_puzzle_from_string(line, len(line), b"UDFBLR", ctypes.byref(p),
                                        ctypes.byref(err)), err)  # cg_read_text's order
        puzzles.append(p)
    return puzzles


def read_all(text, size=None, order=None, scheme=None, ambiguous="fail", form=None,
             layout=None, across=None):
    """Every cube in the text (each run of face boxes is one), as read() reads one."""
    if ambiguous not in ("fail", "pick"):
        raise InputError("ambiguous: %r is not 'pick' or 'fail'" % (ambiguous,), -1)
    if size not in (None, 2, 3):
        raise InputError("size %r: 2 or 3" % (size,), -1)
    out = []
    for i, p in enumerate(_puzzles(text, order, form, across, layout), 1):
        if size is not None and p.size != size:
            raise InputError("cube %d is a %dx%d, expected a %dx%d"
                             % (i, p.size, p.size, size, size), -1)
        out.append(_REBUILD[p.size](p, scheme, ambiguous))
    return out


def read(text, size=None, order=None, scheme=None, ambiguous="fail", form=None, layout=None,
         across=None):
    """The one cube in `text` (str or bytes), read by the same reader as `cubegod solve`: face
    boxes, labelled faces, a net, a string (also after a label: "State: UUU..."), ANSI colours,
    a Python or JSON cube (other lines ignored, so a whole round's text will do).

    size: 2 or 3 to insist on one (InputError otherwise); None: told by what is read.
    order: a compact line's face order, six letters (default "UDFBLR"; "URFDLB" for Kociemba's).
    scheme: each face's colour, "U=W,D=Y,..." or a dict (2x2: default face letters when every
      colour is one, else deduced; 3x3: the centres decide, a given scheme is checked).
    ambiguous: "fail" (AmbiguousError when several 3x3s fit) or "pick" (the first found).
    form: None (told by the text) or one shape: "boxes", "faces", "net", "string" (or "line"),
      "ansi", "dict" (or "json").
    layout: a layout template (its text, or the name of a file holding it): the drawing's
      stickers where the template names them (docs/shapes.md).
    across: a net's side faces left to right ("BLFR"); default: found.
    Text with several cubes is an InputError: use read_all()."""
    cubes = read_all(text, size, order, scheme, ambiguous, form, layout, across)
    if len(cubes) != 1:
        raise InputError("%d cubes in the text: read() takes one (read_all() takes many)"
                         % len(cubes), -1)
    return cubes[0]


# ---- moves ----

def _moves_array(moves):
    """A list of move names (or one text) as a cg_move array."""
    if isinstance(moves, (list, tuple)):
        for m in moves:
            if not isinstance(m, str):
                raise TypeError("moves: expected names such as \"R2\", not %r" % (m,))
        text = " ".join(moves)
    else:
        text = _bytes(moves, "moves").decode("utf-8", "replace")
    data = text.encode("utf-8")
    cap = len(text.split()) + 1
    out = (_lib.Move * cap)()
    n = ctypes.c_size_t()
    err = _lib.Error_()
    _check(_c.cg_moves_parse(data, out, cap, ctypes.byref(n), ctypes.byref(err)), err)
    return (_lib.Move * n.value)(*out[:n.value])


def _names(arr, n):
    return [_c.cg_move_name(arr[i]).decode() for i in range(n)]


# ---- tables: opened at first use, kept, closed at exit ----

_lock = threading.Lock()
_tables = {}  # ("pocket", metric) / "twophase" / "optimal" -> handle
_notice = [None]
# Solves inside the C library right now (they run without the lock), and whether a close was
# asked for meanwhile: tables are freed only when none is in flight, by the last one otherwise.
# At exit the daemon threads' solves never come back to Python, so tables they use are never
# unmapped under them; the process's end frees them.
_inflight = [0]
_close_pending = [False]


# The library's stop flag (a sig_atomic_t): table builds, the tube's waits and a proof of work
# inside a game look at it. Ctrl-C reaches only the main thread, and only between two Python
# instructions: long C work runs in a thread of its own (_stoppable), and the waiting caller
# raises this flag. Process-wide, as cg_tube_stop_flag is: a Ctrl-C stops every game and build.
_stop = ctypes.c_int(0)
_c.cg_tube_stop_flag(ctypes.addressof(_stop))


def _stoppable(work):
    """work() in a thread of its own while this one waits, so that Ctrl-C is taken here: it
    raises the stop flag, waits for work to see it and end (a second Ctrl-C does not cut that
    wait: work may be using memory this frame frees), then raises KeyboardInterrupt. Returns
    what work returned, or raises what it raised."""
    _stop.value = 0
    done, out = threading.Event(), {}

    def run():
        try:
            out["value"] = work()
        except BaseException as e:  # noqa: B036 (raised again in the caller's thread)
            out["error"] = e
        finally:
            done.set()

    threading.Thread(target=run, daemon=True).start()
    try:
        while not done.wait(0.1):
            pass
    except BaseException:
        _stop.value = 1
        while not done.is_set():
            try:
                done.wait(0.1)
            except BaseException:  # noqa: B036 (see above)
                pass
        raise
    finally:
        _stop.value = 0
    if "error" in out:
        raise out["error"]
    return out["value"]


def _print_notice(text):
    sys.stderr.write("cubegod: %s\n" % text)
    sys.stderr.flush()


_notice[0] = _print_notice


def set_notice(fn):
    """Who hears the table notices ("building the solver table ..."): fn(text), or None for
    silence. The default writes them to standard error, as the command line does."""
    _notice[0] = fn


@_lib.NoticeFn
def _on_notice(ctx, text):
    fn = _notice[0]
    if fn is not None:
        try:
            fn(text.decode("utf-8", "replace"))
        except Exception:  # an exception cannot cross the C frames
            pass
        except BaseException:  # Ctrl-C: the work this reports on stops
            _stop.value = 1


_progress = [None]  # prepare()'s progress callable, while it opens tables


@_lib.ProgressFn
def _on_progress(ctx, phase, fraction):
    fn = _progress[0]
    if fn is not None:
        try:
            fn(phase.decode("utf-8", "replace"), fraction)
        except Exception:  # an exception cannot cross the C frames
            pass
        except BaseException:  # Ctrl-C: the build stops
            _stop.value = 1


def cache_paths():
    """The table files, found as the command line finds them (the C library's cg_cache_path):
    CUBEGOD_CACHE, else $XDG_CACHE_HOME/cubegod/pocket.tbl, else ~/.cache/cubegod/pocket.tbl;
    the quarter-turn table as pocket-qtm.tbl beside it; the 3x3 twophase.tbl and optimal.tbl
    in its folder. A dict, or None for each when there is no place (no HOME)."""
    env = [os.environb.get(k) for k in (b"CUBEGOD_CACHE", b"XDG_CACHE_HOME", b"HOME")]
    out = {}
    for which, key in enumerate(("htm", "qtm", "twophase", "optimal")):
        need = _c.cg_cache_path(which, *env, None, 0)
        if need == 0:
            out[key] = None
            continue
        buf = ctypes.create_string_buffer(need + 1)
        _c.cg_cache_path(which, *env, buf, need + 1)
        out[key] = os.fsdecode(buf.value)
    return out


def _path_arg(path):
    return path.encode() if path else None


def _pocket(metric):
    key = ("pocket", metric)
    if key not in _tables:
        paths = cache_paths()
        opt = _lib.TablesOptions(cache_path=_path_arg(paths[metric]), notice=_on_notice,
                                 notice_ctx=None, rebuild=False,
                                 metric=_c.cg_metric_parse(metric.encode()),
                                 progress=_on_progress, progress_ctx=None,
                                 stop=ctypes.addressof(_stop))
        h = ctypes.c_void_p()
        err = _lib.Error_()
        _check(_c.cg_tables_open(ctypes.byref(h), ctypes.byref(opt), None, ctypes.byref(err)),
               err)
        _tables[key] = h
    return _tables[key]


def _tables3_options(kind):
    return _lib.Tables3Options(cache_path=_path_arg(cache_paths()[kind]), notice=_on_notice,
                               notice_ctx=None, rebuild=False, progress=_on_progress,
                               progress_ctx=None, stop=ctypes.addressof(_stop))


def _solver3(kind):
    """The 3x3 tables, ready: loaded or built now, or the background open a game made
    (_solver3_later) started and waited for."""
    if kind not in _tables:
        opt = _tables3_options(kind)
        h = ctypes.c_void_p()
        err = _lib.Error_()
        open_ = _c.cg3_twophase_open if kind == "twophase" else _c.cg3_optimal_open
        _check(open_(ctypes.byref(h), ctypes.byref(opt), None, ctypes.byref(err)), err)
        _tables[kind] = h
        if kind == "optimal":
            # the two-phase tables' phase-1 bound makes the optimal search ten times faster
            _c.cg3_optimal_use_twophase(h, _solver3("twophase"))
    elif kind == "twophase":
        _c.cg3_twophase_start(_tables[kind])  # one of _solver3_later's: nothing loaded yet
        if _c.cg3_twophase_pending(_tables[kind]):
            err = _lib.Error_()
            _check(_c.cg3_twophase_wait(_tables[kind], None, ctypes.byref(err)), err)
    return _tables[kind]


def _solver3_later():
    """Before a game: the two-phase solver opened as `cubegod play` opens it before it
    connects. Nothing is loaded or said until a 3x3 round starts it (_solver3_in_round); only
    the quick solver's tables are built now, in a thread of the library's, when the cache file
    already shows that the big tables will need a build, so that the first 3x3 round of a new
    machine finds them ready."""
    if "twophase" not in _tables:
        opt = _tables3_options("twophase")
        opt.progress = _lib.ProgressFn()  # NULL: prepare()'s progress is for a build it waits on
        h = ctypes.c_void_p()
        err = _lib.Error_()
        _check(_c.cg3_twophase_open_later(ctypes.byref(h), ctypes.byref(opt), ctypes.byref(err)),
               err)
        _tables["twophase"] = h


def _solver3_in_round():
    """The two-phase solver for a game's round: the tables load or build in the library's
    thread while the quick solver answers, so the first 3x3 round on an empty cache is not lost
    to the build. prepare(size=3) or a 3x3 solve() waits for them; a build still running at
    exit stops unsaved, and the next open builds again."""
    _solver3_later()
    _c.cg3_twophase_start(_tables["twophase"])
    return _tables["twophase"]


def prepare(size=2, metric="htm", optimal=False, progress=None):
    """Opens (loads or builds) the tables solve() will need now, so that the first timed
    round does not pay for it: a 2x2's table in `metric`, a 3x3's two-phase (or optimal)
    tables. progress: None, or progress(phase, fraction) called while tables are built (a
    phase such as "3x3 phase-1 table", a fraction from 0 to 1 of its positions found), often:
    draw at most a few times a second. Not called when the tables load from the cache."""
    if metric not in ("htm", "qtm"):
        raise InputError("metric: %r is not htm or qtm" % (metric,), -1)
    if progress is not None and not callable(progress):
        raise TypeError("progress: expected a callable(phase, fraction), not %r" % (progress,))
    with _lock:
        _progress[0] = progress
        try:
            if size == 2:
                _stoppable(lambda: _pocket(metric))
            elif size == 3:
                _stoppable(lambda: _solver3("optimal" if optimal else "twophase"))
            else:
                raise InputError("size %r: 2 or 3" % (size,), -1)
        finally:
            _progress[0] = None


def _solve_begin(open_fn, *args):
    """The tables from open_fn(*args), counted as in use until _solve_end()."""
    with _lock:
        handle = open_fn(*args)
        _inflight[0] += 1
        return handle


def _solve_end():
    with _lock:
        _inflight[0] -= 1
        if _inflight[0] == 0 and _close_pending[0]:
            _close_now()


def close_tables():
    """Frees every table opened so far (done at exit; the next solve opens them again). While
    other threads are solving, the close waits for the last of those solves to finish (and
    at exit, where they never finish, the tables stay until the process ends)."""
    with _lock:
        if _inflight[0]:
            _close_pending[0] = True
            return
        _close_now()


def _close_now():
    """Frees the tables; the caller holds _lock and no solve is in flight."""
    _close_pending[0] = False
    # the optimal solver borrows the two-phase tables: close it first
    for key in sorted(_tables, key=lambda k: k != "optimal"):
        h = _tables[key]
        if key == "twophase":
            _c.cg3_twophase_close(h)
        elif key == "optimal":
            _c.cg3_optimal_close(h)
        else:
            _c.cg_tables_close(h)
        del _tables[key]


atexit.register(close_tables)


# ---- solving ----

def _int_arg(value, name, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s: expected an int, not %r" % (name, value))
    if not lo <= value <= hi:
        raise InputError("%s: %d is not in %d..%d" % (name, value, lo, hi), -1)
    return value


def solve(cube, max_moves=None, time_limit_ms=0, optimal=False, metric="htm", target="auto",
          threads=1):
    """A solution of a Cube from read(), as a list of move names (["R", "U2", "F'"]).

    2x2: always optimal (the table solver), in `metric` ("htm", or "qtm": quarter turns only);
      max_moves defaults to 11 (htm) or 14 (qtm), TooLongError when the optimum is longer.
      target "auto" (home when the colour scheme is known, else any orientation), "home", "any",
      or a goal to reach instead (either size): a Cube from read(), a state (facelet string in
      Kociemba's order URFDLB) or a drawing of the goal in any shape read() reads.
    3x3: the two-phase solver (max_moves default 20, or 26 quarter turns with metric "qtm",
      which it then minimises; time_limit_ms > 0 keeps improving the answer that long; threads
      1 to 6 share out the six sides it searches a cube from), or with
      optimal=True the optimal solver (its tables are about 300 MB and built in minutes the
      first time; TimeLimitError when time_limit_ms passes before the optimum is proven; half
      turns only: InputError with metric "qtm").
    Tables are opened at first use and kept until exit."""
    if not isinstance(cube, Cube):
        raise TypeError("solve: expected a cubegod.Cube (from cubegod.read), not %s"
                        % type(cube).__name__)
    if not (isinstance(target, str) and target in ("auto", "home", "any")):
        cube, target = toward(cube, target), "home"
    if metric not in ("htm", "qtm"):
        raise InputError("metric: %r is not htm or qtm" % (metric,), -1)
    if isinstance(time_limit_ms, bool) or not isinstance(time_limit_ms, (int, float)) \
            or not 0 <= time_limit_ms <= 3600000:
        raise InputError("time_limit_ms: %r is not a number of milliseconds (0..3600000)"
                         % (time_limit_ms,), -1)
    threads = _int_arg(threads, "threads", 1, _lib.G3_THREADS_MAX)  # a 2x2 uses one
    err = _lib.Error_()
    if cube.size == 2:
        t = _c.cg_target_parse(_bytes(target, "target"))
        if t < 0:
            raise InputError("target: %r is not auto, home or any" % (target,), -1)
        if t == _lib.TARGET_AUTO:
            t = _lib.TARGET_HOME if cube.scheme_known else _lib.TARGET_ANY
        elif t == _lib.TARGET_HOME and not cube.scheme_known:  # as cg_solve_puzzle refuses it
            raise InputError("target home needs the colour scheme: the colours are not the face "
                             "letters, so the colour scheme must be given (read(text, "
                             "scheme=...)), or target='any'", -1)
        limit = _lib.MAX_SOLUTION if metric == "htm" else _lib.SOLUTION_MAX
        if max_moves is not None:
            limit = _int_arg(max_moves, "max_moves", 0, 1000)
        out = (_lib.Move * _lib.SOLUTION_MAX)()
        n = ctypes.c_int()
        tables = _solve_begin(_pocket, metric)
        # An open table is read-only: solves run outside the lock (ctypes lets go of the GIL).
        try:
            st = _c.cg_solve_cube(tables, ctypes.byref(cube._state), t, limit, out,
                                  ctypes.byref(n), ctypes.byref(err))
        finally:
            _solve_end()
        _check(st, err)
        return _names(out, n.value)
    if target not in ("auto", "home", "any"):
        raise InputError("target: %r is not auto, home or any" % (target,), -1)
    if optimal and metric == "qtm":  # refused before its 300 MB of tables are opened
        raise InputError("metric: the optimal 3x3 solver counts half turns only; without "
                         "optimal=True the two-phase solver answers in quarter turns", -1)
    opt = _c.cg3_solve_defaults()
    opt.metric = _c.cg_metric_parse(metric.encode())
    if metric == "qtm":
        opt.max_moves = _lib.G3_GODS_NUMBER_QTM
    if max_moves is not None:
        opt.max_moves = _int_arg(max_moves, "max_moves", 0, _lib.G3_SOLUTION_MAX)
    opt.time_limit_ms = float(time_limit_ms)
    opt.threads = threads
    sol = _lib.Solution3()
    solver = _solve_begin(_solver3, "optimal" if optimal else "twophase")
    fn = _c.cg3_optimal_solve if optimal else _c.cg3_twophase_solve
    try:
        st = fn(solver, ctypes.byref(cube._state), ctypes.byref(opt), ctypes.byref(sol),
                ctypes.byref(err))
    finally:
        _solve_end()
    _check(st, err)
    return _names(sol.moves, sol.n)


# ---- answers: cg_dialect_* ----

def _dialect(notation, move_map, separator):
    n = _c.cg_notation_parse(_bytes(notation, "notation"))
    if n < 0:
        raise InputError("notation: %r is not standard, digits, quarter or quarter-cw"
                         % (notation,), -1)
    err = _lib.Error_()
    mp = None
    if move_map is not None:
        if isinstance(move_map, dict):
            move_map = ",".join("%s=%s" % (k, v) for k, v in move_map.items())
        text = _bytes(move_map, "move_map")
        mp = _lib.MoveMap()
        _check(_c.cg_move_map_parse(text, len(text), ctypes.byref(mp), ctypes.byref(err)), err)
    if separator == " ":
        sep = b"space"
    elif separator == "":
        sep = b"none"
    else:
        sep = _bytes(separator, "separator")
    d = _lib.Dialect()
    _check(_c.cg_dialect_make(ctypes.byref(d), n, ctypes.byref(mp) if mp is not None else None,
                              sep, ctypes.byref(err)), err)
    return d


def format(moves, notation="standard", move_map=None, separator=" "):
    """The moves (a list of names, or a "R U2" text) written as a challenge wants them.
    notation: "standard" (R R' R2), "digits" (R1 R3 R2), "quarter" (R2 -> R R), "quarter-cw"
    (R' -> R R R). move_map: the challenge's own names, "U=w,U'=W,..." or {"U": "w", ...}, for
    every move the notation uses. separator: the text between moves (" ", "" for none, ",",
    or the names "space", "none", "comma")."""
    d = _dialect(notation, move_map, separator)
    seq = _moves_array(moves)
    need = _c.cg_dialect_format(ctypes.byref(d), seq, len(seq), None, 0)
    buf = ctypes.create_string_buffer(need + 1)
    _c.cg_dialect_format(ctypes.byref(d), seq, len(seq), buf, need + 1)
    return buf.value.decode("utf-8")


def parse(text, notation="standard", move_map=None, separator=" "):
    """The reverse of format(): an answer in a dialect back to a list of standard move names."""
    d = _dialect(notation, move_map, separator)
    data = _bytes(text, "text")
    cap = len(data) + 1
    out = (_lib.Move * cap)()
    n = ctypes.c_size_t()
    err = _lib.Error_()
    _check(_c.cg_dialect_parse(ctypes.byref(d), data, len(data), out, cap, ctypes.byref(n),
                               ctypes.byref(err)), err)
    return _names(out, n.value)


# ---- pictures ----

__all__ += ["draw"]


def draw(cube, format="ansi", order=None):
    """A picture of a cube as its unfolded net (U above F, the row L F R B, D below F; hidden
    stickers drawn as such): format "ansi" (a str in ANSI colours, for a terminal), "svg" (a str)
    or "png" (bytes). cube: a Cube from read(), or text in any shape the command line reads (its
    first cube is drawn; order: a string's face order)."""
    if isinstance(cube, Cube):
        text, order = (cube.puzzle or "").encode(), None
    else:
        text = _bytes(cube, "cube")
    args = (text, len(text), _bytes(order, "order") if order is not None else None,
            _bytes(format, "format"))
    need = ctypes.c_size_t(0)
    err = _lib.Error_()
    _check(_c.cg_draw_text(*args, None, 0, ctypes.byref(need), ctypes.byref(err)), err)
    buf = ctypes.create_string_buffer(need.value + 1)
    _check(_c.cg_draw_text(*args, buf, len(buf), ctypes.byref(need), ctypes.byref(err)), err)
    data = buf.raw[:need.value]
    return data if format == "png" else data.decode("utf-8")
# ---- proofs of work (pow.h) ----
# Plain buffers only: the answer and the error record are byte buffers read here, so this part
# depends on no structure layout of the binding.
_POW_ANSWER_MAX = 512  # CG_POW_ANSWER_MAX
_ERROR_SIZE = 4 + 256  # cg_error: an int status, then CG_ERROR_MSG_MAX bytes of message


def pow(text, limit=600.0):
    """The answer line to the proof of work found in text (str or bytes): the XXXX of
    "sha256(XXXX+suffix) == hex" (md5, sha1, sha224, sha384, sha512 too), the S of "hash(prefix
    + S) starts with 000000" or "has N leading zero bits", a hashcash stamp for "hashcash -mbN
    RESOURCE", or "s.BASE64" for kCTF's and redpwn's "solve s.DIFFICULTY.X". Hashes are
    searched on every core, in C. limit: seconds; a gate expected to take longer is refused
    before it starts (LimitError, with the estimate; None or 0: no limit, as `cubegod pow`'s
    --limit). Ctrl-C (KeyboardInterrupt) stops the search within a quarter of a second. Raises
    InputError when text holds no gate (text that only looks like one says why it was not
    read), TooLongError when no candidate of a fixed-length unknown reaches the target.
    Note: inside this module the name shadows the built-in pow()."""
    data = _bytes(text, "text")
    f = _c
    f.cg_pow_new.restype = f.cg_pow_solve.restype = ctypes.c_int
    f.cg_pow_new.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p]
    f.cg_pow_free.argtypes = [ctypes.c_void_p]
    f.cg_pow_set_limit.argtypes = [ctypes.c_void_p, ctypes.c_double]
    f.cg_pow_set_stop.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
    f.cg_pow_solve.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
                               ctypes.c_size_t, ctypes.c_char_p]
    out = ctypes.create_string_buffer(_POW_ANSWER_MAX)
    err = ctypes.create_string_buffer(_ERROR_SIZE)
    handle = ctypes.c_void_p()
    status = f.cg_pow_new(ctypes.byref(handle), err)
    if status != 0:
        raise _error(status, err.raw[4:].split(b"\0", 1)[0].decode("utf-8", "replace"))
    stop = ctypes.c_int(0)  # sig_atomic_t: the C search looks at it every quarter second
    result = []
    # The search thread says itself when it runs and when it is done: after a join() cut by
    # Ctrl-C, CPython 3.11's is_alive() can say False while the thread is still in the search.
    entered, done = threading.Event(), threading.Event()

    def search():
        entered.set()
        try:
            result.append(f.cg_pow_solve(handle, data, len(data), out, len(out), err))
        finally:
            done.set()

    worker = None
    try:
        f.cg_pow_set_limit(handle, float(limit or 0))
        f.cg_pow_set_stop(handle, ctypes.byref(stop))
        # the search runs in a thread (ctypes lets go of the GIL), so that this one can take
        # Ctrl-C, raise the stop flag and wait for the search to end
        worker = threading.Thread(target=search, daemon=True)
        worker.start()
        while not done.wait(0.1):
            pass
    finally:
        # The search uses the handle until it returns: an interrupt anywhere above raises the
        # stop flag, and the handle is freed only once the search has seen it (a thread that
        # never started within 2 s never will); a second Ctrl-C does not cut that wait.
        waited = 0
        while worker is not None and not done.is_set() and (entered.is_set() or waited < 20):
            stop.value = 1
            waited += 1
            try:
                done.wait(0.1)
            except BaseException:
                pass
        f.cg_pow_free(handle)
    status = result[0]
    if status != 0:
        raise _error(status, err.raw[4:].split(b"\0", 1)[0].decode("utf-8", "replace"))
    return out.value.decode("ascii")


__all__.append("pow")


# ---- moves on drawings of any symbols (turn.h): plain strings and buffers only ----

_c.cg_turn_text.restype = ctypes.c_int
_c.cg_turn_text.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                            ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t),
                            ctypes.POINTER(_lib.Error_)]
__all__.append("turn")


def turn(text, moves, undo=False, line=False, size=None, across=None, order=None,
         move_map=None):
    """Applies moves to a drawing of a cube whose stickers are any symbols (the letters of a flag,
    emoji, colours) and returns the drawing in the same layout (line=True: its stickers in
    reading order, on one line). undo=True applies the inverse (a flag scrambled by moves comes
    back). moves: R U' M2 x Rw 2R ... (turn.h), or "last-line": the last line after the drawing that reads as moves.
    size: 2 or 3; across: the side faces across a net ("LFRB"); order: a facelet string's face
    order ("URFDLB", "net"); move_map: "U=a,U'=b,..." for a challenge's own names. Returns str
    for str, bytes for bytes."""
    data = _bytes(text, "text")
    if b"\0" in data:
        raise InputError("text: a NUL byte")
    words = ["undo"] if undo else []
    words += ["line"] if line else []
    for name, value in (("size", size), ("across", across), ("order", order), ("map", move_map)):
        if value is not None:
            value = str(value)
            if not value or any(c.isspace() for c in value):
                raise InputError("%s: '%s' is empty or has blanks" % (name, value))
            words.append("%s=%s" % (name, value))
    if moves == "last-line":
        words.append("last-line")
        moves = ""
    opts = " ".join(words).encode("utf-8")
    mv = _bytes(moves, "moves")
    need = ctypes.c_size_t()
    err = _lib.Error_()
    status = _c.cg_turn_text(data, mv, opts, None, 0, ctypes.byref(need), ctypes.byref(err))
    if status != LimitError.status:
        _check(status, err)
    buf = ctypes.create_string_buffer(need.value + 1)
    _check(_c.cg_turn_text(data, mv, opts, buf, need.value + 1, ctypes.byref(need),
                           ctypes.byref(err)), err)
    out = buf.raw[:need.value]
    return out.decode("utf-8", "surrogateescape") if isinstance(text, str) else out


# ---- the cube algebra (state.h): facelet strings of face letters, faces U R F D L B ----

_STATE_CAP = 64
for _name, _args in {
        "cg_state_solved": [ctypes.c_int],
        "cg_state_apply": [ctypes.c_char_p, ctypes.c_char_p],
        "cg_state_compose": [ctypes.c_char_p, ctypes.c_char_p],
        "cg_state_invert": [ctypes.c_char_p],
        "cg_state_relative": [ctypes.c_char_p, ctypes.c_char_p],
        "cg_toward_text": [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int]}.items():
    _fn = getattr(_c, _name)
    _fn.restype = _lib.Status
    _fn.argtypes = _args + [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(_lib.Error_)]
_c.cg_state_equal.restype = ctypes.c_int
_c.cg_state_equal.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
_c.cg_read_text.restype = _lib.Status
_c.cg_read_text.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_char_p,
                            ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t,
                            ctypes.POINTER(ctypes.c_int), ctypes.POINTER(_lib.Error_)]


def _state_call(fn, *args):
    out = ctypes.create_string_buffer(_STATE_CAP)
    err = _lib.Error_()
    _check(fn(*args, out, _STATE_CAP, ctypes.byref(err)), err)
    return out.value.decode()


def _state_arg(state):
    if isinstance(state, Cube):
        return _bytes(state_of(state), "state")
    return _bytes(state, "state")


def solved_state(size=3):
    """The solved state of a size: "UUUUUUUUURRRRRRRRR..." (54 letters, or 24 for a 2x2)."""
    return _state_call(_c.cg_state_solved, _int_arg(size, "size", 2, 3))


def state_of(cube):
    """A Cube's state as a facelet string (faces U R F D L B)."""
    line = cube.facelets()
    per = 9 if cube.size == 3 else 4
    return "".join(line[FACE_LETTERS.index(f) * per:FACE_LETTERS.index(f) * per + per]
                   for f in "URFDLB")


def apply_moves(state, moves):
    """The state after face turns (a list or a "R U2 F'" text)."""
    if not isinstance(moves, (str, bytes)):
        moves = " ".join(moves)
    return _state_call(_c.cg_state_apply, _state_arg(state), _bytes(moves, "moves"))


def compose(a, b):
    """a, then b."""
    return _state_call(_c.cg_state_compose, _state_arg(a), _state_arg(b))


def invert(a):
    """The state that undoes a: compose(a, invert(a)) is solved."""
    return _state_call(_c.cg_state_invert, _state_arg(a))


def relative(goal, current):
    """compose(invert(goal), current): its solution takes current to goal."""
    return _state_call(_c.cg_state_relative, _state_arg(goal), _state_arg(current))


def states_equal(a, b):
    return _c.cg_state_equal(_state_arg(a), _state_arg(b)) == 1


def _layout_text(layout):
    if layout is None:
        return None
    if isinstance(layout, str) and "\n" not in layout and os.path.exists(layout):
        with open(layout, "rb") as f:
            return f.read()
    return _bytes(layout, "layout")


def toward(cube, goal, order="URFDLB"):
    """The Cube whose solution turns `cube` into `goal` (a Cube, a facelet string in `order`, or
    a drawing of the goal in any shape read() reads); solve(cube, target=goal) solves it."""
    if isinstance(goal, Cube):
        goal_line = goal.puzzle.encode()
    else:
        goal_line = _puzzles(goal, order, None)[0]
        goal_line = _puzzle_line(goal_line).encode()
    pick = 1 if cube.fits > 1 else 0
    rel = _state_call(_c.cg_toward_text, goal_line, cube.puzzle.encode(), None, pick)
    return read(rel, order="URFDLB")


__all__ += ["solved_state", "state_of", "apply_moves", "compose", "invert", "relative",
            "states_equal", "toward"]


# ---- reading a challenge's own text (dialogue.h): plain strings only ----
_NOTATIONS = {0: "standard", 1: "digits", 2: "quarter", 3: "quarter-cw"}


def limit_of(text):
    """The move limit a challenge's text states, as play reads it before the first answer:
    (N, the words that said it) for the first line that states one ("at most 14 moves", "no more
    than 20", "answers longer than 19 moves are refused", ...), or None when no line does."""
    fn = _c.cg_limit_read
    fn.restype = ctypes.c_int
    fn.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t]
    phrase = ctypes.create_string_buffer(128)
    for line in _bytes(text, "text").split(b"\n"):
        n = fn(line, len(line), phrase, len(phrase))
        if n > 0:
            return n, phrase.value.decode("utf-8", "replace")
    return None


def asks(line):
    """True when a line looks like a prompt ("Solution?", "Your answer > ", "Enter moves:"):
    what play's --prompt auto answers after a cube."""
    fn = _c.cg_line_asks
    fn.restype = ctypes.c_bool
    fn.argtypes = [ctypes.c_char_p, ctypes.c_size_t]
    data = _bytes(line, "line")
    return bool(fn(data, len(data)))


def verdict_of(line):
    """"ok", "fail" or None: the verdict a line gives in a server's usual words ("[+]", correct,
    solved, congratulations, ...; "[-]", wrong, not solved, time's up, ...), as play reads it."""
    fn = _c.cg_verdict_of
    fn.restype = ctypes.c_int
    fn.argtypes = [ctypes.c_char_p, ctypes.c_size_t]
    data = _bytes(line, "line")
    return {1: "ok", 2: "fail"}.get(fn(data, len(data)))


def notation_of(text):
    """The notation an example answer in a banner shows ("standard", "digits", "quarter"), or
    None, as play's --notation auto reads it."""
    fn = _c.cg_notation_hint
    fn.restype = ctypes.c_int
    fn.argtypes = [ctypes.c_char_p, ctypes.c_size_t]
    for line in _bytes(text, "text").split(b"\n"):
        k = fn(line, len(line))
        if k >= 0:
            return _NOTATIONS.get(k)
    return None


__all__ += ["limit_of", "asks", "verdict_of", "notation_of"]


# ---- the game client over a Python object (a pwntools tube, a socket) ----
from ._play import PlayResult, play  # noqa: E402  (it uses the helpers above)
