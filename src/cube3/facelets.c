/* The one conversion between a 3x3 facelet colouring and the piece state (cube3.h). */
#include <string.h>

#include "cubegod/cube3.h"

/* Piece slots as facelet lists: k facelets each, the reference one first (cube3.h). */
static const uint8_t *slot_facelets(int k, int slot)
{
    return k == 3 ? cg3_corner_facelets(slot) : cg3_edge_facelets(slot);
}

void cg3_cube_to_facelets(const cg3_cube *c, uint8_t f[CG3_FACELETS])
{
    for (int q = 0; q < CG3_CORNERS; q++) {
        const uint8_t *pos = slot_facelets(3, q), *piece = slot_facelets(3, c->cp[q]);
        /* The piece's sticker i sits at index (twist + i) of its position's list. */
        for (int i = 0; i < 3; i++)
            f[pos[(c->co[q] + i) % 3]] = piece[i] / 9;
    }
    for (int q = 0; q < CG3_EDGES; q++) {
        const uint8_t *pos = slot_facelets(2, q), *piece = slot_facelets(2, c->ep[q]);
        for (int i = 0; i < 2; i++)
            f[pos[(c->eo[q] + i) % 2]] = piece[i] / 9;
    }
    for (int q = 0; q < CG3_CENTRES; q++)
        f[q * 9 + 4] = c->xp[q];
}

/* The piece and orientation whose stickers show cols[] (k of them) at a position; -1 if none. */
static int find_piece(int k, const uint8_t *cols, uint8_t *ori)
{
    int n = k == 3 ? CG3_CORNERS : CG3_EDGES;
    for (int p = 0; p < n; p++) {
        const uint8_t *home = slot_facelets(k, p);
        for (int o = 0; o < k; o++) {
            bool ok = true;
            for (int i = 0; i < k && ok; i++)
                ok = cols[(o + i) % k] == home[i] / 9;
            if (ok) {
                *ori = (uint8_t)o;
                return p;
            }
        }
    }
    return -1;
}

static void colour_list(int k, const uint8_t *cols, char *out)
{
    for (int i = 0; i < k; i++) {
        out[2 * i] = cg_face_letter(cols[i]);
        out[2 * i + 1] = i + 1 < k ? ' ' : '\0';
    }
}

/* Reads the pieces of one kind into perm/ori, failing on a piece nowhere or twice. */
static cg_status read_kind(const uint8_t f[CG3_FACELETS], int k, uint8_t *perm, uint8_t *ori,
                           cg_error *err)
{
    int n = k == 3 ? CG3_CORNERS : CG3_EDGES;
    const char *kind = k == 3 ? "corner" : "edge";
    int at[CG3_EDGES];
    memset(at, -1, sizeof at);
    for (int q = 0; q < n; q++) {
        const uint8_t *pos = slot_facelets(k, q);
        uint8_t cols[3];
        for (int i = 0; i < k; i++)
            cols[i] = f[pos[i]];
        char shown[8];
        colour_list(k, cols, shown);
        const char *name = k == 3 ? cg3_corner_name(q) : cg3_edge_name(q);
        int p = find_piece(k, cols, &ori[q]);
        if (p < 0)
            return cg_fail(err, CG_ERR_INPUT, "%s %s shows %s, which no %s of the cube has",
                           kind, name, shown, kind);
        if (at[p] >= 0)
            return cg_fail(err, CG_ERR_INPUT, "%ss %s and %s both hold the %s piece (%s)", kind,
                           k == 3 ? cg3_corner_name(at[p]) : cg3_edge_name(at[p]), name,
                           k == 3 ? cg3_corner_name(p) : cg3_edge_name(p), shown);
        at[p] = q;
        perm[q] = (uint8_t)p;
    }
    return CG_OK;
}

cg_status cg3_cube_from_facelets(const uint8_t f[CG3_FACELETS], cg3_cube *c, cg_error *err)
{
    for (int i = 0; i < CG3_FACELETS; i++)
        if (f[i] >= CG_FACES)
            return cg_fail(err, CG_ERR_INPUT, "facelet %d (face %c, row %d, column %d) holds %d, "
                           "not a face 0..5", i, cg_face_letter(i / 9), i % 9 / 3 + 1, i % 3 + 1,
                           f[i]);
    cg3_cube r = cg3_cube_home();
    for (int q = 0; q < CG3_CENTRES; q++)
        r.xp[q] = f[q * 9 + 4];
    cg_status st = read_kind(f, 3, r.cp, r.co, err);
    if (st == CG_OK)
        st = read_kind(f, 2, r.ep, r.eo, err);
    if (st == CG_OK)
        st = cg3_cube_check(&r, err);
    if (st == CG_OK)
        *c = r;
    return st;
}
