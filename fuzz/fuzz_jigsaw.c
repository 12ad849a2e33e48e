/* The jigsaw reader: a whole problem input through cg_jigsaw_run (N, then N puzzle lines), and
 * the input as one puzzle line through cg_jigsaw_parse, formatted back and parsed again. */
#include "fuzz.h"

#include "cubegod/jigsaw.h"

static void one_line(const uint8_t *data, size_t size)
{
    cg_jigsaw p, again;
    cg_error err;
    if (cg_jigsaw_parse((const char *)data, size, &p, &err) != CG_OK) {
        fuzz_check_message(&err);
        return;
    }
    char line[CG_JIGSAW_LINE + 1];
    cg_jigsaw_format(&p, line);
    FUZZ_CHECK(strlen(line) == CG_JIGSAW_LINE);
    FUZZ_CHECK(cg_jigsaw_parse(line, CG_JIGSAW_LINE, &again, NULL) == CG_OK);
    FUZZ_CHECK(memcmp(&p, &again, sizeof p) == 0);
    FUZZ_CHECK(cg_jigsaw_count(&p) <= 95126814720ull);
}

static void whole_input(const uint8_t *data, size_t size)
{
    FILE *in = fmemopen(size ? (void *)data : "", size, "r");
    char *out_text = NULL;
    size_t out_len = 0;
    FILE *out = open_memstream(&out_text, &out_len);
    FUZZ_CHECK(in && out);
    long long counted = -1;
    cg_error err;
    cg_status st = cg_jigsaw_run(in, out, &counted, &err);
    fclose(in);
    fclose(out);
    if (st != CG_OK) {
        FUZZ_CHECK(st == CG_ERR_INPUT || st == CG_ERR_LIMIT);
        fuzz_check_message(&err);
    }
    /* One line of output per puzzle counted. */
    size_t lines = 0;
    for (size_t i = 0; i < out_len; i++)
        lines += out_text[i] == '\n';
    FUZZ_CHECK(counted >= 0 && lines == (size_t)counted);
    free(out_text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    one_line(data, size);
    whole_input(data, size);
    return 0;
}
