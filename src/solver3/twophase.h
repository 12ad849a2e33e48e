/* Internal: the two-phase solver's coordinates and tables (twophase_coord.c) and the solver
 * object (twophase.c).
 *
 * Phase 1 brings a cube into G1 = <U, D, F2, B2, L2, R2> using corner twist, edge flip and the
 * UD-slice coordinate (where the four slice edges FR BR BL FL are, not their order); phase 2
 * solves inside G1 using the corner permutation, the permutation of the eight U/D edges and
 * the order of the slice edges. Every coordinate's move table is read off cg3_cube products
 * with the model's face-turn cubes, so there is no second model of the cube. */
#ifndef CUBEGOD_SOLVER3_TWOPHASE_H
#define CUBEGOD_SOLVER3_TWOPHASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cubegod/cube3.h"
#include "cubegod/solver3.h"
#include "util/tablefile.h"

enum {
    TP_TWIST = 2187,  /* 3^7 */
    TP_FLIP = 2048,   /* 2^11 */
    TP_SLICE = 495,   /* C(12, 4) */
    TP_CP = 40320,    /* 8! */
    TP_EP = 40320,    /* 8! U/D edges, in G1 only */
    TP_SP = 24,       /* 4! slice edges, in G1 only */
    TP_MOVES = 18,    /* the face turns, as cg_move */
    TP_P2MOVES = 10,  /* U1 U2 U3 D1 D2 D3 F2 B2 L2 R2 */
    TP_FS = 1013760,  /* flipslice: slice * 2048 + flip */
    TP_ROTS = 8,      /* whole-cube turns keeping the UD axis: y^(k % 4) x2^(k / 4) */
    TP_SYMS = 16,     /* those, each also after the mirror through the UD plane (k >= 8) */
    TP_SYM_BITS = 4,
    TP_FS_CLASSES = 64430, /* flipslice classes under those (checked when built) */
    TP_CP_CLASSES = 2768,  /* corner-permutation classes under those (checked when built) */
    TP_NEAR_DEPTH = 6,        /* the near table: phase-1 entries at most this far from G1 */
    TP_NEAR_SLOTS = 1 << 17,  /* its slots, for 74,743 entries (checked when built) */
    TP_NEAR_BITS = 17,
    TP_P1_TEN = 10,        /* the phase-1 distance whose entries hold code 3 (see cgi_tp_p1_code) */
    TP_P1_TWELVES = 129,   /* phase-1 entries 12 moves from G1, the most (checked when built) */
    TP_P2_TWELVE = 12,     /* the phase-2 distance whose entries hold code 3 (cgi_tp_p2_code) */
};

/* The phase-2 moves as cg_move, in column order of the phase-2 move tables. */
extern const uint8_t cgi_tp_p2_moves[TP_P2MOVES];

/* Coordinates of a cube (the ep and sp ones only mean something when c is in G1; outside it
 * they are -1). cgi_tp_set_* write a cube with that coordinate (the other pieces home). */
int cgi_tp_twist(const cg3_cube *c);
int cgi_tp_flip(const cg3_cube *c);
int cgi_tp_slice(const cg3_cube *c);
int cgi_tp_cp(const cg3_cube *c);
int cgi_tp_ep(const cg3_cube *c);
int cgi_tp_sp(const cg3_cube *c);
/* The same two from the edge permutation alone (cg3_cube.ep), as the search tracks it, and the
 * corner one from the corner permutation alone (cg3_cube.cp). */
int cgi_tp_ep_of(const uint8_t *ep);
int cgi_tp_cp_of(const uint8_t *cp);
int cgi_tp_sp_of(const uint8_t *ep);
void cgi_tp_set_twist(cg3_cube *c, int v);
void cgi_tp_set_flip(cg3_cube *c, int v);
void cgi_tp_set_slice(cg3_cube *c, int v);
void cgi_tp_set_cp(cg3_cube *c, int v);
void cgi_tp_set_ep(cg3_cube *c, int v);
void cgi_tp_set_sp(cg3_cube *c, int v);
/* The slice coordinate of home (the slice edges at positions 4..7). */
int cgi_tp_slice_home(void);

