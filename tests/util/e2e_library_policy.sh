# The library sets no policy: outside src/cli/ nothing prints to the terminal on its own, reads
# the environment, or names a command-line option in a message. (A tube's or the server's log
# goes where the caller's options say; the process tube looks a program up in the directories
# its options give, which cubegod play takes from PATH.)
set -u
src="$(dirname "$0")/../../src"
bad=$(grep -rnE '\b(getenv|secure_getenv|perror|puts)\(|[^a-z_]printf\(|fprintf\(std(err|out)|fputs\([^;]*std(err|out)\)' \
        "$src" --include='*.c' --include='*.h' | grep -v "^$src/cli/")
[ -z "$bad" ] || { echo "FAIL: library code that prints or reads the environment:" >&2; echo "$bad" >&2; exit 1; }
flags=$(grep -rnE '"[^"]*--[a-z][a-z-]+' "$src" --include='*.c' | grep -v "^$src/cli/")
[ -z "$flags" ] || { echo "FAIL: library messages that name a command-line option:" >&2; echo "$flags" >&2; exit 1; }
echo "e2e_library_policy: no printing, no environment, no option names outside src/cli/"
