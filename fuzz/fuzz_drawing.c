/* The drawing reader of `cubegod turn` (turn.h): nets, labelled faces, boxes, strings and
 * layout templates of any symbols. Byte 0 picks the options (size, the order across a net, a
 * string's face order, whether the text's first line is a layout template); the rest is the text.
 * A drawing read is turned and turned back to the very same bytes, its text and its reading
 * line fit the lengths reported; a refusal is an input error with a one-line message. */
#include "fuzz.h"

#include "cubegod/turn.h"

static void check_drawing(cg_drawing *d)
{
    int n = cg_drawing_size(d);
    FUZZ_CHECK(n == 2 || n == 3);
    FUZZ_CHECK(cg_drawing_first_line(d) <= cg_drawing_last_line(d));
    size_t len = cg_drawing_write(d, NULL, 0), llen = cg_drawing_line(d, NULL, 0);
    char *before = malloc(len + 1), *after = malloc(len + 1), *line = malloc(llen + 1);
    FUZZ_CHECK(before && after && line);
    FUZZ_CHECK(cg_drawing_write(d, before, len + 1) == len && strlen(before) <= len);
    FUZZ_CHECK(cg_drawing_line(d, line, llen + 1) == llen);
    const char *moves = n == 3 ? "R U2 M' x Rw 2F E S' z2" : "R U2 x Rw 2F y' d";
    cg_error err;
    FUZZ_CHECK(cg_drawing_turn(d, moves, NULL, 0, &err) == CG_OK);
    FUZZ_CHECK(cg_drawing_turn(d, moves, NULL, CG_TURN_UNDO, &err) == CG_OK);
    FUZZ_CHECK(cg_drawing_write(d, after, len + 1) == len);
    FUZZ_CHECK(memcmp(before, after, len + 1) == 0);
    char small[5];
    FUZZ_CHECK(cg_drawing_write(d, small, sizeof small) == len && strlen(small) < sizeof small);
    free(before);
    free(after);
    free(line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    static const char *const sizes[] = {"", "size=2", "size=3", ""};
    static const char *const across[] = {"", "across=FRBL", "across=BLFR", ""};
    static const char *const orders[] = {"", "order=net", "order=UDFBLR", ""};
    char options[80];
    snprintf(options, sizeof options, "%s %s %s", sizes[data[0] & 3], across[data[0] >> 2 & 3],
             orders[data[0] >> 4 & 3]);
    char *text = fuzz_cstring(data + 1, size - 1);
    const char *body = text, *layout = NULL;
    char *nl = strchr(text, '\n');
    if ((data[0] & 0x40) && nl) { /* first line: a layout template, its rows split at ';' */
        *nl = '\0';
        for (char *p = text; *p; p++)
            if (*p == ';')
                *p = '\n';
        layout = text;
        body = nl + 1;
    }
    cg_drawing *d = NULL;
    cg_error err;
    cg_status st = cg_drawing_read(body, strlen(body), options, layout, &d, &err);
    if (st != CG_OK) {
        FUZZ_CHECK(st == CG_ERR_INPUT && d == NULL);
        fuzz_check_message(&err);
    } else {
        check_drawing(d);
        cg_drawing_free(d);
    }
    /* All at once, the moves from the line after the drawing. */
    char out[256];
    size_t need = 0;
    st = cg_turn_text(body, NULL, "last-line undo", out, sizeof out, &need, &err);
    if (st != CG_OK)
        fuzz_check_message(&err);
    else
        FUZZ_CHECK(need < sizeof out && strlen(out) == need);
    free(text);
    return 0;
}
