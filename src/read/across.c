/* A net's side faces in another order (cg_shape_reader_across): the net reader fills L F R B
 * from left to right; here the four side faces are relabelled, and in auto mode the order that
 * gives a possible cube is found. */
#include <stdio.h>
#include <string.h>

#include "cubegod/state.h"
#include "read/shapes_internal.h"
#include "puzzle/reader.h"

static const char TURNS[4][5] = {"LFRB", "FRBL", "RBLF", "BLFR"};

cg_status cgi_across_check(const char *across, cg_error *err)
{
    unsigned seen = 0;
    size_t n = strlen(across);
    for (size_t i = 0; i < n && i < 4; i++) {
        const char *at = strchr("LFRB", across[i]);
        if (!at || across[i] == '\0')
            return cg_fail(err, CG_ERR_INPUT, "side faces '%.20s': '%c' is not L, F, R or B",
                           across, cg_is_control(across[i]) ? '?' : across[i]);
        if (seen & (1u << (at - "LFRB")))
            return cg_fail(err, CG_ERR_INPUT, "side faces '%.20s' give %c twice", across, across[i]);
        seen |= 1u << (at - "LFRB");
    }
    if (n != 4)
        return cg_fail(err, CG_ERR_INPUT, "side faces '%.20s': four letters, L F R B in the order "
                       "the row across shows them (such as BLFR)", across);
    return CG_OK;
}

/* The puzzle read as L F R B, with the four side faces being `across` instead. */
void cgi_across_relabel(const cg_puzzle *in, const char *across, cg_puzzle *out)
{
    static const int lfrb[4] = {CG_L, CG_F, CG_R, CG_B};
    int per = in->size * in->size;
    *out = *in;
    out->faces_shown = in->faces_shown & (uint8_t)((1u << CG_U) | (1u << CG_D));
    for (int k = 0; k < 4; k++) {
        int to = cg_face_from_letter(across[k]);
        memcpy(&out->sticker[to * per], &in->sticker[lfrb[k] * per], (size_t)per);
        if (in->faces_shown & (1u << lfrb[k]))
            out->faces_shown |= (uint8_t)(1u << to);
    }
}

/* Whether a puzzle is a possible cube; its state (for telling readings apart) in state. */
static bool possible(const cg_puzzle *p, char *state, size_t cap, cg_error *err)
{
    return cg_puzzle_state(p, NULL, 1, state, cap, err) == CG_OK;
}

cg_status cgi_across_auto(cg_puzzle *p, char across[8], cg_error *err)
{
    char state[4][CG3_FACELETS + 1];
    cg_puzzle q[4];
    cg_error first;
    int fit = -1, fits = 0;
    for (int k = 0; k < 4; k++) {
        cgi_across_relabel(p, TURNS[k], &q[k]);
        if (!possible(&q[k], state[k], sizeof state[k], k == 0 ? &first : NULL))
            continue;
        if (k == 0) { /* the usual order, when it gives a cube, is the reading */
            snprintf(across, 8, "%s", TURNS[0]);
            return CG_OK;
        }
        bool same = fit >= 0 && strcmp(state[fit], state[k]) == 0;
        if (!same) {
            fits++;
            fit = fit < 0 ? k : fit;
        }
    }
    if (fits == 1) {
        *p = q[fit];
        snprintf(across, 8, "%s", TURNS[fit]);
        return CG_OK;
    }
    if (fits == 0)
        return cg_fail(err, CG_ERR_INPUT, "%s; no other order of the side faces gives a possible "
                       "cube either (tried L F R B, F R B L, R B L F, B L F R): another drawing "
                       "needs a layout", first.msg);
    return cg_fail(err, CG_ERR_INPUT, "the side faces read as L F R B give no possible cube (%s), "
                   "and %d other orders do: the side order must be given (or a layout)",
                   first.msg, fits);
}

void cgi_turn_b(const cg_puzzle *in, int q, cg_puzzle *out)
{
    int n = in->size, per = n * n;
    *out = *in;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int rr = r, cc = c;
            for (int k = 0; k < q; k++) { /* clockwise: (r, c) goes to (c, n - 1 - r) */
                int t = rr;
                rr = cc;
                cc = n - 1 - t;
            }
            out->sticker[CG_B * per + rr * n + cc] = in->sticker[CG_B * per + r * n + c];
        }
}

