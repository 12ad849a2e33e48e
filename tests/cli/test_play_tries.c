/* play --tries (src/cli/play_tries.c and the hints it reads, compiled in here: both are part of
 * the cubegod program, not of the library), one lost game at a time, as a table of what the
 * server showed and said against the hypothesis played next:
 * - a refusal of how moves were written walks the notations, the one the refusal shows first;
 * - a valid answer not accepted walks the 23 other orientations of a cube in the usual colours,
 *   most common first, each a rotation of the first game's;
 * - a cube not read walks a string's face orders or a net's side orders;
 * - a wait with no cube answers the text with an empty line, then a menu's question with 1;
 *   cubes and a wait: the last text as the prompt; a menu of modes: its next entry;
 * - what the player gave is never changed, the count of games is bounded, the summary names
 *   each game's outcome with the words that chose the next, and --save-profile the winner's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/play_hints.c"
#include "cli/play_tries.c"

/* What play said on stderr, a line each. */
static char said[80][512];
static int nsaid;

void cli_err(const char *cmd, const char *fmt, ...)
{
    (void)cmd;
    if (nsaid == (int)(sizeof said / sizeof *said))
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(said[nsaid++], sizeof said[0], fmt, ap);
    va_end(ap);
}

/* A 2x2 in the six usual colours, shown as five faces and a prompt. */
static const char USUAL[] = "round 1\nu:\nOO\nBR\nfront side\nYG\nOY\nR :\nYG\nOB\nBack\nWW\nRR\n"
                            "left:\nBR\nGB\nYour moves: ";
/* The same cube as a string of tokens that are no colours (a cube the hints read, not in the
 * usual colours), and as a net of face letters. */
static const char STRING[] = "a a b c d e f f d e a d f f c c b c e b d e a b\nYour moves: ";
static const char NET[] = "    LL\n    BR\nUUBRDFDF\nRRFBLDLB\n    DF\n    UU\nYour moves: ";

typedef struct game {
    cli_tries *t;
    cli_play_hints *h;
    cg_play_options o;
    cg_replies *replies;
} game;

static void start(game *g, int max, const char *text, int argc, char **argv)
{
    static char *none[] = {"play", NULL};
    g->t = cli_tries_new(max, argc ? argc : 1, argc ? argv : none);
    assert_non_null(g->t);
    g->h = cli_play_hints_new();
    assert_non_null(g->h);
    cli_play_hints_feed(g->h, CG_TUBE_RECEIVED, (const uint8_t *)text, strlen(text));
    g->o = cg_play_defaults();
    g->replies = NULL;
    nsaid = 0;
}

static void finish(game *g)
{
    cli_tries_free(g->t);
    cli_play_hints_free(g->h);
    cg_replies_free(g->replies);
}

/* One game lost: answered (the server's verdict in reason) or not (st). */
static bool lose(game *g, int answered, const char *reason, cg_status st)
{
    cg_play_result r;
    memset(&r, 0, sizeof r);
    r.rounds_answered = answered;
    snprintf(r.reason, sizeof r.reason, "%s", reason);
    return cli_tries_next(g->t, &r, st, g->h, &g->o, &g->replies, false);
}

/* The options in force after the last try, as its line says them. */
static const char *options_now(void)
{
    assert_true(nsaid > 0);
    const char *with = strstr(said[nsaid - 1], "; trying again with ");
    assert_non_null(with);
    return with + strlen("; trying again with ");
}

static const char REFUSED[] = "round 1: the server said: Invalid move";

