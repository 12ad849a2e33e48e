"""cubegod.play: the library's game client (cg_play) over a Python object that moves the bytes:
a pwntools tube (pwn.remote, pwn.process, ...), a socket, or anything with pwntools' recv/send.

    io = remote(host, port)
    io.sendlineafter(b"name? ", b"me")           # the script's own part
    result = cubegod.play(io)                      # the cube rounds
    io.sendlineafter(b"word: ", b"please")         # the script's part again
    print(io.recvline())

The game hands the connection back as soon as it is over (the last announced round passed, in
any common wording of the counter: 'Round 5/5', 'Cube 5 of 5', '[5/5]'; a flag seen after an
answer; or a round lost) and the server pauses: what the server had sent that the game did
not read goes back into a pwntools tube (unrecv), or is result.rest for other objects."""

import ctypes
import select
import socket
import time

from . import (_bytes, _c, _check, _error, _lib, _lock, _pocket, _solver3_in_round, _solver3_later,
               _solve_begin, _solve_end, _stop, _stoppable)


class PlayResult:
    """What cg_play reported: outcome ("won", "lost" or "ended without a verdict", decided as
    `cubegod play` decides: docs/playing.md, "How a game ends"), won, rounds_passed,
    rounds_answered, rounds_announced (0: the server never said), flags (the matches of flag_regex), flag_line (the last line after the
    last round), reason (why it was lost, or ""), open (the connection was handed back open),
    last_line (the last line the server sent), rest (bytes received but not read by the
    game)."""

    def __init__(self, r, outcome, rest):
        text = lambda b: b.decode("utf-8", "replace")  # noqa: E731
        self.outcome = outcome
        self.won = bool(r.won)
        self.rounds_passed = r.rounds_passed
        self.rounds_answered = r.rounds_answered
        self.rounds_announced = r.rounds_announced
        self.flags = text(r.flags).split()
        self.flag_line = text(r.flag_line)
        self.reason = text(r.reason)
        self.open = bool(r.open)
        self.last_line = text(r.last_line)
        self.rest = rest

    def __repr__(self):
        return "PlayResult(outcome=%r, rounds_passed=%d, flags=%r, reason=%r)" % (
            self.outcome, self.rounds_passed, self.flags, self.reason)


def _received(got, what):
    """What an object's recv returned, as bytes: bytes, bytearray or a memoryview of bytes (a
    pwntools tube's, a socket's); anything else (str, None, a number) is the object's fault,
    said as such rather than guessed at (a str's encoding is not known)."""
    if isinstance(got, bytes):
        return got
    if isinstance(got, (bytearray, memoryview)):
        return bytes(got)
    raise TypeError("play: the object's %s returned %s, not bytes (a bytes-like object is "
                    "expected, as pwntools' recv returns)" % (what, type(got).__name__))


def _sliced(wait, timeout):
    """wait(seconds) until it returns something true or timeout (None: no limit) has passed,
    in slices of at most a quarter second: a Ctrl-C taken by play()'s caller (the stop flag)
    stops the game within one, as KeyboardInterrupt."""
    end = None if timeout is None else time.monotonic() + timeout
    while True:
        if _stop.value:
            raise KeyboardInterrupt
        left = 0.25 if end is None else min(0.25, max(0.0, end - time.monotonic()))
        got = wait(left)
        if got or (end is not None and time.monotonic() >= end):
            return got


