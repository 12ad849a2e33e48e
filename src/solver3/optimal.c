/* The optimal 3x3 solver: IDA* in the half-turn metric over canonical move sequences, pruned by
 * the largest of a corner pattern database and an edge pattern database looked up from several
 * views of the cube. A view is the cube conjugated by a whole-cube rotation A (A C A^-1): it is as
 * far from home as the cube itself, since the conjugate of a face turn is a face turn, but the
 * edge database then sees other edges of the original, so the lookups bound different parts. */
#include "solver3/optimal.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cubegod/clock.h"
#include "solver3/twophase.h"
#include "util/solver_open.h"
#include "util/tablefile.h"

enum { MAX_VIEWS = 8, P1_AXES = 3 };
/* Views whose lookups are prefetched for every child; the others are looked up only for the
 * children that survive these (measured: prefetching more costs more than it saves). With the
 * phase-1 bound, whose lookups are prefetched instead, none: it prunes most children alone. */
enum { EAGER_VIEWS = 2, EAGER_VIEWS_P1 = 0 };

/* The default node cap when the caller gives none: hours of search, not forever. */
#define DEFAULT_NODE_CAP 100000000000ULL

typedef struct config_desc {
    tablefile_kind kind;
    pdb_edge_set set;
    int views;    /* views looked up */
    int views_p1; /* the first views_p1 of them when the phase-1 bound is also used */
    const char *rotation[MAX_VIEWS]; /* each view's A as whole-cube turns x, y, z */
    const char *build_time;
} config_desc;

static const config_desc CONFIGS[] = {
    [CGI_OPTIMAL_SMALL] = {
        .kind = {.magic = "CG3OPTS\x01", .version = 1u, .param = CGI_OPTIMAL_SMALL},
        .set = {6, {0, 1, 2, 3, 4, 7}}, /* UF UR UB UL FR FL */
        .views = 3,
        .views_p1 = 0,
        .rotation = {"", "x2", "z"}, /* x2 takes those to the other six */
        .build_time = "about ten seconds",
    },
    [CGI_OPTIMAL_FULL] = {
        .kind = {.magic = "CG3OPTF\x01", .version = 1u, .param = CGI_OPTIMAL_FULL},
        .set = {7, {0, 1, 2, 3, 4, 7, 5}}, /* UF UR UB UL FR FL BR */
        .views = 4, /* more views prune more but cost more per node: 4 measured best */
        /* with the phase-1 bound the edge lookups cost more than they prune (measured, 5 15-move
           scrambles: 0 views 4.9 s user and 3.56 M median nodes, 1 view 6.1 s and 3.53 M,
           2 views 7.2 s and 3.47 M) */
        .views_p1 = 0,
        .rotation = {"", "x2", "z", "z'"},
        .build_time = "about a minute",
    },
};

struct cg3_optimal {
    cgi_optimal_config config;
    pdb_moves *pm;
    const uint8_t *corners, *edges;
    tablefile file; /* corners and edges point into its payload */
    pdb_edge_set set;
    size_t edge_home; /* the edge database's index of home */
    int views, views_p1;
    cg3_cube rot[MAX_VIEWS], rot_inv[MAX_VIEWS];
    uint8_t vmove[MAX_VIEWS][PDB_MOVES]; /* A m A^-1 as a face turn */
    /* The two-phase solver's phase-1 table (cg3_optimal_use_twophase), NULL when not used: the
       exact distance to <U,D,F2,B2,L2,R2> of each axis, the axis moved onto UD by P^-1 C P. */
    const tp_tables *p1;
    cg3_cube p1rot[P1_AXES], p1rot_inv[P1_AXES];
    uint8_t p1move[P1_AXES][PDB_MOVES]; /* P^-1 m P as a face turn */
};

static size_t corner_bytes(void) { return (PDB_CORNER_ENTRIES + 1) / 2; }
static size_t edge_bytes(int k) { return (cgi_pdb_edge_entries(k) + 1) / 2; }

/* A whole-cube rotation from a word of x, y, z and 2 or ' after each. */
static cg3_cube rotation(const cg3_tables *t, const char *word)
{
    cg3_cube r = cg3_cube_home();
    for (const char *p = word; *p; p++) {
        int base = *p == 'x' ? CG3_X : *p == 'y' ? CG3_Y : CG3_Z, turns = 1;
        if (p[1] == '2' || p[1] == '\'') {
            turns = p[1] == '2' ? 2 : 3;
            p++;
        }
        r = cg3_cube_mul(&r, &t->cube[cg3_move_make(base, turns)]);
    }
    return r;
}

