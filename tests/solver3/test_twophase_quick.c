/* The quick two-phase solver (the one that answers while the big tables are loaded or built):
 * its tables against the model, random cubes solved within the limit (each solution applied to
 * the model), a limit that no solution meets refused after a complete search, giving way to
 * the big tables, and the background open's solver answering before and after them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#ifdef __GLIBC__
#endif

#include "cubegod/clock.h"
#include "cubegod/solver3.h"
#include "solver3/twophase.h"
#include "testutil.h"

static cg3_twophase shell; /* model and rotations, no big tables */
static tp_quick quick;
static double build_ms;

static int setup(void **state)
{
    (void)state;
    cg_error err;
    if (cgi_tp_init_shell(&shell, &err) != CG_OK)
        return -1;
    int64_t t0 = cg_now_ns();
    if (cgi_tpq_build(&quick, &shell.model, &err) != CG_OK)
        return -1;
    build_ms = cg_seconds_between(t0, cg_now_ns()) * 1e3;
    printf("quick tables: %.1f MB built in %.0f ms\n", cgi_tpq_bytes() / 1e6, build_ms);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    cgi_tpq_free(&quick);
    return 0;
}

static cg3_cube after(const cg3_cube *c, const cg_move *moves, int n)
{
    cg3_cube x = *c;
    for (int i = 0; i < n; i++)
        cg3_cube_apply(&shell.model, &x, cg3_move_from_face_turn(moves[i]));
    return x;
}

static void assert_solves(const cg3_cube *c, const cg3_solution *sol)
{
    cg3_cube x = after(c, sol->moves, sol->n), h = cg3_cube_home();
    assert_memory_equal(&x, &h, sizeof h);
}

static cg3_solution solve(const cg3_cube *c, int max, cg_metric metric, void *const *give_up,
                          bool *exhausted, cg_status want)
{
    cg3_solve_options o = cg3_solve_defaults();
    o.max_moves = max;
    o.metric = metric;
    cg3_solution sol;
    memset(&sol, 0, sizeof sol);
    cg_error err = {0};
    bool ex = false;
    cg_status st = cgi_tpq_solve(&shell, &quick, c, &o, give_up, &ex, &sol, &err);
    if (st != want)
        fail_msg("status %d, want %d: %s", (int)st, (int)want, err.msg);
    if (exhausted)
        *exhausted = ex;
    return sol;
}

/* An unreduced pair table, breadth-first over every (a, b) (cgi_tp_bfs_pairs, the quick tables'
 * way before they were reduced by symmetry), against the reduced one through `entry`: every
 * pair of rows a % every == 0 (the others too under full scale). */
static void assert_pairs_agree(const char *name, const uint8_t *reduced,
                               size_t (*entry)(const tp_quick *, int, int), const uint16_t *amv,
                               int na, const uint16_t *bmv, int nb, int nmoves, size_t home,
                               int every)
{
    uint8_t *raw = malloc((size_t)na * nb);
    assert_non_null(raw);
    cgi_tp_bfs_pairs(raw, amv, na, bmv, nb, nmoves, home);
    for (int a = 0; a < na; a += every)
        for (int b = 0; b < nb; b++)
            if (reduced[entry(&quick, a, b)] != raw[(size_t)a * nb + b])
                fail_msg("%s (%d, %d): %d in the reduced table, %d breadth-first", name, a, b,
                         reduced[entry(&quick, a, b)], raw[(size_t)a * nb + b]);
    free(raw);
}

/* The pair tables: each reduced one against the same pairs breadth-first without symmetry;
 * the symmetries and classes against cube conjugation; the two-bit copies the search reads
 * hold each entry's distance mod 3; the corners' and U/D edges' own distances are their
 * pairs' least; one face turn from home at most 1. */
