"""The C side: finding libcubegod.so, the structures of include/cubegod/*.h and the prototypes.

Only this module knows C types; the rest of the package speaks Python. State with private
fields (the box reader, the 3x3 move tables, the solvers' tables) is held as an opaque handle
(c_void_p from the library's _new/_open calls); the plain value structures below (cubes,
puzzles, options, solutions) mirror their header field for field (tests/python checks the sizes and offsets against a C compiler when
one is present)."""

import ctypes
import ctypes.util
import os
import sys

# ---- sizes from the headers ----
FACES = 6
TOKEN_MAX = 31             # CG_TOKEN_MAX (puzzle.h)
PUZZLE_STICKERS_MAX = 54   # CG_PUZZLE_STICKERS_MAX
ERROR_MSG_MAX = 256        # CG_ERROR_MSG_MAX (error.h)
MOVES = 18                 # CG_MOVES (cube.h)
MAX_SOLUTION = 11          # CG_MAX_SOLUTION: God's number of the 2x2, HTM
SOLUTION_MAX = 14          # CG_SOLUTION_MAX (solver.h): the 2x2's longest, either metric
MOVE_NAME_MAX = 15         # CG_MOVE_NAME_MAX (notation.h)
SEPARATOR_MAX = 15         # CG_SEPARATOR_MAX
G3_GODS_NUMBER = 20        # CG3_GODS_NUMBER (solver3.h)
G3_GODS_NUMBER_QTM = 26    # CG3_GODS_NUMBER_QTM
G3_SOLUTION_MAX = 31       # CG3_SOLUTION_MAX
G3_THREADS_MAX = 6         # CG3_THREADS_MAX
G3_BASES = 18              # CG3_BASES (cube3.h)

# cg_box_event
BOX_IGNORED, BOX_CONSUMED, BOX_PUZZLE = 0, 1, 2
# cg_target
TARGET_AUTO, TARGET_HOME, TARGET_ANY = 0, 1, 2

Status = ctypes.c_int
Move = ctypes.c_uint8
NoticeFn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)
ProgressFn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_double)


class Error_(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("msg", ctypes.c_char * ERROR_MSG_MAX)]


class Puzzle(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint8), ("faces_shown", ctypes.c_uint8),
                ("sticker", ctypes.c_int8 * PUZZLE_STICKERS_MAX), ("ncolours", ctypes.c_int),
                ("colour", (ctypes.c_char * (TOKEN_MAX + 1)) * PUZZLE_STICKERS_MAX)]


class Scheme(ctypes.Structure):
    _fields_ = [("face", (ctypes.c_char * (TOKEN_MAX + 1)) * FACES)]


class Cube2(ctypes.Structure):
    _fields_ = [("perm", ctypes.c_uint8 * 8), ("twist", ctypes.c_uint8 * 8)]


class Stickers(ctypes.Structure):
    _fields_ = [("s", ctypes.c_uint8 * 24)]


class Reading(ctypes.Structure):
    _fields_ = [("cube", Cube2), ("scheme_known", ctypes.c_bool), ("scheme", Scheme)]


class Cube3(ctypes.Structure):
    _fields_ = [("cp", ctypes.c_uint8 * 8), ("co", ctypes.c_uint8 * 8),
                ("ep", ctypes.c_uint8 * 12), ("eo", ctypes.c_uint8 * 12),
                ("xp", ctypes.c_uint8 * 6)]


class Reconstruct3Options(ctypes.Structure):
    _fields_ = [("pick", ctypes.c_bool), ("cap", ctypes.c_ulong)]


class Reading3(ctypes.Structure):
    _fields_ = [("cube", Cube3), ("scheme", Scheme), ("fits", ctypes.c_ulong),
                ("fits_at_least", ctypes.c_bool)]


class TablesOptions(ctypes.Structure):
    _fields_ = [("cache_path", ctypes.c_char_p), ("notice", NoticeFn),
                ("notice_ctx", ctypes.c_void_p), ("rebuild", ctypes.c_bool),
                ("metric", ctypes.c_int), ("progress", ProgressFn),
                ("progress_ctx", ctypes.c_void_p), ("stop", ctypes.c_void_p)]


