#!/usr/bin/env bash
# serve's verdict line for a refused move in --one-move and --send-each games is the line
# "[-] REASON" and nothing before it (./run.sh mutants --since 8adab20: the verdict written one
# byte into the buffer, after whatever the last text left there, survived every test: a client
# reading the whole line saw a stray byte). A client of our own: raw socket lines, no cubegod.
HERE=$(dirname "$0")
. "$HERE/lib_serve.sh"
for mode in --one-move --send-each; do
  serve "v${mode#--}" --games 1 --rounds 1 --seed 5 "$mode"
  python3 - "$PORT" "$mode" > "$TMP/client.out" 2>&1 <<'PY' || fail "$mode: $(cat "$TMP/client.out")"
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=20)
f = s.makefile("rwb")
seen = b""
while b"move:" not in seen.lower() and b"solution" not in seen.lower() and b">" not in seen[-4:]:
    chunk = s.recv(4096)
    if not chunk:
        sys.exit("closed before the prompt: %r" % seen[-200:])
    seen += chunk
s.sendall(b"Q9\n")
rest = b""
while not rest.endswith(b"\n") or b"[-]" not in rest:
    chunk = s.recv(4096)
    if not chunk:
        break
    rest += chunk
lines = [l for l in rest.split(b"\n") if b"[-]" in l]
if not lines or not lines[0].startswith(b"[-] "):
    sys.exit("the verdict line is %r (all after the answer: %r)" % (lines[:1], rest[:300]))
print(lines[0].decode())
PY
  grep -q '^\[-\] ' "$TMP/client.out" || fail "$mode: no verdict line: $(cat "$TMP/client.out")"
done
echo ok