/* Segments of the table payload, in file order. Move tables are uint16 [coordinate][column]
 * (18 columns in phase 1, 10 in phase 2); the phase-2 pair tables are one byte per pair, the
 * exact number of phase-2 moves to bring the pair home. The phase-1 table (TP_SEG_P1,
 * twophase_sym.c) is the exact distance mod 3, two bits per entry, over flipslice classes and
 * twist. (Until cache version 10 the payload also held three phase-1 pair tables, 6.6 MB
 * that only a check and a test still read.) */
enum {
    TP_SEG_TWIST_MV, TP_SEG_FLIP_MV, TP_SEG_SLICE_MV,
    TP_SEG_CP_MV, TP_SEG_EP_MV, TP_SEG_SP_MV,
    TP_SEG_CP_SP, TP_SEG_EP_SP,
    TP_SEG_FS_CLASS, TP_SEG_TW_CONJ, TP_SEG_P1,
    TP_SEG_CP18_MV, TP_SEG_CP_DIST, TP_SEG_EP_DIST,
    TP_SEG_CP_CLASS, TP_SEG_EP_CONJ, TP_SEG_P2,
    TP_SEG_SYM_MV, TP_SEG_NEAR, TP_SEG_P1_TWELVE,
    TP_SEGS
};

typedef struct tp_tables {
    const uint16_t *twist_mv, *flip_mv, *slice_mv; /* phase 1: [n][18] */
    const uint16_t *cp_mv, *ep_mv, *sp_mv;         /* phase 2: [n][10] */
    const uint8_t *cp_sp, *ep_sp;                  /* phase-2 distances of the pairs */
    const uint32_t *fs_cs;    /* [TP_FS] class of each flipslice << 4 | the symmetry that maps
                                 it onto its class's representative (one look-up for both) */
    const uint16_t *tw_conj;  /* [TP_SYMS][TP_TWIST] twist through each symmetry */
    const uint8_t *p1;        /* [class][twist] exact phase-1 distance mod 3, 2 bits, or 3
                                 for distance 10 (cgi_tp_p1_code) */
    const uint16_t *cp18_mv;  /* [TP_CP][18] corner permutation under every face turn */
    const uint8_t *cp_dist;   /* [TP_CP] phase-2 moves to solve the corners alone */
    const uint8_t *ep_dist;   /* [TP_EP] phase-2 moves to solve the U/D edges alone */
    const uint32_t *cp_cs;    /* [TP_CP] class of each corner permutation << 4 | the symmetry
                                 that maps it onto its class's representative */
    const uint16_t *ep_conj;  /* [TP_SYMS][TP_EP] U/D-edge permutation through each symmetry */
    const uint8_t *p2;        /* [corner class][U/D edges] exact phase-2 distance of the
                                 corners and U/D edges (slice order ignored) mod 3, 2 bits, or
                                 3 for distance 12 (cgi_tp_p2_code) */
    const uint8_t *sym_mv;    /* [TP_SYMS][18] the face turn S_k^-1 m S_k */
    const uint64_t *near;     /* [TP_NEAR_SLOTS] the phase-1 entries near G1 (cgi_tp_near) */
    const uint32_t *p1_twelve; /* [TP_P1_TWELVES] the entries 12 moves from G1, ascending */
} tp_tables;

typedef struct tp_build_stats {
    int p1_depth; /* the largest phase-1 distance */
    int p2_depth; /* the largest phase-2 distance of corners and U/D edges */
} tp_build_stats;

/* The symmetries: symmetry k is the mirror through the UD plane (when k >= 8), then the
 * rotation k % 8. The model holds no mirrored cube, but a real cube conjugated by a mirror is
 * a real cube: cgi_tp_mirror computes M c M at cubie level. */