static cg3_cube conjugate(const cg3_optimal *s, int v, const cg3_cube *c)
{
    cg3_cube a = cg3_cube_mul(&s->rot[v], c);
    return cg3_cube_mul(&a, &s->rot_inv[v]);
}

static cg_status setup_views(cg3_optimal *s, const config_desc *cd, cg_error *err)
{
    cg3_tables t;
    cg3_tables_init(&t);
    s->views = cd->views;
    s->views_p1 = cd->views_p1;
    for (int v = 0; v < s->views; v++) {
        s->rot[v] = rotation(&t, cd->rotation[v]);
        s->rot_inv[v] = cg3_cube_inverse(&s->rot[v]);
        for (int m = 0; m < PDB_MOVES; m++) {
            cg3_cube conj = conjugate(s, v, &s->pm->move_cube[m]);
            int found = cgi_tp_face_turn_of(&t, &conj); /* move_cube[k] is face turn k */
            if (found < 0)
                return cg_fail(err, CG_ERR_SYSTEM, "view %s does not map face turns to face turns",
                               cd->rotation[v]);
            s->vmove[v][m] = (uint8_t)found;
        }
    }
    /* Phase 1 aims at the UD axis; P^-1 C P with P = z or x puts the RL or FB axis there (any
       rotation that does so gives the same distance: G1 is kept by the turns about its axis). */
    static const char *const axis_rotation[P1_AXES] = {"", "z", "x"};
    for (int a = 0; a < P1_AXES; a++) {
        s->p1rot[a] = rotation(&t, axis_rotation[a]);
        s->p1rot_inv[a] = cg3_cube_inverse(&s->p1rot[a]);
        for (int m = 0; m < PDB_MOVES; m++) {
            cg3_cube x = cg3_cube_mul(&s->p1rot_inv[a], &s->pm->move_cube[m]);
            x = cg3_cube_mul(&x, &s->p1rot[a]);
            int found = cgi_tp_face_turn_of(&t, &x);
            if (found < 0)
                return cg_fail(err, CG_ERR_SYSTEM, "axis %d does not map face turns to face turns", a);
            s->p1move[a][m] = (uint8_t)found;
        }
    }
    return CG_OK;
}

static cg3_cube axis_view(const cg3_optimal *s, int a, const cg3_cube *c)
{
    cg3_cube x = cg3_cube_mul(&s->p1rot_inv[a], c);
    return cg3_cube_mul(&x, &s->p1rot[a]);
}

/* The checksum vouches for the bytes; this checks that they are what this build would make. */
static bool sane(void *ctx, const uint8_t *payload)
{
    cg3_optimal *s = ctx;
    s->corners = payload;
    s->edges = payload + corner_bytes();
    if (cgi_pdb_get(s->corners, 0) != 0 || cgi_pdb_get(s->edges, s->edge_home) != 0)
        return false;
    for (int m = 0; m < PDB_MOVES; m++) {
        uint8_t st[CG3_EDGES], sub[PDB_EDGE_MAX_K];
        const cg3_cube *c = &s->pm->move_cube[m];
        cgi_pdb_edge_states(c, st);
        for (int i = 0; i < s->set.k; i++)
            sub[i] = st[s->set.piece[i]];
        unsigned e = cgi_pdb_get(s->edges, cgi_pdb_edge_index(sub, s->set.k));
        unsigned k = cgi_pdb_get(s->corners, cgi_pdb_cperm(c) * (size_t)PDB_TWIST + cgi_pdb_twist(c));
        if (e > 1 || k > 1)
            return false;
    }
    return true;
}

static cg_status build_tables(void *ctx, uint8_t *payload, const cgi_progress *pr, cg_error *err)
{
    (void)err;
    cg3_optimal *s = ctx;
    cgi_pdb_build_corners(s->pm, payload, NULL, pr);
    cgi_pdb_build_edges(s->pm, &s->set, payload + corner_bytes(), NULL, pr);
    cgi_progress_say(pr, "optimal edge table", 1);
    return CG_OK;
}