class Tables3Options(ctypes.Structure):
    _fields_ = [("cache_path", ctypes.c_char_p), ("notice", NoticeFn),
                ("notice_ctx", ctypes.c_void_p), ("rebuild", ctypes.c_bool),
                ("progress", ProgressFn), ("progress_ctx", ctypes.c_void_p),
                ("stop", ctypes.c_void_p)]


class Solve3Options(ctypes.Structure):
    _fields_ = [("max_moves", ctypes.c_int), ("time_limit_ms", ctypes.c_double),
                ("max_nodes", ctypes.c_ulonglong), ("metric", ctypes.c_int),
                ("threads", ctypes.c_int)]


class Solution3(ctypes.Structure):
    _fields_ = [("moves", Move * G3_SOLUTION_MAX), ("n", ctypes.c_int),
                ("optimal", ctypes.c_bool), ("lower_bound", ctypes.c_int),
                ("nodes", ctypes.c_ulonglong), ("ms", ctypes.c_double)]


class MoveMap(ctypes.Structure):
    _fields_ = [("named", ctypes.c_uint32),
                ("name", (ctypes.c_char * (MOVE_NAME_MAX + 1)) * MOVES)]


class Dialect(ctypes.Structure):
    _fields_ = [("notation", ctypes.c_int), ("mapped", ctypes.c_bool),
                ("blank_separator", ctypes.c_bool),
                ("separator", ctypes.c_char * (SEPARATOR_MAX + 1)),
                ("name", (ctypes.c_char * (MOVE_NAME_MAX + 1)) * MOVES)]


# ---- the game client (client.h, tube.h) ----
FLAG_MAX = 512             # CG_FLAG_MAX (client.h)
Solver3Fn = ctypes.CFUNCTYPE(Status, ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p),
                             ctypes.POINTER(Error_))
TubeRecvFn = ctypes.CFUNCTYPE(ctypes.c_long, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint8),
                              ctypes.c_size_t, ctypes.c_double)
TubeSendFn = ctypes.CFUNCTYPE(ctypes.c_long, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint8),
                              ctypes.c_size_t)
TubeReadableFn = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_double)


class SolveOptions(ctypes.Structure):
    _fields_ = [("target", ctypes.c_int), ("max_moves", ctypes.c_int),
                ("scheme", ctypes.c_void_p)]


class RoundStat(ctypes.Structure):
    """The first fields of cg_round_stat (the library's, given to on_round)."""
    _fields_ = [("round", ctypes.c_int), ("size", ctypes.c_int), ("moves", ctypes.c_int),
                ("fits", ctypes.c_ulong), ("solve_us", ctypes.c_double),
                ("ready_us", ctypes.c_double), ("client_us", ctypes.c_double),
                ("round_us", ctypes.c_double), ("qtm", ctypes.c_bool)]


PlayRoundFn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(RoundStat), ctypes.c_int)
PlayNoteFn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)
PlayEventFn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_char),
                               ctypes.c_size_t)


class PlayOptionsHead(ctypes.Structure):
    """The first fields of cg_play_options, the ones the binding sets; the whole structure is
    the library's (cg_play_options_new), so fields added after these change nothing here."""
    _fields_ = [("solve", SolveOptions), ("prompt", ctypes.c_char_p),
                ("timeout", ctypes.c_double), ("flag_regex", ctypes.c_char_p),
                ("on_round", PlayRoundFn), ("on_round_ctx", ctypes.c_void_p),
                ("on_note", PlayNoteFn), ("on_note_ctx", ctypes.c_void_p),
                ("on_event", PlayEventFn), ("on_event_ctx", ctypes.c_void_p),
                ("stats", ctypes.c_void_p), ("stats_cap", ctypes.c_int),
                ("handover", ctypes.c_bool), ("linger", ctypes.c_double),
                ("dialect", ctypes.c_void_p), ("one_move", ctypes.c_bool),
                ("solver3", Solver3Fn), ("solver3_ctx", ctypes.c_void_p)]


