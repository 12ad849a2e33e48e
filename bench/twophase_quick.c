/* The quick 3x3 solver against the big one: the quick tables' build time, then the search
 * nodes and times (median, p90, p99, max) over N uniformly random cubes with a fixed seed,
 * every answer applied to the model. Figures are printed, never asserted.
 *
 *   build/bench_twophase_quick [-n N] [--seed S | --serve-seed S] [--max-moves M] [--cache FILE]
 *                              [--each 1]
 *
 * --each 1 prints every cube's figures. --serve-seed S (each printed): the cubes of the first
 * game of `cubegod serve --size 3 --seed S`, its rounds' random cubes in order (seed 26: the
 * first 3x3 game of tests/game/e2e_first_game3.sh). With --cache (an existing big-table file,
 * cubegod tables --size 3) the big solver is timed on the same cubes after the file is opened. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cubegod/clock.h"
#include "cubegod/server.h"
#include "cubegod/solver3.h"
#include "solver3/twophase.h"

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* This thread's CPU time: on a shared machine it moves less with the load than the wall clock. */
static double thread_cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The value at fraction f of the sorted v (nearest rank). */
static double at(const double *v, int n, double f)
{
    int i = (int)(f * n);
    return v[i < n ? i : n - 1];
}

static void report(const char *who, double *ms, double *nodes, int n, double len, int wrong,
                   double cpu)
{
    qsort(ms, (size_t)n, sizeof *ms, cmp_double);
    qsort(nodes, (size_t)n, sizeof *nodes, cmp_double);
    printf("%-6s time  median %8.3f ms  p90 %8.3f ms  p99 %8.3f ms  max %8.3f ms\n", who,
           at(ms, n, 0.5), at(ms, n, 0.9), at(ms, n, 0.99), ms[n - 1]);
    printf("%-6s nodes median %8.0f     p90 %8.0f     p99 %8.0f     max %8.0f   "
           "mean length %.2f, wrong %d\n", who, at(nodes, n, 0.5), at(nodes, n, 0.9),
           at(nodes, n, 0.99), nodes[n - 1], len, wrong);
    printf("%-6s CPU   mean %8.3f ms a cube\n", who, cpu / n);
}

typedef cg_status (*solve_fn)(void *ctx, const cg3_cube *c, const cg3_solve_options *o,
                              cg3_solution *out, cg_error *err);

typedef struct quick_ctx {
    cg3_twophase *shell;
    tp_quick *t;
} quick_ctx;

static cg_status solve_quick(void *ctx, const cg3_cube *c, const cg3_solve_options *o,
                             cg3_solution *out, cg_error *err)
{
    quick_ctx *q = ctx;
    bool exhausted;
    memset(out, 0, sizeof *out);
    return cgi_tpq_solve(q->shell, q->t, c, o, NULL, &exhausted, out, err);
}

static cg_status solve_big(void *ctx, const cg3_cube *c, const cg3_solve_options *o,
                           cg3_solution *out, cg_error *err)
{
    return cg3_twophase_solve(ctx, c, o, out, err);
}

static void run(const char *who, solve_fn f, void *ctx, const cg3_tables *model, int n,
                unsigned long long seed, int max_moves, bool each)
{
    double *ms = malloc(sizeof *ms * (size_t)n), *nodes = malloc(sizeof *nodes * (size_t)n);
    if (!ms || !nodes) {
        fprintf(stderr, "no memory\n");
        exit(1);
    }
    cg_rng r;
    cg_rng_seed(&r, seed);
    cg3_solve_options o = cg3_solve_defaults();
    o.max_moves = max_moves;
    int wrong = 0;
    double len = 0, cpu0 = thread_cpu_ms();
    for (int i = 0; i < n; i++) {
        cg3_cube c = cg3_cube_random(&r);
        cg3_solution sol;
        cg_error err = {0};
        if (f(ctx, &c, &o, &sol, &err) != CG_OK) {
            printf("%s: cube %d not solved: %s\n", who, i, err.msg);
            wrong++;
            ms[i] = sol.ms, nodes[i] = (double)sol.nodes;
            continue;
        }
        cg3_cube x = c, h = cg3_cube_home();
        for (int k = 0; k < sol.n; k++)
            cg3_cube_apply(model, &x, cg3_move_from_face_turn(sol.moves[k]));
        wrong += memcmp(&x, &h, sizeof h) != 0 || sol.n > max_moves;
        len += sol.n;
        ms[i] = sol.ms, nodes[i] = (double)sol.nodes;
        if (each)
            printf("%-6s cube %d: %d moves, %llu nodes, %.3f ms\n", who, i + 1, sol.n, sol.nodes,
                   sol.ms);
    }
    report(who, ms, nodes, n, len / n, wrong, thread_cpu_ms() - cpu0);
    free(ms);
    free(nodes);
}