static cg_status setup(void *solver, void *ctx, tablefile_maker *m, cg_error *err)
{
    cg3_optimal *s = solver;
    const config_desc *cd = ctx;
    if (!(s->pm = malloc(sizeof *s->pm)))
        return cg_fail(err, CG_ERR_NOMEM, "no memory for the optimal solver");
    s->config = (cgi_optimal_config)(cd - CONFIGS);
    s->set = cd->set;
    cgi_pdb_moves_init(s->pm);
    uint8_t home[PDB_EDGE_MAX_K];
    for (int i = 0; i < s->set.k; i++)
        home[i] = (uint8_t)(s->set.piece[i] * 2);
    s->edge_home = cgi_pdb_edge_index(home, s->set.k);
    m->kind = cd->kind;
    m->kind.size = corner_bytes() + edge_bytes(s->set.k);
    m->build = build_tables;
    m->sane = sane;
    m->ctx = s;
    m->cache = "optimal solver's table cache";
    m->tables = "optimal solver's tables";
    m->build_time = cd->build_time;
    m->whose = "optimal solver's ";
    m->noun = "tables";
    return setup_views(s, cd, err);
}

static void attach(void *solver, const uint8_t *payload)
{
    cg3_optimal *s = solver;
    s->corners = payload;
    s->edges = payload + corner_bytes();
}

static void close_solver(void *solver) { cg3_optimal_close(solver); }

static const cgi_solver_kind OPTIMAL = {
    .bytes = sizeof(cg3_optimal),
    .file_offset = offsetof(cg3_optimal, file),
    .what = "the optimal solver",
    .setup = setup,
    .attach = attach,
    .close = close_solver,
};

cg_status cgi_optimal_open_config(cg3_optimal **out, cgi_optimal_config config,
                                  const cg3_tables_options *opt, cg3_tables_info *info,
                                  cg_error *err)
{
    cg3_tables_info dummy;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    *out = NULL;
    if (config != CGI_OPTIMAL_SMALL && config != CGI_OPTIMAL_FULL)
        return cg_fail(err, CG_ERR_INPUT, "table configuration %d does not exist", (int)config);
    cgi_open_request rq = cgi_open_request3(opt);
    cgi_open_outcome how;
    void *s;
    cg_status st = cgi_solver_open(&OPTIMAL, (void *)&CONFIGS[config], &rq, &s, &how, err);
    cgi_open_info3(info, &how, st == CG_OK ? corner_bytes() + edge_bytes(CONFIGS[config].set.k)
                                           : 0);
    *out = s;
    return st;
}

cg_status cg3_optimal_open(cg3_optimal **out, const cg3_tables_options *opt, cg3_tables_info *info,
                           cg_error *err)
{
    return cgi_optimal_open_config(out, CGI_OPTIMAL_FULL, opt, info, err);
}

void cg3_optimal_close(cg3_optimal *s)
{
    if (!s)
        return;
    cgi_tablefile_release(&s->file);
    free(s->pm);
    free(s);
}

void cg3_optimal_use_twophase(cg3_optimal *s, const cg3_twophase *tp)
{
    s->p1 = tp ? cgi_tp_tables_of(tp) : NULL;
}

const uint8_t *cgi_optimal_corner_table(const cg3_optimal *s) { return s->corners; }

const uint8_t *cgi_optimal_edge_table(const cg3_optimal *s, pdb_edge_set *set)
{
    *set = s->set;
    return s->edges;
}

/* ---- search ---- */

typedef struct node {
    uint16_t cperm, twist;
    uint8_t edges[CG3_EDGES];                  /* every edge piece's state, for the home test */
    uint8_t view[MAX_VIEWS][PDB_EDGE_MAX_K];   /* the set's pieces in each view */
    uint16_t tw[P1_AXES], fl[P1_AXES], sl[P1_AXES]; /* phase-1 coordinates of each axis */
    uint8_t p1d[P1_AXES];                           /* and their exact phase-1 distances */
    bool p1;                                        /* those are tracked */
} node;

typedef struct search {
    const cg3_optimal *s;
    int bound;
    unsigned long long nodes, cap;
    int64_t deadline; /* 0: none */
    int stopped;      /* 1 time, 2 nodes */
    cg_move path[CG3_SOLUTION_MAX];
} search;

