#!/bin/sh
# Runs a program under valgrind's memcheck for the test suite (CUBEGOD_TEST_WRAPPER).
# Any memory error or leak (definite, indirect or possible) makes the program exit 97, and the
# report goes to $CUBEGOD_MEMCHECK_LOGS/PID.log (not to stderr, which the tests read), so that
# run.sh can also catch errors in programs whose exit status nobody waits for (a killed server).
# --read-inline-info=no: reading the inlining records of libcrypto and libc is a fifth of each
# process's start-up under valgrind (0.47 to 0.39 s a process), and the suite starts hundreds;
# reports then name the outer function of an inlined one.
logs=${CUBEGOD_MEMCHECK_LOGS:-.}
exec valgrind --tool=memcheck --error-exitcode=97 --leak-check=full --read-inline-info=no \
  --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible \
  --num-callers=30 --log-file="$logs/%p.log" "$@"
