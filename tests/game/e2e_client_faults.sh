#!/usr/bin/env bash
# Fault injection against cubegod play (tests/faults/client_faults.py): connection refused, a
# reset in the middle of a round, a silent server, a TLS peer with a bad certificate (refused,
# then played with --insecure), a 64 MB line without a newline, a round with four faces and
# rounds with impossible colours, and the hostile servers of issue 35 (a cube nested a thousand
# deep, a byte a second, binary garbage, an endless menu, a flood of text, an absurd proof of
# work, a cube that changes under a one-move answer). Each must end with a clear message and a
# non-zero exit, in bounded time and memory.
set -uo pipefail
: "${CUBEGOD:?}"
command -v python3 >/dev/null || { echo "python3 missing"; exit 77; }
exec python3 "$(dirname "$0")/../faults/client_faults.py"