typedef struct tp_syms {
    cg3_cube rot[TP_ROTS], rot_inv[TP_ROTS];
} tp_syms;
void cgi_tp_syms(const cg3_tables *model, tp_syms *sy);
cg3_cube cgi_tp_mirror(const cg3_cube *c);
/* Which face turn (a cg_move) the cube c is, or -1 if none: how a conjugated face turn is
 * read back as one. */
int cgi_tp_face_turn_of(const cg3_tables *model, const cg3_cube *c);
/* S_k^-1 c S_k. */
cg3_cube cgi_tp_sym_conj(const tp_syms *sy, int k, const cg3_cube *c);
/* The face turn S_k^-1 m S_k (face turn m seen through symmetry k), -1 if it is none. */
int cgi_tp_sym_move(const cg3_tables *model, const tp_syms *sy, int k, int m);
/* The j with S_k S_j = identity, or -1. */
int cgi_tp_sym_inverse(const tp_syms *sy, int k);
/* Fills the symmetry segments and the phase-1 table (the phase-1 move tables must be there),
 * on `threads` threads (0: one a core, cgi_tp_bfs_threads). */
cg_status cgi_tp_sym_build(uint8_t *payload, const cg3_tables *model, tp_build_stats *stats,
                           int threads, const cgi_progress *pr, cg_error *err);

/* A table of classes x an inner coordinate, as twophase_bfs.c fills it: the exact distance of
 * each entry from the entry start, one byte each. */
typedef struct tp_bfs {
    uint8_t *dist;            /* [classes][inner] */
    uint32_t classes;
    int inner, nmoves;
    const uint32_t *next;     /* [class][move]: where the move takes the class's representative,
                                 its class << TP_SYM_BITS | the symmetry onto that class's */
    const uint16_t *inner_mv; /* [move][inner] the inner coordinate after the move */
    const uint16_t *conj;     /* [symmetry][inner] the inner coordinate through the symmetry */
    const uint16_t *stab;     /* [class] the symmetries that fix its representative, as bits */
    size_t start;
    const char *phase;        /* the progress reports' name */
} tp_bfs;
/* The threads a build uses by default: one a core, at most 8. */
int cgi_tp_bfs_threads(void);
/* Fills b->dist on `threads` threads (0: cgi_tp_bfs_threads); *depth: the largest distance.
 * CG_ERR_NOMEM, or CG_ERR_SYSTEM when a thread cannot start or pr's cancel flag was set. */
cg_status cgi_tp_bfs(const tp_bfs *b, int threads, const cgi_progress *pr, int *depth,
                     cg_error *err);

/* The phase-1 residue (exact distance mod 3) of a flipslice and twist. */
static inline uint32_t cgi_tp_fs_class(const tp_tables *t, int fs) { return t->fs_cs[fs] >> TP_SYM_BITS; }
static inline int cgi_tp_fs_sym(const tp_tables *t, int fs) { return (int)(t->fs_cs[fs] & (TP_SYMS - 1)); }
/* The entry of the phase-1 table for (flipslice, twist). */
static inline size_t cgi_tp_p1_index(const tp_tables *t, int fs, int tw)
{
    uint32_t cs = t->fs_cs[fs];
    return (size_t)(cs >> TP_SYM_BITS) * TP_TWIST + t->tw_conj[(cs & (TP_SYMS - 1)) * TP_TWIST + tw];
}
/* An entry's two bits: its distance mod 3, except 3 for distance TP_P1_TEN. A residue alone
 * is all the search needs (a move changes the distance by at most one); the fourth code,
 * free in two bits, makes the distance itself cheap to read (cgi_tp_p1_distance). */
static inline int cgi_tp_p1_code(const tp_tables *t, size_t i)
{
    return (t->p1[i >> 2] >> (2 * (i & 3))) & 3;
}
/* The entry's residue: codes 0 1 2 3 are residues 0 1 2 1 (TP_P1_TEN % 3 == 1). */
static inline int cgi_tp_p1_at(const tp_tables *t, size_t i)
{
    return (0x64 >> (2 * cgi_tp_p1_code(t, i))) & 3;
}
static inline int cgi_tp_p1_mod3(const tp_tables *t, int fs, int tw)
{
    return cgi_tp_p1_at(t, cgi_tp_p1_index(t, fs, tw));
}

