/* `cubegod replay` on arbitrary recordings: transcripts (when the input starts with the magic
 * line) and terminal captures, through the box reader, reconstruction, solve and answer checks;
 * each input is read as an ordinary game and as a one-move game. */
#include "fuzz.h"

#include "cubegod/replay.h"

static void check_round(void *ctx, const cg_replay_round *r)
{
    int *rounds = ctx;
    ++*rounds;
    FUZZ_CHECK(memchr(r->answer, '\0', sizeof r->answer) != NULL);
    FUZZ_CHECK(memchr(r->best, '\0', sizeof r->best) != NULL);
    FUZZ_CHECK(memchr(r->reason, '\0', sizeof r->reason) != NULL);
    FUZZ_CHECK(memchr(r->verdict, '\0', sizeof r->verdict) != NULL);
    FUZZ_CHECK(r->optimal >= -1 && r->optimal <= CG_MAX_SOLUTION);
    FUZZ_CHECK(r->result >= CG_REPLAY_CORRECT && r->result <= CG_REPLAY_UNREADABLE);
    if (r->result == CG_REPLAY_CORRECT)
        FUZZ_CHECK(r->moves >= 0 && r->moves <= CG_MAX_SOLUTION);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* An exact-size copy, so reading past the end is caught. */
    char *text = malloc(size ? size : 1);
    FUZZ_CHECK(text != NULL);
    if (size)
        memcpy(text, data, size);
    for (int one_move = 0; one_move < 2; one_move++) {
        cg_replay_options opt = cg_replay_defaults();
        opt.one_move = one_move;
        cg_replay_summary sum;
        cg_error err;
        int rounds = 0;
        cg_status st =
            cg_replay_text(fuzz_tables(), &opt, text, size, check_round, &rounds, &sum, &err);
        if (st != CG_OK) {
            FUZZ_CHECK(st == CG_ERR_INPUT);
            fuzz_check_message(&err);
        } else {
            FUZZ_CHECK(sum.rounds == rounds && sum.correct <= sum.rounds);
            FUZZ_CHECK(memchr(sum.after, '\0', sizeof sum.after) != NULL);
        }
    }
    free(text);
    return 0;
}
