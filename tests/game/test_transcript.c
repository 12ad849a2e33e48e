/* Transcripts: writer and reader agree byte for byte; malformed lines are reported with their
 * column; a game recorded with the writer replays with the right verdict per round. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cubegod/replay.h"
#include "cubegod/server.h"
#include "cubegod/transcript.h"
#include "tables_fixture.h"


static char *temp_path(void)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/cubegod-transcript-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    return path;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 20];
    *len = fread(buf, 1, sizeof buf - 1, f);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

/* Decodes every record of the file; returns the bytes of direction dir, concatenated. */
static size_t collect(char *text, char dir, char *out, size_t cap, int *records)
{
    size_t n = 0;
    *records = 0;
    for (char *line = text, *nl; (nl = strchr(line, '\n')); line = nl + 1) {
        cg_transcript_record rec;
        cg_error e;
        assert_int_equal(cg_transcript_parse_line(line, (size_t)(nl - line), &rec, &e), CG_OK);
        if (rec.kind != dir)
            continue;
        (*records)++;
        assert_true(n + rec.len <= cap);
        memcpy(out + n, rec.data, rec.len);
        n += rec.len;
    }
    return n;
}

static void round_trip(void **state)
{
    (void)state;
    char *path = temp_path();
    cg_transcript *t;
    cg_error e;
    assert_int_equal(cg_transcript_open(path, &t, &e), CG_OK);
    const char in1[] = "Welcome!\nFace U:\n+--";
    const char in2[] = "---+\r\nbinary \x01\x7f\xff\\ end \n";
    const char out1[] = "U2 F' \t";
    const char out2[] = "R\n";
    assert_int_equal(cg_transcript_write(t, CG_DIR_IN, in1, sizeof in1 - 1, &e), CG_OK);
    assert_int_equal(cg_transcript_write(t, CG_DIR_OUT, out1, sizeof out1 - 1, &e), CG_OK);
    assert_int_equal(cg_transcript_note(t, CG_DIR_NOTE, &e, "peer closed\nafter %d", 2), CG_OK);
    assert_int_equal(cg_transcript_write(t, CG_DIR_IN, in2, sizeof in2 - 1, &e), CG_OK);
    assert_int_equal(cg_transcript_write(t, CG_DIR_OUT, out2, sizeof out2 - 1, &e), CG_OK);
    /* Readable before close: every call flushed. */
    size_t len;
    char *text = slurp(path, &len);
    assert_true(cg_transcript_detect(text, len));
    assert_non_null(strstr(text, "\n< "));
    assert_non_null(strstr(text, " Welcome!\\n\n"));
    assert_non_null(strstr(text, " +--\n")); /* a partial line: no \n escape */
    assert_non_null(strstr(text, "binary \\x01\\x7f\\xff\\\\ end \\n\n"));
    assert_non_null(strstr(text, " U2 F' \\t\n"));
    assert_non_null(strstr(text, "\n! "));
    assert_non_null(strstr(text, "peer closed after 2\n"));
    assert_int_equal(cg_transcript_close(t, &e), CG_OK);

    text = slurp(path, &len);
    char got[256];
    int records;
    size_t n = collect(text, '<', got, sizeof got, &records);
    char want[256];
    memcpy(want, in1, sizeof in1 - 1);
    memcpy(want + sizeof in1 - 1, in2, sizeof in2 - 1);
    assert_int_equal(n, sizeof in1 - 1 + sizeof in2 - 1);
    assert_memory_equal(got, want, n);
    assert_int_equal(records, 5); /* Welcome, Face U, "+--", "---+\r\n", binary line */
    text = slurp(path, &len);
    n = collect(text, '>', got, sizeof got, &records);
    assert_int_equal(n, sizeof out1 - 1 + sizeof out2 - 1);
    assert_memory_equal(got, "U2 F' \tR\n", n);
    unlink(path);
}