/* The near table: for every phase-1 entry i within TP_NEAR_DEPTH of G1, its distance and the
 * moves that take it one move nearer, so that a search with no move to spare there reads one
 * entry instead of every child's. Open addressing on i; a slot is 0 when empty, else
 * (i + 1) << 32 | distance << 24 | the moves, bit m for face turn m, as seen from the entry's
 * own cube (the representative's flipslice, and the twist of entry i). */
static inline uint32_t cgi_tp_near_slot(size_t i)
{
    return ((uint32_t)i * 2654435761u) >> (32 - TP_NEAR_BITS); /* Knuth's multiplicative hash */
}
/* The slot where entry i is or would go: the first from its hash that holds i or is empty
 * (the build keeps the table at most three quarters full, so there is one). */
static inline uint32_t cgi_tp_near_probe(const uint64_t *near, size_t i)
{
    uint32_t key = (uint32_t)i + 1, h = cgi_tp_near_slot(i);
    for (int n = 0; n < TP_NEAR_SLOTS; n++, h = (h + 1) & (TP_NEAR_SLOTS - 1))
        if (near[h] == 0 || (uint32_t)(near[h] >> 32) == key)
            break;
    return h;
}
/* Entry i's slot value, or 0 when i is more than TP_NEAR_DEPTH from G1. */
static inline uint64_t cgi_tp_near(const tp_tables *t, size_t i)
{
    uint64_t e = t->near[cgi_tp_near_probe(t->near, i)];
    return (uint32_t)(e >> 32) == (uint32_t)i + 1 ? e : 0;
}
static inline int cgi_tp_near_distance(uint64_t e) { return (int)(e >> 24) & 0xFF; }
/* Whether face turn m takes a cube one move nearer, the cube seen through symmetry k (its
 * flipslice's cgi_tp_fs_sym) being the one of entry e. */
static inline bool cgi_tp_near_down(const tp_tables *t, uint64_t e, int k, int m)
{
    return (e >> t->sym_mv[k * TP_MOVES + m]) & 1;
}
/* Fills the symmetry-move and near segments (every phase-1 segment must be there). */
cg_status cgi_tp_near_build(uint8_t *payload, const cg3_tables *model, const cgi_progress *pr,
                            cg_error *err);

/* The phase-2 table's entry for (corner permutation, U/D edges), and its residue. */
static inline size_t cgi_tp_p2_index(const tp_tables *t, int cp, int ep)
{
    uint32_t cs = t->cp_cs[cp];
    return (size_t)(cs >> TP_SYM_BITS) * TP_EP + t->ep_conj[(cs & (TP_SYMS - 1)) * TP_EP + ep];
}
/* As in the phase-1 table, code 3 is a distance, TP_P2_TWELVE: the one whose mark saves the
 * most of the walks at phase-1 ends (see cgi_tp_p2_distance). */
static inline int cgi_tp_p2_code(const tp_tables *t, size_t i)
{
    return (t->p2[i >> 2] >> (2 * (i & 3))) & 3;
}
/* The entry's residue: codes 0 1 2 3 are residues 0 1 2 0 (TP_P2_TWELVE % 3 == 0). */
static inline int cgi_tp_p2_at(const tp_tables *t, size_t i)
{
    return (0x24 >> (2 * cgi_tp_p2_code(t, i))) & 3;
}
static inline int cgi_tp_p2_mod3(const tp_tables *t, int cp, int ep)
{
    return cgi_tp_p2_at(t, cgi_tp_p2_index(t, cp, ep));
}
/* A lower bound of the exact phase-2 distance of (cp, ep) whose residue is res: the corners'
 * and the U/D edges' own distances, raised to the next number with that residue. */