static node root_node(const cg3_optimal *s, const cg3_cube *c)
{
    node n;
    n.cperm = (uint16_t)cgi_pdb_cperm(c);
    n.twist = (uint16_t)cgi_pdb_twist(c);
    cgi_pdb_edge_states(c, n.edges);
    for (int v = 0; v < s->views; v++) {
        cg3_cube conj = conjugate(s, v, c);
        uint8_t st[CG3_EDGES];
        cgi_pdb_edge_states(&conj, st);
        for (int i = 0; i < s->set.k; i++)
            n.view[v][i] = st[s->set.piece[i]];
    }
    n.p1 = s->p1 != NULL;
    for (int a = 0; n.p1 && a < P1_AXES; a++) {
        cg3_cube x = axis_view(s, a, c);
        n.tw[a] = (uint16_t)cgi_tp_twist(&x);
        n.fl[a] = (uint16_t)cgi_tp_flip(&x);
        n.sl[a] = (uint16_t)cgi_tp_slice(&x);
        int d = cgi_tp_p1_distance(s->p1, n.sl[a], n.fl[a], n.tw[a]);
        n.p1d[a] = (uint8_t)(d < 0 ? 0 : d);
        if (d < 0) /* a damaged table (its load checks make this unreachable): bound nothing */
            n.p1 = false;
    }
    return n;
}

static int heuristic(const cg3_optimal *s, const node *n)
{
    int h = (int)cgi_pdb_get(s->corners, (size_t)n->cperm * PDB_TWIST + n->twist);
    for (int v = 0; v < s->views; v++) {
        int e = (int)cgi_pdb_get(s->edges, cgi_pdb_edge_index(n->view[v], s->set.k));
        h = e > h ? e : h;
    }
    for (int a = 0; n->p1 && a < P1_AXES; a++)
        h = n->p1d[a] > h ? n->p1d[a] : h;
    return h;
}

int cgi_optimal_heuristic(const cg3_optimal *s, const cg3_cube *c)
{
    node n = root_node(s, c);
    return heuristic(s, &n);
}

static bool at_home(const node *n)
{
    if (n->cperm || n->twist)
        return false;
    for (int i = 0; i < CG3_EDGES; i++)
        if (n->edges[i] != i * 2)
            return false;
    return true;
}

/* 1: a solution of exactly se->bound moves in se->path; 0: none below n; -1: stopped by a cap.
 * The children's table entries are all computed and prefetched first, then read: the lookups
 * are cache misses in tables of hundreds of MB, and this way they overlap. */
static int dfs(search *se, const node *n, int g, int last_face)
{
    if (g == se->bound)
        return at_home(n);
    const cg3_optimal *s = se->s;
    const pdb_moves *pm = s->pm;
    const tp_tables *t = n->p1 ? s->p1 : NULL;
    int views = t ? s->views_p1 : s->views, eager = t ? EAGER_VIEWS_P1 : EAGER_VIEWS;
    unsigned left = (unsigned)(se->bound - g - 1);
    node kid[PDB_MOVES];
    size_t cidx[PDB_MOVES], eidx[PDB_MOVES][MAX_VIEWS], at[PDB_MOVES][P1_AXES];
    uint8_t move[PDB_MOVES];
    int kids = 0;
    for (int m = 0; m < PDB_MOVES; m++) {
        int face = m / 3;
        /* canonical sequences: never one face twice in a row, opposite faces in one order */
        if (last_face >= 0 && (face == last_face || ((face >> 1) == (last_face >> 1) && face < last_face))) {
            m += 2;
            continue;
        }
        node *c = &kid[kids];
        c->cperm = pm->cperm[n->cperm][m];
        c->twist = pm->twist[n->twist][m];
        cidx[kids] = (size_t)c->cperm * PDB_TWIST + c->twist;
        __builtin_prefetch(s->corners + (cidx[kids] >> 1));
        for (int v = 0; v < views && v < eager; v++) {
            const uint8_t *tr = pm->edge[s->vmove[v][m]];
            for (int i = 0; i < s->set.k; i++)
                c->view[v][i] = tr[n->view[v][i]];
            eidx[kids][v] = cgi_pdb_edge_index(c->view[v], s->set.k);
            __builtin_prefetch(s->edges + (eidx[kids][v] >> 1));
        }
        c->p1 = t != NULL;
        for (int a = 0; t && a < P1_AXES; a++) {
            int pm1 = s->p1move[a][m];
            c->tw[a] = t->twist_mv[n->tw[a] * TP_MOVES + pm1];
            c->fl[a] = t->flip_mv[n->fl[a] * TP_MOVES + pm1];
            c->sl[a] = t->slice_mv[n->sl[a] * TP_MOVES + pm1];
            __builtin_prefetch(&t->fs_cs[c->sl[a] * TP_FLIP + c->fl[a]]);
        }
        move[kids++] = (uint8_t)m;
    }
    se->nodes += (unsigned long long)kids;
    if ((se->nodes & ~0xFFFull) != ((se->nodes - (unsigned long long)kids) & ~0xFFFull)) {
        if (se->deadline && cg_now_ns() >= se->deadline)
            se->stopped = 1;
        else if (se->nodes >= se->cap)
            se->stopped = 2;
        if (se->stopped)
            return -1;
    }
    /* the phase-1 entries' addresses need the flipslice classes just prefetched */
    for (int k = 0; t && k < kids; k++)
        for (int a = 0; a < P1_AXES; a++) {
            const node *c = &kid[k];
            at[k][a] = cgi_tp_p1_index(t, c->sl[a] * TP_FLIP + c->fl[a], c->tw[a]);
            __builtin_prefetch(&t->p1[at[k][a] >> 2]);
        }
    for (int k = 0; k < kids; k++) {
        if (cgi_pdb_get(s->corners, cidx[k]) > left)
            continue;
        bool pruned = false;
        for (int v = 0; v < views && v < eager && !pruned; v++)
            pruned = cgi_pdb_get(s->edges, eidx[k][v]) > left;
        node *c = &kid[k];
        for (int a = 0; t && a < P1_AXES && !pruned; a++) {
            /* the residue says whether the exact distance went down, stayed or went up */
            int diff = (cgi_tp_p1_at(t, at[k][a]) - n->p1d[a] % 3 + 3) % 3;
            int d = n->p1d[a] + (diff == 1) - (diff == 2);
            c->p1d[a] = (uint8_t)d;
            pruned = (unsigned)d > left;
        }
        for (int v = eager; v < views && !pruned; v++) {
            const uint8_t *tr = pm->edge[s->vmove[v][move[k]]];
            for (int i = 0; i < s->set.k; i++)
                c->view[v][i] = tr[n->view[v][i]];
            pruned = cgi_pdb_get(s->edges, cgi_pdb_edge_index(c->view[v], s->set.k)) > left;
        }
        if (pruned)
            continue;
        for (int i = 0; i < CG3_EDGES; i++)
            c->edges[i] = pm->edge[move[k]][n->edges[i]];
        se->path[g] = (cg_move)move[k];
        int r = dfs(se, c, g + 1, move[k] / 3);
        if (r)
            return r;
    }
    return 0;
}