/* The superflip (every edge flipped in place; 20 moves from home), once, checked. */
static void flip_once(quick_ctx *q, const cg3_tables *model, int max_moves)
{
    cg3_cube c = cg3_cube_home(), h = c;
    memset(c.eo, 1, sizeof c.eo);
    cg3_solve_options o = cg3_solve_defaults();
    o.max_moves = max_moves;
    cg3_solution sol;
    cg_error err = {0};
    double c0 = thread_cpu_ms();
    if (solve_quick(q, &c, &o, &sol, &err) != CG_OK) {
        printf("quick  superflip within %d: not solved: %s\n", max_moves, err.msg);
        return;
    }
    for (int k = 0; k < sol.n; k++)
        cg3_cube_apply(model, &c, cg3_move_from_face_turn(sol.moves[k]));
    printf("quick  superflip within %d: %d moves, %llu nodes, %.3f ms (%.3f ms CPU)%s\n",
           max_moves, sol.n, sol.nodes, sol.ms, thread_cpu_ms() - c0,
           memcmp(&c, &h, sizeof h) != 0 || sol.n > max_moves ? ", WRONG" : "");
}

int main(int argc, char **argv)
{
    int n = 1000, max_moves = CG3_GODS_NUMBER;
    unsigned long long seed = 1;
    const char *cache = NULL;
    bool serve = false, each = false, superflip = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) {
            fprintf(stderr, "%s: needs a value\n", a);
            return 2;
        }
        if (strcmp(a, "-n") == 0)
            n = atoi(v);
        else if (strcmp(a, "--seed") == 0)
            seed = strtoull(v, NULL, 10);
        else if (strcmp(a, "--each") == 0)
            each = atoi(v) != 0;
        else if (strcmp(a, "--serve-seed") == 0)
            seed = cg_game_seed(strtoull(v, NULL, 10), 1), serve = true;
        else if (strcmp(a, "--max-moves") == 0)
            max_moves = atoi(v);
        else if (strcmp(a, "--cache") == 0)
            cache = v;
        else if (strcmp(a, "--superflip") == 0)
            superflip = atoi(v) != 0;
        else {
            fprintf(stderr, "usage: %s [-n N] [--seed S | --serve-seed S] [--max-moves M] "
                    "[--cache FILE] [--each 1] [--superflip 1]\n", argv[0]);
            return 2;
        }
        i++;
    }
    if (n < 1 || max_moves < 0 || max_moves > CG3_SOLUTION_MAX) {
        fprintf(stderr, "-n must be 1 or more, --max-moves 0..%d\n", CG3_SOLUTION_MAX);
        return 2;
    }
    static cg3_twophase shell;
    static tp_quick t;
    cg_error err;
    if (cgi_tp_init_shell(&shell, &err) != CG_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    double c0 = cpu_ms();
    int64_t t0 = cg_now_ns();
    if (cgi_tpq_build(&t, &shell.model, &err) != CG_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    printf("%d uniformly random cubes, %s %llu, at most %d moves, one core\n", n,
           serve ? "serve's first game, its seed" : "seed", seed, max_moves);
    printf("quick  tables %.1f MB built in %.1f ms wall, %.1f ms CPU\n", cgi_tpq_bytes() / 1e6,
           cg_seconds_between(t0, cg_now_ns()) * 1e3, cpu_ms() - c0);
    quick_ctx q = {&shell, &t};
    if (superflip)
        flip_once(&q, &shell.model, max_moves);
    else
        run("quick", solve_quick, &q, &shell.model, n, seed, max_moves, serve || each);
    cgi_tpq_free(&t);
    if (cache) {
        cg3_tables_options o = {.cache_path = cache};
        cg3_tables_info info;
        cg3_twophase *s;
        if (cg3_twophase_open(&s, &o, &info, &err) != CG_OK) {
            fprintf(stderr, "%s\n", err.msg);
            return 1;
        }
        printf("big    tables %.1f MB %s in %.1f ms\n", info.bytes / 1e6,
               info.from_cache ? "loaded" : "built", info.ready_ms);
        run("big", solve_big, s, &shell.model, n, seed, max_moves, serve || each);
        cg3_twophase_close(s);
    }
    return 0;
}
