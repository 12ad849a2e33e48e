/* Moves on stickers of any symbols (turn.h): known answers worked out by hand for each move
 * kind, group laws, identities between the kinds, the move reader's errors, and drawings read
 * and written back byte for byte. The independent model is tests/cli/turn_model.py
 * (tests/cli/e2e_turn.sh compares the two). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "cubegod/turn.h"
#include "testutil.h"

static const char SOLVED3[] = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
static const char SOLVED2[] = "UUUURRRRFFFFDDDDLLLLBBBB";

static void expect_apply(int size, const char *moves, const char *want)
{
    char out[64];
    cg_error err;
    cg_status st = cg_stickers_apply(size, moves, 0, size == 3 ? SOLVED3 : SOLVED2, out, sizeof out, &err);
    if (st != CG_OK)
        fail_msg("%s: %s", moves, err.msg);
    if (strcmp(out, want) != 0)
        fail_msg("%dx%d %s: got %s, expected %s", size, size, moves, out, want);
}

/* Worked out on a solved cube, face by face (U R F D L B). */
static void test_known_colours(void **state)
{
    (void)state;
    /* M turns as L: F gets U's middle column, U gets B's, D gets F's, B gets D's. */
    expect_apply(3, "M", "UBUUBUUBU" "RRRRRRRRR" "FUFFUFFUF" "DFDDFDDFD" "LLLLLLLLL" "BDBBDBBDB");
    /* E turns as D: F gets L's middle row, R gets F's, B gets R's, L gets B's. */
    expect_apply(3, "E", "UUUUUUUUU" "RRRFFFRRR" "FFFLLLFFF" "DDDDDDDDD" "LLLBBBLLL" "BBBRRRBBB");
    /* S turns as F: U's middle row gets L's, R's middle column U's, D's row R's, L's column D's. */
    expect_apply(3, "S", "UUULLLUUU" "RURRURRUR" "FFFFFFFFF" "DDDRRRDDD" "LDLLDLLDL" "BBBBBBBBB");
    /* Rotations: x as R (U gets F), y as U (F gets R), z as F (U gets L). */
    expect_apply(3, "x", "FFFFFFFFF" "RRRRRRRRR" "DDDDDDDDD" "BBBBBBBBB" "LLLLLLLLL" "UUUUUUUUU");
    expect_apply(3, "y", "UUUUUUUUU" "BBBBBBBBB" "RRRRRRRRR" "DDDDDDDDD" "FFFFFFFFF" "LLLLLLLLL");
    expect_apply(3, "z", "LLLLLLLLL" "UUUUUUUUU" "FFFFFFFFF" "RRRRRRRRR" "DDDDDDDDD" "BBBBBBBBB");
    /* Rw: R and the middle layer: U's right two columns get F's, B's left two get U's. */
    expect_apply(3, "Rw", "UFFUFFUFF" "RRRRRRRRR" "FDDFDDFDD" "DBBDBBDBB" "LLLLLLLLL" "UUBUUBUUB");
    expect_apply(3, "r", "UFFUFFUFF" "RRRRRRRRR" "FDDFDDFDD" "DBBDBBDBB" "LLLLLLLLL" "UUBUUBUUB");
    /* 2R: the second layer from R, M'. */
    expect_apply(3, "2R", "UFUUFUUFU" "RRRRRRRRR" "FDFFDFFDF" "DBDDBDDBD" "LLLLLLLLL" "BUBBUBBUB");
    expect_apply(3, "3Rw", "FFFFFFFFF" "RRRRRRRRR" "DDDDDDDDD" "BBBBBBBBB" "LLLLLLLLL" "UUUUUUUUU");
    /* A 2x2: Rw is x, 2R is L' (U's left column gets F's, B's right column gets U's). */
    expect_apply(2, "Rw", "FFFF" "RRRR" "DDDD" "BBBB" "LLLL" "UUUU");
    expect_apply(2, "2R", "FUFU" "RRRR" "DFDF" "BDBD" "LLLL" "BUBU");
    expect_apply(2, "u", "UUUU" "BBBB" "RRRR" "DDDD" "FFFF" "LLLL");
}

/* Where single stickers go, by facelet name: M takes B8 B5 B2 to U2 U5 U8 (B is seen from behind,
 * so its column is read bottom up), U2 to F2, F2 to D2, D8 to B2. */