static void test_refused_as_written(void **state)
{
    (void)state;
    static const struct {
        const char *reason;
        bool refused;
    } rows[] = {
        {"round 1: the server said: Invalid move 'R''", true},
        {"round 1: the server said: 'Q' is not a move", true},
        {"round 1: the server said: Unknown move x", true},
        {"round 1: the server said: illegal token", true},
        {"round 1: the server said: wrong format", true},
        {"round 1: the server said: unknown token ;", true},
        {"round 1: the server said: bad move", true},
        {"round 1: the server said: I don't understand", true},
        {"round 1: the server said: unrecognised input", true},
        {"round 1: the server said: syntax error", true},
        {"round 1: the server said: could not parse that", true},
        {"round 1: the server said: not how moves are written", true},
        {"round 1: the server said: Wrong, the cube is not solved", false},
        {"round 1: Invalid move (our own check, no server's words)", false},
        {"", false},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
        if (cli_refused_as_written(rows[i].reason) != rows[i].refused)
            fail_msg("'%s': refused as written should be %d", rows[i].reason, rows[i].refused);
}

/* The notations in their order, each once, then no other; the option a try names is the one
 * put in force. */
static void walk_notations(const char *reason, const char *const *want, size_t n)
{
    game g;
    start(&g, CLI_TRIES_MAX, STRING, 0, NULL);
    for (size_t i = 0; i < n; i++) {
        if (!lose(&g, 1, reason, CG_OK))
            fail_msg("'%s': game %zu ended the tries, expected %s", reason, i + 1, want[i]);
        assert_string_equal(options_now(), want[i]);
        assert_ptr_equal(g.o.dialect, &g.t->dialect);
        assert_false(g.o.auto_notation);
        assert_non_null(strstr(said[nsaid - 1], "lost (the answer refused as written"));
    }
    int before = nsaid;
    assert_false(lose(&g, 1, reason, CG_OK));
    assert_int_equal(nsaid, before); /* no try said */
    finish(&g);
}

static const char MAP_I[] = "--move-map 'U=U,U2=U2,U'=Ui,D=D,D2=D2,D'=Di,F=F,F2=F2,F'=Fi,"
                            "B=B,B2=B2,B'=Bi,L=L,L2=L2,L'=Li,R=R,R2=R2,R'=Ri'";
static const char MAP_MINUS[] = "--move-map 'U=U,U2=U2,U'=U-,D=D,D2=D2,D'=D-,F=F,F2=F2,F'=F-,"
                                "B=B,B2=B2,B'=B-,L=L,L2=L2,L'=L-,R=R,R2=R2,R'=R-'";

static void test_notations_in_order(void **state)
{
    (void)state;
    const char *plain[] = {"--notation 'digits'", "--notation 'quarter'",
                           "--notation 'quarter-cw'", MAP_I, MAP_MINUS};
    walk_notations(REFUSED, plain, 5);
    /* the refusal shows the mark: it first, then the others, and it not again */
    const char *minus[] = {MAP_MINUS, "--notation 'digits'", "--notation 'quarter'",
                           "--notation 'quarter-cw'", MAP_I};
    walk_notations("round 1: the server said: Invalid move: a counter-clockwise turn is F-",
                   minus, 5);
    const char *i_first[] = {MAP_I, "--notation 'digits'", "--notation 'quarter'",
                             "--notation 'quarter-cw'", MAP_MINUS};
    walk_notations("round 1: the server said: invalid: write Ri, not R'", i_first, 5);
    /* the notation in force replaces the move map tried before it, and the other way round:
       both in a profile is refused ("the move map names U2, which notation quarter-cw never
       writes") */
    game g;
    start(&g, CLI_TRIES_MAX, STRING, 0, NULL);
    for (int i = 0; i < 5; i++)
        assert_true(lose(&g, 1, REFUSED, CG_OK));
    assert_int_equal(g.t->nopts, 1);
    assert_string_equal(g.t->opts[0].name, "move-map");
    finish(&g);
    /* a notation dropped from before another option: that option stays in force */
    start(&g, CLI_TRIES_MAX, STRING, 0, NULL);
    assert_true(lose(&g, 1, REFUSED, CG_OK)); /* --notation digits */
    assert_true(lose(&g, 0, "timeout after 3 s", CG_ERR_TIMEOUT)); /* --prompt */
    for (int i = 0; i < 3; i++) /* quarter, quarter-cw, then a move map */
        assert_true(lose(&g, 1, REFUSED, CG_OK));
    if (strncmp(options_now(), "--prompt 'Your moves:' --move-map 'U=U,", 39) != 0)
        fail_msg("in force: %s", options_now());
    finish(&g);
    /* a mark glued to a word, or before a letter, a digit or a prime, is not one */
    walk_notations("round 1: the server said: invalid move xR- or Ri2 or Fi' or Ui5", plain, 5);
}

/* The player's notation is never changed, nor anything else they gave. */
static void test_given_options_kept(void **state)
{
    (void)state;
    static const struct {
        const char *option, *text, *reason;
        int answered;
        cg_status st;
    } rows[] = {
        {"--notation", STRING, REFUSED, 1, CG_OK},
        {"--move-map", STRING, REFUSED, 1, CG_OK},
        {"--separator", STRING, REFUSED, 1, CG_OK},
        {"--scheme", USUAL, "round 1: the server said: not solved", 1, CG_OK},
        {"--target", USUAL, "round 1: the server said: not solved", 1, CG_OK},
        {"--order", STRING, "round 1: cannot read the cube", 0, CG_ERR_INPUT},
        {"--input", STRING, "round 1: cannot read the cube", 0, CG_ERR_INPUT},
        {"--across", NET, "round 1: cannot read the cube", 0, CG_ERR_INPUT},
        {"--layout", NET, "round 1: cannot read the cube", 0, CG_ERR_INPUT},
        {"--prompt", STRING, "timeout after 3 s", 0, CG_ERR_TIMEOUT},
        {"--reply", "Press Enter to begin", "timeout after 3 s", 0, CG_ERR_TIMEOUT},
        {"--replies", "Press Enter to begin", "timeout after 3 s", 0, CG_ERR_TIMEOUT},
        {"--send-first", "Press Enter to begin", "timeout after 3 s", 0, CG_ERR_TIMEOUT},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char *argv[] = {"play", "127.0.0.1", (char *)rows[i].option, "x", NULL};
        game g;
        start(&g, CLI_TRIES_MAX, rows[i].text, 4, argv);
        if (lose(&g, rows[i].answered, rows[i].reason, rows[i].st))
            fail_msg("%s given: the tries changed %s", rows[i].option, options_now());
        finish(&g);
        /* and without it, there is a try */
        char *plain[] = {"play", "127.0.0.1", NULL};
        start(&g, CLI_TRIES_MAX, rows[i].text, 2, plain);
        if (!lose(&g, rows[i].answered, rows[i].reason, rows[i].st))
            fail_msg("%s not given: no try for '%s'", rows[i].option, rows[i].reason);
        finish(&g);
    }
}

/* ---- orientations ---- */

static int home_face(const cg_scheme *home, const char *token)
{
    for (int f = 0; f < 6; f++)
        if (strcmp(home->face[f], token) == 0)
            return f;
    return -1;
}

static void axis(int f, int v[3])
{
    static const int vec[6][3] = {{0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {-1, 0, 0}, {1, 0, 0}};
    memcpy(v, vec[f], sizeof vec[f]);
}

/* s is a turn of the whole cube from home: opposite faces stay opposite, and (up, front, right)
 * stay right-handed. */
static void assert_rotation(const cg_scheme *home, const cg_scheme *s)
{
    int h[6], v[6][3];
    for (int f = 0; f < 6; f++) {
        h[f] = home_face(home, s->face[f]);
        assert_true(h[f] >= 0);
        axis(h[f], v[f]);
    }
    for (int f = 0; f < 6; f += 2)
        for (int k = 0; k < 3; k++)
            assert_int_equal(v[f][k], -v[f + 1][k]);
    const int *u = v[CG_U], *fr = v[CG_F], *r = v[CG_R];
    assert_int_equal(u[1] * fr[2] - u[2] * fr[1], r[0]);
    assert_int_equal(u[2] * fr[0] - u[0] * fr[2], r[1]);
    assert_int_equal(u[0] * fr[1] - u[1] * fr[0], r[2]);
}

static void test_orientations(void **state)
{
    (void)state;
    game g;
    start(&g, CLI_TRIES_MAX, USUAL, 0, NULL);
    cg_scheme home;
    assert_true(usual_colours(g.h, &home));
    /* the most common first: yellow up with green, then blue in front; white up with blue, red,
       orange; yellow up with red, orange (up and front as the first game's faces) */
    static const char first[][2] = {{CG_D, CG_F}, {CG_D, CG_B}, {CG_U, CG_B}, {CG_U, CG_R},
                                    {CG_U, CG_L}, {CG_D, CG_R}, {CG_D, CG_L}};
    cg_scheme seen[24];
    seen[0] = home;
    for (int k = 1; k < 24; k++) {
        if (!lose(&g, 1, "round 1: the server said: Nope, that is not the home position", CG_OK))
            fail_msg("orientation %d of 23 not tried", k);
        assert_ptr_equal(g.o.solve.scheme, &g.t->scheme_now);
        seen[k] = g.t->scheme_now;
        assert_rotation(&home, &seen[k]);
        for (int j = 0; j < k; j++) {
            bool same = true;
            for (int f = 0; f < 6; f++)
                same = same && strcmp(seen[j].face[f], seen[k].face[f]) == 0;
            if (same)
                fail_msg("orientation %d repeats %d", k, j);
        }
        if (k <= 7) {
            assert_string_equal(seen[k].face[CG_U], home.face[(int)first[k - 1][0]]);
            assert_string_equal(seen[k].face[CG_F], home.face[(int)first[k - 1][1]]);
        }
        /* the try names the scheme in the first game's tokens, and the words that chose it */
        char want[160];
        snprintf(want, sizeof want, "--scheme 'U=%s,D=%s,F=%s,B=%s,L=%s,R=%s'", seen[k].face[0],
                 seen[k].face[1], seen[k].face[2], seen[k].face[3], seen[k].face[4],
                 seen[k].face[5]);
        assert_string_equal(options_now(), want);
        assert_non_null(strstr(said[nsaid - 1], k == 1 ? "lost (round 1 not passed: 'Nope, that is "
                                                         "not the home position')"
                                                       : "lost (round 1 not passed: '"));
    }
    assert_false(lose(&g, 1, "round 1: the server said: Nope", CG_OK)); /* all 24 played */
    finish(&g);
}

/* The same loss again and again: option takes each of values in turn (its line names it, the
 * loss's words as `words` says, *field points at it), then no other. */
static void walk_readers(game *g, int answered, const char *reason, cg_status st,
                         const char *option, const char *const *values, size_t n,
                         const char *const *field, const char *words)
{
    for (size_t i = 0; i < n; i++) {
        assert_true(lose(g, answered, reason, st));
        char want[32];
        snprintf(want, sizeof want, "--%s '%s'", option, values[i]);
        assert_string_equal(options_now(), want);
        assert_string_equal(*field, values[i]);
        assert_non_null(strstr(said[nsaid - 1], words));
    }
    assert_false(lose(g, answered, reason, st));
}

/* Not the usual colours: no orientation; a string's face orders, then none. */
static void test_not_solved_other_colours(void **state)
{
    (void)state;
    game g;
    start(&g, CLI_TRIES_MAX, STRING, 0, NULL);
    const char *orders[] = {"URFDLB", "ULFRBD", "UFRBLD", "UDLRFB", "FRBLUD", "net"};
    walk_readers(&g, 1, "round 1: the server said: not solved", CG_OK, "order", orders, 6,
                 &g.o.order, "lost (round 1 not passed");
    finish(&g);
}

/* Two cubes before one answer: the first is the goal, tried before anything else. */
static void test_goal_first(void **state)
{
    (void)state;
    game g;
    start(&g, CLI_TRIES_MAX, "", 0, NULL);
    cli_play_hints_feed(g.h, CG_TUBE_RECEIVED, (const uint8_t *)STRING, strlen(STRING));
    cli_play_hints_feed(g.h, CG_TUBE_RECEIVED, (const uint8_t *)STRING, strlen(STRING));
    cli_play_hints_feed(g.h, CG_TUBE_SENT, (const uint8_t *)"R U\n", 4);
    assert_true(lose(&g, 1, "round 1: the server said: not solved", CG_OK));
    assert_string_equal(options_now(), "--target 'first'");
    assert_true(g.o.goal_first);
    assert_true(lose(&g, 1, "round 1: the server said: not solved", CG_OK));
    assert_string_equal(options_now(), "--target 'first' --order 'URFDLB'");
    finish(&g);
}

/* A cube not read: face orders for a string, side orders for a net. */
static void test_not_read(void **state)
{
    (void)state;
    game g;
    start(&g, CLI_TRIES_MAX, NET, 0, NULL);
    const char *across[] = {"BLFR", "FRBL", "RBLF"};
    walk_readers(&g, 0, "round 1: cannot read the cube", CG_ERR_INPUT, "across", across, 3,
                 &g.o.across, "lost (the cube not read");
    finish(&g);
    /* no cube shown: nothing to read another way */
    start(&g, CLI_TRIES_MAX, "Hello\n", 0, NULL);
    assert_false(lose(&g, 0, "round 1: cannot read the cube", CG_ERR_INPUT));
    assert_int_equal(nsaid, 0);
    finish(&g);
}

/* A wait: with cubes, the last text is the prompt (once); without, an empty line at it, then
 * 1 at a menu's question; a closed connection is no wait. */
static void test_waits(void **state)
{
    (void)state;
    game g;
    start(&g, CLI_TRIES_MAX, "a a b c d e f f d e a d f f c c b c e b d e a b\nYour turn >> ", 0,
          NULL);
    assert_true(lose(&g, 0, "timeout after 3 s", CG_ERR_TIMEOUT));
    assert_string_equal(options_now(), "--prompt 'Your turn >>'");
    assert_string_equal(g.o.prompt, "Your turn >>");
    assert_non_null(strstr(said[0], "lost (the prompt never recognised: 'Your turn >>')"));
    assert_false(lose(&g, 0, "timeout after 3 s", CG_ERR_TIMEOUT));
    finish(&g);

    /* the text a rule matches ends before a '=' (the rule's own separator) and its blanks */
    start(&g, CLI_TRIES_MAX, "Welcome.\nPress Enter to begin \t= ok", 0, NULL);
    assert_true(lose(&g, 0, "timeout after 3 s", CG_ERR_TIMEOUT));
    assert_string_equal(options_now(), "--reply 'start:Press Enter to begin='");
    assert_ptr_equal(g.o.replies, g.replies);
    assert_non_null(strstr(said[0], "lost (no cube came: 'Press Enter to begin  = ok')")); /* a tab a blank */
    assert_false(lose(&g, 0, "timeout after 3 s", CG_ERR_TIMEOUT)); /* no menu */
    finish(&g);

    start(&g, CLI_TRIES_MAX, "Welcome!\n(1) start (2) rules\nYour choice: ", 0, NULL);
    assert_true(lose(&g, 0, "timeout after 3 s", CG_ERR_TIMEOUT));
    assert_string_equal(options_now(), "--reply 'start:Your choice:='");
    assert_true(lose(&g, 0, "timeout after 3 s", CG_ERR_TIMEOUT));
    assert_string_equal(options_now(), "--reply 'any:Your choice:=1'");
    assert_false(lose(&g, 0, "timeout after 3 s", CG_ERR_TIMEOUT));
    finish(&g);

    start(&g, CLI_TRIES_MAX, "Hello there\n", 0, NULL); /* closed: nothing waited */
    assert_false(lose(&g, 0, "the server closed the connection", CG_ERR_EOF));
    finish(&g);
    start(&g, CLI_TRIES_MAX, "", 0, NULL); /* nothing came at all */
    assert_false(lose(&g, 0, "timeout after 3 s", CG_ERR_TIMEOUT));
    finish(&g);
}

/* A menu of modes the engine answered: its entries in turn from the one after its choice. */
static void test_modes(void **state)
{
    (void)state;
    game g;
    start(&g, CLI_TRIES_MAX, "(1) baby (2) hard (3) insane\nyour mode: ", 0, NULL);
    cg_play_result r;
    memset(&r, 0, sizeof r);
    snprintf(r.mode_ask, sizeof r.mode_ask, "your mode:");
    snprintf(r.mode_keys, sizeof r.mode_keys, "1 2 3");
    r.mode_chosen = 1;
    r.rounds_answered = 1, r.rounds_passed = 1; /* rounds won, no flag: the mode */
    snprintf(r.reason, sizeof r.reason, "the server closed the connection without a flag");
    assert_true(cli_tries_next(g.t, &r, CG_OK, g.h, &g.o, &g.replies, false));
    assert_string_equal(options_now(), "--reply 'start:your mode:=2'");
    assert_non_null(strstr(said[0], "lost (no flag in the mode chosen"));
    cg_play_result next;
    memset(&next, 0, sizeof next); /* the tries' own rule chose: the engine reports none */
    assert_true(cli_tries_next(g.t, &next, CG_ERR_TIMEOUT, g.h, &g.o, &g.replies, false));
    assert_string_equal(options_now(), "--reply 'start:your mode:=3'");
    assert_false(cli_tries_next(g.t, &next, CG_ERR_TIMEOUT, g.h, &g.o, &g.replies, false));
    finish(&g);
    /* a question with '=' in it (a rule's separator): the rule's text ends before it */
    start(&g, CLI_TRIES_MAX, "(1) baby (2) hard\nlevel=? ", 0, NULL);
    snprintf(r.mode_ask, sizeof r.mode_ask, "level=?");
    assert_true(cli_tries_next(g.t, &r, CG_OK, g.h, &g.o, &g.replies, false));
    assert_string_equal(options_now(), "--reply 'start:level=2'");
    finish(&g);
    /* a question no rule can hold (it reads as a broken pattern): no try */
    start(&g, CLI_TRIES_MAX, "(1) baby (2) hard\nre:(: ", 0, NULL);
    snprintf(r.mode_ask, sizeof r.mode_ask, "re:(:");
    assert_false(cli_tries_next(g.t, &r, CG_OK, g.h, &g.o, &g.replies, false));
    finish(&g);
    snprintf(r.mode_ask, sizeof r.mode_ask, "your mode:");
    /* a round refused in a mode: the mode is not what to change */
    start(&g, CLI_TRIES_MAX, "(1) baby (2) hard\nyour mode: ", 0, NULL);
    r.rounds_passed = 0;
    snprintf(r.reason, sizeof r.reason, "%s", REFUSED);
    assert_true(cli_tries_next(g.t, &r, CG_OK, g.h, &g.o, &g.replies, false));
    assert_string_equal(options_now(), "--notation 'digits'");
    finish(&g);
}

/* The count of games is the player's; a game lost past round 1 or for a turn drawing is lost
 * for no reason a try could change. */
static void test_bounds(void **state)
{
    (void)state;
    game g;
    start(&g, 3, STRING, 0, NULL);
    assert_true(lose(&g, 1, REFUSED, CG_OK));
    assert_string_equal(said[0], "try 1 of 3: lost (the answer refused as written: 'Invalid move'); "
                                 "trying again with --notation 'digits'");
    assert_true(lose(&g, 1, REFUSED, CG_OK));
    assert_false(lose(&g, 1, REFUSED, CG_OK));
    finish(&g);
    cg_play_result r;
    start(&g, CLI_TRIES_MAX, STRING, 0, NULL);
    memset(&r, 0, sizeof r);
    r.rounds_answered = 2, r.rounds_passed = 1;
    snprintf(r.reason, sizeof r.reason, "%s", REFUSED);
    assert_false(cli_tries_next(g.t, &r, CG_OK, g.h, &g.o, &g.replies, false));
    memset(&r, 0, sizeof r);
    r.turn_text = true;
    assert_false(cli_tries_next(g.t, &r, CG_ERR_INPUT, g.h, &g.o, &g.replies, false));
    finish(&g);
    assert_false(cli_tries_next(NULL, &r, CG_OK, NULL, NULL, NULL, false));
    /* quiet: the same try, nothing said */
    start(&g, CLI_TRIES_MAX, STRING, 0, NULL);
    memset(&r, 0, sizeof r);
    r.rounds_answered = 1;
    snprintf(r.reason, sizeof r.reason, "%s", REFUSED);
    assert_true(cli_tries_next(g.t, &r, CG_OK, g.h, &g.o, &g.replies, true));
    assert_int_equal(nsaid, 0);
    assert_ptr_equal(g.o.dialect, &g.t->dialect);
    finish(&g);
}

/* The words of a loss: the server's, without what play appends; a long text cut at a blank. */
static void test_loss_words(void **state)
{
    (void)state;
    game g;
    start(&g, CLI_TRIES_MAX, STRING, 0, NULL);
    assert_true(lose(&g, 1, "round 1: the server said: Invalid move; the prompt was '>'", CG_OK));
    assert_non_null(strstr(said[0], "lost (the answer refused as written: 'Invalid move');"));
    assert_true(lose(&g, 1, "round 1: the server said: bad move; reply rule 'x' never matched",
                     CG_OK));
    assert_non_null(strstr(said[1], "written: 'bad move');"));
    char reason[300] = "round 1: the server said: invalid";
    for (int i = 0; i < 20; i++)
        strcat(reason, " word");
    strcat(reason, " LASTWORD");
    assert_true(lose(&g, 1, reason, CG_OK));
    /* cut at the last blank within the bound (92 bytes: 96 less "..." and its end) */
    char want[160] = ": 'invalid";
    for (int i = 0; i < 17; i++)
        strcat(want, " word");
    strcat(want, "...')");
    if (!strstr(said[2], want))
        fail_msg("the long words: %s", said[2]);
    /* a blank right past the bound: the cut still leaves room for the whole "..." */
    char blank_past[300] = "round 1: the server said: invalidx";
    for (int i = 0; i < 20; i++)
        strcat(blank_past, " word");
    assert_true(lose(&g, 1, blank_past, CG_OK));
    assert_non_null(strstr(said[3], " word...')"));
    finish(&g);
    /* a word of one character is quoted too */
    start(&g, CLI_TRIES_MAX, "Welcome.\n?", 0, NULL);
    assert_true(lose(&g, 0, "timeout after 3 s", CG_ERR_TIMEOUT));
    assert_string_equal(said[0], "try 1 of 64: lost (no cube came: '?'); trying again with "
                                 "--reply 'start:?='");
    finish(&g);
}

/* The summary: one line for two or three games, a line a game beyond; each game's words said
 * once (the same words again: only the loss's kind). */
static void test_summary(void **state)
{
    (void)state;
    game g;
    start(&g, CLI_TRIES_MAX, STRING, 0, NULL);
    assert_true(lose(&g, 1, REFUSED, CG_OK));
    assert_true(lose(&g, 1, REFUSED, CG_OK));
    nsaid = 0;
    assert_int_equal(cli_tries_finish(g.t, true, NULL, false), 0);
    assert_int_equal(nsaid, 1);
    assert_string_equal(said[0], "3 games: 1: lost (the answer refused as written: 'Invalid "
                                 "move'); 2: lost (the answer refused as written) with --notation "
                                 "'digits'; 3: won with --notation 'quarter'");
    finish(&g);

    start(&g, CLI_TRIES_MAX, STRING, 0, NULL);
    for (int i = 0; i < 4; i++)
        assert_true(lose(&g, 1, REFUSED, CG_OK));
    nsaid = 0;
    assert_int_equal(cli_tries_finish(g.t, false, NULL, false), 0);
    assert_int_equal(nsaid, 5);
    assert_string_equal(said[0], "4 games:");
    assert_string_equal(said[4], "  4: lost (the answer refused as written) with --notation "
                                 "'quarter-cw'");
    nsaid = 0;
    assert_int_equal(cli_tries_finish(g.t, false, NULL, true), 0); /* quiet */
    assert_int_equal(nsaid, 0);
    finish(&g);

    start(&g, CLI_TRIES_MAX, STRING, 0, NULL); /* one game: nothing to sum up */
    assert_int_equal(cli_tries_finish(g.t, true, NULL, false), 0);
    assert_int_equal(nsaid, 0);
    finish(&g);
    assert_int_equal(cli_tries_finish(NULL, true, "/nonexistent/x", false), 0);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    static char buf[2048];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* --save-profile: the winner's options (a later hypothesis of the same kind replacing the
 * former), or none needed; nothing written for a lost game or a folder that is not there. */
static void test_save_profile(void **state)
{
    (void)state;
    char dir[] = "/tmp/cubegod-tries-XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/won.ini", dir);
    game g;
    start(&g, CLI_TRIES_MAX, "a a b c d e f f d e a d f f c c b c e b d e a b\n> ", 0, NULL);
    assert_true(lose(&g, 0, "timeout after 3 s", CG_ERR_TIMEOUT)); /* --prompt */
    assert_true(lose(&g, 1, REFUSED, CG_OK));                     /* --notation digits */
    assert_true(lose(&g, 1, REFUSED, CG_OK));                     /* --notation quarter */
    assert_int_equal(cli_tries_finish(g.t, true, path, true), 0);
    char want[256];
    snprintf(want, sizeof want, "# Written by cubegod play --save-profile: the options that won "
             "(game 4 of %d)\n[play]\nprompt = \">\"\nnotation = \"quarter\"\n", CLI_TRIES_MAX);
    assert_string_equal(slurp(path), want);
    finish(&g);

    start(&g, CLI_TRIES_MAX, STRING, 0, NULL);
    assert_int_equal(cli_tries_finish(g.t, true, path, true), 0);
    assert_non_null(strstr(slurp(path), "(game 1 of 64); none was needed\n[play]\n"));
    finish(&g);
    start(&g, CLI_TRIES_MAX, STRING, 0, NULL);
    unlink(path);
    assert_int_equal(cli_tries_finish(g.t, false, path, true), 1);
    assert_true(access(path, F_OK) != 0);
    assert_non_null(strstr(said[0], "not written: no game was won"));
    nsaid = 0;
    char nodir[96];
    snprintf(nodir, sizeof nodir, "%s/no/such.ini", dir);
    assert_int_equal(cli_tries_finish(g.t, true, nodir, true), 1);
    assert_non_null(strstr(said[0], "no/such.ini: No such file or directory"));
    finish(&g);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refused_as_written),
        cmocka_unit_test(test_notations_in_order),
        cmocka_unit_test(test_given_options_kept),
        cmocka_unit_test(test_orientations),
        cmocka_unit_test(test_not_solved_other_colours),
        cmocka_unit_test(test_goal_first),
        cmocka_unit_test(test_not_read),
        cmocka_unit_test(test_waits),
        cmocka_unit_test(test_modes),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_loss_words),
        cmocka_unit_test(test_summary),
        cmocka_unit_test(test_save_profile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
