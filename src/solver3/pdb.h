/* Internal: the optimal solver's pattern databases (src/solver3/pdb.c).
 *
 * Moves are the 18 face turns numbered as cg_move (face * 3 + quarter turns - 1).
 *
 * Corner database: every corner position, index cperm * 2187 + twist (88,179,840), where cperm
 * ranks the corner permutation (position -> piece, Lehmer code, 0 = home) and twist is the
 * twists of positions 0..6 in base 3 (position-indexed, so it moves independently of cperm).
 *
 * Edge database: the positions and flips of k chosen edge pieces (k = 6 or 7), index
 * posrank * 2^k + flips, where posrank ranks the positions of pieces set[0..k) as a partial
 * permutation of the 12 positions (12!/(12-k)!) and bit i of flips is the flip of piece set[i]
 * (piece-indexed, so a move XORs a mask that depends only on the positions).
 *
 * Each entry is the exact distance of that pattern from home in face turns, 4 bits, two entries
 * a byte (low nibble first); 15 marks an entry the build has not reached yet. Every entry is a
 * lower bound on the distance of any cube showing that pattern: an admissible heuristic. */
#ifndef CUBEGOD_SOLVER3_PDB_H
#define CUBEGOD_SOLVER3_PDB_H

#include <stddef.h>
#include <stdint.h>

#include "cubegod/cube3.h"
#include "cubegod/error.h"
#include "util/tablefile.h"

enum {
    PDB_MOVES = 18,
    PDB_CPERM = 40320,
    PDB_TWIST = 2187,
    PDB_EDGE_MAX_K = 7,
};
#define PDB_CORNER_ENTRIES ((size_t)PDB_CPERM * PDB_TWIST)
#define PDB_UNSEEN 15u

/* Move tables of the coordinates (a few MB, built at open from the model). */
typedef struct pdb_moves {
    uint16_t cperm[PDB_CPERM][PDB_MOVES];
    uint16_t twist[PDB_TWIST][PDB_MOVES];
    uint8_t edge[PDB_MOVES][24];   /* an edge piece's state, position * 2 + flip, after a move */
    cg3_cube move_cube[PDB_MOVES]; /* the moves as cubes */
} pdb_moves;

/* Builds the move tables. */
void cgi_pdb_moves_init(pdb_moves *pm);

/* Coordinates of a cube. */
unsigned cgi_pdb_cperm(const cg3_cube *c);
unsigned cgi_pdb_twist(const cg3_cube *c);
/* Edge piece states (position * 2 + flip) of the 12 pieces of c. */
void cgi_pdb_edge_states(const cg3_cube *c, uint8_t state[CG3_EDGES]);

/* An edge set: k pieces. */
typedef struct pdb_edge_set {
    int k;
    uint8_t piece[PDB_EDGE_MAX_K];
} pdb_edge_set;

/* 12!/(12-k)! * 2^k. */
size_t cgi_pdb_edge_entries(int k);
/* The index of the pieces' states (state[i] is the state of piece set->piece[i]). */
static inline size_t cgi_pdb_edge_index(const uint8_t *state, int k)
{
    unsigned used = 0;
    size_t rank = 0, flips = 0;
    for (int i = 0; i < k; i++) {
        unsigned pos = state[i] >> 1;
        unsigned below = pos - (unsigned)__builtin_popcount(used & ((1u << pos) - 1));
        rank = rank * (size_t)(12 - i) + below;
        used |= 1u << pos;
        flips |= (size_t)(state[i] & 1) << i;
    }
    return (rank << k) | flips;
}

static inline unsigned cgi_pdb_get(const uint8_t *t, size_t i)
{
    return (t[i >> 1] >> ((i & 1) * 4)) & 15u;
}

/* Fills table (entries / 2 bytes, rounded up) by breadth-first search from home; counts the
 * entries at each distance in at[0..15] when at is not NULL; reports each level to pr (may be
 * NULL). */
void cgi_pdb_build_corners(const pdb_moves *pm, uint8_t *table, unsigned long long at[16],
                           const cgi_progress *pr);
void cgi_pdb_build_edges(const pdb_moves *pm, const pdb_edge_set *set, uint8_t *table,
                         unsigned long long at[16], const cgi_progress *pr);

#endif