static void test_known_places(void **state)
{
    (void)state;
    uint8_t src[CG_TURN_STICKERS_MAX];
    cg_error err;
    assert_int_equal(cg_turn_perm(3, "M", NULL, 0, src, &err), CG_OK);
    enum { U2 = 1, U5 = 4, U8 = 7, F2 = 19, D2 = 28, D8 = 34, B2 = 46, B5 = 49, B8 = 52 };
    assert_int_equal(src[U2], B8);
    assert_int_equal(src[U5], B5);
    assert_int_equal(src[U8], B2);
    assert_int_equal(src[F2], U2);
    assert_int_equal(src[D2], F2);
    assert_int_equal(src[B8], D2);
    assert_int_equal(src[B2], D8);
    /* x on a 2x2 (Kociemba U1..U4 R1..R4 F1..F4 D1..D4 L1..L4 B1..B4): U1 gets F1, B1 gets U4
     * (B upside down), R1 gets R3 (R turns clockwise). */
    assert_int_equal(cg_turn_perm(2, "x", NULL, 0, src, &err), CG_OK);
    assert_int_equal(src[0], 8);
    assert_int_equal(src[20], 3);
    assert_int_equal(src[4], 6);
}

static void perm(int size, const char *moves, uint8_t *src)
{
    cg_error err;
    if (cg_turn_perm(size, moves, NULL, 0, src, &err) != CG_OK)
        fail_msg("%s: %s", moves, err.msg);
}

static bool same(int size, const char *a, const char *b)
{
    uint8_t pa[CG_TURN_STICKERS_MAX], pb[CG_TURN_STICKERS_MAX];
    perm(size, a, pa);
    perm(size, b, pb);
    return memcmp(pa, pb, (size_t)(6 * size * size)) == 0;
}

static void expect_same(int size, const char *a, const char *b)
{
    if (!same(size, a, b))
        fail_msg("%dx%d: '%s' and '%s' differ", size, size, a, b);
}

static void expect_differ(int size, const char *a, const char *b)
{
    if (same(size, a, b))
        fail_msg("%dx%d: '%s' and '%s' are the same", size, size, a, b);
}

/* Every move has order 4 (2 for half turns), and no smaller one. */
static void test_orders(void **state)
{
    (void)state;
    static const char *const kinds3[] = {"U", "D", "F", "B", "L", "R", "M", "E", "S", "x", "y",
                                         "z", "Rw", "u", "Fw", "l", "d", "Bw", "2R", "2U", "3F",
                                         "3Rw", "2Lw"};
    static const char *const kinds2[] = {"U", "F", "R", "x", "y", "z", "Rw", "u", "2R", "2F", "1B"};
    for (int size = 2; size <= 3; size++) {
        const char *const *kinds = size == 3 ? kinds3 : kinds2;
        size_t n = size == 3 ? sizeof kinds3 / sizeof *kinds3 : sizeof kinds2 / sizeof *kinds2;
        for (size_t i = 0; i < n; i++) {
            char seq[64];
            snprintf(seq, sizeof seq, "%s %s %s %s", kinds[i], kinds[i], kinds[i], kinds[i]);
            expect_same(size, seq, "");
            for (int k = 1; k < 4; k++) {
                snprintf(seq, sizeof seq, "%s%d", kinds[i], k);
                expect_differ(size, seq, "");
            }
            snprintf(seq, sizeof seq, "%s2 %s2", kinds[i], kinds[i]);
            expect_same(size, seq, "");
            snprintf(seq, sizeof seq, "%s'", kinds[i]);
            char three[32];
            snprintf(three, sizeof three, "%s3", kinds[i]);
            expect_same(size, seq, three);
        }
    }
}

/* The kinds in terms of each other, in the conventions of turn.h. */
static void test_identities(void **state)
{
    (void)state;
    expect_same(3, "M", "L' R x'");
    expect_same(3, "E", "U D' y'");
    expect_same(3, "S", "F' B z");
    expect_same(3, "x", "R M' L'");
    expect_same(3, "y", "U E' D'");
    expect_same(3, "z", "F S B'");
    expect_same(3, "Rw", "R M'");
    expect_same(3, "Rw", "L x");
    expect_same(3, "Lw", "L M");
    expect_same(3, "Uw", "U E'");
    expect_same(3, "Dw", "D E");
    expect_same(3, "Fw", "F S");
    expect_same(3, "Bw", "B S'");
    expect_same(3, "r", "Rw");
    expect_same(3, "2R", "M'");
    expect_same(3, "2L", "M");
    expect_same(3, "3R", "L'");
    expect_same(3, "3Rw", "x");
    expect_same(3, "2Rw", "Rw");
    expect_same(3, "1R", "R");
    expect_same(3, "R1 R3", "");
    expect_same(3, "R R R", "R'");
    expect_same(3, "R\xE2\x80\x99", "R'");
    expect_same(3, "RUR'U'", "R U R' U'");
    expect_same(3, "R,U,F2", "R U F2");
    expect_same(3, "R2'", "R2");
    expect_same(3, "R'2", "R2");
    expect_same(3, "X Y Z", "x y z");
    /* Rotations carry the faces: x U x' is F, y R y' is B... and x y x' is z. */
    expect_same(3, "x U x'", "F");
    expect_same(3, "y R y'", "B");
    expect_same(3, "x y x'", "z");
    expect_same(3, "x2 y2", "z2");
    /* What commutes: a rotation with the layers of its own axis, and nothing else. */
    expect_same(3, "x R", "R x");
    expect_same(3, "x M", "M x");
    expect_same(3, "y E", "E y");
    expect_differ(3, "x U", "U x");
    expect_differ(3, "x y", "y x");
    expect_differ(3, "M E", "E M");
    expect_differ(3, "M", "L' R");
    /* A 2x2: wide moves are rotations, the second layer is the opposite face. */
    expect_same(2, "Rw", "x");
    expect_same(2, "Uw", "y");
    expect_same(2, "Fw", "z");
    expect_same(2, "x", "R L'");
    expect_same(2, "2R", "L'");
    expect_same(2, "2Rw", "x");
    expect_same(2, "x U x'", "F");
    expect_differ(2, "x U", "U x");
}