static void trailing_space_is_visible(void **state)
{
    (void)state;
    char buf[64];
    assert_int_equal(cg_transcript_escape("prompt: ", 8, buf, sizeof buf), 11);
    assert_string_equal(buf, "prompt:\\x20");
    assert_int_equal(cg_transcript_escape("a b", 3, buf, sizeof buf), 3);
    assert_string_equal(buf, "a b");
    /* DEL and the bytes above ASCII are escaped like the control bytes; '~' is not. */
    assert_int_equal(cg_transcript_escape("~\x7f\x80 ", 4, buf, sizeof buf), 13);
    assert_string_equal(buf, "~\\x7f\\x80\\x20");
}

/* In a written transcript, a record that ends in a space (a prompt waiting on its line) ends in
 * "\x20", where an editor cannot strip it, and DEL is escaped; both read back as they were. */
static void record_ends_survive_the_file(void **state)
{
    (void)state;
    char *path = temp_path();
    cg_transcript *t;
    cg_error e;
    assert_int_equal(cg_transcript_open(path, &t, &e), CG_OK);
    const char prompt[] = "Enter your solution: ";
    const char del[] = "rub\x7fout  \n";
    assert_int_equal(cg_transcript_write(t, CG_DIR_IN, prompt, sizeof prompt - 1, &e), CG_OK);
    assert_int_equal(cg_transcript_write(t, CG_DIR_OUT, del, sizeof del - 1, &e), CG_OK);
    assert_int_equal(cg_transcript_close(t, &e), CG_OK);
    size_t len;
    char *text = slurp(path, &len);
    assert_non_null(strstr(text, " Enter your solution:\\x20\n"));
    assert_non_null(strstr(text, " rub\\x7fout  \\n\n")); /* not last: the spaces stay bare */
    char got[64];
    int records;
    assert_int_equal(collect(text, '<', got, sizeof got, &records), sizeof prompt - 1);
    assert_memory_equal(got, prompt, sizeof prompt - 1);
    text = slurp(path, &len);
    assert_int_equal(collect(text, '>', got, sizeof got, &records), sizeof del - 1);
    assert_memory_equal(got, del, sizeof del - 1);
    unlink(path);
}

/* The time field: whole seconds, decimals, both. */
static void record_times(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        double seconds;
    } cases[] = {{"< 12 x", 12}, {"> 0.25 x", 0.25}, {"! 3.5 note", 3.5}, {"< 1.000001 y", 1.000001}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char line[64];
        snprintf(line, sizeof line, "%s", cases[i].line);
        cg_transcript_record rec;
        assert_int_equal(cg_transcript_parse_line(line, strlen(line), &rec, NULL), CG_OK);
        if (rec.seconds < cases[i].seconds - 1e-9 || rec.seconds > cases[i].seconds + 1e-9)
            fail_msg("'%s': %.9f s", cases[i].line, rec.seconds);
    }
}

