/* The sim3 reader (the contest's 3x3 simulator): whole inputs through cg_sim3_next until
 * ENDOFINPUT or an error. Every data set read must be a real colouring (six colours nine times
 * each, which the simulator's turns keep) and name the line it started on. */
#include "fuzz.h"

#include "cubegod/sim3.h"
#include "contest/sim3_reader.h"

static void check_result(const cg_sim3_result *res, uint64_t lines)
{
    unsigned count[256] = {0};
    int colours = 0;
    for (int i = 0; i < CG3_FACELETS; i++)
        colours += count[res->facelets[i]]++ == 0;
    FUZZ_CHECK(colours == 6);
    for (int c = 0; c < 256; c++)
        FUZZ_CHECK(count[c] == 0 || count[c] == 9);
    FUZZ_CHECK(res->solved == cg3_facelets_solved(res->facelets));
    FUZZ_CHECK(res->start_line >= 1 && res->start_line <= lines);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *in = fmemopen(size ? (void *)data : "", size, "r");
    FUZZ_CHECK(in != NULL);
    cg_sim3_reader r;
    cg_sim3_init(&r, in);
    for (;;) {
        cg_sim3_result res;
        bool done = false;
        cg_error err;
        cg_status st = cg_sim3_next(&r, &res, &done, &err);
        if (st != CG_OK) {
            FUZZ_CHECK(st == CG_ERR_INPUT);
            fuzz_check_message(&err);
            FUZZ_CHECK(strncmp(err.msg, "line ", 5) == 0);
            break;
        }
        if (done)
            break;
        check_result(&res, r.line);
    }
    fclose(in);
    return 0;
}
