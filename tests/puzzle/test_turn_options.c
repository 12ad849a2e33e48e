/* cg_turn_text's option words (what the Python binding passes): each word of the list is read,
 * and a word that only starts like one (maps=, undone, lines, size=4) is refused with the list,
 * never taken for its neighbour (./run.sh mutants --since 8adab20: "map=" compared on 3 bytes
 * survived, so "map:R=a" was read as the map R=a). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/turn.h"

static const char NET2[] = "   ab\n   cd\nefghijkl\nmnopqrst\n   uv\n   wx\n";

static cg_status turn(const char *moves, const char *options, char *out, size_t cap, cg_error *err)
{
    size_t need;
    return cg_turn_text(NET2, moves, options, out, cap, &need, err);
}

static void test_words_read(void **state)
{
    (void)state;
    char plain[512], out[512];
    cg_error err;
    assert_int_equal(turn("R", NULL, plain, sizeof plain, &err), CG_OK);
    /* map=: the mapped name turns as the move it names */
    assert_int_equal(turn("a", "map=R=a", out, sizeof out, &err), CG_OK);
    assert_string_equal(out, plain);
    /* undo: R undone is R' */
    char prime[512];
    assert_int_equal(turn("R'", NULL, prime, sizeof prime, &err), CG_OK);
    assert_int_equal(turn("R", "undo", out, sizeof out, &err), CG_OK);
    assert_string_equal(out, prime);
    assert_int_equal(turn("R", "size=2 across=LFRB", out, sizeof out, &err), CG_OK);
    assert_string_equal(out, plain);
    /* the longest word read is 599 bytes: a word of 600 is refused for its length alone */
    char word[602];
    for (size_t len = 599; len <= 600; len++) {
        memset(word, 'x', len);
        word[len] = '\0';
        assert_int_not_equal(turn("R", word, out, sizeof out, &err), CG_OK);
        if ((strstr(err.msg, "a word longer than 599 bytes") != NULL) != (len == 600))
            fail_msg("a word of %zu bytes: %s", len, err.msg);
    }
}

static void test_near_words_refused(void **state)
{
    (void)state;
    static const char *const BAD[] = {"map:R=a", "mapsR=a", "map", "undone", "lines",
                                      "last-lines", "size=4", "size=", "across=LFR",
                                      "order=UUDFBL", "Map=R=a"};
    for (size_t i = 0; i < sizeof BAD / sizeof *BAD; i++) {
        char out[512];
        cg_error err;
        cg_status st = turn("R", BAD[i], out, sizeof out, &err);
        if (st != CG_ERR_INPUT)
            fail_msg("options '%s': status %d, expected a refusal", BAD[i], (int)st);
        if (!strstr(err.msg, "is not one of size=2|3") && !strstr(err.msg, "is not the four side") &&
            !strstr(err.msg, "not six face letters"))
            fail_msg("options '%s': %s", BAD[i], err.msg);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_words_read),
        cmocka_unit_test(test_near_words_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
