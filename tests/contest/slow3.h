/* An independent, slow 3x3 model for the tests: every facelet is a point and a normal in space,
 * and a move turns the points of its layers by 90 degrees about an axis. It shares nothing with
 * src/contest/cube3.c but the facelet numbering (face * 9 + row * 3 + col, faces U D F B L R,
 * laid out as in cube3.h's header), which the sim3 samples pin down. */
#ifndef CUBEGOD_TESTS_SLOW3_H
#define CUBEGOD_TESTS_SLOW3_H

#include <stdint.h>
#include <string.h>

enum { S3_N = 54 };

typedef struct s3_perm {
    uint8_t src[S3_N]; /* after the move, facelet i shows what src[i] showed */
} s3_perm;

/* Point (p) and outward normal (n) of facelet i; coordinates -1..1, x to R, y to U, z to F. */
static inline void s3_geometry(int i, int p[3], int n[3])
{
    int face = i / 9, r = i % 9 / 3, c = i % 3;
    static const int normal[6][3] = {{0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {-1, 0, 0}, {1, 0, 0}};
    memcpy(n, normal[face], sizeof normal[face]);
    switch (face) {
    case 0: p[0] = c - 1; p[1] = 1; p[2] = r - 1; break;   /* U: row 0 at the back */
    case 1: p[0] = c - 1; p[1] = -1; p[2] = 1 - r; break;  /* D: row 0 at the front */
    case 2: p[0] = c - 1; p[1] = 1 - r; p[2] = 1; break;   /* F */
    case 3: p[0] = 1 - c; p[1] = 1 - r; p[2] = -1; break;  /* B: col 0 at the right */
    case 4: p[0] = -1; p[1] = 1 - r; p[2] = c - 1; break;  /* L: col 0 at the back */
    default: p[0] = 1; p[1] = 1 - r; p[2] = 1 - c; break;  /* R: col 0 at the front */
    }
}

static inline int s3_facelet_at(const int p[3], const int n[3])
{
    for (int i = 0; i < S3_N; i++) {
        int q[3], m[3];
        s3_geometry(i, q, m);
        if (!memcmp(p, q, sizeof q) && !memcmp(n, m, sizeof m))
            return i;
    }
    return -1;
}

/* v turned a quarter clockwise seen from the tip of axis u (a unit vector): u(u.v) - u x v. */
static inline void s3_turn(const int u[3], int v[3])
{
    int dot = u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    int cross[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
    for (int k = 0; k < 3; k++)
        v[k] = u[k] * dot - cross[k];
}

/* A quarter turn of the points whose coordinate along u (u.p) lies in [lo, hi]. */
static inline s3_perm s3_quarter(const int u[3], int lo, int hi)
{
    s3_perm m;
    for (int i = 0; i < S3_N; i++) {
        int p[3], n[3];
        s3_geometry(i, p, n);
        int along = u[0] * p[0] + u[1] * p[1] + u[2] * p[2];
        if (along >= lo && along <= hi) {
            s3_turn(u, p);
            s3_turn(u, n);
        }
        m.src[s3_facelet_at(p, n)] = (uint8_t)i;
    }
    return m;
}

static inline s3_perm s3_identity(void)
{
    s3_perm m;
    for (int i = 0; i < S3_N; i++)
        m.src[i] = (uint8_t)i;
    return m;
}

/* a, then b. */
static inline s3_perm s3_mul(const s3_perm *a, const s3_perm *b)
{
    s3_perm m;
    for (int i = 0; i < S3_N; i++)
        m.src[i] = a->src[b->src[i]];
    return m;
}

/* A named move turned `turns` quarter turns: "U" "D" "F" "B" "L" "R" (the outer layer, clockwise
 * seen from outside), "M" "E" "S" (middle layer as L, D, F), "x" "y" "z" (all, as R, U, F),
 * "Uw" ... "Rw" (outer and middle layer). */
static inline s3_perm s3_move(const char *name, int turns)
{
    static const struct { char c; int u[3]; } axis[] = {
        {'U', {0, 1, 0}}, {'D', {0, -1, 0}}, {'F', {0, 0, 1}}, {'B', {0, 0, -1}},
        {'L', {-1, 0, 0}}, {'R', {1, 0, 0}}, {'M', {-1, 0, 0}}, {'E', {0, -1, 0}},
        {'S', {0, 0, 1}}, {'x', {1, 0, 0}}, {'y', {0, 1, 0}}, {'z', {0, 0, 1}},
    };
    int lo = 1, hi = 1;
    if (strchr("MES", name[0]))
        lo = hi = 0;
    else if (strchr("xyz", name[0]))
        lo = -1;
    else if (name[1] == 'w')
        lo = 0;
    s3_perm q = s3_identity(), m = s3_identity();
    for (size_t k = 0; k < sizeof axis / sizeof axis[0]; k++)
        if (axis[k].c == name[0])
            q = s3_quarter(axis[k].u, lo, hi);
    for (int t = 0; t < ((turns % 4) + 4) % 4; t++)
        m = s3_mul(&m, &q);
    return m;
}

static inline int s3_is_identity(const s3_perm *m)
{
    for (int i = 0; i < S3_N; i++)
        if (m->src[i] != i)
            return 0;
    return 1;
}

/* The order by brute force: powers of m until the identity (or 0 after limit). */
static inline long s3_order(const s3_perm *m, long limit)
{
    s3_perm p = *m;
    for (long k = 1; k <= limit; k++) {
        if (s3_is_identity(&p))
            return k;
        p = s3_mul(&p, m);
    }
    return 0;
}

/* A small seeded generator for reproducible random cases. */
static inline uint64_t s3_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

#endif