static void test_tables_agree_with_the_model(void **state)
{
    (void)state;
    int sh = cgi_tp_slice_home();
    /* carved from the one allocation cgi_tpq_free frees, the first table at its start */
    assert_ptr_equal(quick.mem, quick.twist_mv);
    /* its size: the move tables, conjugates, classes and representatives (two bytes an entry),
       the byte tables and symmetry sets, the two-bit copies */
    size_t two = (size_t)(TP_TWIST + TP_FLIP + TP_SLICE) * TP_MOVES +
                 (size_t)(TP_CP + TP_EP + TP_SP) * TP_P2MOVES +
                 (size_t)TPQ_SYMS * (TP_TWIST + TP_SLICE + TP_SP) + TP_TWIST + TP_FLIP + TP_CP +
                 TP_EP + TPQ_TW_CLASSES + TPQ_FL_CLASSES + TPQ_CP_CLASSES + TPQ_EP_CLASSES;
    size_t ts = (size_t)TPQ_TW_CLASSES * TP_SLICE, fs = (size_t)TPQ_FL_CLASSES * TP_SLICE,
           ft = (size_t)TPQ_FL_CLASSES * TP_TWIST;
    size_t one = ts + fs + ft + (size_t)(TPQ_CP_CLASSES + TPQ_EP_CLASSES) * TP_SP + TP_CP + TP_EP +
                 TPQ_TW_CLASSES + TPQ_FL_CLASSES + TPQ_CP_CLASSES + TPQ_EP_CLASSES;
    size_t twobit = (ts + 3) / 4 + (fs + 3) / 4 + (ft + 3) / 4;
    assert_int_equal(cgi_tpq_bytes(), 2 * two + one + twobit);

    /* each symmetry's conjugates and each value's class, against cubes conjugated */
    tp_syms sy;
    cgi_tp_syms(&shell.model, &sy);
    const struct {
        const char *name;
        int n;
        cgi_tp_get_fn get;
        cgi_tp_set_fn set;
        const uint16_t *conj, *cs, *rep;
        int classes;
    } coords[] = {
        {"twist", TP_TWIST, cgi_tp_twist, cgi_tp_set_twist, quick.tw_conj, quick.tw_cs,
         quick.tw_rep, TPQ_TW_CLASSES},
        {"flip", TP_FLIP, cgi_tp_flip, cgi_tp_set_flip, NULL, quick.fl_cs, quick.fl_rep,
         TPQ_FL_CLASSES},
        {"slice", TP_SLICE, cgi_tp_slice, cgi_tp_set_slice, quick.sl_conj, NULL, NULL, 0},
        {"slice order", TP_SP, cgi_tp_sp, cgi_tp_set_sp, quick.sp_conj, NULL, NULL, 0},
        {"corners", TP_CP, cgi_tp_cp, cgi_tp_set_cp, NULL, quick.cp_cs, quick.cp_rep,
         TPQ_CP_CLASSES},
        {"U/D edges", TP_EP, cgi_tp_ep, cgi_tp_set_ep, NULL, quick.ep_cs, quick.ep_rep,
         TPQ_EP_CLASSES},
    };
    int step = test_scale_now() == SCALE_FULL ? 1 : 37;
    for (size_t i = 0; i < sizeof coords / sizeof *coords; i++)
        for (int v = 0; v < coords[i].n; v += coords[i].n > 3000 ? step : 1) {
            cg3_cube c = cg3_cube_home();
            coords[i].set(&c, v);
            int least = v;
            for (int j = 0; j < TPQ_SYMS; j++) {
                cg3_cube d = cgi_tp_sym_conj(&sy, cgi_tpq_sym_k(j), &c);
                int w = coords[i].get(&d);
                least = w < least ? w : least;
                if (coords[i].conj && coords[i].conj[j * coords[i].n + v] != w)
                    fail_msg("%s %d through symmetry %d: %d, conjugated %d", coords[i].name, v,
                             j, coords[i].conj[j * coords[i].n + v], w);
                if (coords[i].cs && (coords[i].cs[v] & (TPQ_SYMS - 1)) == j)
                    assert_int_equal(w, coords[i].rep[coords[i].cs[v] >> TPQ_SYM_BITS]);
            }
            if (coords[i].cs) /* the representative is the least of the class */
                assert_int_equal(coords[i].rep[coords[i].cs[v] >> TPQ_SYM_BITS], least);
        }

    /* the phase-2 move tables (made from the permutations alone) against cube products */
    for (int v = 0; v < TP_CP; v += step)
        for (int k = 0; k < TP_P2MOVES; k++) {
            const cg3_cube *mc = &shell.model.cube[cg3_move_from_face_turn(cgi_tp_p2_moves[k])];
            cg3_cube c = cg3_cube_home(), e = cg3_cube_home();
            cgi_tp_set_cp(&c, v);
            cgi_tp_set_ep(&e, v);
            cg3_cube cm = cg3_cube_mul(&c, mc), em = cg3_cube_mul(&e, mc);
            assert_int_equal(quick.cp_mv[v * TP_P2MOVES + k], cgi_tp_cp(&cm));
            assert_int_equal(quick.ep_mv[v * TP_P2MOVES + k], cgi_tp_ep(&em));
        }

    /* under valgrind's memcheck the unreduced searches would take most of a minute: the
       release and ASan runs compare, this one only reads the tables */
    int every = test_scale_now() == SCALE_FULL ? 1 : 7;
    if (test_scale_now() != SCALE_VALGRIND) {
        assert_pairs_agree("twist x slice", quick.tw_sl, cgi_tpq_ts, quick.twist_mv, TP_TWIST,
                           quick.slice_mv, TP_SLICE, TP_MOVES, (size_t)sh, every);
        assert_pairs_agree("flip x slice", quick.fl_sl, cgi_tpq_fs, quick.flip_mv, TP_FLIP,
                           quick.slice_mv, TP_SLICE, TP_MOVES, (size_t)sh, every);
        assert_pairs_agree("corners x slice order", quick.cp_sp, cgi_tpq_cs, quick.cp_mv, TP_CP,
                           quick.sp_mv, TP_SP, TP_P2MOVES, 0, every);
        assert_pairs_agree("U/D edges x slice order", quick.ep_sp, cgi_tpq_es, quick.ep_mv, TP_EP,
                           quick.sp_mv, TP_SP, TP_P2MOVES, 0, every);
        assert_pairs_agree("flip x twist", quick.fl_tw, cgi_tpq_ft, quick.flip_mv, TP_FLIP,
                           quick.twist_mv, TP_TWIST, TP_MOVES, 0, every);
    }

    const struct {
        const uint8_t *dist, *mod3;
        size_t n;
    } packed[] = {
        {quick.tw_sl, quick.tw_sl3, ts},
        {quick.fl_sl, quick.fl_sl3, fs},
        {quick.fl_tw, quick.fl_tw3, ft},
    };
    for (size_t k = 0; k < 3; k++)
        for (size_t i = 0; i < packed[k].n; i++)
            if ((packed[k].mod3[i >> 2] >> (2 * (i & 3)) & 3) != packed[k].dist[i] % 3)
                fail_msg("table %zu entry %zu: residue %d, distance %d", k, i,
                         packed[k].mod3[i >> 2] >> (2 * (i & 3)) & 3, packed[k].dist[i]);
    for (int v = 0; v < TP_CP; v++) {
        int cmin = 255, emin = 255;
        for (int sp = 0; sp < TP_SP; sp++) {
            int cd = quick.cp_sp[cgi_tpq_cs(&quick, v, sp)], ed = quick.ep_sp[cgi_tpq_es(&quick, v, sp)];
            cmin = cd < cmin ? cd : cmin;
            emin = ed < emin ? ed : emin;
        }
        assert_int_equal(quick.cp_dist[v], cmin);
        assert_int_equal(quick.ep_dist[v], emin);
    }
    for (int m = 0; m < TP_MOVES; m++) {
        cg3_cube c = shell.model.cube[cg3_move_from_face_turn((cg_move)m)];
        int tw = cgi_tp_twist(&c), fl = cgi_tp_flip(&c), sl = cgi_tp_slice(&c);
        assert_int_equal(quick.twist_mv[m], tw);
        assert_int_equal(quick.flip_mv[m], fl);
        assert_int_equal(quick.slice_mv[sh * TP_MOVES + m], sl);
        int out = !cgi_tp_in_g1(m); /* a quarter turn of a side face leaves G1 */
        int tsd = quick.tw_sl[cgi_tpq_ts(&quick, tw, sl)], fsd = quick.fl_sl[cgi_tpq_fs(&quick, fl, sl)];
        assert_int_equal(tsd > fsd ? tsd : fsd, out);
        int ftd = quick.fl_tw[cgi_tpq_ft(&quick, fl, tw)];
        assert_int_equal(ftd, ftd != 0);
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Random cubes (not scrambles): a solution of at most 20 moves, that solves the cube, with no
 * face turned twice in a row; the times are a benchmark, printed, not asserted. */
static void test_random_cubes_within_20(void **state)
{
    (void)state;
    enum { MAX = 200 };
    int n = test_scale_now() == SCALE_FULL ? MAX : test_scale_now() == SCALE_SANITIZED ? 20 : 3;
    double ms[MAX], nodes[MAX];
    int longest = 0;
    cg_rng r;
    cg_rng_seed(&r, 3636);
    for (int i = 0; i < n; i++) {
        cg3_cube c = cg3_cube_random(&r);
        cg3_solution sol = solve(&c, CG3_GODS_NUMBER, CG_METRIC_HTM, NULL, NULL, CG_OK);
        assert_true(sol.n <= CG3_GODS_NUMBER);
        assert_true(sol.n >= 1);
        assert_solves(&c, &sol);
        /* no two turns of one face side by side: the search never generates them (one turn
           is shorter), and where its phase 2 meets the pre-moves they are merged */
        for (int k = 1; k < sol.n; k++)
            if (sol.moves[k] / 3 == sol.moves[k - 1] / 3)
                fail_msg("cube %d: moves %d and %d turn the same face", i, k - 1, k);
        ms[i] = sol.ms;
        nodes[i] = (double)sol.nodes;
        longest = sol.n > longest ? sol.n : longest;
    }
    qsort(ms, (size_t)n, sizeof *ms, cmp_double);
    qsort(nodes, (size_t)n, sizeof *nodes, cmp_double);
    printf("quick solver, %d random cubes within 20: median %.2f ms (%.0f nodes), slowest %.1f ms "
           "(%.0f nodes), longest %d\n", n, ms[n / 2], nodes[n / 2], ms[n - 1], nodes[n - 1], longest);
}

/* Quarter turns: within 30 counted so (a half turn 2), and the count has the cube's parity.
 * (26, God's number in quarter turns, is beyond this solver in reasonable time: a game with such
 * a limit waits for the big tables.) */
static void test_quarter_turns(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 3637);
    for (int i = 0; i < (slow_tools() ? 3 : 30); i++) {
        cg3_cube c = cg3_cube_random(&r);
        cg3_solution sol = solve(&c, 30, CG_METRIC_QTM, NULL, NULL, CG_OK);
        int q = 0;
        for (int k = 0; k < sol.n; k++)
            q += sol.moves[k] % 3 == 1 ? 2 : 1;
        assert_true(q <= 30);
        assert_int_equal(q % 2, cgi_tp_corner_parity(&c));
        assert_solves(&c, &sol);
    }
}

/* A scramble of k moves: found within k (the search is complete); below its optimum the search
 * ends exhausted with CG_ERR_TOO_LONG. */
static void test_short_scrambles_and_impossible_limits(void **state)
{
    (void)state;
    cg3_cube h = cg3_cube_home();
    cg3_solution sol = solve(&h, 0, CG_METRIC_HTM, NULL, NULL, CG_OK);
    assert_int_equal(sol.n, 0);
    cg_rng r;
    cg_rng_seed(&r, 3638);
    for (int k = 1; k <= 6; k++)
        for (int i = 0; i < 10; i++) {
            cg_move moves[8];
            for (int j = 0; j < k; j++)
                moves[j] = (cg_move)cg_rng_below(&r, TP_MOVES);
            cg3_cube c = after(&h, moves, k);
            sol = solve(&c, k, CG_METRIC_HTM, NULL, NULL, CG_OK);
            assert_true(sol.n <= k);
            assert_solves(&c, &sol);
        }
    /* R U F: three moves, nothing shorter */
    cg_move three[] = {9, 0, 6};
    cg3_cube c = after(&h, three, 3);
    bool exhausted = false;
    solve(&c, 2, CG_METRIC_HTM, NULL, &exhausted, CG_ERR_TOO_LONG);
    assert_true(exhausted);
}

/* Extends seq (k moves so far, the last on face `last`) to 5 canonical moves with a side
 * quarter turn first and last; each that lands in G1 must be solved within 5. */
static void g1_walk(const cg3_cube *c, int k, int last, int *found)
{
    if (k == 5) {
        if (cgi_tp_twist(c) != 0 || cgi_tp_flip(c) != 0 || cgi_tp_slice(c) != cgi_tp_slice_home())
            return;
        (*found)++;
        cg3_solution sol = solve(c, 5, CG_METRIC_HTM, NULL, NULL, CG_OK);
        assert_true(sol.n <= 5);
        assert_solves(c, &sol);
        return;
    }
    for (int m = 0; m < TP_MOVES; m++) {
        if (m / 3 == last || (m / 3 == (last ^ 1) && m / 3 < last) ||
            ((k == 0 || k == 4) && cgi_tp_in_g1(m)))
            continue;
        cg_move one[] = {(cg_move)m};
        cg3_cube d = after(c, one, 1);
        g1_walk(&d, k + 1, m / 3, found);
    }
}

/* Every canonical sequence of n moves (side: of side quarter turns only, F B L R each way): its
 * cube is solved within n. Side quarter turns: the only solutions that short are often phase 1
 * alone, of exactly the limit's length. Any move: each move's conjugate takes part in the
 * search's second bound, so each move must be in some short optimal solution for a wrong
 * conjugate to show. */
static void walk(const cg3_cube *c, int k, int n, int last, bool side, int *count)
{
    if (k == n) {
        cg3_solution sol = solve(c, n, CG_METRIC_HTM, NULL, NULL, CG_OK);
        assert_true(sol.n <= n);
        assert_solves(c, &sol);
        (*count)++;
        return;
    }
    for (int m = side ? 6 : 0; m < TP_MOVES; m++) {
        if ((side && m % 3 == 1) || m / 3 == last || (m / 3 == (last ^ 1) && m / 3 < last))
            continue;
        cg_move one[] = {(cg_move)m};
        cg3_cube d = after(c, one, 1);
        walk(&d, k + 1, n, m / 3, side, count);
    }
}

static void test_side_quarter_turns(void **state)
{
    (void)state;
    cg3_cube h = cg3_cube_home();
    int count = 0;
    for (int n = 1; n <= 3; n++)
        walk(&h, 0, n, -1, true, &count);
    printf("side quarter-turn sequences of 1 to 3: %d\n", count);
    assert_int_equal(count, 8 + 40 + 192); /* of 1, 2 and 3 moves */
}

static void test_every_short_sequence(void **state)
{
    (void)state;
    cg3_cube h = cg3_cube_home();
    int count = 0; /* 3 moves too: 3,240 cubes more, 3 s here, a minute under the sanitizers */
    for (int n = 1; n <= 2; n++)
        walk(&h, 0, n, -1, false, &count);
    assert_int_equal(count, 18 + 243); /* canonical sequences of 1 and 2 moves */
}

/* The edge cases: home (no moves, whatever the limit), each face turn (one move, and none
 * within 0), the superflip (20 moves away, the most any cube needs: Michael Reid, 1995)
 * within 22 (within 20 or 21 it takes this solver hundreds of millions of nodes, past its
 * node cap: the big tables' search needs 87 M and 0.27 M; docs/solving-3x3.md), and the 128
 * cubes in G1 that 5 moves starting and ending with a side quarter turn make, each within 5
 * (the search's "in G1 with under five moves left" cut: none of 2 to 4 moves exists). */
static void test_edge_cases(void **state)
{
    (void)state;
    cg3_cube h = cg3_cube_home();
    cg3_solution sol = solve(&h, 20, CG_METRIC_HTM, NULL, NULL, CG_OK);
    assert_int_equal(sol.n, 0);
    for (int m = 0; m < TP_MOVES; m++) {
        cg_move one[] = {(cg_move)m};
        cg3_cube c = after(&h, one, 1);
        sol = solve(&c, 20, CG_METRIC_HTM, NULL, NULL, CG_OK);
        assert_int_equal(sol.n, 1);
        assert_solves(&c, &sol);
        bool exhausted = false;
        solve(&c, 0, CG_METRIC_HTM, NULL, &exhausted, CG_ERR_TOO_LONG);
        assert_true(exhausted);
    }
    cg3_cube flip = h;
    memset(flip.eo, 1, sizeof flip.eo);
    sol = solve(&flip, 22, CG_METRIC_HTM, NULL, NULL, CG_OK);
    assert_true(sol.n >= 20 && sol.n <= 22);
    assert_solves(&flip, &sol);
    printf("superflip within 22: %d moves, %llu nodes, %.1f ms\n", sol.n, sol.nodes, sol.ms);
    /* every canonical 5-move sequence with a side quarter turn at each end that lands in G1
       (none of 2 to 4 moves does) */
    int found = 0;
    g1_walk(&h, 0, -1, &found);
    printf("G1 cubes out of G1 and back in 5 moves: %d\n", found);
    assert_int_equal(found, 128);
}

/* The tables built on the caller's thread alone are byte for byte those built on two (the
 * phase-1 tables on a thread of their own). */
static void test_one_thread_or_two(void **state)
{
    (void)state;
    if (test_scale_now() == SCALE_VALGRIND) /* a second build: the release and ASan runs have it */
        skip();
    tp_quick one;
    cg_error err;
    assert_int_equal(cgi_tpq_build_on(&one, &shell.model, 1, &err), CG_OK);
    assert_memory_equal(one.mem, quick.mem, cgi_tpq_bytes());
    cgi_tpq_free(&one);
}

/* A second set of tables, freed: nothing is left pointing at the memory, so freeing again
 * (a close after a failed build, say) frees nothing twice. */
static void test_free_forgets_the_tables(void **state)
{
    (void)state;
    tp_quick q;
    cg_error err;
    /* and the build keeps nothing else (its scratch freed): the heap in use, small blocks and
       mapped ones, is what it was (the setup's build made the heap's first growth) */
    size_t before = heap_in_use();
    assert_int_equal(cgi_tpq_build(&q, &shell.model, &err), CG_OK);
    assert_non_null(q.mem);
    cgi_tpq_free(&q);
    assert_null(q.mem);
    assert_null(q.twist_mv);
    assert_null(q.fl_tw3);
    cgi_tpq_free(&q);
    if (before != SIZE_MAX)
        assert_int_equal(heap_in_use(), before);
}

/* A solve frees what it allocates: the heap in use is the same after 50 solves (glibc's count;
 * the sanitizer and valgrind runs see leaks themselves). */
static void test_solves_free_their_memory(void **state)
{
    (void)state;
    if (heap_in_use() == SIZE_MAX || slow_tools())
        skip();
    cg_rng r;
    cg_rng_seed(&r, 3642);
    cg3_cube cubes[50];
    for (int i = 0; i < 50; i++)
        cubes[i] = cg3_cube_random(&r);
    solve(&cubes[0], 22, CG_METRIC_HTM, NULL, NULL, CG_OK); /* the heap's first growth */
    size_t before = heap_in_use();
    for (int i = 0; i < 50; i++)
        solve(&cubes[i], 22, CG_METRIC_HTM, NULL, NULL, CG_OK);
    assert_int_equal(heap_in_use(), before);
}

/* Once the big tables are said to be ready, a search that has not found a solution yet gives
 * way (not exhausted); one that finds a solution first keeps it. */
static void test_gives_way_to_the_big_tables(void **state)
{
    (void)state;
    void *ready = &shell; /* any non-NULL: "ready" */
    cg_rng r;
    cg_rng_seed(&r, 3639);
    cg3_cube c = cg3_cube_random(&r);
    bool exhausted = true;
    /* 16 moves: far more than 1,024 nodes for this solver */
    solve(&c, 16, CG_METRIC_HTM, &ready, &exhausted, CG_ERR_TOO_LONG);
    assert_false(exhausted);
    cg3_cube h = cg3_cube_home();
    cg_move one[] = {0};
    cg3_cube u = after(&h, one, 1);
    cg3_solution sol = solve(&u, 20, CG_METRIC_HTM, &ready, NULL, CG_OK);
    assert_int_equal(sol.n, 1);
}

/* The background open: it answers at once with a valid solution whether or not its tables are
 * ready, and a close while they are built returns without saving them. */
static void test_background_open(void **state)
{
    (void)state;
    char dir[] = "/tmp/cg-quick-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/twophase.tbl", dir);
    cg3_tables_options o = {.cache_path = path};
    cg3_twophase *s = NULL;
    cg_error err;
    int64_t t0 = cg_now_ns();
    assert_int_equal(cg3_twophase_open_background(&s, &o, &err), CG_OK);
    cg_rng r;
    cg_rng_seed(&r, 3640);
    for (int i = 0; i < 5; i++) {
        cg3_cube c = cg3_cube_random(&r);
        cg3_solution sol;
        assert_int_equal(cg3_twophase_solve(s, &c, NULL, &sol, &err), CG_OK);
        assert_true(sol.n <= CG3_GODS_NUMBER);
        assert_solves(&c, &sol);
    }
    printf("background open: 5 cubes answered %.0f ms after the open, tables %s\n",
           cg_seconds_between(t0, cg_now_ns()) * 1e3,
           cg3_twophase_pending(s) ? "still building" : "ready");
    cg3_twophase_close(s); /* stops the build */
    assert_int_equal(access(path, F_OK), -1);
    rmdir(dir);
    /* from the suite's cache: the wait ends with the tables loaded, and solves go through them */
    const char *suite = getenv("CUBEGOD_TWOPHASE_CACHE");
    if (!suite || access(suite, R_OK) != 0 || slow_tools())
        return;
    o.cache_path = suite;
    assert_int_equal(cg3_twophase_open_background(&s, &o, &err), CG_OK);
    cg3_tables_info info;
    assert_int_equal(cg3_twophase_wait(s, &info, &err), CG_OK);
    assert_true(info.from_cache);
    assert_false(cg3_twophase_pending(s));
    cg3_cube c = cg3_cube_random(&r);
    cg3_solution sol;
    assert_int_equal(cg3_twophase_solve(s, &c, NULL, &sol, &err), CG_OK);
    assert_solves(&c, &sol);
    cg3_twophase_close(s);
}