static void bad_lines(void **state)
{
    (void)state;
    struct {
        const char *line;
        const char *where;
    } cases[] = {
        {"? 1.0 x", "column 1"},
        {"<1.0 x", "column 2"},
        {"< 1.x0 y", "column 5"},
        {"< zz", "column 3"},
        {"< 1.0 abc\\q", "column 10"},
        {"< 1.0 abc\\x4", "column 10"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char line[64];
        snprintf(line, sizeof line, "%s", cases[i].line);
        cg_transcript_record rec;
        cg_error e;
        assert_int_equal(cg_transcript_parse_line(line, strlen(line), &rec, &e), CG_ERR_INPUT);
        if (!strstr(e.msg, cases[i].where))
            fail_msg("'%s': message '%s' lacks '%s'", cases[i].line, e.msg, cases[i].where);
    }
}

typedef struct seen {
    int rounds;
    cg_replay_result result[8];
    double prompt_at[8], answer_at[8];
} seen;

static void on_round(void *ctx, const cg_replay_round *r)
{
    seen *s = ctx;
    if (s->rounds < 8) {
        s->result[s->rounds] = r->result;
        s->prompt_at[s->rounds] = r->prompt_at;
        s->answer_at[s->rounds] = r->answer_at;
    }
    s->rounds++;
}

/* Records a 5-round game as a client would (server text in, answers out, dribbled in small
 * chunks): round 2 gets a wrong answer, round 3 twelve moves, round 4 garbage, and the recording
 * ends at round 5's prompt, before any answer. */
static void replay_of_a_recorded_game(void **state)
{
    (void)state;
    char *path = temp_path();
    cg_transcript *t;
    assert_int_equal(cg_transcript_open(path, &t, NULL), CG_OK);
    cg_rng rng;
    cg_rng_seed(&rng, 2024);
    const char banner[] = "Welcome!\nSolve 5 rounds ... to get the flag!\n";
    cg_transcript_write(t, CG_DIR_IN, banner, sizeof banner - 1, NULL);
    for (int i = 1; i <= 5; i++) {
        cg_round r;
        cg_round_make(&rng, &r);
        char text[1024];
        size_t len = cg_round_format(&r, i, 5, text, sizeof text);
        for (size_t k = 0; k < len; k += 7) /* split mid-line on purpose */
            cg_transcript_write(t, CG_DIR_IN, text + k, len - k < 7 ? len - k : 7, NULL);
        if (i == 5)
            break;
        cg_move m[CG_SOLUTION_MAX];
        int n;
        assert_int_equal(cg_solve_cube(tables, &r.cube, CG_TARGET_ANY, 11, m, &n, NULL), CG_OK);
        char answer[128];
        size_t alen = cg_moves_format(m, (size_t)n, answer, sizeof answer);
        if (i == 2)
            alen = (size_t)snprintf(answer, sizeof answer, "%s", n > 0 ? "U" : "U2"); /* unsolved */
        if (i == 3)
            alen = (size_t)snprintf(answer, sizeof answer, "U U U U U U U U U U U U");
        if (i == 4)
            alen += (size_t)snprintf(answer + alen, sizeof answer - alen, " hello");
        answer[alen++] = '\n';
        cg_transcript_write(t, CG_DIR_OUT, answer, alen, NULL);
        const char *v = i == 1 ? "[+] Correct! (n moves)\n\n" : "[-] Not solved!\n";
        cg_transcript_write(t, CG_DIR_IN, v, strlen(v), NULL);
    }
    cg_transcript_close(t, NULL);

    size_t len;
    char *text = slurp(path, &len);
    seen s = {0};
    cg_replay_summary sum;
    cg_error e;
    cg_replay_options o = cg_replay_defaults();
    if (cg_replay_text(tables, &o, text, len, on_round, &s, &sum, &e) != CG_OK)
        fail_msg("replay: %s", e.msg);
    assert_true(sum.transcript);
    assert_int_equal(sum.rounds, 5);
    assert_int_equal(s.rounds, 5);
    assert_int_equal(sum.correct, 1);
    assert_int_equal(sum.optimal, 1);
    assert_int_equal(s.result[0], CG_REPLAY_CORRECT);
    assert_int_equal(s.result[1], CG_REPLAY_NOT_SOLVED);
    assert_int_equal(s.result[2], CG_REPLAY_TOO_MANY);
    assert_int_equal(s.result[3], CG_REPLAY_INVALID);
    assert_int_equal(s.result[4], CG_REPLAY_NO_ANSWER);
    for (int i = 0; i < 4; i++) { /* the transcript's times: the prompt, then the answer */
        assert_true(s.prompt_at[i] > 0);
        assert_true(s.answer_at[i] >= s.prompt_at[i]);
        assert_true(i == 0 || s.prompt_at[i] > s.answer_at[i - 1]);
    }
    assert_true(s.answer_at[4] < 0); /* round 5 was never answered */
    assert_int_equal(sum.disagreements, 0);
    unlink(path);
}

static void malformed_transcript_names_the_line(void **state)
{
    (void)state;
    const char text[] = CG_TRANSCRIPT_MAGIC "\n< 0.1 hello\\n\n< 0.2 bad \\z\n";
    cg_replay_summary sum;
    cg_error e;
    assert_int_equal(cg_replay_text(tables, NULL, text, sizeof text - 1, NULL, NULL, &sum, &e),
                     CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "line 3"));
}

/* A line play sent that the engine did not (a reply rule of play's, here with an escape byte):
 * counted, and named in printable text at its line. */
