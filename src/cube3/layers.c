/* Sticker permutations of layer moves (turn.h) for both sizes, in Kociemba's numbering. Each
 * move is a product of layer quarter turns; a layer is one of the model's primitives (cube3.c):
 * the face itself, the slice next to it, or the opposite face turned the other way. The 2x2 is
 * the 3x3's corner facelets, which every face turn and rotation keeps among themselves. */
#include <pthread.h>
#include <string.h>

#include "cubegod/cube3.h"
#include "cubegod/turn.h"

/* Model face (U D F B L R) of each place in Kociemba's order U R F D L B. */
static const uint8_t KOCIEMBA_FACE[6] = {CG_U, CG_R, CG_F, CG_D, CG_L, CG_B};

/* LAYER[size - 2][axis][layer]: the quarter turn of that layer, clockwise seen from the axis face,
 * in the model's facelet numbering. */
static cg3_perm layer_perm[2][CG_FACES][3];
static pthread_once_t layers_once = PTHREAD_ONCE_INIT;

/* The slice next to each face, and how it turns when the face turns clockwise. */
static const struct {
    uint8_t base, turns;
} SLICE[CG_FACES] = {
    [CG_U] = {CG3_E, 3}, [CG_D] = {CG3_E, 1}, [CG_F] = {CG3_S, 1},
    [CG_B] = {CG3_S, 3}, [CG_L] = {CG3_M, 1}, [CG_R] = {CG3_M, 3},
};

static void build_layers(void)
{
    static cg3_tables t; /* built once, a few KB */
    cg3_tables_init(&t);
    for (int f = 0; f < CG_FACES; f++) {
        cg3_perm face = t.perm[cg3_move_make(f, 1)], opposite = t.perm[cg3_move_make(f ^ 1, 3)];
        layer_perm[1][f][0] = face;
        layer_perm[1][f][1] = t.perm[cg3_move_make(SLICE[f].base, SLICE[f].turns)];
        layer_perm[1][f][2] = opposite;
        layer_perm[0][f][0] = face;
        layer_perm[0][f][1] = opposite;
        layer_perm[0][f][2] = cg3_perm_identity();
    }
}

/* The model's facelet of sticker k (Kociemba numbering) of a cube of size n. */
static int model_facelet(int n, int k)
{
    int per = n * n, face = KOCIEMBA_FACE[k / per], row = k % per / n, col = k % n;
    if (n == 2) { /* the 3x3's corner facelets */
        row *= 2;
        col *= 2;
    }
    return face * 9 + row * 3 + col;
}

/* Kociemba index of a model facelet on a cube of size n (-1: none on a 2x2). */
static int kociemba_index(int n, int facelet)
{
    int face = facelet / 9, row = facelet % 9 / 3, col = facelet % 3, k = 0;
    while (KOCIEMBA_FACE[k] != face)
        k++;
    if (n == 2) {
        if (row == 1 || col == 1)
            return -1;
        row /= 2;
        col /= 2;
    }
    return k * n * n + row * n + col;
}

void cg_turn_perm_of(int size, cg_turn t, uint8_t src[CG_TURN_STICKERS_MAX])
{
    pthread_once(&layers_once, build_layers);
    int n = size == 2 ? 2 : 3;
    const cg3_perm *layers = layer_perm[n - 2][cg_turn_axis(t) % CG_FACES];
    cg3_perm p = cg3_perm_identity();
    for (int l = 0; l < n; l++)
        if (cg_turn_layers(t) & (1 << l))
            for (int q = 0; q < cg_turn_turns(t); q++)
                p = cg3_perm_mul(&p, &layers[l]);
    int count = 6 * n * n;
    memset(src, 0, CG_TURN_STICKERS_MAX);
    for (int k = 0; k < count; k++)
        src[k] = (uint8_t)kociemba_index(n, p.src[model_facelet(n, k)]);
}
