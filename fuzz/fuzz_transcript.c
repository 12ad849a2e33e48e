/* The transcript line parser. Every data record that parses is escaped again, parsed again,
 * and must decode to the same bytes. */
#include "fuzz.h"

#include "cubegod/transcript.h"

static void round_trip(const cg_transcript_record *rec)
{
    size_t need = cg_transcript_escape(rec->data, rec->len, NULL, 0);
    FUZZ_CHECK(need <= 4 * rec->len);
    char *line = malloc(need + 16);
    FUZZ_CHECK(line != NULL);
    int head = snprintf(line, 16, "%c 1.000000 ", rec->kind);
    FUZZ_CHECK(cg_transcript_escape(rec->data, rec->len, line + head, need + 1) == need);
    FUZZ_CHECK(strlen(line + head) == need);
    cg_transcript_record again;
    FUZZ_CHECK(cg_transcript_parse_line(line, (size_t)head + need, &again, NULL) == CG_OK);
    FUZZ_CHECK(again.kind == rec->kind && again.len == rec->len);
    FUZZ_CHECK(memcmp(again.data, rec->data, rec->len) == 0);
    free(line);
}

static void one_line(const uint8_t *data, size_t len)
{
    /* A private copy: the parser decodes in place, and must stay within [0, len). */
    char *line = malloc(len ? len : 1);
    FUZZ_CHECK(line != NULL);
    memcpy(line, data, len);
    cg_transcript_record rec;
    cg_error err;
    cg_status st = cg_transcript_parse_line(line, len, &rec, &err);
    if (st != CG_OK) {
        FUZZ_CHECK(st == CG_ERR_INPUT);
        fuzz_check_message(&err);
    } else {
        FUZZ_CHECK(rec.data >= line && rec.data + rec.len <= line + len);
        if (rec.kind == '<' || rec.kind == '>')
            round_trip(&rec);
        else
            FUZZ_CHECK(rec.kind == '!' || rec.kind == '#');
    }
    free(line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cg_transcript_detect((const char *)data, size);
    for (size_t i = 0; i < size;) {
        const uint8_t *nl = memchr(data + i, '\n', size - i);
        size_t end = nl ? (size_t)(nl - data) : size;
        one_line(data + i, end - i);
        i = end + 1;
    }
    return 0;
}