/* Random sequences of every kind, then their inverse (CG_TURN_UNDO): the identity. */
static void test_undo(void **state)
{
    (void)state;
    static const char *const kinds[] = {"U", "D'", "F2", "B", "L'", "R", "M", "E'", "S2", "x",
                                        "y'", "z2", "Rw", "u'", "f2", "2R", "3Rw'", "Bw"};
    cg_rng rng;
    cg_rng_seed(&rng, 30);
    for (int trial = 0; trial < 200; trial++) {
        char seq[512] = "";
        int size = 2 + (int)cg_rng_below(&rng, 2), k = 1 + (int)cg_rng_below(&rng, 30);
        for (int i = 0; i < k; i++) {
            const char *m = kinds[cg_rng_below(&rng, sizeof kinds / sizeof *kinds)];
            if (size == 2 && (m[0] == 'M' || m[0] == 'E' || m[0] == 'S' || m[0] == '3'))
                m = "R";
            strcat(seq, m);
            strcat(seq, " ");
        }
        uint8_t fwd[CG_TURN_STICKERS_MAX], back[CG_TURN_STICKERS_MAX];
        cg_error err;
        assert_int_equal(cg_turn_perm(size, seq, NULL, 0, fwd, &err), CG_OK);
        assert_int_equal(cg_turn_perm(size, seq, NULL, CG_TURN_UNDO, back, &err), CG_OK);
        for (int i = 0; i < 6 * size * size; i++)
            if (fwd[back[i]] != i)
                fail_msg("%s then its undo moves sticker %d", seq, i);
    }
}

static void expect_error(int size, const char *moves, const char *map, const char *want)
{
    uint8_t src[CG_TURN_STICKERS_MAX];
    cg_error err;
    cg_status st = cg_turn_perm(size, moves, map, 0, src, &err);
    if (st == CG_OK)
        fail_msg("'%s' was read", moves);
    if (!strstr(err.msg, want))
        fail_msg("'%s': got '%s', expected '%s' in it", moves, err.msg, want);
}

static void test_errors(void **state)
{
    (void)state;
    expect_error(3, "R U Q F", NULL, "move 3 'Q' (column 5) is not a move");
    expect_error(3, "R U2 Rq2", NULL, "move 4 'q2' (column 7)");
    expect_same(3, "R U2 Rx2", "R U2 R x2");
    expect_error(3, "R 4R", NULL, "move 2 '4R' (column 3) names a layer a 3x3 does not have");
    expect_error(3, "4Rw", NULL, "is wider than a 3x3");
    expect_error(2, "R M", NULL, "move 2 'M' (column 3) is a slice move, and a 2x2 has no middle");
    expect_error(2, "3R", NULL, "names a layer a 2x2 does not have");
    expect_error(3, "R0", NULL, "turns no times");
    expect_error(3, "2M", NULL, "move 1 '2M' (column 1)");
    expect_error(3, "a", "U=a,U=b", "U is named twice"); /* the map's own error */
    uint8_t src[CG_TURN_STICKERS_MAX];
    cg_error err;
    /* A map adds names; the standard ones still read. */
    assert_int_equal(cg_turn_perm(3, "a b R M", "U=a,U'=b", 0, src, &err), CG_OK);
    expect_same(3, "R M", "R M");
    char out[64];
    assert_int_equal(cg_stickers_apply(3, "R", 0, "UUU", out, sizeof out, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "has 3 characters where a 3x3 has 54"));
    assert_int_equal(cg_stickers_apply(3, "R", 0, SOLVED3, out, 20, &err), CG_ERR_LIMIT);
    cg_turn codes[4];
    size_t n;
    assert_int_equal(cg_turn_parse(3, "R U F R", NULL, codes, 3, &n, &err), CG_ERR_LIMIT);
    assert_int_equal(cg_turn_parse(3, "R' M2 x", NULL, codes, 4, &n, &err), CG_OK);
    assert_int_equal(n, 3);
    assert_int_equal(codes[0], cg_turn_make(CG_R, 1, 3));
    assert_int_equal(codes[1], cg_turn_make(CG_L, 2, 2));
    assert_int_equal(codes[2], cg_turn_make(CG_R, 7, 1));
    assert_int_equal(cg_turn_inverse(codes[0]), cg_turn_make(CG_R, 1, 1));
}

