#!/usr/bin/env bash
# Fault injection against cubegod play (tests/faults/client_faults.py): connection refused, a
# reset in the middle of a round, a silent server, a TLS peer with a bad certificate (refused,
# then played with --insecure), a 10 MB line without a newline, a round with four faces and
# rounds with impossible colours. Each must end with a clear message and a non-zero exit.
set -uo pipefail
: "${CUBEGOD:?}"
command -v python3 >/dev/null || { echo "python3 missing"; exit 77; }
exec python3 "$(dirname "$0")/../faults/client_faults.py"
