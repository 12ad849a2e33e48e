/* Issue 25, defect 5: what a corrupted but correctly checksummed two-phase cache does.
 *
 *   - A value the search uses as an index (a coordinate in a move or conjugation table, a
 *     class, a conjugated move) out of range: the file loads (its checksum is right) and is
 *     REFUSED by the load check, in every such segment, so the solver rebuilds instead of
 *     reading outside the mapping.
 *   - Damaged distances (pruning tables, near table): indices stay in range, so no read leaves
 *     the tables; such a file may pass the spot checks, and then its answers may be wrong or
 *     missing: every answer given is checked here against the cube model, and the count of
 *     wrong ones is printed (cg3_solve_puzzle's callers verify an answer before sending it).
 * Run under ASan and valgrind with the rest, so a stray read would fail the run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <unistd.h>

#include "cubegod/solver3.h"
#include "solver3/twophase.h"
#include "testutil.h"
#include "util/tablefile.h"

static cg3_twophase *solver;
static uint8_t *copy; /* the payload, to corrupt */
static size_t bytes;
static const char *path;

static int setup(void **state)
{
    (void)state;
    path = getenv("CUBEGOD_TWOPHASE_CACHE");
    FILE *f = path && *path ? fopen(path, "rb") : NULL;
    if (!f) { /* building 75 MB of tables here would cost a minute; the ctest fixture makes it */
        printf("skipping: no two-phase cache (CUBEGOD_TWOPHASE_CACHE)\n");
        return -1;
    }
    fclose(f);
    cg3_tables_options opt = {.cache_path = path};
    cg3_tables_info info;
    cg_error err;
    if (cg3_twophase_open(&solver, &opt, &info, &err) != CG_OK || !info.from_cache) {
        printf("cannot load the two-phase cache %s\n", path);
        return -1;
    }
    bytes = cgi_tp_payload_bytes();
    copy = malloc(bytes);
    if (!copy)
        return -1;
    memcpy(copy, solver->file.payload, bytes);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(copy);
    cg3_twophase_close(solver);
    return 0;
}

static bool sane_copy(void)
{
    tp_tables t;
    cgi_tp_tables_point(&t, copy);
    return cgi_tp_tables_sane(&t, &solver->model);
}

typedef struct index_seg {
    int seg;
    int width; /* bytes of one value: 1, 2, or 4 (a class << 4 | a symmetry) */
    const char *name;
} index_seg;

static const index_seg INDEX_SEGS[] = {
    {TP_SEG_TWIST_MV, 2, "twist moves"},   {TP_SEG_FLIP_MV, 2, "flip moves"},
    {TP_SEG_SLICE_MV, 2, "slice moves"},   {TP_SEG_CP_MV, 2, "corner moves"},
    {TP_SEG_EP_MV, 2, "edge moves"},       {TP_SEG_SP_MV, 2, "slice-order moves"},
    {TP_SEG_CP18_MV, 2, "corner moves 18"}, {TP_SEG_TW_CONJ, 2, "twist conjugates"},
    {TP_SEG_EP_CONJ, 2, "edge conjugates"}, {TP_SEG_FS_CLASS, 4, "flipslice classes"},
    {TP_SEG_CP_CLASS, 4, "corner classes"}, {TP_SEG_SYM_MV, 1, "conjugated moves"},
};

/* Sets value k of a segment to its type's largest value, the farthest a hand could send it. */
static void poke_max(int seg, int width, size_t k, uint8_t *saved)
{
    uint8_t *at = copy + cgi_tp_seg_offset(seg) + k * (size_t)width;
    memcpy(saved, at, (size_t)width);
    memset(at, 0xFF, (size_t)width);
}

static void test_index_out_of_range_refused(void **state)
{
    (void)state;
    assert_true(sane_copy()); /* the intact copy passes */
    cg_rng rng;
    cg_rng_seed(&rng, 25);
    for (size_t i = 0; i < sizeof INDEX_SEGS / sizeof *INDEX_SEGS; i++) {
        const index_seg *s = &INDEX_SEGS[i];
        size_t values = cgi_tp_seg_bytes(s->seg) / (size_t)s->width;
        for (int trial = 0; trial < 3; trial++) { /* first, last and one value between */
            size_t k = trial == 0 ? 0 : trial == 1 ? values - 1 : cg_rng_below(&rng, (uint32_t)values);
            uint8_t saved[4];
            poke_max(s->seg, s->width, k, saved);
            if (sane_copy())
                fail_msg("%s: value %zu out of range, yet the tables were accepted", s->name, k);
            memcpy(copy + cgi_tp_seg_offset(s->seg) + k * (size_t)s->width, saved,
                   (size_t)s->width);
        }
    }
    assert_true(sane_copy());
}