/* ---- drawings ---- */

static char *turned(const char *text, const char *moves, const char *options)
{
    static char out[4096];
    cg_error err;
    size_t need;
    cg_status st = cg_turn_text(text, moves, options, out, sizeof out, &need, &err);
    if (st != CG_OK)
        fail_msg("%s: %s", moves ? moves : options, err.msg);
    return out;
}

static void round_trip(const char *text, const char *moves, const char *options)
{
    char first[4096], opts[128];
    snprintf(first, sizeof first, "%s", turned(text, moves, options));
    snprintf(opts, sizeof opts, "%s undo", options ? options : "");
    const char *back = turned(first, moves, opts);
    if (strcmp(back, text) != 0)
        fail_msg("round trip of %s through '%s' gave\n%s", text, moves, back);
    if (strcmp(first, text) == 0)
        fail_msg("'%s' left the drawing as it was", moves);
}

static const char NET3[] =
    "        f l a\n"
    "        g { t\n"
    "        u r n\n"
    "i s _ | a _ f | l a g | _ o f\n"
    "_ 1 2 | 3 4 5 | 6 7 8 | 9 A B\n"
    "C D E | F G H | I J K | L M N\n"
    "        S T }\n"
    "        V W X\n"
    "        Y Z !\n";

static void test_drawings(void **state)
{
    (void)state;
    /* A net; the reading order is U's rows, the rows across, D's rows. */
    assert_string_equal(turned(NET3, "", "line"), "flag{turnis_a_flag_of_123456789ABCDEFGHIJKLMNST}VWXYZ!");
    round_trip(NET3, "R U M x' Rw 2U z S E", NULL);
    /* Symbols that mark labels elsewhere (':' and '=') are stickers in a net's rows too */
    static const char MARKS[] = "      : = :\n      = : =\n      : : =\n"
                                "a b c d e f g h i j k l\nm n o p q r s t u v w x\ny z 1 2 3 4 5 6 7 8 9 0\n"
                                "      A B C\n      D E F\n      G H I\n";
    assert_string_equal(turned(MARKS, "", "line"), ":=:=:=::=abcdefghijklmnopqrstuvwxyz1234567890ABCDEFGHI");
    round_trip(MARKS, "R U F", NULL);
    /* |-separated columns are kept as they are. */
    const char *out = turned(NET3, "R", NULL);
    assert_int_equal(strlen(out), strlen(NET3));
    assert_non_null(strstr(out, " | "));
    /* Emoji stickers, some with modifiers, in a 2x2 net; a string of any bytes. */
    const char *emoji =
        "   \xF0\x9F\x8D\x8E\xF0\x9F\x8D\x8A\n"                   /* 🍎🍊 */
        "   \xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD\xE2\x9D\xA4\xEF\xB8\x8F\n" /* 👍🏽❤️ */
        "abcdefgh\n"
        "ijklmnop\n"
        "   qr\n"
        "   st\n";
    round_trip(emoji, "R U' x Rw 2R", NULL);
    /* U's rows not indented (flush with L, or left of it): nor need D's be, and they are read */
    static const char FLUSH[] = "ab\ncd\nefghijkl\nmnopqrst\nuv\nwx\n";
    assert_string_equal(turned(FLUSH, "U", NULL), "ca\ndb\nghijklef\nmnopqrst\nuv\nwx\n");
    assert_string_equal(turned(FLUSH, "D", NULL), "ab\ncd\nefghijkl\nstmnopqr\nwu\nxv\n");
    static const char LEFT[] = "ab\ncd\n efghijkl\n mnopqrst\nuv\nwx\n";
    assert_string_equal(turned(LEFT, "D", NULL), "ab\ncd\n efghijkl\n stmnopqr\nwu\nxv\n");
    /* U indented: a line at the left edge after the rows across is no D row (text after a
     * net with D hidden) */
    assert_string_equal(turned("  ab\n  cd\nefghijkl\nmnopqrst\nuv\nwx\n", "D", "line"),
                        "abcdefghijklstmnopqr");
    /* a cross (three faces across) whose U is drawn raggedly: its first row over the middle face
     * is enough */
    assert_string_equal(turned("  ab\ncd\nefghij\nklmnop\n  qr\n  st\n  uv\n  wx\n", "U", "line"),
                        "cadbghijxwklmnopqrstuvfe");
    assert_string_equal(turned("  ab\n      cd\nefghij\nklmnop\n  qr\n  st\n  uv\n  wx\n", "U", "line"),
                        "cadbghijxwklmnopqrstuvfe");
    /* drawn unevenly: any U row not indented is enough */
    assert_string_equal(turned("ab\n  cd\n efghijkl\n mnopqrst\nuv\nwx\n", "D", "line"),
                        "abcdefghijklstmnopqrwuxv");
    assert_string_equal(turned("  ab\ncd\n efghijkl\n mnopqrst\nuv\nwx\n", "D", "line"),
                        "abcdefghijklstmnopqrwuxv");
    const char *ok = turned(emoji, "", "line");
    assert_string_equal(ok, "\xF0\x9F\x8D\x8E\xF0\x9F\x8D\x8A\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD"
                            "\xE2\x9D\xA4\xEF\xB8\x8F" "abcdefghijklmnopqrst");
    round_trip("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\n", "R M", NULL);
    /* The facelet string in Kociemba's order: cg_stickers_apply agrees with the drawing. */
    char want[64];
    cg_error err;
    assert_int_equal(cg_stickers_apply(3, "R M z", 0, SOLVED3, want, sizeof want, &err), CG_OK);
    snprintf(want + 54, 10, "\n");
    assert_string_equal(turned("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\n", "R M z", NULL), want);
    /* Labelled faces and boxes, any order of faces; a 2x2 with words. */
    const char *faces = "Up face:\n a b c\n d e f\n g h i\nFront:\n j k l\n m n o\n p q r\n"
                        "R:\n s t u\n v w x\n y z 0\nDown face:\n 1 2 3\n 4 5 6\n 7 8 9\n"
                        "Left side:\n A B C\n D E F\n G H I\nBack:\n J K L\n M N O\n P Q R\n";
    round_trip(faces, "M' E S x y z", NULL);
    const char *boxes = "Face U:\n+-----+\n| w w |\n| w w |\n+-----+\nFace R:\n+-----+\n| r r |\n| r r |\n+-----+\n"
                        "Face F:\n+-----+\n| g g |\n| g g |\n+-----+\nFace D:\n+-----+\n| y y |\n| y y |\n+-----+\n"
                        "Face L:\n+-----+\n| o o |\n| o o |\n+-----+\nFace B:\n+-----+\n| b b |\n| b b |\n+-----+\n";
    round_trip(boxes, "R U F' Rw", NULL);
    cg_drawing *d;
    assert_int_equal(cg_drawing_read(boxes, strlen(boxes), NULL, NULL, &d, &err), CG_OK);
    assert_string_equal(cg_drawing_shape(d), "boxes");
    assert_int_equal(cg_drawing_size(d), 2);
    assert_true(cg_drawing_solved(d));
    assert_int_equal(cg_drawing_turn(d, "R U", NULL, 0, &err), CG_OK);
    assert_false(cg_drawing_solved(d));
    assert_int_equal(cg_drawing_turn(d, "R U", NULL, CG_TURN_UNDO, &err), CG_OK);
    assert_true(cg_drawing_solved(d));
    cg_drawing_free(d);
}