class PlayResultHead(ctypes.Structure):
    """The first fields of cg_play_result (allocated by cg_play_result_new)."""
    _fields_ = [("won", ctypes.c_bool), ("rounds_passed", ctypes.c_int),
                ("rounds_answered", ctypes.c_int), ("rounds_announced", ctypes.c_int),
                ("flag_line", ctypes.c_char * FLAG_MAX), ("flags", ctypes.c_char * FLAG_MAX),
                ("flags_cut", ctypes.c_bool), ("reason", ctypes.c_char * ERROR_MSG_MAX),
                ("open", ctypes.c_bool), ("last_line", ctypes.c_char * FLAG_MAX)]


class TubeCallbacks(ctypes.Structure):
    _fields_ = [("recv", TubeRecvFn), ("send", TubeSendFn), ("readable", TubeReadableFn),
                ("ctx", ctypes.c_void_p)]


# Structures of which the binding knows the first fields only: their offsets are checked, not
# their sizes (the library allocates them).
HEADS = {"cg_play_options": PlayOptionsHead, "cg_play_result": PlayResultHead,
         "cg_round_stat": RoundStat}

# The structures the layout test compares with the C compiler's view: name -> (C type, class).
LAYOUTS = {
    "cg_error": Error_, "cg_puzzle": Puzzle, "cg_scheme": Scheme,
    "cg_cube": Cube2, "cg_stickers": Stickers, "cg_reading": Reading, "cg3_cube": Cube3,
    "cg_reconstruct3_options": Reconstruct3Options,
    "cg_reading3": Reading3, "cg_tables_options": TablesOptions,
    "cg3_tables_options": Tables3Options, "cg3_solve_options": Solve3Options,
    "cg3_solution": Solution3, "cg_move_map": MoveMap, "cg_dialect": Dialect,
    "cg_solve_options": SolveOptions, "cg_tube_callbacks": TubeCallbacks,
}

P = ctypes.POINTER
c_int, c_size_t, c_char_p, c_void_p, c_bool = (ctypes.c_int, ctypes.c_size_t, ctypes.c_char_p,
                                                ctypes.c_void_p, ctypes.c_bool)

