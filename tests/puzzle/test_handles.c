/* The readers through their handles only (cg_*_new, feeds, accessors, cg_*_free), as a program
 * outside cubegod sees them: no private header here, so a layout that leaked back into a public
 * header, or a handle call that stopped doing what the stack reader does, fails this file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/cube3.h"
#include "cubegod/order.h"
#include "cubegod/puzzle.h"
#include "cubegod/shapes.h"
#include "cubegod/sim3.h"
#include "testutil.h"

/* A 2x2 after R U as the server shows it (from the model, written by the library). */
static char BOXES[2048];

static cg_cube shown_cube(void)
{
    cg_cube c = cg_cube_home();
    cg_cube_apply(&c, cg_move_make(CG_R, 1));
    cg_cube_apply(&c, cg_move_make(CG_U, 1));
    return c;
}

static int setup(void **state)
{
    (void)state;
    cg_cube c = shown_cube();
    cg_stickers st = cg_cube_to_stickers(&c);
    cg_puzzle p;
    cg_puzzle_clear(&p);
    for (int i = 0; i < CG_STICKERS; i++)
        if (cg_puzzle_set(&p, i, &"UDFBLR"[st.s[i]], 1, NULL) != CG_OK)
            return -1;
    p.faces_shown = 0x3f;
    size_t n = cg_puzzle_format_boxes(&p, BOXES, sizeof BOXES - 32);
    if (n >= sizeof BOXES - 32)
        return -1;
    strcat(BOXES, "Enter your solution:\n");
    return 0;
}

static void feed_lines(const char *text, void (*fn)(void *, const char *, size_t), void *ctx)
{
    for (const char *line = text, *nl; (nl = strchr(line, '\n')); line = nl + 1)
        fn(ctx, line, (size_t)(nl - line));
}

typedef struct box_run {
    cg_box_reader *r;
    int puzzles;
    cg_puzzle last;
} box_run;

static void box_line(void *ctx, const char *line, size_t len)
{
    box_run *b = ctx;
    cg_box_event ev;
    assert_int_equal(cg_box_reader_feed(b->r, line, len, &ev, NULL), CG_OK);
    if (ev == CG_BOX_PUZZLE) {
        b->puzzles++;
        b->last = *cg_box_reader_puzzle(b->r);
    }
}

static void test_box_reader_handle(void **state)
{
    (void)state;
    box_run b = {0};
    assert_int_equal(cg_box_reader_new(&b.r, NULL), CG_OK);
    assert_non_null(b.r);
    for (int pass = 0; pass < 2; pass++) { /* init starts it afresh: the same cube again */
        b.puzzles = 0;
        feed_lines(BOXES, box_line, &b);
        assert_int_equal(b.puzzles, 1);
        assert_int_equal(b.last.size, 2);
        assert_int_equal(b.last.faces_shown, 0x3f);
        cg_reading rd;
        assert_int_equal(cg_reconstruct(&b.last, NULL, &rd, NULL), CG_OK);
        cg_cube c = shown_cube();
        assert_memory_equal(&rd.cube, &c, sizeof c);
        cg_box_reader_init(b.r);
    }
    cg_box_reader_free(b.r);
    cg_box_reader_free(NULL);
}

static void test_shape_reader_handle(void **state)
{
    (void)state;
    cg_shape_reader *r;
    cg_error err;
    assert_int_equal(cg_shape_reader_new(&r, CG_SHAPE_AUTO, "XYZ", &err), CG_ERR_INPUT);
    assert_null(r);
    assert_int_equal(cg_shape_reader_new(&r, CG_SHAPE_AUTO, NULL, &err), CG_OK);
    for (const char *line = BOXES, *nl; (nl = strchr(line, '\n')); line = nl + 1)
        assert_int_equal(cg_shape_reader_feed(r, line, (size_t)(nl - line), NULL), CG_OK);
    assert_int_equal(cg_shape_reader_finish(r, NULL), CG_OK);
    cg_puzzle p;
    cg_shape_info info;
    assert_true(cg_shape_reader_take(r, &p, &info));
    assert_int_equal(info.shape, CG_SHAPE_BOXES);
    assert_int_equal(info.first_line, 1);
    assert_int_equal(info.last_line, 30); /* six boxes of five lines */
    assert_false(cg_shape_reader_take(r, &p, &info));
    /* a fresh start in another mode reads a string */
    assert_int_equal(cg_shape_reader_init(r, CG_SHAPE_STRING, "URFDLB", NULL), CG_OK);
    const char *kociemba = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    assert_int_equal(cg_shape_reader_feed(r, kociemba, strlen(kociemba), NULL), CG_OK);
    assert_true(cg_shape_reader_take(r, &p, &info));
    assert_int_equal(p.size, 3);
    assert_string_equal(info.order, "URFDLB");
    cg_shape_reader_free(r);
    cg_shape_reader_free(NULL);
}

