/* Goals (state.h): the input is two texts separated by the first '\n' — a goal and a current
 * cube, as a facelet string or any drawing. The state calls either fail with a printable
 * message or give states that obey the algebra: compose(a, invert(a)) is solved, and the
 * relative state toward the goal, solved by "undo the cube, do the goal", is solved. */
#include "fuzz.h"

#include "cubegod/state.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_cstring(data, size);
    char *nl = strchr(s, '\n');
    const char *goal = s, *cur = nl ? nl + 1 : s;
    if (nl)
        *nl = '\0';
    char a[64], b[64], e[64];
    cg_error err;
    int size_a = 0;
    if (cg_state_check(goal, &size_a, &err) == CG_OK) {
        FUZZ_CHECK(size_a == 2 || size_a == 3);
        FUZZ_CHECK(cg_state_solved(size_a, e, sizeof e, NULL) == CG_OK);
        FUZZ_CHECK(cg_state_invert(goal, a, sizeof a, NULL) == CG_OK);
        FUZZ_CHECK(cg_state_compose(goal, a, b, sizeof b, NULL) == CG_OK);
        FUZZ_CHECK(strcmp(b, e) == 0);
        FUZZ_CHECK(cg_state_relative(goal, goal, b, sizeof b, NULL) == CG_OK);
        FUZZ_CHECK(strcmp(b, e) == 0);
    } else {
        fuzz_check_message(&err);
    }
    if (cg_toward_text(goal, cur, NULL, 1, a, sizeof a, &err) == CG_OK)
        FUZZ_CHECK(cg_state_check(a, NULL, NULL) == CG_OK);
    else
        fuzz_check_message(&err);
    if (cg_state_apply(cur, goal, a, sizeof a, &err) != CG_OK)
        fuzz_check_message(&err);
    free(s);
    return 0;
}
