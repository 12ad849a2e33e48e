#!/usr/bin/env bash
# Every option the code accepts appears in its command's --help and man/cubegod.1 (see
# check_options.py for how the options are found).
set -u
: "${CUBEGOD:?}" "${CUBEGOD_SOURCE:?}"
python3 "$(dirname "$0")/check_options.py" "$CUBEGOD" "$CUBEGOD_SOURCE"