static void test_order_parser_handle(void **state)
{
    (void)state;
    cg3_tables *t;
    assert_int_equal(cg3_tables_new(&t, NULL), CG_OK);
    cg_order_parser *p;
    assert_int_equal(cg_order_parser_new(&p, t, NULL), CG_OK);
    const char *seq = "(R U R' U')3 M2";
    for (size_t i = 0; seq[i]; i++) /* a character at a time, as a stream comes */
        assert_int_equal(cg_order_feed(p, seq + i, 1, NULL), CG_OK);
    assert_int_equal(cg_order_end(p, NULL), CG_OK);
    bool centres = false;
    cg3_cube got = cg_order_parser_state(p, &centres);
    cg3_cube whole;
    bool whole_centres;
    assert_int_equal(cg_order_parse(t, seq, &whole, &whole_centres, NULL), CG_OK);
    assert_memory_equal(&got, &whole, sizeof got);
    assert_true(centres && whole_centres);
    cg_order_begin(p, t);
    assert_int_equal(cg_order_end(p, NULL), CG_OK);
    got = cg_order_parser_state(p, NULL);
    assert_true(cg3_cube_is_home(&got));
    cg_order_parser_free(p);
    cg_order_parser_free(NULL);
    cg3_tables_free(t);
    cg3_tables_free(NULL);
}

static void test_sim3_reader_handle(void **state)
{
    (void)state;
    static char text[] = "START\n"
                         "      W W W\n      W W W\n      W W W\n"
                         "O O O G G G R R R B B B\nO O O G G G R R R B B B\n"
                         "O O O G G G R R R B B B\n"
                         "      Y Y Y\n      Y Y Y\n      Y Y Y\n"
                         "front right\nfront left\nEND\nENDOFINPUT\n";
    FILE *in = fmemopen(text, strlen(text), "r");
    assert_non_null(in);
    cg_sim3_reader *r;
    assert_int_equal(cg_sim3_new(&r, in, NULL), CG_OK);
    cg_sim3_result res;
    bool done = false;
    cg_error err;
    cg_status st = cg_sim3_next(r, &res, &done, &err);
    if (st != CG_OK)
        fail_msg("%s", err.msg);
    assert_false(done);
    assert_true(res.solved);
    assert_int_equal(res.operations, 2);
    assert_int_equal(cg_sim3_line(r), 13);
    assert_int_equal(cg_sim3_next(r, &res, &done, NULL), CG_OK);
    assert_true(done);
    cg_sim3_free(r);
    cg_sim3_free(NULL);
    fclose(in);
}

/* Each handle is freed whole, with what it took while reading: every kind made, used and freed
 * twenty times leaves the heap as it was after the tenth round (a freed block is reused, not
 * returned, so the count is taken then). */
static void test_handles_free_whole(void **state)
{
    (void)state;
    static char sim[] = "START\n      W W W\n      W W W\n      W W W\n"
                        "O O O G G G R R R B B B\nO O O G G G R R R B B B\nO O O G G G R R R B B B\n"
                        "      Y Y Y\n      Y Y Y\n      Y Y Y\nfront right\nEND\nENDOFINPUT\n";
    FILE *in = fmemopen(sim, strlen(sim), "r");
    assert_non_null(in);
    size_t before = 0;
    for (int round = 0; round < HEAP_ROUNDS; round++) {
        cg3_tables *t;
        assert_int_equal(cg3_tables_new(&t, NULL), CG_OK);
        cg_order_parser *op;
        assert_int_equal(cg_order_parser_new(&op, t, NULL), CG_OK);
        assert_int_equal(cg_order_feed(op, "(R U)2 M'", 9, NULL), CG_OK);
        cg_order_parser_free(op);
        cg3_tables_free(t);

        box_run b = {0};
        assert_int_equal(cg_box_reader_new(&b.r, NULL), CG_OK);
        feed_lines(BOXES, box_line, &b);
        assert_int_equal(b.puzzles, 1);
        cg_box_reader_free(b.r);

        cg_shape_reader *r;
        assert_int_equal(cg_shape_reader_new(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
        for (const char *line = BOXES, *nl; (nl = strchr(line, '\n')); line = nl + 1)
            assert_int_equal(cg_shape_reader_feed(r, line, (size_t)(nl - line), NULL), CG_OK);
        assert_int_equal(cg_shape_reader_finish(r, NULL), CG_OK);
        cg_shape_reader_free(r);

        rewind(in);
        cg_sim3_reader *sr;
        assert_int_equal(cg_sim3_new(&sr, in, NULL), CG_OK);
        cg_sim3_result res;
        bool done;
        assert_int_equal(cg_sim3_next(sr, &res, &done, NULL), CG_OK);
        cg_sim3_free(sr);
        if (round == HEAP_SETTLED)
            before = heap_in_use();
    }
    if (before != SIZE_MAX)
        assert_int_equal(heap_in_use(), before);
    fclose(in);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handles_free_whole),
        cmocka_unit_test(test_box_reader_handle),
        cmocka_unit_test(test_shape_reader_handle),
        cmocka_unit_test(test_order_parser_handle),
        cmocka_unit_test(test_sim3_reader_handle),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