# name -> (restype, argtypes)
PROTOTYPES = {
    "cg_version": (c_char_p, []),
    "cg_status_name": (c_char_p, [Status]),
    "cg_puzzle_from_line": (Status, [c_char_p, c_size_t, c_char_p, P(Puzzle), P(Error_)]),
    "cg_face_order_check": (Status, [c_char_p, P(Error_)]),
    "cg_puzzle_faces_known": (c_int, [P(Puzzle)]),
    "cg_box_reader_new": (Status, [P(c_void_p), P(Error_)]),
    "cg_box_reader_free": (None, [c_void_p]),
    "cg_box_reader_feed": (Status, [c_void_p, c_char_p, c_size_t, P(c_int), P(Error_)]),
    "cg_box_reader_finish": (Status, [c_void_p, P(c_bool), P(Error_)]),
    "cg_box_reader_puzzle": (P(Puzzle), [c_void_p]),
    "cg_scheme_parse": (Status, [c_char_p, P(Scheme), P(Error_)]),
    "cg_reconstruct": (Status, [P(Puzzle), P(Scheme), P(Reading), P(Error_)]),
    "cg_reconstruct3": (Status, [P(Puzzle), P(Reconstruct3Options), P(Reading3), P(Error_)]),
    "cg_cube_home": (Cube2, []),
    "cg_cube_apply_all": (None, [P(Cube2), P(Move), c_size_t]),
    "cg_cube_is_home": (c_bool, [P(Cube2)]),
    "cg_cube_is_solved_any": (c_bool, [P(Cube2)]),
    "cg_cube_is_valid": (c_bool, [P(Cube2)]),
    "cg_cube_to_stickers": (Stickers, [P(Cube2)]),
    "cg3_tables_new": (Status, [P(c_void_p), P(Error_)]),
    "cg3_cube_home": (Cube3, []),
    "cg3_cube_apply_face_turns": (None, [c_void_p, P(Cube3), P(Move), c_size_t]),
    "cg3_cube_is_home": (c_bool, [P(Cube3)]),
    "cg3_cube_to_facelets": (None, [P(Cube3), P(ctypes.c_uint8)]),
    "cg3_cube_check": (Status, [P(Cube3), P(Error_)]),
    "cg_moves_parse": (Status, [c_char_p, P(Move), c_size_t, P(c_size_t), P(Error_)]),
    "cg_move_name": (c_char_p, [Move]),
    "cg_metric_parse": (c_int, [c_char_p]),
    "cg_notation_parse": (c_int, [c_char_p]),
    "cg_target_parse": (c_int, [c_char_p]),
    "cg_move_map_parse": (Status, [c_char_p, c_size_t, P(MoveMap), P(Error_)]),
    "cg_dialect_make": (Status, [P(Dialect), c_int, P(MoveMap), c_char_p, P(Error_)]),
    "cg_dialect_format": (c_size_t, [P(Dialect), P(Move), c_size_t, c_char_p, c_size_t]),
    "cg_dialect_parse": (Status, [P(Dialect), c_char_p, c_size_t, P(Move), c_size_t,
                                  P(c_size_t), P(Error_)]),
    "cg_cache_path": (c_size_t, [c_int, c_char_p, c_char_p, c_char_p, c_char_p, c_size_t]),
    "cg_tables_open": (Status, [P(c_void_p), P(TablesOptions), c_void_p, P(Error_)]),
    "cg_tables_close": (None, [c_void_p]),
    "cg_solve_cube": (Status, [c_void_p, P(Cube2), c_int, c_int, P(Move), P(c_int),
                               P(Error_)]),
    "cg3_solve_defaults": (Solve3Options, []),
    "cg3_twophase_open": (Status, [P(c_void_p), P(Tables3Options), c_void_p, P(Error_)]),
    "cg3_twophase_open_background": (Status, [P(c_void_p), P(Tables3Options), P(Error_)]),
    "cg3_twophase_open_later": (Status, [P(c_void_p), P(Tables3Options), P(Error_)]),
    "cg3_twophase_start": (None, [c_void_p]),
    "cg3_twophase_pending": (ctypes.c_bool, [c_void_p]),
    "cg3_twophase_wait": (Status, [c_void_p, c_void_p, P(Error_)]),
    "cg3_twophase_close": (None, [c_void_p]),
    "cg3_twophase_solve": (Status, [c_void_p, P(Cube3), P(Solve3Options), P(Solution3),
                                    P(Error_)]),
    "cg3_optimal_open": (Status, [P(c_void_p), P(Tables3Options), c_void_p, P(Error_)]),
    "cg3_optimal_close": (None, [c_void_p]),
    "cg3_optimal_use_twophase": (None, [c_void_p, c_void_p]),
    "cg3_optimal_solve": (Status, [c_void_p, P(Cube3), P(Solve3Options), P(Solution3),
                                   P(Error_)]),
    "cg_play_options_new": (P(PlayOptionsHead), []),
    "cg_play_result_new": (P(PlayResultHead), []),
    "cg_event_name": (c_char_p, [c_int]),
    "cg_play_outcome": (c_int, [P(PlayResultHead)]),
    "cg_outcome_name": (c_char_p, [c_int]),
    "cg_play_free": (None, [c_void_p]),
    "cg_play": (Status, [c_void_p, c_void_p, P(PlayOptionsHead), P(PlayResultHead), P(Error_)]),
    "cg_tube_from_callbacks": (Status, [P(TubeCallbacks), c_char_p, c_void_p, P(c_void_p),
                                        P(Error_)]),
    "cg_tube_peek": (None, [c_void_p, P(P(ctypes.c_uint8)), P(c_size_t)]),
    "cg_tube_close": (None, [c_void_p]),
    "cg_tube_stop_flag": (None, [c_void_p]),
}