static inline int cgi_tp_p2_floor(const tp_tables *t, int cp, int ep, int res)
{
    int b = t->cp_dist[cp] > t->ep_dist[ep] ? t->cp_dist[cp] : t->ep_dist[ep];
    return b + (res - b % 3 + 3) % 3;
}
/* Fills the phase-2 symmetry segments and the phase-2 table (the phase-2 move tables must be
 * there). */
cg_status cgi_tp_sym_build2(uint8_t *payload, const cg3_tables *model, tp_build_stats *stats,
                            int threads, const cgi_progress *pr, cg_error *err);

/* Byte offset and size of each segment, and the whole payload's size. */
size_t cgi_tp_seg_offset(int seg);
size_t cgi_tp_seg_bytes(int seg);
size_t cgi_tp_payload_bytes(void);
/* Points t's tables into payload. */
void cgi_tp_tables_point(tp_tables *t, const uint8_t *payload);
/* Computes every table into payload (cgi_tp_payload_bytes, writable) on `threads` threads
 * (0: one a core); the same bytes with any number. CG_ERR_NOMEM, or CG_ERR_SYSTEM when
 * stopped (pr's cancel flag) or no thread could start. (twophase_build.c) */
struct tp_build_stats;
cg_status cgi_tp_tables_build(uint8_t *payload, const cg3_tables *model,
                              struct tp_build_stats *stats, int threads,
                              const cgi_progress *pr, cg_error *err);
/* The coordinates' move tables, pair tables and corner/edge distances, the padding zeroed: the
 * first step of cgi_tp_tables_build. */
void cgi_tp_coord_build(uint8_t *payload, const cg3_tables *model);
/* Cheap checks that a loaded payload is the right one (home values, a few moves). */
int cgi_tp_tables_sane(const tp_tables *t, const cg3_tables *model);

/* Whether face turn m stays in G1: a U or D turn, or a half turn. */
static inline bool cgi_tp_in_g1(int m) { return m / 3 < 2 || m % 3 == 1; }

static inline int cgi_tp_p2_bound(const tp_tables *t, int cp, int ep, int sp)
{
    int a = t->cp_sp[cp * TP_SP + sp], b = t->ep_sp[ep * TP_SP + sp];
    return a > b ? a : b;
}

/* The exact phase-1 distance of (slice, flip, twist), from its code and the near table; -1
 * only if the table is damaged. */
int cgi_tp_p1_distance(const tp_tables *t, int sl, int fl, int tw);
/* What a search knows of a start's phase-1 distance, one byte kept from one depth to the
 * next: 0 nothing yet, else the distance + 1. */
static inline bool cgi_tp_known_beyond(uint8_t known, int depth) { return known > depth + 1; }
/* The phase-1 distance of (slice, flip, twist) if it is at most depth, else -1; *known
 * (above) is read, and set the first time. */
int cgi_tp_p1_within(const tp_tables *t, int sl, int fl, int tw, int depth, uint8_t *known);
/* The exact phase-2 distance of the corners and U/D edges, walking down the residues until
 * an entry at TP_P2_TWELVE, or max + 1 as soon as it is known to exceed max; -1 only if the
 * table is damaged. */
int cgi_tp_p2_distance(const tp_tables *t, int cp, int ep, int max);

/* Turns of one face that meet, side by side or across turns of the opposite face (which
 * commute with them), become one turn or none, in place, until none meet; returns the new
 * length (twophase_sym.c, beside the other things both searches share). */
int cgi_tp_merge_turns(cg_move *seq, int n);

/* Rotations and the inverse used to search a cube from six sides. */
enum { TP_VARIANTS = 6 };

/* The default node cap: far above what any search within 20 moves needs (a few thousand
 * nodes typically), low enough that a hopeless request ends within seconds. */
#define TP_DEFAULT_MAX_NODES 100000000ull

/* The coordinates' move tables, mv[v][k] = get(the cube with coordinate v, then moves[k]), as
 * products with the model's cubes; and the distances of the pairs (a, b), index a * nb + b,
 * from the entry home, breadth-first over the tables' nmoves columns (twophase_coord.c). */