/* What a reader that found no cube says of a drawing with moves after it (cg_turn_hint): the
 * lines of both and the moves, quoted whole up to a bound; nothing without the moves. */
static void test_turn_hint(void **state)
{
    (void)state;
    char text[1024], hint[256];
    snprintf(text, sizeof text, "A banner line\n%s\nFor you: R U' M2 x\nGood luck\n", NET3);
    size_t n = cg_turn_hint(text, strlen(text), true, hint, sizeof hint);
    assert_string_equal(hint, "lines 2-10 hold a drawing and line 12 reads as moves ('R U' M2 x')");
    assert_int_equal(n, strlen(hint));
    n = cg_turn_hint(text, strlen(text), false, hint, sizeof hint);
    assert_string_equal(hint, "a drawing, then moves ('R U' M2 x')");
    /* a long line of moves: whole moves up to the bound, then the mark */
    snprintf(text, sizeof text, "%sR U F D L B R2 U2 F2 D2 L2 B2 R' U'\n", NET3);
    cg_turn_hint(text, strlen(text), true, hint, sizeof hint);
    assert_string_equal(hint, "lines 1-9 hold a drawing and line 10 reads as moves "
                              "('R U F D L B R2 U2 F2 D2\xe2\x80\xa6')");
    /* the bounds, 24 bytes of moves with line numbers and 16 without: a move that ends at the
       bound is quoted, one that crosses it is not */
    snprintf(text, sizeof text, "%sR U F D L B R2 U2 F2 D2 L B2 R' U'\n", NET3);
    cg_turn_hint(text, strlen(text), true, hint, sizeof hint);
    assert_string_equal(hint, "lines 1-9 hold a drawing and line 10 reads as moves "
                              "('R U F D L B R2 U2 F2 D2\xe2\x80\xa6')");
    snprintf(text, sizeof text, "%sR U F D L B R2 U2 F D L2 B2 R' U'\n", NET3);
    cg_turn_hint(text, strlen(text), true, hint, sizeof hint);
    assert_string_equal(hint, "lines 1-9 hold a drawing and line 10 reads as moves "
                              "('R U F D L B R2 U2 F D L2\xe2\x80\xa6')");
    snprintf(text, sizeof text, "%sR U F D L B R2 U2 F2 D2 L2 B2 R' U'\n", NET3);
    cg_turn_hint(text, strlen(text), false, hint, sizeof hint);
    assert_string_equal(hint, "a drawing, then moves ('R U F D L B R2\xe2\x80\xa6')");
    snprintf(text, sizeof text, "%sR U F D L B R U2 F2 D2 L2 B2 R' U'\n", NET3);
    cg_turn_hint(text, strlen(text), false, hint, sizeof hint);
    assert_string_equal(hint, "a drawing, then moves ('R U F D L B R U2\xe2\x80\xa6')");
    /* a small buffer: cut, terminated, the length needed returned */
    char small[12];
    assert_true(cg_turn_hint(text, strlen(text), true, small, sizeof small) > sizeof small);
    assert_int_equal(strlen(small), sizeof small - 1);
    /* no moves after the drawing, no drawing, nothing at all: no hint, "" */
    snprintf(text, sizeof text, "%sThat's all.\n", NET3);
    assert_int_equal(cg_turn_hint(text, strlen(text), true, hint, sizeof hint), 0);
    assert_string_equal(hint, "");
    assert_int_equal(cg_turn_hint("R U R' U'\n", 10, true, hint, sizeof hint), 0);
    assert_int_equal(cg_turn_hint("", 0, false, hint, sizeof hint), 0);
}

