/* Shared by the fuzz targets: one LLVMFuzzerTestOneInput per file, built either with libFuzzer
 * (clang, -DCUBEGOD_FUZZ=ON) or with replay_main.c, which feeds it files (the regression tests). */
#ifndef CUBEGOD_FUZZ_H
#define CUBEGOD_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cubegod/solver.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a NUL-terminated string (for parsers that take one); free() it. Embedded NULs
 * stay: such a parser simply sees a shorter text. */
static inline char *fuzz_cstring(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    if (size)
        memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* The solver table, loaded once per process from CUBEGOD_CACHE (built there if missing) and
 * freed at exit so leak checkers stay quiet. A fuzz process is the one place a static is the
 * right tool: the harness has no other state to hang it on. */
static cg_tables *fuzz_tables_handle;

static inline void fuzz_tables_free(void) { cg_tables_close(fuzz_tables_handle); }

static inline const cg_tables *fuzz_tables(void)
{
    if (!fuzz_tables_handle) {
        cg_tables_options o = {.cache_path = getenv("CUBEGOD_CACHE")};
        cg_error err;
        if (cg_tables_open(&fuzz_tables_handle, &o, NULL, &err) != CG_OK) {
            fprintf(stderr, "fuzz: solver table: %s\n", err.msg);
            abort();
        }
        atexit(fuzz_tables_free);
    }
    return fuzz_tables_handle;
}

/* A failed invariant: abort so the fuzzer keeps the input. */
#define FUZZ_CHECK(cond)                                                                       \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            fprintf(stderr, "fuzz: check failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__);  \
            abort();                                                                           \
        }                                                                                      \
    } while (0)

/* An error message is one line of printable text, NUL-terminated inside its buffer. */
static inline void fuzz_check_message(const cg_error *err)
{
    size_t n = strnlen(err->msg, sizeof err->msg);
    FUZZ_CHECK(n < sizeof err->msg);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK((unsigned char)err->msg[i] >= 0x20 && err->msg[i] != 0x7f);
}

/* Rebuilds a 3x3 puzzle like `cubegod solve --ambiguous pick` does (with a small cap, so
 * that mostly hidden cubes stay quick) and checks what comes back: a real cube that shows every
 * known sticker in the colours its centres give. */
static inline void fuzz_read3_check(const cg_puzzle *p)
{
    cg_reconstruct3_options o = {.pick = true, .cap = 50};
    cg_reading3 rd;
    cg_error err;
    cg_status st = cg_reconstruct3(p, &o, &rd, &err);
    if (st != CG_OK) {
        FUZZ_CHECK(st == CG_ERR_INPUT);
        fuzz_check_message(&err);
        return;
    }
    FUZZ_CHECK(rd.fits >= 1 && rd.fits <= 50);
    FUZZ_CHECK(cg3_cube_check(&rd.cube, NULL) == CG_OK);
    uint8_t f[CG3_FACELETS];
    cg3_cube_to_facelets(&rd.cube, f);
    for (int i = 0; i < CG3_FACELETS; i++)
        if (p->sticker[i] != CG_UNKNOWN)
            FUZZ_CHECK(strcmp(p->colour[p->sticker[i]], rd.scheme.face[f[i]]) == 0);
}

/* Reconstructs and solves p like `cubegod solve` does, and checks what comes back: a valid cube,
 * at most 11 moves, and those moves solve it (home when the scheme is known, any otherwise). */
static inline void fuzz_solve_check(const cg_puzzle *p, const cg_scheme *scheme)
{
    cg_reading reading;
    cg_error err;
    cg_status st = cg_reconstruct(p, scheme, &reading, &err);
    if (st != CG_OK) {
        FUZZ_CHECK(st == CG_ERR_INPUT || st == CG_ERR_AMBIGUOUS);
        fuzz_check_message(&err);
        return;
    }
    FUZZ_CHECK(cg_cube_is_valid(&reading.cube));
    cg_solve_options opt = cg_solve_defaults();
    opt.scheme = scheme;
    cg_move moves[CG_SOLUTION_MAX];
    int n = -1;
    st = cg_solve_puzzle(fuzz_tables(), p, &opt, moves, &n, &err);
    if (st != CG_OK) {
        fuzz_check_message(&err);
        return;
    }
    FUZZ_CHECK(n >= 0 && n <= CG_MAX_SOLUTION);
    cg_cube c = reading.cube;
    cg_cube_apply_all(&c, moves, (size_t)n);
    FUZZ_CHECK(reading.scheme_known ? cg_cube_is_home(&c) : cg_cube_is_solved_any(&c));
}

#endif
