/* A seedable generator (splitmix64) and uniform random positions. */
#include "cubegod/cube.h"

void cg_rng_seed(cg_rng *r, uint64_t seed) { r->state = seed; }

uint64_t cg_rng_next(cg_rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t cg_rng_below(cg_rng *r, uint64_t n)
{
    /* Rejects the top sliver of the range so every value is equally likely. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = cg_rng_next(r);
    while (x >= limit);
    return x % n;
}

cg_cube cg_cube_random(cg_rng *r)
{
    cg_cube c = cg_cube_home();
    for (int i = CG_CORNERS - 1; i > 0; i--) {
        int j = (int)cg_rng_below(r, (uint64_t)i + 1);
        uint8_t t = c.perm[i];
        c.perm[i] = c.perm[j];
        c.perm[j] = t;
    }
    unsigned sum = 0;
    for (int i = 0; i < CG_CORNERS - 1; i++) {
        c.twist[i] = (uint8_t)cg_rng_below(r, 3);
        sum += c.twist[i];
    }
    c.twist[CG_CORNERS - 1] = (uint8_t)((3 - sum % 3) % 3);
    return c;
}