/* A 2x2 net of 24 cells, each its own 256-colour background; `side` starts each side row. */
static void distinct_cells(char *text, size_t cap, const char *side)
{
    size_t len = 0;
    for (int row = 0, i = 0; row < 6; row++) {
        int k = row == 2 || row == 3 ? 8 : 2;
        len += (size_t)snprintf(text + len, cap - len, "%s", k == 2 ? "    " : side);
        for (int c = 0; c < k; c++, i++)
            len += (size_t)snprintf(text + len, cap - len, "\x1b[48;5;%dm  \x1b[0m", 16 + i);
        len += (size_t)snprintf(text + len, cap - len, "\n");
    }
}

/* ANSI colour cells (each escape, the blanks it colours and its reset) are stickers, as solve
 * reads them; other escapes (bold, a bare reset) are no stickers. A solved 2x2 net of cells:
 * solved, turned and back byte for byte; a cross with B under D of letters, B folded. */
static void test_drawing_cells(void **state)
{
    (void)state;
    static const int sgr[6] = {47, 43, 42, 44, 45, 41}; /* faces U D F B L R */
    static const int across[4] = {4, 2, 5, 3};
    char text[4096];
    size_t len = (size_t)snprintf(text, sizeof text, "\x1b[1mThe cube:\x1b[0m\n");
    for (int part = 0; part < 3; part++)
        for (int r = 0; r < 2; r++) {
            int faces = part == 1 ? 4 : 1;
            len += (size_t)snprintf(text + len, sizeof text - len, "%s", part == 1 ? "" : "    ");
            for (int k = 0; k < faces * 2; k++)
                len += (size_t)snprintf(text + len, sizeof text - len, "\x1b[%dm  \x1b[0m",
                                        sgr[part == 0 ? 0 : part == 2 ? 1 : across[k / 2]]);
            len += (size_t)snprintf(text + len, sizeof text - len, "\n");
        }
    cg_drawing *d;
    cg_error err;
    assert_int_equal(cg_drawing_read(text, len, NULL, NULL, &d, &err), CG_OK);
    assert_int_equal(cg_drawing_size(d), 2);
    assert_int_equal(cg_drawing_first_line(d), 2);
    assert_true(cg_drawing_solved(d));
    assert_int_equal(cg_drawing_turn(d, "R U'", NULL, 0, &err), CG_OK);
    assert_false(cg_drawing_solved(d));
    cg_drawing_free(d);
    /* 24 distinct cells (no header line: turn writes the drawing's lines only) */
    distinct_cells(text, sizeof text, "");
    round_trip(text, "R U' x F2", NULL);
    /* a bold escape at the start of the side rows is no sticker's: it stays where it is when
     * the cells beside it move, and stickers that come there come without it */
    distinct_cells(text, sizeof text, "\x1b[1m");
    round_trip(text, "U", NULL);
    const char *side = strchr(strchr(turned(text, "U", NULL), '\n') + 1, '\n') + 1;
    assert_memory_equal(side, "\x1b[1m\x1b[48;5;", 11); /* line 3: bold, then L's first */
    assert_memory_equal(side + 11, "22m", 3); /* F's first (cell 22) came to L under U */
    /* the cross: B's rows under D's, drawn turned half a turn (abcd read as dcba) */
    const char *cross = "  UU\n  UU\nLLFFRR\nLLFFRR\n  DD\n  DD\n  dc\n  ba\n";
    assert_int_equal(cg_drawing_read(cross, strlen(cross), NULL, NULL, &d, &err), CG_OK);
    assert_string_equal(cg_drawing_shape(d), "cross");
    char line[64];
    cg_drawing_line(d, line, sizeof line); /* reading order: the drawing's */
    assert_string_equal(line, "UUUULLFFRRLLFFRRDDDDdcba");
    assert_int_equal(cg_drawing_turn(d, "y2", NULL, 0, &err), CG_OK);
    cg_drawing_line(d, line, sizeof line); /* y2: B's stickers where F's were, turned as U */
    assert_string_equal(line, "UUUURRabLLRRcdLLDDDDFFFF");
    cg_drawing_free(d);
}