/* The same through a file: a checksum the loader accepts, the check refuses. */
static void test_checksummed_file_refused(void **state)
{
    (void)state;
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    uint8_t head[TABLEFILE_HEADER_BYTES];
    assert_int_equal(fread(head, 1, sizeof head, f), sizeof head);
    fclose(f);
    tablefile_kind kind;
    memcpy(kind.magic, head, 8);
    memcpy(&kind.version, head + 8, 4);
    memcpy(&kind.param, head + 12, 4);
    memcpy(&kind.size, head + 16, 8);
    assert_int_equal(kind.size, bytes);
    uint8_t saved[2];
    poke_max(TP_SEG_TWIST_MV, 2, 7, saved);
    char tmp[] = "/tmp/cubegod-corrupt-XXXXXX";
    assert_non_null(mkdtemp(tmp));
    char file[64];
    snprintf(file, sizeof file, "%s/twophase.tbl", tmp);
    cg_error err;
    assert_int_equal(cgi_tablefile_save(file, &kind, copy, &err), CG_OK);
    tablefile loaded;
    cg_status st = cgi_tablefile_load(file, &kind, &loaded, &err);
    if (st != CG_OK)
        fail_msg("the hand-made file should load (checksum right): %s", err.msg);
    tp_tables t;
    cgi_tp_tables_point(&t, loaded.payload);
    assert_false(cgi_tp_tables_sane(&t, &solver->model));
    cgi_tablefile_release(&loaded);
    memcpy(copy + cgi_tp_seg_offset(TP_SEG_TWIST_MV) + 7 * 2, saved, 2);
    unlink(file);
    rmdir(tmp);
}

/* (The list of phase-1 entries at 12 is checked whole at load: not here.) */
static const int DISTANCE_SEGS[] = {TP_SEG_CP_SP, TP_SEG_EP_SP, TP_SEG_P1, TP_SEG_CP_DIST,
                                    TP_SEG_EP_DIST, TP_SEG_P2, TP_SEG_NEAR};

static void test_damaged_distances_answer_checked(void **state)
{
    (void)state;
    cg_rng rng;
    cg_rng_seed(&rng, 2525);
    int rounds = slow_tools() ? 2 : 12, cubes = slow_tools() ? 4 : 25;
    int accepted = 0, answered = 0, wrong = 0, refused_solves = 0;
    cg3_twophase damaged = *solver; /* the same solver over the damaged copy */
    for (int r = 0; r < rounds; r++) {
        memcpy(copy, solver->file.payload, bytes);
        int hits = 1 + (int)cg_rng_below(&rng, 8);
        for (int hit = 0; hit < hits; hit++) { /* random bytes of random distance tables */
            int seg = DISTANCE_SEGS[cg_rng_below(&rng, sizeof DISTANCE_SEGS / sizeof *DISTANCE_SEGS)];
            size_t k = cg_rng_below(&rng, (uint32_t)cgi_tp_seg_bytes(seg));
            copy[cgi_tp_seg_offset(seg) + k] ^= (uint8_t)(1 + cg_rng_below(&rng, 255));
        }
        if (!sane_copy())
            continue;
        accepted++;
        cgi_tp_tables_point(&damaged.t, copy);
        for (int c = 0; c < cubes; c++) {
            cg3_cube cube = cg3_cube_random(&rng);
            cg3_solve_options o = cg3_solve_defaults();
            o.max_nodes = 200000; /* a damaged bound may send the search far: keep it short */
            cg3_solution sol;
            cg_error err;
            if (cg3_twophase_solve(&damaged, &cube, &o, &sol, &err) != CG_OK) {
                refused_solves++;
                continue;
            }
            answered++;
            cg3_cube after = cube;
            cg3_cube_apply_face_turns(&solver->model, &after, sol.moves, (size_t)sol.n);
            wrong += !cg3_cube_is_home(&after);
        }
    }
    printf("damaged distances: %d of %d tables passed the load check; %d answers (%d wrong, "
           "caught here by the model), %d solves ended in an error\n",
           accepted, rounds, answered, wrong, refused_solves);
    memcpy(copy, solver->file.payload, bytes);
    assert_true(sane_copy());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_index_out_of_range_refused),
        cmocka_unit_test(test_checksummed_file_refused),
        cmocka_unit_test(test_damaged_distances_answer_checked),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