typedef int (*cgi_tp_get_fn)(const cg3_cube *);
typedef void (*cgi_tp_set_fn)(cg3_cube *, int);
void cgi_tp_move_table(uint16_t *mv, int n, cgi_tp_get_fn get, cgi_tp_set_fn set,
                       const cg3_tables *model, const uint8_t *moves, int nmoves);
/* cp_mv and ep_mv as cgi_tp_move_table would make them, from the permutations alone (quicker);
 * ep: phase-2 moves only (they keep the U/D edges in their layers). */
void cgi_tp_cp_move_table(uint16_t *mv, const cg3_tables *model, const uint8_t *moves, int nmoves);
void cgi_tp_ep_move_table(uint16_t *mv, const cg3_tables *model, const uint8_t *moves, int nmoves);
void cgi_tp_bfs_pairs(uint8_t *dist, const uint16_t *amv, int na, const uint16_t *bmv, int nb,
                      int nmoves, size_t home);
/* dist[v] = the least of pair[v][sp] over the slice orders sp (pair: [n][TP_SP]). */
void cgi_tp_min_over_sp(uint8_t *dist, const uint8_t *pair, int n);

/* The quick solver's tables (twophase_quick.c): 3.7 MB, built in a few tens of ms. Its pair
 * tables are reduced by the 8 symmetries that keep all three axes (y2, x2, the mirror through
 * the UD plane, and their products), as min2phase's: under them twist, flip and slice each map
 * to a twist, a flip and a slice alone, and in G1 the corner, U/D-edge and slice-edge
 * permutations to their own kind (324 twist, 336 flip, 5,376 corner and 5,328 U/D-edge
 * classes, checked when built); a pair's distance is its conjugate's. A pair's entry is [the
 * class of its first coordinate][the second seen through the symmetry that maps the first onto
 * its class's representative]: cgi_tpq_ts and the others below. */
enum {
    TPQ_SYMS = 8,         /* symmetry j is cgi_tp_sym_conj's k = cgi_tpq_sym_k(j) */
    TPQ_SYM_BITS = 3,
    TPQ_TW_CLASSES = 324,
    TPQ_FL_CLASSES = 336,
    TPQ_CP_CLASSES = 5376,
    TPQ_EP_CLASSES = 5328,
};
typedef struct tp_quick {
    uint16_t *twist_mv, *flip_mv, *slice_mv; /* [n][18] */
    uint16_t *cp_mv, *ep_mv, *sp_mv;         /* [n][10] */
    uint16_t *tw_conj, *sl_conj, *sp_conj;   /* [TPQ_SYMS][n]: each through each symmetry */
    /* [n]: class << TPQ_SYM_BITS | the symmetry that maps the value onto its representative */
    uint16_t *tw_cs, *fl_cs, *cp_cs, *ep_cs;
    uint16_t *tw_rep, *fl_rep, *cp_rep, *ep_rep; /* [classes]: each class's representative */
    uint8_t *tw_stab, *fl_stab, *cp_stab, *ep_stab; /* [classes]: the symmetries that keep it */
    /* [twist class][slice], [flip class][slice], [flip class][twist]: phase-1 distances of the
       pairs; [corner class][slice order], [U/D-edge class][slice order]: phase 2's */
    uint8_t *tw_sl, *fl_sl, *fl_tw, *cp_sp, *ep_sp;
    uint8_t *cp_dist, *ep_dist; /* [TP_CP], [TP_EP]: their least over the slice orders */
    /* the three phase-1 tables again as distance mod 3, two bits an entry (tpq_mod3): a
       quarter of the bytes, so that the search's reads stay in the caches */
    uint8_t *tw_sl3, *fl_sl3, *fl_tw3;
    void *mem;              /* the one allocation they are carved from */
} tp_quick;
/* The symmetry of cgi_tp_sym_conj that is the quick tables' symmetry j: y^0 or y^2 (bit 0),
 * x2 or not (bit 1), the mirror or not (bit 2). */
