#!/bin/sh
# Runs a program under valgrind's memcheck for the test suite (CUBEGOD_TEST_WRAPPER).
# Any memory error or leak (definite, indirect or possible) makes the program exit 97, and the
# report goes to $CUBEGOD_MEMCHECK_LOGS/PID.log (not to stderr, which the tests read), so that
# run.sh can also catch errors in programs whose exit status nobody waits for (a killed server).
# --read-inline-info=no: reading the inlining records of libcrypto and libc is a fifth of each
# process's start-up under valgrind (0.47 to 0.39 s a process), and the suite starts hundreds;
# reports then name the outer function of an inlined one. memcheck.supp: what is not a leak.
#
# CUBEGOD_MEMCHECK_FIRST=N with CUBEGOD_TEST_NAME set (tests/CMakeLists.txt sets both for the
# end-to-end scripts): only the first N processes a test starts run under memcheck, the later ones
# run plain. A script starts dozens of cubegod processes that mostly repeat one another's paths,
# each paying valgrind's start-up; ASan+UBSan still checks every one. The count is kept per test
# in the log folder (run.sh empties it before each run), under a lock, so the processes picked are
# the same from run to run: the first N in the script's order.
logs=${CUBEGOD_MEMCHECK_LOGS:-.}
if [ -n "${CUBEGOD_MEMCHECK_FIRST:-}" ] && [ -n "${CUBEGOD_TEST_NAME:-}" ]; then
  count="$logs/count.$CUBEGOD_TEST_NAME"
  n=$( (flock 9 && n=$(($(cat "$count" 2>/dev/null || echo 0) + 1)) && echo "$n" > "$count" &&
        echo "$n") 9>> "$count.lock")
  [ -n "$n" ] && [ "$n" -gt "$CUBEGOD_MEMCHECK_FIRST" ] && exec "$@"
fi
exec valgrind --tool=memcheck --error-exitcode=97 --leak-check=full --read-inline-info=no \
  --suppressions="$(dirname "$0")/memcheck.supp" \
  --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible \
  --num-callers=30 --log-file="$logs/%p.log" "$@"
