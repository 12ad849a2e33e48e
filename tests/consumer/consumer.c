/* A program that uses the installed cubegod as any other project would: only <cubegod/...>
 * headers and the library. It reads a scramble from a memory tube, solves the scrambled cube
 * optimally with the table solver, checks the answer and sends it back through the tube.
 * Built by ./run.sh test against an installed prefix, once with find_package(cubegod) and once
 * with pkg-config. Usage: consumer [CACHE_FILE] (default: the solver's usual cache). */
#include <stdio.h>
#include <string.h>

#include <cubegod/cube.h>
#include <cubegod/solver.h>
#include <cubegod/tube.h>
#include <cubegod/version.h>

static int fail(const char *what, const cg_error *err)
{
    fprintf(stderr, "consumer: %s: %s\n", what, err ? err->msg : "check failed");
    return 1;
}

int main(int argc, char **argv)
{
    static const char scramble[] = "R U2 F' D L2 B R' U\n";
    cg_error err = {0};
    cg_tube_options topt = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    if (cg_tube_memory(scramble, sizeof scramble - 1, 3, &topt, &t, &err) != CG_OK)
        return fail("memory tube", &err);

    const uint8_t *line;
    size_t len;
    cg_move moves[32];
    size_t nmoves;
    if (cg_tube_recvline(t, 1.0, &line, &len, &err) != CG_OK)
        return fail("recvline", &err);
    char given[64];
    snprintf(given, sizeof given, "%.*s", (int)len, (const char *)line);
    if (cg_moves_parse(given, moves, 32, &nmoves, &err) != CG_OK)
        return fail("moves", &err);
    cg_cube c = cg_cube_home();
    cg_cube_apply_all(&c, moves, nmoves);

    cg_tables_options opt = {.cache_path = argc > 1 ? argv[1] : NULL};
    cg_tables *tables;
    if (cg_tables_open(&tables, &opt, NULL, &err) != CG_OK)
        return fail("tables", &err);
    cg_move answer[CG_SOLUTION_MAX];
    int n;
    if (cg_solve_cube(tables, &c, CG_TARGET_HOME, CG_MAX_SOLUTION, answer, &n, &err) != CG_OK)
        return fail("solve", &err);
    int distance = cg_distance_home(tables, &c);
    cg_tables_close(tables);

    /* The answer must bring the cube home, in as many moves as the table says is optimal, and
     * never more than the scramble took. */
    cg_cube_apply_all(&c, answer, (size_t)n);
    if (!cg_cube_is_home(&c) || n != distance || (size_t)n > nmoves)
        return fail("the answer", NULL);

    char text[CG_MAX_SOLUTION * 3 + 1];
    cg_moves_format(answer, (size_t)n, text, sizeof text);
    const uint8_t *sent;
    size_t sent_n;
    if (cg_tube_sendline(t, text, strlen(text), &err) != CG_OK ||
        cg_tube_memory_sent(t, &sent, &sent_n, &err) != CG_OK)
        return fail("send", &err);
    if (sent_n != strlen(text) + 1 || memcmp(sent, text, strlen(text)) != 0)
        return fail("what the tube sent", NULL);
    cg_tube_close(t);

    printf("cubegod %s (built against %s): %s -> %s (%d moves)\n", cg_version(), CG_VERSION, given,
           text, n);
    return 0;
}