/* This process's threads (Linux: /proc/self/task), or -1 where that cannot be read. */
static int threads_now(void)
{
    DIR *d = opendir("/proc/self/task");
    if (!d)
        return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

static void count_notice(void *ctx, const char *text)
{
    (void)text;
    (*(int *)ctx)++;
}

/* Opened later (issue 42): nothing loaded, built or said until the start; closed before it,
 * nothing is left; the first solve starts it (a damaged file: the quick solver answers while
 * the big tables are rebuilt, and a close stops that build, leaving the file as it was). */
static void test_open_later(void **state)
{
    (void)state;
    char dir[] = "/tmp/cg-later-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/twophase.tbl", dir);
    int notices = 0;
    cg3_tables_options o = {.cache_path = path, .notice = count_notice, .notice_ctx = &notices};
    cg3_twophase *s = NULL;
    cg_error err;
    int before = threads_now();
    assert_int_equal(cg3_twophase_open_later(&s, &o, &err), CG_OK);
    assert_false(cg3_twophase_pending(s));
    cg3_twophase_close(s); /* before the start: returns at once, the thread ends by itself */
    assert_int_equal(notices, 0);
    assert_int_equal(access(path, F_OK), -1);
    for (int i = 0; i < 600 && before > 0 && threads_now() > before; i++)
        usleep(50000); /* the quick tables' build, then the thread sees the close */
    if (before > 0) /* at most: the stopped build's thread above may end meanwhile too
                       (seconds later under valgrind) */
        assert_true(threads_now() <= before);

    FILE *f = fopen(path, "wb"); /* a damaged file: a few bytes */
    assert_non_null(f);
    fputs("not a table", f);
    fclose(f);
    assert_int_equal(cg3_twophase_open_later(&s, &o, &err), CG_OK);
    assert_false(cg3_twophase_pending(s));
    assert_int_equal(notices, 0);
    cg_rng r;
    cg_rng_seed(&r, 4242);
    cg3_cube c = cg3_cube_random(&r);
    cg3_solution sol;
    assert_int_equal(cg3_twophase_solve(s, &c, NULL, &sol, &err), CG_OK); /* starts it */
    assert_solves(&c, &sol);
    assert_true(cg3_twophase_pending(s)); /* started: the build takes seconds */
    cg3_twophase_close(s); /* stops the build */
    f = fopen(path, "rb");
    assert_non_null(f);
    char text[16] = "";
    assert_non_null(fgets(text, sizeof text, f));
    fclose(f);
    assert_string_equal(text, "not a table"); /* a stopped build saves nothing */
    unlink(path);
    rmdir(dir);
    /* the suite's cache: the wait starts it and it is loaded, not built */
    const char *suite = getenv("CUBEGOD_TWOPHASE_CACHE");
    if (!suite || access(suite, R_OK) != 0)
        return;
    cg3_tables_options so = {.cache_path = suite};
    /* a plausible file: no quick tables, the thread goes to wait for the start at once; after
       a close it ends (whether the close found it waiting or not: on a busy machine it may
       not have run yet) */
    before = threads_now();
    assert_int_equal(cg3_twophase_open_later(&s, &so, &err), CG_OK);
    usleep(200000);
    cg3_twophase_close(s);
    for (int i = 0; i < 100 && before > 0 && threads_now() > before; i++)
        usleep(50000);
    if (before > 0) /* at most: the stopped build's thread above may end meanwhile too
                       (seconds later under valgrind) */
        assert_true(threads_now() <= before);
    assert_int_equal(cg3_twophase_open_later(&s, &so, &err), CG_OK);
    cg3_tables_info info;
    assert_int_equal(cg3_twophase_wait(s, &info, &err), CG_OK);
    assert_true(info.from_cache);
    assert_false(cg3_twophase_pending(s));
    cg3_twophase_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_agree_with_the_model),
        cmocka_unit_test(test_random_cubes_within_20),
        cmocka_unit_test(test_quarter_turns),
        cmocka_unit_test(test_short_scrambles_and_impossible_limits),
        cmocka_unit_test(test_edge_cases),
        cmocka_unit_test(test_side_quarter_turns),
        cmocka_unit_test(test_every_short_sequence),
        cmocka_unit_test(test_one_thread_or_two),
        cmocka_unit_test(test_free_forgets_the_tables),
        cmocka_unit_test(test_solves_free_their_memory),
        cmocka_unit_test(test_gives_way_to_the_big_tables),
        cmocka_unit_test(test_background_open),
        cmocka_unit_test(test_open_later),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