int cgi_tpq_sym_k(int j);
/* The entry of a pair in its table. */
static inline size_t cgi_tpq_entry(const uint16_t *cs, const uint16_t *conj, int n, int a, int b)
{
    unsigned x = cs[a];
    return (size_t)(x >> TPQ_SYM_BITS) * (size_t)n + conj[(x & (TPQ_SYMS - 1)) * (unsigned)n + (unsigned)b];
}
static inline size_t cgi_tpq_ts(const tp_quick *t, int tw, int sl)
{
    return cgi_tpq_entry(t->tw_cs, t->sl_conj, TP_SLICE, tw, sl);
}
static inline size_t cgi_tpq_fs(const tp_quick *t, int fl, int sl)
{
    return cgi_tpq_entry(t->fl_cs, t->sl_conj, TP_SLICE, fl, sl);
}
static inline size_t cgi_tpq_ft(const tp_quick *t, int fl, int tw)
{
    return cgi_tpq_entry(t->fl_cs, t->tw_conj, TP_TWIST, fl, tw);
}
static inline size_t cgi_tpq_cs(const tp_quick *t, int cp, int sp)
{
    return cgi_tpq_entry(t->cp_cs, t->sp_conj, TP_SP, cp, sp);
}
static inline size_t cgi_tpq_es(const tp_quick *t, int ep, int sp)
{
    return cgi_tpq_entry(t->ep_cs, t->sp_conj, TP_SP, ep, sp);
}
size_t cgi_tpq_bytes(void);
cg_status cgi_tpq_build(tp_quick *q, const cg3_tables *model, cg_error *err);
/* The same on `threads` threads (1: the caller's alone; cgi_tpq_build uses 2): the tables come
 * out byte for byte the same. */
cg_status cgi_tpq_build_on(tp_quick *q, const cg3_tables *model, int threads, cg_error *err);
void cgi_tpq_free(tp_quick *q);
/* As cg3_twophase_solve (o checked already), with the quick tables t and s's model and
 * rotations; the search also gives up, before a first solution, once *give_up is not NULL
 * (read now and then; give_up may be NULL). *exhausted: the search completed. */
cg_status cgi_tpq_solve(const cg3_twophase *s, const tp_quick *t, const cg3_cube *c,
                        const cg3_solve_options *o, void *const *give_up, bool *exhausted,
                        cg3_solution *out, cg_error *err);

/* What the two searches share (twophase_sym.c, twophase.c): the six sides' cubes of c; a solution found on
 * side `variant` (its moves as searched) read back as moves of the cube itself, into out
 * (returns the count); the corner-permutation parity of c. */
struct cg3_twophase;
void cgi_tp_variants(const struct cg3_twophase *s, const cg3_cube *c, cg3_cube out[TP_VARIANTS]);
int cgi_tp_read_back(const struct cg3_twophase *s, int variant, const cg_move *seq, int n,
                     cg_move *out);
int cgi_tp_corner_parity(const cg3_cube *c);
/* A solver with its model and rotations and no tables: what the quick solver reads of it. */
cg_status cgi_tp_init_shell(struct cg3_twophase *s, cg_error *err);
/* The big tables of s, waiting for a background open to finish; NULL when it failed. */
const tp_tables *cgi_tp_tables_of(const struct cg3_twophase *s);

struct tp_background; /* twophase.c */

struct cg3_twophase {
    cg3_tables model;
    tp_tables t;
    tablefile file; /* the tables, mapped from the cache or built: t points into its payload */
    cg3_cube rot[3], rot_inv[3]; /* identity, the URF-DBL diagonal turn, its square */
    /* move_back[r][m]: the move that rot[r] * m * rot_inv[r] is, so a solution of the
     * conjugated cube reads back as one of the original */
    uint8_t move_back[3][TP_MOVES];
    uint8_t edge_mv[TP_MOVES][CG3_EDGES]; /* each face turn's edge gather (cg3_cube.ep) */
    /* cg3_twophase_open_background: the thread that opens the tables' own solver, and the
       quick solver until then; NULL for a solver whose tables are in t */
    struct tp_background *bg;
};

#endif