/* A sticker that escapes break ("la" bold in "flag") is its word whole, escapes and all: turned,
 * it moves as one symbol and no piece of it stays behind (its place ran its bytes from the
 * start, without the escapes, which left "mla\x1b[0mg" after the new symbol). */
static void test_escapes_in_words(void **state)
{
    (void)state;
    const char *faces = "U:\n f\x1b[1mla\x1b[0mg b\n c d\nF:\n e f\n g h\nR:\n i j\n k l\n"
                        "D:\n m n\n o p\nL:\n q r\n s t\nB:\n u v\n w x\n";
    assert_non_null(strstr(turned(faces, "U", NULL), "U:\n c f\x1b[1mla\x1b[0mg\n d b\nF:\n"));
    round_trip(faces, "U R2 F'", NULL);
    assert_string_equal(turned(faces, "", "line"), "f\x1b[1mla\x1b[0mg b c d e f g h i j k l m n o p q r s t u v w x");
}

/* A drawing whose last sticker is the text's last byte (no newline after it) is turned in place,
 * its spacing kept, and still ends without a newline. */
static void test_last_sticker_last_byte(void **state)
{
    (void)state;
    const char *faces = "U:\n  a  b\n  c  d\nF:\n e f\n g h\nR:\n i j\n k l\n"
                        "D:\n m n\n o p\nL:\n q r\n s t\nB:\n u v\n w   x";
    assert_string_equal(turned(faces, "B", NULL),
                        "U:\n  j  l\n  c  d\nF:\n e f\n g h\nR:\n i p\n k o\n"
                        "D:\n m n\n q s\nL:\n b r\n a t\nB:\n w u\n x   v");
    round_trip(faces, "B R'", NULL);
}

static void expect_read_error(const char *text, const char *options, const char *want)
{
    cg_drawing *d;
    cg_error err;
    cg_status st = cg_drawing_read(text, strlen(text), options, NULL, &d, &err);
    if (st == CG_OK)
        fail_msg("read as a %s", cg_drawing_shape(d));
    assert_null(d);
    if (!strstr(err.msg, want))
        fail_msg("got '%s', expected '%s' in it", err.msg, want);
}

static void test_drawing_errors(void **state)
{
    (void)state;
    expect_read_error("   abc\n   def\n   ghi\njklmnopqrst\n", NULL,
                      "a net of 3x3 faces (from line 1): line 4 has 11 stickers where 12 (a row across "
                      "the side faces) were expected");
    expect_read_error("   abc\n   def\n   ghi\njklmnopqrstu\nvwxyzABCDEFG\nHIJKLMNOPQRS\n   TU\n", NULL,
                      "row 7 (line 7) has 2 stickers where 3 (D, under F) were expected");
    expect_read_error("hello world\n", NULL, "no cube drawing found in 1 line: no net");
    /* labelled faces are read by solve's reader: its messages */
    expect_read_error("Up:\nab\ncd\nDown:\nef\ng\nF:\n", NULL,
                      "face D (label on line 4): line 6 has 1 sticker where 2 were expected");
    expect_read_error("Up:\nab\ncd\nUp:\nef\ngh\nL:\nR:\n", NULL,
                      "face U is given twice (line 4) before the cube had five faces");
    expect_read_error("Up:\nab\ncd\nDown:\nef\ngh\nF: a b\nc d\n", NULL,
                      "only 3 faces before the end of input; a cube needs five or six");
    expect_read_error("x", "across=LFRR", "not the four side faces");
    expect_read_error("x", "order=URFDL", "not six face letters");
    expect_read_error("x", "colour=3", "'colour=3' is not one of");
}

/* --layout: the template names each sticker's facelet. */
static void test_layout(void **state)
{
    (void)state;
    char tmpl[1024] = "", text[512] = "";
    static const char faces[] = "URFDLB";
    for (int f = 0; f < 6; f++) {
        for (int k = 1; k <= 4; k++) {
            char w[16];
            snprintf(w, sizeof w, "%c%d ", faces[f], k);
            strcat(tmpl, w);
            char s[4] = {(char)('a' + f * 4 + k - 1), ' ', 0};
            strcat(text, s);
        }
        strcat(tmpl, "\n");
        strcat(text, "\n");
    }
    cg_drawing *d;
    cg_error err;
    assert_int_equal(cg_drawing_read(text, strlen(text), NULL, tmpl, &d, &err), CG_OK);
    assert_string_equal(cg_drawing_shape(d), "layout");
    assert_int_equal(cg_drawing_turn(d, "x", NULL, 0, &err), CG_OK);
    char line[64];
    cg_drawing_line(d, line, sizeof line);
    /* The layout's faces are in Kociemba's order, so x's answer is the string's. */
    char want[32];
    assert_int_equal(cg_stickers_apply(2, "x", 0, "abcdefghijklmnopqrstuvwx", want, sizeof want, &err), CG_OK);
    assert_string_equal(line, want);
    cg_drawing_free(d);
    assert_int_equal(cg_drawing_read(text, strlen(text), NULL, "U1 U2 U3\nU4 U1\n", &d, &err), CG_ERR_INPUT);
}