class _Pipe:
    """The object's recv/send as the tube's callbacks; an exception raised in one is kept for
    play() to raise again (none may cross the C frames)."""

    def __init__(self, io):
        self.io, self.failure, self.stash = io, None, b""
        self.sock = io if isinstance(io, socket.socket) else None
        if not self.sock and not (callable(getattr(io, "recv", None))
                                  and callable(getattr(io, "send", None))):
            raise TypeError("play: expected a socket or an object with recv and send (a pwntools "
                            "tube), not %s" % type(io).__name__)
        self.callbacks = _lib.TubeCallbacks(_lib.TubeRecvFn(self._recv),
                                            _lib.TubeSendFn(self._send),
                                            _lib.TubeReadableFn(self._readable), None)

    def _get(self, cap, timeout):
        """Up to cap bytes; b"" when nothing came within timeout (None: no limit); EOFError at
        the end. What the object returned beyond cap stays in the stash for the next call: the
        copy into the library's buffer never exceeds what it asked for."""
        if not self.stash:
            if self.sock:
                if not _sliced(self._sock_ready, timeout):
                    return b""
                got = self.sock.recv(cap)
                if not got:
                    raise EOFError
                self.stash = got
            else:
                self.stash = _sliced(lambda t: _received(self.io.recv(cap, timeout=t), "recv"),
                                     timeout)
        got, self.stash = self.stash[:cap], self.stash[cap:]
        return got

    def _sock_ready(self, timeout):
        """Whether the socket has bytes within timeout (None: no limit). A TLS socket may hold
        decrypted bytes of a record longer than the last read, which the descriptor does not
        show; poll, unlike select, takes a descriptor past FD_SETSIZE (1024)."""
        pending = getattr(self.sock, "pending", None)
        if callable(pending) and pending() > 0:
            return True
        poller = select.poll()
        poller.register(self.sock, select.POLLIN)
        ms = -1 if timeout is None else max(0, int(timeout * 1000 + 0.999))
        return bool(poller.poll(ms))

    def _recv(self, ctx, buf, cap, timeout):
        try:
            got = self._get(cap, None if timeout < 0 else timeout)
        except EOFError:
            return 0
        except BaseException as e:  # kept for play() to raise (Ctrl-C too): none may cross C
            self.failure = e
            return -2
        if not got:
            return -1
        n = min(len(got), cap)  # _get bounds it already; the copy must never depend on that
        ctypes.memmove(buf, got, n)
        return n

    def _send(self, ctx, p, n):
        try:
            data = ctypes.string_at(p, n)
            if self.sock:
                self.sock.sendall(data)
            else:
                self.io.send(data)
            return 0
        except BaseException as e:
            self.failure = e
            return -2

    def _readable(self, ctx, timeout):
        if self.stash:
            return 1
        try:
            if self.sock:
                return 1 if _sliced(self._sock_ready, timeout) else 0
            if callable(getattr(self.io, "can_recv", None)):
                return 1 if _sliced(lambda t: self.io.can_recv(timeout=t), timeout) else 0
            self.stash = _sliced(lambda t: _received(self.io.recv(4096, timeout=t), "recv"),
                                 timeout)
            return 1 if self.stash else 0
        except EOFError:
            return 1  # the end is news too: the next receive says so
        except BaseException as e:
            self.failure = e
            return 1

    def give_back(self, rest):
        """Puts bytes the game did not read back where the caller reads next: a pwntools
        tube's buffer (unrecv); else they stay in result.rest only."""
        rest += self.stash
        self.stash = b""
        if rest and callable(getattr(self.io, "unrecv", None)):
            self.io.unrecv(rest)
        return rest


class _Events:
    """The game's events as `cubegod play` shows them (client.h's on_round, on_note and
    on_event), for on_event(kind, data) and a progress object (pwntools' log.progress):
    "round" after each answer (a dict of the round's figures), "note" for what the client read
    or did besides cubes (a sentence), and each line the server sent as the engine classified
    it ("gate", "reply", "prompt", "cube", "verdict", "enter", "text"; data: the line). The
    progress object shows rounds and notes. An exception in either is kept for play() to raise
    again."""

    def __init__(self, on_event, progress):
        self.on_event, self.progress, self.failure = on_event, progress, None
        self.round_fn = _lib.PlayRoundFn(self._round)
        self.note_fn = _lib.PlayNoteFn(self._note)
        self.event_fn = _lib.PlayEventFn(self._event)

    def _emit(self, kind, data, text):
        try:
            if self.on_event is not None:
                self.on_event(kind, data)
            if self.progress is not None:
                self.progress.status(text)
        except BaseException as e:  # noqa: B036 (raised again after the game)
            if self.failure is None:
                self.failure = e

    def _round(self, ctx, stat, announced):
        s = stat.contents
        data = {"round": s.round, "rounds": announced, "size": s.size, "moves": s.moves,
                "metric": "qtm" if s.qtm else "htm", "fits": s.fits, "solve_us": s.solve_us,
                "client_us": s.client_us, "round_us": s.round_us}
        self._emit("round", data, "round %d%s: %s%d %s, solve %.0f us" % (
            s.round, "/%d" % announced if announced else "", "3x3 " if s.size == 3 else "",
            s.moves, "quarter turns" if s.qtm else "moves", s.solve_us))

    def _event(self, ctx, kind, line, n):
        if self.on_event is None:
            return
        try:
            name = _c.cg_event_name(kind).decode()
            self.on_event(name, ctypes.string_at(line, n).decode("utf-8", "replace"))
        except BaseException as e:  # noqa: B036 (raised again after the game)
            if self.failure is None:
                self.failure = e

    def _note(self, ctx, text):
        note = text.decode("utf-8", "replace")
        self._emit("note", note, note)

    def end(self, result, error):
        """The progress line's verdict."""
        if self.progress is None:
            return
        try:
            if result is not None and result.won:
                self.progress.success("won: %d/%d rounds passed%s" % (
                    result.rounds_passed, result.rounds_announced or result.rounds_passed,
                    ", flag: " + " ".join(result.flags) if result.flags else ""))
            else:
                self.progress.failure("lost: %s" % (result.reason if result is not None
                                                     else error))
        except BaseException as e:  # noqa: B036 (raised again after the game)
            if self.failure is None:
                self.failure = e