cg_status cg3_optimal_solve(const cg3_optimal *s, const cg3_cube *c, const cg3_solve_options *opt,
                            cg3_solution *out, cg_error *err)
{
    int64_t start = cg_now_ns();
    memset(out, 0, sizeof *out);
    cg3_solve_options o = opt ? *opt : cg3_solve_defaults();
    cg_status st = cg3_cube_check(c, err);
    if (st != CG_OK)
        return st;
    if (o.max_moves < 0 || o.max_moves > CG3_SOLUTION_MAX)
        return cg_fail(err, CG_ERR_INPUT, "max_moves %d is outside 0..%d", o.max_moves,
                       CG3_SOLUTION_MAX);
    if (!(o.time_limit_ms >= 0) || isinf(o.time_limit_ms))
        return cg_fail(err, CG_ERR_INPUT, "time_limit_ms must be a finite number >= 0");
    if (o.metric != CG_METRIC_HTM)
        return cg_fail(err, CG_ERR_INPUT,
                       "the optimal 3x3 solver counts half turns only (metric htm); the "
                       "two-phase solver answers in quarter turns");
    search se = {.s = s, .cap = o.max_nodes ? o.max_nodes : DEFAULT_NODE_CAP};
    if (o.time_limit_ms > 0)
        se.deadline = start + (int64_t)(fmin(o.time_limit_ms, 1e12) * 1e6) + 1; /* 1e12 ms: forever */
    node root = root_node(s, c);
    int r = 0;
    for (se.bound = heuristic(s, &root); se.bound <= o.max_moves; se.bound++) {
        if ((r = dfs(&se, &root, 0, -1)) != 0)
            break;
    }
    out->nodes = se.nodes;
    out->ms = cg_seconds_between(start, cg_now_ns()) * 1e3;
    out->lower_bound = se.bound;
    if (r == 1) {
        out->n = se.bound;
        memcpy(out->moves, se.path, (size_t)se.bound * sizeof se.path[0]);
        out->optimal = true;
        return CG_OK;
    }
    if (r < 0)
        return cg_fail(err, CG_ERR_TIMEOUT,
                       "not proven optimal: no solution of %d moves or fewer (%s reached after "
                       "%llu nodes and %.0f ms)",
                       se.bound - 1, se.stopped == 1 ? "the time limit" : "the node cap",
                       se.nodes, out->ms);
    return cg_fail(err, CG_ERR_TOO_LONG, "the optimum is longer than %d moves", o.max_moves);
}
