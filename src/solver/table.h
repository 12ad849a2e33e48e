/* The distance table (internal): for each r, a 48-bit block of 24 two-bit residues (distance to
 * home mod 3, or 3 for "not reached yet" while building). The block keeps the residues' low bits
 * in bits 0..23 and their high bits in bits 24..47, so "which rotations have residue v" is two
 * masks and an AND. Blocks are 6 bytes, little-endian, back to back. */
#ifndef CUBEGOD_SOLVER_TABLE_H
#define CUBEGOD_SOLVER_TABLE_H

#include <stdint.h>
#include <string.h>

#include "cubegod/solver.h"
#include "solver/coord.h"
#include "util/tablefile.h"

#define CG_BLOCK_BYTES 6
#define CG_TABLE_BYTES ((size_t)CG_RPOS * CG_BLOCK_BYTES) /* 22,044,960 */
#define CG_MASK24 0xFFFFFFu
#define CG_UNREACHED 3

struct cg_tables {
    cg_coords coords;
    cg_metric metric; /* HTM: all 9 view moves; QTM: the 6 quarter turns (metric.c) */
    uint8_t *dist;  /* CG_TABLE_BYTES, then at least 2 readable bytes for 8-byte loads */
    tablefile file; /* what dist points into: the cache file's mapping, or the built table */
};

static inline uint64_t cg_block_load(const uint8_t *dist, uint32_t r)
{
    uint64_t b;
    memcpy(&b, dist + (size_t)r * CG_BLOCK_BYTES, sizeof b);
    return b & 0xFFFFFFFFFFFFull; /* little-endian hosts only (checked at start-up) */
}

static inline void cg_block_store(uint8_t *dist, uint32_t r, uint64_t b)
{
    memcpy(dist + (size_t)r * CG_BLOCK_BYTES, &b, CG_BLOCK_BYTES);
}

static inline int cg_block_get(uint64_t b, int rho)
{
    return (int)(((b >> rho) & 1) | (((b >> (24 + rho)) & 1) << 1));
}

/* Rotations whose residue is v, as a 24-bit mask. */
static inline uint32_t cg_block_mask(uint64_t b, int v)
{
    uint32_t lo = (uint32_t)b & CG_MASK24, hi = (uint32_t)(b >> 24) & CG_MASK24;
    return ((v & 1) ? lo : ~lo) & ((v & 2) ? hi : ~hi) & CG_MASK24;
}

/* Sets the rotations in mask to residue v. */
static inline uint64_t cg_block_set(uint64_t b, uint32_t mask, int v)
{
    uint64_t lo = (v & 1) ? mask : 0, hi = (v & 2) ? mask : 0;
    uint64_t both = (uint64_t)mask | ((uint64_t)mask << 24);
    return (b & ~both) | lo | (hi << 24);
}

/* Fills t->dist by breadth-first search from home over t->metric's moves; counts[d] gets the
 * positions at distance d, any[d] those with rotation 0 (one per class up to rotation).
 * t->coords must be ready. */
cg_status cgi_table_build(struct cg_tables *t, unsigned long long counts[CG_SOLUTION_MAX + 1],
                          unsigned long long any[CG_SOLUTION_MAX + 1], const cgi_progress *pr,
                          cg_error *err);

/* Cheap checks that a table is the right one: home is 0 and its 18 neighbours are 1 (QTM: the
 * half turns 2). */
int cgi_table_sane(const struct cg_tables *t);

/* What differs between the metrics' tables (metric.c). */
/* The view moves (0..8) the metric turns; returns how many. */
int cgi_metric_views(cg_metric m, uint8_t views[CG_VIEW_MOVES]);
/* True when the metric's table walks along physical move mv. */
static inline int cgi_metric_walks(cg_metric m, int mv)
{
    return m == CG_METRIC_HTM || cg_move_turns((cg_move)mv) != 2;
}

/* The cache file's kind (cache.c), one per metric. */
const tablefile_kind *cgi_cache_kind(cg_metric metric);

#endif