def play(io, prompt=None, timeout=10.0, target="auto", flag_regex=None, one_move=False,
         linger=0.25, on_event=None, progress=None):
    """Plays the cube part of a game over io (a pwntools tube, a socket, or any object with
    pwntools' recv(n, timeout=...) and send(data)) with the library's client, as `cubegod play`
    does with these options: prompt (None: auto), timeout (seconds per receive), target
    ("auto", "home", "any"), flag_regex, one_move. Returns a PlayResult when the game ran to
    its end, won or lost; raises the library's error (ClosedError, TimeLimitError, InputError,
    ...) when it could not, or the exception io raised. Either way io is handed back with
    whatever the game had received but not read put back into it (pwntools' unrecv).

    What `cubegod play` shows as it goes reaches on_event(kind, data), called in the game's thread
    (play() runs the game in a thread of its own and waits, so that Ctrl-C stops it at once):
    kind "round" after each answer (data: a dict with round, rounds (0: not announced), size,
    moves, metric, fits, solve_us, client_us, round_us), "note" for what the client read or did
    besides cubes (data: a sentence, such as the move limit read from the banner), and each
    line the server sent as the engine classified it: "gate", "reply", "prompt", "cube",
    "verdict", "enter" or "text" (data: the line). progress: an object with status(text),
    success(text) and failure(text), such as pwntools' log.progress("cube god"): each round and
    note becomes its status, the end its verdict. An exception raised by on_event or progress
    is raised again when the game is over."""
    if on_event is not None and not callable(on_event):
        raise TypeError("on_event: expected a callable(kind, data), not %r" % (on_event,))
    pipe = _Pipe(io)
    events = _Events(on_event, progress)
    tgt = _c.cg_target_parse(_bytes(target, "target"))
    if tgt < 0:
        raise _error(-1, "target: %r is not auto, home or any" % (target,))
    if not (isinstance(timeout, (int, float)) and timeout > 0):
        raise _error(-1, "timeout: %r is not a number of seconds above 0" % (timeout,))
    err = _lib.Error_()
    tube = ctypes.c_void_p()
    _check(_c.cg_tube_from_callbacks(ctypes.byref(pipe.callbacks), b"python " +
                                     type(io).__name__.encode(), None, ctypes.byref(tube),
                                     ctypes.byref(err)), err)
    opt = _c.cg_play_options_new()
    res = _c.cg_play_result_new()
    tables = None
    try:
        if not opt or not res:
            raise _error(-5, "out of memory")
        o = opt.contents
        o.solve.target = tgt
        keep = [_bytes(x, name) for x, name in ((prompt, "prompt"), (flag_regex, "flag_regex"))
                if x is not None]  # alive until cg_play returns
        if prompt is not None:
            o.prompt = keep[0]
        if flag_regex is not None:
            o.flag_regex = keep[-1]
        o.timeout = float(timeout)
        o.one_move = bool(one_move)
        o.handover = True
        o.linger = float(linger)
        solver3 = _lib.Solver3Fn(_give_solver3)
        o.solver3 = solver3
        o.on_round, o.on_note, o.on_event = events.round_fn, events.note_fn, events.event_fn
        tables = _solve_begin(_pocket, "htm")
        with _lock:
            _solver3_later()
        # in a thread of its own: Ctrl-C comes here and stops the game at its next wait (a proof
        # of work, a table build too), rather than into a callback where nothing can catch it
        try:
            st = _stoppable(lambda: _c.cg_play(tube, tables, opt, res, ctypes.byref(err)))
        except KeyboardInterrupt as e:
            st, pipe.failure = -1, pipe.failure or e
        p = ctypes.POINTER(ctypes.c_uint8)()
        n = ctypes.c_size_t()
        _c.cg_tube_peek(tube, ctypes.byref(p), ctypes.byref(n))
        rest = pipe.give_back(ctypes.string_at(p, n.value) if n.value else b"")
        if pipe.failure is not None:
            raise pipe.failure
        outcome = _c.cg_outcome_name(_c.cg_play_outcome(res)).decode()
        result = PlayResult(res.contents, outcome, rest) if st == 0 else None
        events.end(result, err.msg.decode("utf-8", "replace"))
        if events.failure is not None:
            raise events.failure
        _check(st, err)
        return result
    finally:
        if tables is not None:
            _solve_end()
        _c.cg_tube_close(tube)
        _c.cg_play_free(opt)
        _c.cg_play_free(res)


def _give_solver3(ctx, out, err):
    """cg_play's 3x3 solver, opened at the first 3x3 round."""
    try:
        with _lock:
            out[0] = _solver3_in_round()
        return 0
    except BaseException as e:  # noqa: B036 (none may cross the C frames)
        err[0].code = getattr(e, "status", None) or -4
        err[0].msg = str(e).encode("utf-8", "replace")[:_lib.ERROR_MSG_MAX - 1]
        return err[0].code
