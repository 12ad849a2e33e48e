#!/usr/bin/env python3
"""A relay that times the client's answers as the server would see them.

  python3 timing_relay.py UPSTREAM_PORT PORT_FILE TIMES_FILE PROMPT [HOLD]

Listens on 127.0.0.1 (a free port, written to PORT_FILE), takes one client, connects it to
127.0.0.1:UPSTREAM_PORT and copies bytes both ways. Each time the client speaks after the
server sent PROMPT, it appends to TIMES_FILE one line: the answer's number and the seconds from
the server's bytes that completed PROMPT (as they left the server) to the client's first bytes
(the answer, as they arrived). Both times are taken where the relay reads them, before it
passes them on; a server line sent after the prompt (a "time's up") does not move the start.
HOLD (seconds, default 0): the relay connects to the server that long after the client
connected, so the server's first bytes come that much later, as a distant server's would.
"""
import os
import select
import socket
import sys
import time


def main():
    upstream_port, port_file, times_file = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    prompt = sys.argv[4].encode()
    hold = float(sys.argv[5]) if len(sys.argv) > 5 else 0.0
    lsock = socket.socket()
    lsock.bind(("127.0.0.1", 0))
    lsock.listen(1)
    with open(port_file + ".tmp", "w") as f:
        f.write("%d\n" % lsock.getsockname()[1])
    os.rename(port_file + ".tmp", port_file)
    client, _ = lsock.accept()
    time.sleep(hold)
    server = socket.create_connection(("127.0.0.1", upstream_port))
    for s in (client, server):
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    said = b""  # what the server said since the client last spoke
    asked = None  # when the server's text since then first held the prompt
    answers = 0
    with open(times_file, "a") as out:
        open_ends = {client, server}
        while open_ends:
            ready, _, _ = select.select(list(open_ends), [], [])
            for s in ready:
                data = s.recv(65536)
                now = time.monotonic()
                other = server if s is client else client
                if not data:
                    open_ends.discard(s)
                    try:
                        other.shutdown(socket.SHUT_WR)
                    except OSError:
                        pass
                    continue
                if s is server:
                    said = (said + data)[-4096:]
                    if asked is None and prompt in said:
                        asked = now
                else:
                    if asked is not None:
                        answers += 1
                        out.write("%d %.6f\n" % (answers, now - asked))
                        out.flush()
                    said, asked = b"", None
                try:
                    other.sendall(data)
                except OSError:
                    open_ends.discard(other)


if __name__ == "__main__":
    main()
