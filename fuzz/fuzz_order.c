/* The order parser (3x3 move sequences, with ( )N, [A, B], [A: B] and the typographic
 * apostrophe): the input fed in chunks (byte 0 picks their size; a multi-byte character may be
 * cut between chunks) must give the same state as the whole text at once; the texts written about the state fit
 * CG_ORDER_TEXT_MAX and stay NUL-terminated when cut. */
#include "fuzz.h"

#include "cubegod/order.h"
#include "contest/order_parser.h"

static void check_texts(const cg3_cube *c, bool centres)
{
    char buf[CG_ORDER_TEXT_MAX], small[7];
    size_t n = cg_order_explain(c, buf, sizeof buf);
    FUZZ_CHECK(n < sizeof buf && strlen(buf) == n);
    FUZZ_CHECK(cg_order_explain(c, small, sizeof small) == n && strlen(small) < sizeof small);
    n = cg_order_state(c, centres, buf, sizeof buf);
    FUZZ_CHECK(n < sizeof buf && strlen(buf) == n);
    FUZZ_CHECK(cg_order_state(c, centres, small, sizeof small) == n && strlen(small) < sizeof small);
    uint64_t order = cg_order_of(c);
    FUZZ_CHECK(order >= 1 && (order == 1) == cg3_cube_is_home(c));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    size_t chunk = data[0] % 16 + 1;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    cg3_tables *t = malloc(sizeof *t);
    FUZZ_CHECK(t != NULL);
    cg3_tables_init(t);

    cg_order_parser p;
    cg_order_begin(&p, t);
    cg_error err;
    cg_status st = CG_OK;
    for (size_t i = 0; i < len && st == CG_OK; i += chunk)
        st = cg_order_feed(&p, text + i, len - i < chunk ? len - i : chunk, &err);
    if (st == CG_OK)
        st = cg_order_end(&p, &err);
    if (st != CG_OK) {
        FUZZ_CHECK(st == CG_ERR_INPUT);
        fuzz_check_message(&err);
    } else {
        FUZZ_CHECK(p.depth == 0 && !p.group && p.nutf8 == 0);
        check_texts(&p.cube, p.centres);
    }
    /* The same text at once, as far as a C string goes. */
    if (!memchr(text, '\0', len)) {
        char *s = fuzz_cstring((const uint8_t *)text, len);
        cg3_cube whole;
        bool centres;
        cg_status st2 = cg_order_parse(t, s, &whole, &centres, NULL);
        FUZZ_CHECK(st2 == st);
        if (st == CG_OK)
            FUZZ_CHECK(memcmp(&whole, &p.cube, sizeof whole) == 0 && centres == p.centres);
        free(s);
    }
    free(t);
    return 0;
}
