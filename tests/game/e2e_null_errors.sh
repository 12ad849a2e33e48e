# Every public function that takes a cg_error * is called with NULL by test_null_errors.c (or
# is listed below with the reason it cannot fail on any input).
set -u
here=$(dirname "$0")
root="$here/../.."
# only without memory (or big-endian)
cannot_fail="cg_tables_open cg3_twophase_open cg3_optimal_open cg_tube_memory cg_tube_new"
# only without memory: the handles of readers and of the 3x3 move tables
cannot_fail="$cannot_fail cg3_tables_new cg_order_parser_new cg_box_reader_new cg_sim3_new"
# a pause hands over what is complete and leaves the rest waiting: nothing in it can fail yet
cannot_fail="$cannot_fail cg_shape_reader_pause"
names=$(python3 - "$root/include/cubegod" <<'PY'
import glob, re, sys
for f in sorted(glob.glob(sys.argv[1] + "/*.h")):
    s = open(f).read()
    for m in re.finditer(r'CG_API\s+[^;{]*?\b(cg\w*)\s*\(([^;]*?)\)\s*(?:__attribute__\(\([^;]*\)\))?\s*;', s, re.S):
        if "cg_error" in m.group(2):
            print(m.group(1))
PY
) || { echo "FAIL: could not read the headers" >&2; exit 1; }
[ -n "$names" ] || { echo "FAIL: no functions found in the headers" >&2; exit 1; }
missing=""
count=0
for n in $names; do
  count=$((count + 1))
  case " $cannot_fail " in *" $n "*) continue ;; esac
  grep -q "\b$n(" "$here/test_null_errors.c" || missing="$missing $n"
done
[ -z "$missing" ] || { echo "FAIL: not called with a NULL cg_error in test_null_errors.c:$missing" >&2; exit 1; }
echo "e2e_null_errors: $count functions take a cg_error *, every one covered"
