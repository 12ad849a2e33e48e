/* cubegod bench read3: how often five visible faces leave a 3x3 ambiguous, and what that means
 * for a game of rounds. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/contest_cli.h"
#include "cli/json.h"
#include "cubegod/puzzle.h"

static const char BENCH_READ3_HELP[] =
    "usage: cubegod bench read3 [-n N] [--seed S] [--rounds R] [--json]\n"
    "\n"
    "Rebuilds N uniformly random 3x3 cubes (default 20000) from five faces, once for each face\n"
    "hidden, and counts the cubes that fit what is shown. Prints the share of views that leave\n"
    "the cube ambiguous, how many cubes fit them, and for a game of R rounds (default 100) each\n"
    "hiding one random face: the chance that at least one round is ambiguous, and the chance of\n"
    "getting every round right when ambiguous rounds are answered with one fitting cube picked\n"
    "(solve --ambiguous pick). Also the median time of one reconstruction.\n";

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int bench_read3(int argc, char **argv)
{
    long n = 20000, seed = 1, rounds = 100;
    const contest_opt opts[] = {{"-n", 1, 10000000, &n},
                                {"--seed", 0, 1L << 62, &seed},
                                {"--rounds", 1, 1000000, &rounds}};
    bool as_json = false;
    int status = contest_options("bench read3", argc, argv, opts, 3, BENCH_READ3_HELP, &as_json);
    if (status >= 0)
        return status;
    static const char TOKEN[6][2] = {"U", "D", "F", "B", "L", "R"};
    cg_rng r;
    cg_rng_seed(&r, (uint64_t)seed);
    long views = 0, ambiguous = 0, wrong = 0, by_fits[8] = {0}, max_fits = 0;
    double inv_sum = 0; /* sum over views of 1/fits: the chance that a pick is right */
    double *us = malloc(sizeof *us * (size_t)n * 6);
    if (!us) {
        cli_err("bench read3", "out of memory");
        return 1;
    }
    for (long i = 0; i < n; i++) {
        cg3_cube c = cg3_cube_random(&r);
        uint8_t f[CG3_FACELETS];
        cg3_cube_to_facelets(&c, f);
        for (int hidden = 0; hidden < CG_FACES; hidden++) {
            cg_puzzle p;
            cg_puzzle_clear_size(&p, 3);
            for (int k = 0; k < CG3_FACELETS; k++)
                if (k / 9 != hidden)
                    cg_puzzle_set(&p, k, TOKEN[f[k]], 1, NULL);
            cg_reconstruct3_options o = {.pick = true};
            cg_reading3 rd;
            double t0 = contest_now();
            cg_status st = cg_reconstruct3(&p, &o, &rd, NULL);
            us[views] = (contest_now() - t0) * 1e6;
            views++;
            if (st != CG_OK || cg3_cube_check(&rd.cube, NULL) != CG_OK) {
                wrong++;
                continue;
            }
            ambiguous += rd.fits > 1;
            by_fits[rd.fits < 7 ? rd.fits : 7]++;
            max_fits = (long)rd.fits > max_fits ? (long)rd.fits : max_fits;
            inv_sum += 1.0 / (double)rd.fits;
        }
    }
    qsort(us, (size_t)views, sizeof *us, cmp_double);
    double median = us[views / 2];
    free(us);
    double p_amb = (double)ambiguous / (double)views;
    double p_right = inv_sum / (double)views; /* one round, picking */
    double game_amb = 1.0 - pow(1.0 - p_amb, (double)rounds);
    double game_pick = pow(p_right, (double)rounds);
    if (as_json) {
        json j;
        json_start(&j, stdout);
        json_object(&j, NULL);
        json_str(&j, "bench", "read3");
        json_int(&j, "cubes", n);
        json_int(&j, "views", views);
        json_int(&j, "ambiguous", ambiguous);
        json_num(&j, "ambiguous_share", p_amb);
        json_int(&j, "max_fits", max_fits);
        json_num(&j, "pick_right_per_round", p_right);
        json_int(&j, "rounds", rounds);
        json_num(&j, "game_any_ambiguous", game_amb);
        json_num(&j, "game_all_right_with_pick", game_pick);
        json_num(&j, "median_us", median);
        json_int(&j, "failed", wrong);
        json_finish(&j);
        return wrong ? 1 : 0;
    }
    printf("read3: %ld random cubes, each face hidden in turn: %ld views\n", n, views);
    printf("ambiguous views    %ld (%.3f%%)\n", ambiguous, 100.0 * p_amb);
    printf("cubes fitting      ");
    for (int k = 1; k < 8; k++)
        if (by_fits[k])
            printf(" %s%d: %ld", k == 7 ? ">=" : "", k, by_fits[k]);
    printf(" (most %ld)\n", max_fits);
    printf("pick right         %.4f%% of rounds\n", 100.0 * p_right);
    printf("game of %ld rounds: at least one ambiguous %.2f%%; all right with pick %.2f%%\n",
           rounds, 100.0 * game_amb, 100.0 * game_pick);
    printf("median rebuild     %.1f us\n", median);
    if (wrong)
        printf("FAILED             %ld views could not be rebuilt\n", wrong);
    return wrong ? 1 : 0;
}