cg_status cgi_cross_auto(cg_puzzle *p, char *note, size_t cap, int *turned, cg_error *err)
{
    static const int TRY[4] = {2, 0, 1, 3}; /* the half turn first: how a cross folds */
    static const char *const NAMES[4] = {"as drawn", "a quarter turn clockwise",
                                         "half a turn", "a quarter turn counter-clockwise"};
    char state[4][CG3_FACELETS + 1];
    cg_puzzle q[4];
    cg_error first;
    int fit = -1, fits = 0;
    if (cap)
        note[0] = '\0';
    *turned = 0;
    if (!(p->faces_shown & (1u << CG_B)))
        return CG_OK;
    for (int k = 0; k < 4; k++) {
        cgi_turn_b(p, TRY[k], &q[k]);
        if (!possible(&q[k], state[k], sizeof state[k], k == 0 ? &first : NULL))
            continue;
        if (k == 0) {
            *p = q[0];
            *turned = TRY[0];
            return CG_OK;
        }
        if (fit < 0 || strcmp(state[fit], state[k]) != 0) {
            fits++;
            fit = fit < 0 ? k : fit;
        }
    }
    if (fits == 1) {
        *p = q[fit];
        *turned = TRY[fit];
        snprintf(note, cap, "a cross with B under D: B read turned %s (the one turn that gives a "
                 "possible cube)", NAMES[TRY[fit]]);
        return CG_OK;
    }
    if (fits == 0)
        return cg_fail(err, CG_ERR_INPUT, "B under D turned half a turn: %s; no other turn of B "
                       "gives a possible cube either: another drawing needs a layout", first.msg);
    return cg_fail(err, CG_ERR_INPUT, "B under D turned half a turn gives no possible cube (%s), "
                   "and %d other turns of B do: the drawing needs a layout", first.msg, fits);
}

/* The common face orders of a string: the default first, then Kociemba's. */
static const char *const COMMON_ORDERS[] = {"UDFBLR", "URFDLB", "ULFRBD", "UFRBLD", "UDLRFB",
                                            "FRBLUD", "net"};
#define NORDERS (int)(sizeof COMMON_ORDERS / sizeof *COMMON_ORDERS)

/* The stickers of p, read as a string in `from`, as they would be read in `to`. */
static void reorder(const cg_puzzle *p, const char *from, const char *to, cg_puzzle *q)
{
    int n = p->size == 3 ? 3 : 2, k = 6 * n * n;
    *q = *p;
    for (int i = 0; i < k; i++)
        q->sticker[cgi_string_index(to, n, i)] = p->sticker[cgi_string_index(from, n, i)];
}

int cg_puzzle_order_hint(const cg_puzzle *p, const char *order, char *out, size_t cap)
{
    if (!order)
        order = "UDFBLR";
    if (cap)
        out[0] = '\0';
    if (cg_string_order_check(order, NULL) != CG_OK)
        return 0;
    char state[CG3_FACELETS + 1];
    for (int o = 0; o < NORDERS; o++) {
        cg_puzzle q;
        if (strcmp(COMMON_ORDERS[o], order) == 0)
            continue;
        reorder(p, order, COMMON_ORDERS[o], &q);
        if (possible(&q, state, sizeof state, NULL)) {
            snprintf(out, cap, "%s", COMMON_ORDERS[o]);
            return 1;
        }
    }
    return 0;
}

int cgi_string_auto(cg_puzzle *p, char order[8], char *note, size_t cap)
{
    char state[NORDERS][CG3_FACELETS + 1], others[64] = "";
    cg_puzzle q[NORDERS];
    int fit = -1, fits = 0;
    snprintf(order, 8, "UDFBLR");
    if (cap)
        note[0] = '\0';
    for (int o = 0; o < NORDERS; o++) {
        reorder(p, "UDFBLR", COMMON_ORDERS[o], &q[o]);
        if (!possible(&q[o], state[o], sizeof state[o], NULL))
            continue;
        if (fit >= 0 && strcmp(state[fit], state[o]) == 0)
            continue; /* the same cube (a solved one reads as solved in every order) */
        if (fit < 0)
            fit = o;
        else
            snprintf(others + strlen(others), sizeof others - strlen(others), " %s",
                     COMMON_ORDERS[o]);
        fits++;
    }
    if (fit < 0)
        return 0; /* no order gives a cube: read as the default, the error says why */
    *p = q[fit];
    snprintf(order, 8, "%s", COMMON_ORDERS[fit]);
    if (fits > 1)
        snprintf(note, cap, "a string read in the face order %s; other common orders give other "
                 "possible cubes (%s): the face order can be given to choose", COMMON_ORDERS[fit], others + 1);
    else if (fit > 0)
        snprintf(note, cap, "a string read in the face order %s, the one common order that gives "
                 "a possible cube (the face order can be given to choose another)", COMMON_ORDERS[fit]);
    return fits;
}
