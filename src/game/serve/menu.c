/* The menu game (server.h, opt.menu): a 3x3 shown in rotated colours, a menu of actions a
 * round, bounded in choices and time. */
#include <stdio.h>
#include <string.h>

#include "game/serve/internal.h"

#include "cubegod/clock.h"

#define MENU_LEVELS "(1) baby (2) world record (3) insane"
/* A round's bounds, so that a client asking only to be shown the cube cannot hold its place
 * forever (each answer comes within the alarm, so the alarm alone never ends it): choices (a
 * player needs three: show, move, check) and time, in alarms. A game is then bounded by
 * rounds times these. */
#define MENU_CHOICES_MAX CG_SERVER_MENU_CHOICES
#define MENU_ROUND_ALARMS CG_SERVER_MENU_ROUND_ALARMS
#define MENU_ACTIONS                                                                           \
    "Please make your choice\n(1) show the cube (2) move (3) check (4) some information (0) exit"

/* The information entry: the notation, as the published game prints it. */
#define MENU_INFO "Restore the magic cube, then check. Moves: one letter a move, upper case " \
                  "clockwise, lower case counter-clockwise (U D L R F B, u d l r f b)."

/* A whole-cube rotation as the colours it puts on each face (rot[f]: the home face whose colour
 * face f shows), one of the 24 drawn from r: x and y turns applied at random, enough times to
 * reach every rotation. Centres moved so are what slice moves leave behind. */
static void menu_rotation(cg_rng *r, uint8_t rot[6])
{
    static const uint8_t X[6] = {CG_F, CG_B, CG_D, CG_U, CG_L, CG_R}; /* U gets F's colour... */
    static const uint8_t Y[6] = {CG_U, CG_D, CG_R, CG_L, CG_F, CG_B}; /* F gets R's... */
    for (int f = 0; f < 6; f++)
        rot[f] = (uint8_t)f;
    for (int k = 0; k < 24; k++) {
        const uint8_t *t = cg_rng_below(r, 2) ? X : Y;
        uint8_t next[6];
        for (int f = 0; f < 6; f++)
            next[f] = rot[t[f]];
        memcpy(rot, next, sizeof next);
    }
}

/* label, the cube drawn with its colours rotated, the action menu and "your choice: ". */
static size_t menu_show(server_game *g, size_t len, const char *label, const cg3_cube *c,
                        const uint8_t rot[6], const char *menu)
{
    cg_server *s = g->srv;
    uint8_t f[CG3_FACELETS];
    cg3_cube_to_facelets(c, f);
    for (int i = 0; i < CG3_FACELETS; i++)
        f[i] = rot[f[i]];
    len = cgi_serve_add(g, len, "%s\n", label);
    cg_shape shape = s->opt.show == CG_SHAPE_AUTO ? CG_SHAPE_ANSI : s->opt.show;
    len += cgi_view_append(g->out + len, g->out_cap - len, 0, f, 3, 0, shape, s->opt.colours,
                           s->opt.order, menu);
    len = len < g->out_cap ? len : g->out_cap - 1;
    return cgi_serve_add(g, len, "%s", "your choice: ");
}

/* One line of moves at "your step:": applied, or the game lost (reason sent). */
static bool menu_step(server_game *g, live_cube *cube, int round)
{
    cg_server *s = g->srv;
    const char *line;
    long n = cgi_serve_exchange(g, cgi_serve_add(g, 0, "%s", "your step:"), round, &line);
    if (n < 0)
        return false;
    cg_answer_rules rules = {s->opt.max_moves, s->opt.check, &s->dialect, s->opt.metric};
    cg_move moves[CG_SERVER_LINE_MAX];
    size_t k;
    int counted;
    cg_error e;
    if (cgi_answer_parse(line, (size_t)n, &rules, moves, &k, &counted, &e) != CG_OK) {
        cgi_serve_lose(g, 0, round, e.msg);
        return false;
    }
    for (size_t i = 0; i < k; i++)
        cgi_live_apply(cube, moves[i]);
    return true;
}

/* A round's choices and time within their bounds; otherwise the game is lost, saying which. */
static bool menu_in_bounds(server_game *g, int round, int choices, int64_t round_end)
{
    char why[96];
    if (choices > MENU_CHOICES_MAX)
        snprintf(why, sizeof why, "Too many choices in round %d (at most %d)", round,
                 MENU_CHOICES_MAX);
    else if (cg_now_ns() > round_end)
        snprintf(why, sizeof why, "Time's up for round %d (at most %g s)", round,
                 MENU_ROUND_ALARMS * g->srv->opt.alarm);
    else
        return true;
    cgi_serve_lose(g, 0, round, why);
    return false;
}

/* The menu game: returns after the flag, or when the game was lost or left. */
void cgi_serve_menu(server_game *g, cg_rng *rng)
{
    cg_server *s = g->srv;
    static const uint8_t home[6] = {CG_U, CG_D, CG_F, CG_B, CG_L, CG_R};
    cg3_cube solved = cg3_cube_home();
    size_t len = cgi_serve_add(g, 0, "%s", s->banner);
    len = menu_show(g, len, "origin:", &solved, home, MENU_LEVELS);
    const char *line;
    long n = cgi_serve_exchange(g, len, 0, &line);
    if (n < 0)
        return;
    if (n < 1 || line[0] != '3') {
        cgi_serve_lose(g, 0, 0, "No flag at this level. Bye!");
        return;
    }
    uint8_t rot[6];
    live_cube cube = {.s = s, .three = true};
    char before[64] = ""; /* the last round's verdict, sent with the next cube */
    for (int round = 1; round <= s->opt.rounds; round++) {
        cube.c3 = cg3_cube_random(rng);
        menu_rotation(rng, rot);
        len = cgi_serve_add(g, 0, "%s", before);
        len = menu_show(g, len, round == 1 ? "scrambled:" : "after disruption:", &cube.c3, rot,
                        MENU_ACTIONS);
        int64_t round_end = cg_deadline(MENU_ROUND_ALARMS * s->opt.alarm);
        for (int choices = 1;; choices++) {
            if ((n = cgi_serve_exchange(g, len, round, &line)) < 0)
                return;
            if (!menu_in_bounds(g, round, choices, round_end))
                return;
            char choice = n > 0 ? line[0] : ' ';
            if (choice == '2' && !menu_step(g, &cube, round))
                return;
            if (choice == '3' && cgi_live_solved(&cube))
                break;
            if (choice == '0') {
                cgi_serve_lose(g, 0, round, "Bye!");
                return;
            }
            len = choice == '3' ? cgi_serve_add(g, 0, "%s\n", "The magic cube has not been restored yet!")
                  : choice == '4' ? cgi_serve_add(g, 0, "%s\n", MENU_INFO)
                  : choice == '1' || choice == '2' ? 0
                  : cgi_serve_add(g, 0, "%s\n", "Invalid choice!");
            len = menu_show(g, len, choice == '2' ? "after move:" : "now:", &cube.c3, rot,
                            MENU_ACTIONS);
        }
        g->passed = round;
        snprintf(before, sizeof before, "Congratulations!\nyour score: %d\n", round);
    }
    len = cgi_serve_add(g, 0, "%s", before);
    len = cgi_serve_add(g, len, "Give you flag: %s\n", s->opt.flag);
    cg_tube_send(g->t, g->out, len, NULL);
    snprintf(g->outcome, sizeof g->outcome, "won");
}
