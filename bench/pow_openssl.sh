#!/usr/bin/env bash
# What OpenSSL says this machine's cores hash, beside `cubegod bench pow`'s candidates per
# second: 16-byte messages through EVP on every core (one compression each, plus EVP's set-up
# per message), and the raw compression rate (8192-byte messages on one core, as 64-byte
# blocks a second), for SHA-256 and SHA-1. openssl speed counts CPU time.
set -euo pipefail
CORES=$(nproc)
S=${SECONDS_EACH:-3}
rate() { awk '{print $2}' | tr -d k; }
for alg in sha256 sha1; do
  small=$(openssl speed -multi "$CORES" -seconds "$S" -bytes 16 "$alg" 2>/dev/null | grep -E "^$alg " | tail -1 | rate)
  big=$(openssl speed -seconds "$S" -bytes 8192 "$alg" 2>/dev/null | grep -E "^$alg " | tail -1 | rate)
  awk -v a="$alg" -v c="$CORES" -v s="$small" -v b="$big" 'BEGIN {
    printf "%s: %.2f M messages/s of 16 bytes on %d cores (EVP); %.1f M blocks/s on one core (raw)\n",
           a, s * 1000 / 16 / 1e6, c, b * 1000 / 64 / 1e6 }'
done