def _candidates():
    """Where libcubegod.so may be, in the order tried (see python/README.md)."""
    env = os.environ.get("CUBEGOD_LIB")
    if env:
        yield env
        return  # an explicit choice is never second-guessed
    here = os.path.dirname(os.path.abspath(__file__))
    # `cmake --install` writes the prefix's library folder into _paths.py (cmake/install.cmake).
    try:
        from . import _paths
        yield os.path.join(_paths.LIBDIR, "libcubegod.so")
    except ImportError:
        pass
    # Installed: the package sits somewhere under PREFIX (PREFIX/lib/pythonX.Y/site-packages/
    # cubegod, or PREFIX/share/...): the library is in PREFIX/lib or PREFIX/lib64, or in
    # Debian's multiarch folder. A venv's own prefix, then the Python it was made from.
    prefixes = []
    d = here
    for _ in range(5):
        d = os.path.dirname(d)
        prefixes.append(d)
    prefixes += [sys.prefix, getattr(sys, "base_prefix", sys.prefix)]
    multiarch = getattr(sys.implementation, "_multiarch", None)
    for prefix in _unique(prefixes):
        for libdir in ("lib", "lib64") + ((os.path.join("lib", multiarch),) if multiarch else ()):
            yield os.path.join(prefix, libdir, "libcubegod.so")
    # The build tree: python/ sits beside build/ in a checkout.
    source = os.path.dirname(os.path.dirname(here))
    yield os.path.join(source, "build", "libcubegod.so")
    # The standard library path: the loader's own search (LD_LIBRARY_PATH, its cache), the
    # folders /etc/ld.so.conf names (cmake's default prefix /usr/local/lib is one, also before
    # ldconfig has run), then pkg-config's libdir (PKG_CONFIG_PATH, as README.md's install says).
    yield "libcubegod.so"
    for d in ld_so_conf_dirs():
        yield os.path.join(d, "libcubegod.so")
    d = _pkg_config_libdir()
    if d:
        yield os.path.join(d, "libcubegod.so")
    found = ctypes.util.find_library("cubegod")
    if found:
        yield found


def _unique(items):
    seen = set()
    return [x for x in items if not (x in seen or seen.add(x))]


def ld_so_conf_dirs(path="/etc/ld.so.conf", depth=0):
    """The folders a loader configuration file names, with its `include` globs followed."""
    import glob
    dirs = []
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError:
        return dirs
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if line.startswith("include") and line[7:8].isspace() and depth < 4:
            pattern = line[8:].strip()
            if not os.path.isabs(pattern):
                pattern = os.path.join(os.path.dirname(path), pattern)
            for inc in sorted(glob.glob(pattern)):
                dirs += ld_so_conf_dirs(inc, depth + 1)
        elif line.startswith("/"):
            dirs.append(line)
    return _unique(dirs)


def _pkg_config_libdir():
    import subprocess
    try:
        out = subprocess.run(["pkg-config", "--variable=libdir", "cubegod"], capture_output=True,
                             timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.decode(errors="replace").strip() if out.returncode == 0 else None


class _DlInfo(ctypes.Structure):
    _fields_ = [("fname", ctypes.c_char_p), ("fbase", ctypes.c_void_p),
                ("sname", ctypes.c_char_p), ("saddr", ctypes.c_void_p)]


def _loaded_from(lib, path):
    """The file the loader chose for a bare name (its own search), by dladdr; else path."""
    if os.sep in path:
        return path
    try:
        dladdr = ctypes.CDLL(None).dladdr
        info = _DlInfo()
        if dladdr(ctypes.cast(lib.cg_version, ctypes.c_void_p), ctypes.byref(info)) and info.fname:
            return os.fsdecode(info.fname)
    except (OSError, AttributeError):
        pass
    return path


def load():
    """The loaded library with its prototypes set; OSError naming every place tried."""
    tried = []
    for path in _candidates():
        if path in tried:
            continue
        tried.append(path)
        if os.sep in path and not os.path.exists(path):
            continue
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            if os.environ.get("CUBEGOD_LIB"):
                raise OSError("CUBEGOD_LIB=%s: %s" % (path, e)) from None
            continue
        for name, (res, args) in PROTOTYPES.items():
            fn = getattr(lib, name)
            fn.restype = res
            fn.argtypes = args
        lib.path = _loaded_from(lib, path)
        return lib
    raise OSError("cubegod: libcubegod.so not found; set CUBEGOD_LIB to its path (tried: %s)"
                  % ", ".join(tried))


# ---- pictures (draw.h): a text in, the picture's bytes out ----
PROTOTYPES["cg_draw_text"] = (Status, [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
                                       ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t,
                                       ctypes.POINTER(ctypes.c_size_t), ctypes.c_void_p])