static void replay_names_what_play_sent_alone(void **state)
{
    (void)state;
    const char text[] = CG_TRANSCRIPT_MAGIC "\n< 0.1 Menu\\n\n> 0.2 \\x1b[1m\\n\n< 0.3 Bye\\n\n";
    cg_replay_summary sum;
    cg_error e;
    assert_int_equal(cg_replay_text(tables, NULL, text, sizeof text - 1, NULL, NULL, &sum, &e),
                     CG_OK);
    assert_int_equal(sum.rounds, 0);
    assert_int_equal(sum.differences, 1);
    assert_non_null(strstr(sum.difference, "line 3: play sent '"));
    for (const char *c = sum.difference; *c; c++)
        assert_true((unsigned char)*c >= 0x20);
}

/* A bad face order or shape in the options is refused before anything is read, naming it. */
static void replay_bad_reading_options(void **state)
{
    (void)state;
    const char text[] = "=== Round 1/1 ===\n";
    cg_replay_summary sum;
    cg_error e;
    cg_replay_options o = cg_replay_defaults();
    o.order = "UUFBLR";
    assert_int_equal(cg_replay_text(tables, &o, text, sizeof text - 1, NULL, NULL, &sum, &e),
                     CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "input: "));
    assert_non_null(strstr(e.msg, "UUFBLR"));
    o.order = "net";
    o.input = (cg_shape)42;
    assert_int_equal(cg_replay_text(tables, &o, text, sizeof text - 1, NULL, NULL, &sum, &e),
                     CG_ERR_INPUT);
    o.input = CG_SHAPE_STRING;
    assert_int_equal(cg_replay_text(tables, &o, text, sizeof text - 1, NULL, NULL, &sum, &e),
                     CG_OK);
    assert_int_equal(sum.rounds, 0);
}

/* A terminal capture without the prompt's text: the line that asks after a cube is the prompt,
 * once; a question after the answer ("Really sure?") is the server's, not a second prompt. */
static void capture_prompt_once_a_cube(void **state)
{
    (void)state;
    const char text[] = "Cube 1 of 1\n      B B\n      R G\nW Y | B W | O Y | O O\n"
                        "O R | W R | G R | Y Y\n      B W\n      G G\nmoves?\n"
                        "F' U L' U' R B' U'\nReally sure?\nyes\nsolved it\n";
    cg_replay_summary sum;
    cg_error e;
    seen s = {0};
    assert_int_equal(cg_replay_text(tables, NULL, text, sizeof text - 1, on_round, &s, &sum, &e),
                     CG_OK);
    assert_false(sum.transcript);
    assert_int_equal(sum.rounds, 1);
    assert_int_equal(sum.correct, 1);
    assert_int_equal(s.result[0], CG_REPLAY_CORRECT);
}

/* Every descriptor cubegod opens is close-on-exec: a transcript open while play --exec starts
 * a program must not leak into it. Found by its inode among the open descriptors. */
static void transcript_not_inherited(void **state)
{
    (void)state;
    char path[] = "/tmp/cubegod-transcript-XXXXXX";
    int keep = mkstemp(path);
    assert_true(keep >= 0);
    close(keep);
    cg_transcript *t;
    assert_int_equal(cg_transcript_open(path, &t, NULL), CG_OK);
    struct stat want;
    assert_int_equal(stat(path, &want), 0);
    int found = 0;
    for (int fd = 0; fd < 1024; fd++) {
        struct stat sb;
        if (fstat(fd, &sb) != 0 || sb.st_ino != want.st_ino || sb.st_dev != want.st_dev)
            continue;
        found++;
        assert_true(fcntl(fd, F_GETFD) & FD_CLOEXEC);
    }
    assert_int_equal(found, 1);
    assert_int_equal(cg_transcript_close(t, NULL), CG_OK);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),
        cmocka_unit_test(trailing_space_is_visible),
        cmocka_unit_test(record_ends_survive_the_file),
        cmocka_unit_test(record_times),
        cmocka_unit_test(bad_lines),
        cmocka_unit_test(replay_of_a_recorded_game),
        cmocka_unit_test(malformed_transcript_names_the_line),
        cmocka_unit_test(replay_names_what_play_sent_alone),
        cmocka_unit_test(replay_bad_reading_options),
        cmocka_unit_test(capture_prompt_once_a_cube),
        cmocka_unit_test(transcript_not_inherited),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
