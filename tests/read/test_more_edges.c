/* Edges of src/read the mutation run found untested (a program of its own, so the cached kills
 * of the older programs stay valid): a box header for a face already given is refused at that
 * line, as the reader's error; the shapes' names, and none past the last. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/shapes.h"

static void box_face_given_twice(void **state)
{
    (void)state;
    static const char *const lines[] = {"Face U:", "+-----+", "| U U |", "| U U |", "+-----+",
                                        "Face U:"};
    cg_shape_reader *r;
    assert_int_equal(cg_shape_reader_new(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    cg_error err;
    cg_status st = CG_OK;
    size_t k = 0;
    for (; k < sizeof lines / sizeof *lines && st == CG_OK; k++)
        st = cg_shape_reader_feed(r, lines[k], strlen(lines[k]), &err);
    cg_shape_reader_free(r);
    assert_int_equal(st, CG_ERR_INPUT);
    assert_int_equal(k, 6); /* at the second header */
    if (!strstr(err.msg, "face U is given twice"))
        fail_msg("%s", err.msg);
}

/* Each shape's name; a value past the last one is "?". */
static void shape_names(void **state)
{
    (void)state;
    static const char *const names[] = {"auto", "boxes", "faces", "net", "string", "ansi",
                                        "dict", "json", "layout"};
    for (int s = CG_SHAPE_AUTO; s <= CG_SHAPE_LAYOUT; s++)
        assert_string_equal(cg_shape_name((cg_shape)s), names[s]);
    assert_string_equal(cg_shape_name((cg_shape)(CG_SHAPE_LAYOUT + 1)), "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(box_face_given_twice),
        cmocka_unit_test(shape_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
