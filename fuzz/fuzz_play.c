/* The client, `cubegod play`, against an arbitrary server: the input (after byte 0, which picks
 * the read size: 0 all at once, else 1..7 bytes at a time) is everything the server says, over a
 * memory tube, with proofs of work left unanswered. Whatever it says, every line play sends must
 * be a move sequence of at most 11 moves or a menu's choice, and the result's texts must be
 * NUL-terminated. */
#include "fuzz.h"

#include <ctype.h>

#include "cubegod/client.h"
#include "cubegod/tube.h"

/* A menu's choice, which play sends by itself since it reads menus (issue 41): one short word
 * of letters or digits ("1", "b", "s"). */
static bool menu_choice(const char *line)
{
    size_t n = strlen(line);
    if (n == 0 || n > 3)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)line[i]))
            return false;
    cg_move moves[CG_SOLUTION_MAX];
    size_t count;
    return cg_moves_parse(line, moves, CG_MAX_SOLUTION, &count, NULL) != CG_OK;
}

static void check_sent(const cg_tube *t)
{
    const uint8_t *p;
    size_t n;
    FUZZ_CHECK(cg_tube_memory_sent(t, &p, &n, NULL) == CG_OK);
    char *text = fuzz_cstring(p, n);
    FUZZ_CHECK(strlen(text) == n); /* no NUL byte sent */
    for (char *line = text, *nl; *line; line = nl + 1) {
        nl = strchr(line, '\n');
        FUZZ_CHECK(nl != NULL); /* every answer is a whole line */
        *nl = '\0';
        cg_move moves[CG_SOLUTION_MAX];
        size_t count;
        if (menu_choice(line))
            continue;
        FUZZ_CHECK(cg_moves_parse(line, moves, CG_MAX_SOLUTION, &count, NULL) == CG_OK);
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    FUZZ_CHECK(cg_tube_memory(data + 1, size - 1, data[0] % 8, &to, &t, NULL) == CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = 1;
    /* a proof of work's answer is not moves: fuzz_pow checks those answers (against the
     * server's own check); here every line sent must be moves (or an Enter gate's empty line) */
    opt.pow_off = true;
    cg_play_result res;
    cg_error err;
    cg_status st = cg_play(t, fuzz_tables(), &opt, &res, &err);
    if (st != CG_OK)
        fuzz_check_message(&err);
    FUZZ_CHECK(memchr(res.flag_line, '\0', sizeof res.flag_line) != NULL);
    FUZZ_CHECK(memchr(res.flags, '\0', sizeof res.flags) != NULL);
    FUZZ_CHECK(memchr(res.reason, '\0', sizeof res.reason) != NULL);
    FUZZ_CHECK(res.rounds_passed >= 0 && res.rounds_answered >= 0);
    check_sent(t);
    cg_tube_close(t);
    return 0;
}