/* --moves last-line: the last line after the drawing that reads as moves, a label skipped; text
 * between the drawing and the moves, and text after them that is no moves, passed over; a move
 * map's names read as moves; none: the error names the last line tried. Each case is turned
 * and compared with the same moves given directly. */
static void test_moves_line(void **state)
{
    (void)state;
    static const struct {
        const char *after, *moves, *map;
    } cases[] = {
        {"R U\n", "R U", NULL},                                   /* right under the drawing */
        {"\nOh, and take this! It might help you.\n\nM2 x' Rw\n", "M2 x' Rw", NULL},
        {"Scramble: F2 B'\nGood luck!\n", "F2 B'", NULL},          /* a sentence after */
        {"R\nSo long.\nU2 L\r\n\n", "U2 L", NULL},                /* the last of two */
        {"Moves: a b a\n", "R U R", "R=a,U=b"},                   /* a move map */
    };
    char text[1024], want[4096], line[128];
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        snprintf(text, sizeof text, "%s%s", NET3, cases[k].after);
        snprintf(want, sizeof want, "%s", turned(NET3, cases[k].moves, NULL));
        cg_drawing *d;
        cg_error err;
        assert_int_equal(cg_drawing_read(text, strlen(text), NULL, NULL, &d, &err), CG_OK);
        if (cg_drawing_moves(d, cases[k].map, line, sizeof line, &err) != CG_OK)
            fail_msg("case %zu: %s", k, err.msg);
        assert_int_equal(cg_drawing_turn(d, line, cases[k].map, 0, &err), CG_OK);
        char got[4096];
        cg_drawing_write(d, got, sizeof got);
        assert_string_equal(got, want);
        /* the line and its NUL fit exactly, one byte less does not, and the error says both */
        size_t need = strlen(cases[k].moves) + 1;
        char exact[32], msg[96];
        assert_int_equal(cg_drawing_moves(d, cases[k].map, exact, need, &err), CG_OK);
        assert_string_equal(exact, line);
        assert_int_equal(cg_drawing_moves(d, cases[k].map, exact, need - 1, &err), CG_ERR_LIMIT);
        snprintf(msg, sizeof msg, "the line of moves needs %zu bytes, the buffer holds %zu", need,
                 need - 1);
        assert_string_equal(err.msg, msg);
        cg_drawing_free(d);
        char opts[64];
        snprintf(opts, sizeof opts, "last-line%s%s", cases[k].map ? " map=" : "",
                 cases[k].map ? cases[k].map : "");
        assert_string_equal(turned(text, NULL, opts), want);
    }
    static const struct {
        const char *after, *msg;
    } bad[] = {
        {"", "no line after the drawing (which ends at line 9)"},
        {"\n  \n", "no line after the drawing (which ends at line 9)"},
        {"Oh, and take this!\n\n", "the last one (line 10): move 1 'Oh' (column 1)"},
        {"R U\nThe end\n", "the last one (line 11): move 1 'The' (column 1)"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        snprintf(text, sizeof text, "%s%s", NET3, bad[k].after);
        char out[4096];
        cg_error err;
        size_t need;
        if (k == 3) /* R U before it reads: the last line that reads as moves is R U */
            assert_int_equal(cg_turn_text(text, NULL, "last-line", out, sizeof out, &need, &err), CG_OK);
        else {
            assert_int_equal(cg_turn_text(text, NULL, "last-line", out, sizeof out, &need, &err),
                             CG_ERR_INPUT);
            if (!strstr(err.msg, bad[k].msg))
                fail_msg("case %zu: '%s' does not say '%s'", k, err.msg, bad[k].msg);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_colours), cmocka_unit_test(test_known_places),
        cmocka_unit_test(test_orders),        cmocka_unit_test(test_identities),
        cmocka_unit_test(test_undo),          cmocka_unit_test(test_errors),
        cmocka_unit_test(test_drawings),      cmocka_unit_test(test_drawing_errors),
        cmocka_unit_test(test_layout),        cmocka_unit_test(test_moves_line),
        cmocka_unit_test(test_drawing_cells), cmocka_unit_test(test_turn_hint),
        cmocka_unit_test(test_escapes_in_words),
        cmocka_unit_test(test_last_sticker_last_byte),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
