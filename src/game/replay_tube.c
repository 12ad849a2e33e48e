/* A transcript replayed through the engine (client.c): the server's recorded chunks come out of
 * a tube with the waits play saw (a line play answered was followed by silence), and the
 * engine's sends are matched with what play sent. The rounds, the prompts, one move a prompt,
 * cubes shown between moves and the verdicts come from the engine itself; replay.c judges. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cubegod/client.h"
#include "cubegod/transcript.h"
#include "cubegod/tube.h"
#include "engine/engine.h"
#include "game/replay_judge.h"

typedef struct record {
    bool server;  /* '<': the server's bytes; else play's ('>') */
    double at;    /* seconds, as recorded */
    long line;    /* in the transcript */
    size_t off, len; /* in the decoded bytes */
} record;

typedef struct replay {
    char *bytes;       /* every record's decoded bytes, in order */
    record *rec;
    size_t n, i, part; /* records, the next one, bytes of it already taken */
    double now;        /* the time of the last bytes taken: waits are measured from it */
    long last;         /* the transcript line of the last bytes taken */
    cgi_judge *judge;
    bool answering;    /* the engine sends play's answer for a round now */
    bool replied;      /* play sent a line of text the engine did not */
    cg_replay_summary *sum;
} replay;

static cg_status replay_transcript(cgi_judge *j, const cg_tables *t, const cg_replay_options *opt,
                                   const char *text, size_t len, cg_replay_summary *sum,
                                   cg_error *err);
static cg_status read_records(replay *r, const char *text, size_t len, cg_error *err);
static bool on_answer(void *ctx, const cg_puzzle *p, int round, int total, char *text, size_t size);
static bool on_more(void *ctx, char *text, size_t size);
static bool on_choice(void *ctx, char *text, size_t size);
static void on_took(void *ctx, size_t k);
static void on_left(void *ctx, const cg_puzzle *p, int round, int total);
static void on_verdict(void *ctx, const char *line, size_t n, bool ok);
static void on_differs(void *ctx, const char *why);
static bool on_replied(void *ctx);
static void on_event(void *ctx, cg_event kind, const char *line, size_t n);
static void answer_first(replay *r);
static bool blank(const replay *r, const record *c);
static bool recorded(replay *r, char *text, size_t size);
static cg_status recv_(void *self, uint8_t *buf, size_t cap, int64_t deadline, size_t *got,
                       cg_error *err);
static bool readable(void *self, double seconds);
static cg_status send_(void *self, const uint8_t *p, size_t n, int64_t deadline, cg_error *err);
static void close_(void *self, const cg_log *log);
static bool quiet_for(replay *r, double wait);
static void skip_line(replay *r, char *line, size_t cap, size_t *n);
static size_t take(replay *r, char *to, size_t cap);
static void differs(replay *r, const char *fmt, const char *what, size_t n, long line);
static const record *next(const replay *r);

cg_status cg_replay_text(const cg_tables *t, const cg_replay_options *opt, const char *text,
                         size_t len, cg_replay_round_fn fn, void *ctx, cg_replay_summary *sum,
                         cg_error *err)
{
    cg_replay_options o = opt ? *opt : cg_replay_defaults();
    cgi_judge *j;
    cg_status st = cgi_judge_new(t, &o, fn, ctx, sum, &j, err);
    if (st != CG_OK)
        return st;
    sum->transcript = cg_transcript_detect(text, len);
    if (sum->transcript)
        st = replay_transcript(j, t, &o, text, len, sum, err);
    else
        cgi_judge_capture(j, text, len);
    cgi_judge_free(j);
    return st;
}

/* A transcript through the engine into j (sum: j's, for where the engine's sends and play's
 * part). CG_ERR_INPUT for a malformed record or an engine that stopped where play went on (the
 * line and why), CG_ERR_NOMEM. */
static cg_status replay_transcript(cgi_judge *j, const cg_tables *t, const cg_replay_options *opt,
                                   const char *text, size_t len, cg_replay_summary *sum,
                                   cg_error *err)
{
    replay *r = calloc(1, sizeof *r);
    if (!r)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    r->judge = j;
    r->sum = sum;
    cg_status st = read_records(r, text, len, err);
    static const cg_transport ops = {.recv = recv_, .send = send_, .close = close_,
                                     .readable = readable};
    cg_tube *tube = NULL;
    if (st == CG_OK)
        st = cg_tube_new(&ops, r, "replay", NULL, &tube, err);
    cgi_replay_hooks hooks = {.ctx = r,           .answer = on_answer,   .more = on_more,
                              .choice = on_choice, .took = on_took,       .verdict = on_verdict,
                              .differs = on_differs, .left = on_left,     .replied = on_replied};
    cg_play_options o = cg_play_defaults();
    o.prompt = opt->prompt_given ? opt->prompt : "auto";
    o.timeout = CG_TUBE_FOREVER;
    o.pow_off = true;
    o.dialect = opt->dialect;
    o.one_move = opt->one_move;
    o.end = opt->end;
    o.input = opt->input;
    o.order = opt->order;
    o.across = opt->across;
    o.layout = opt->layout;
    o.solve.scheme = opt->scheme;
    o.goal = opt->goal;
    o.goal_first = opt->goal_first;
    o.pick = opt->pick;
    o.on_event = on_event;
    o.on_event_ctx = r;
    cg_play_result res;
    cg_error why;
    if (st == CG_OK && cgi_play_replay(tube, t, &o, &hooks, &res, &why) != CG_OK && next(r))
        st = cg_fail(err, CG_ERR_INPUT, "line %ld: the engine stopped where play went on: %s "
                     "(a file changed by hand, or options other than play's)", next(r)->line,
                     why.msg);
    if (st == CG_OK) { /* decided as play decides (outcome.c) */
        sum->outcome = res.outcome;
        snprintf(sum->outcome_reason, sizeof sum->outcome_reason, "%s", res.won ? "" : res.reason);
    }
    cg_tube_close(tube);
    free(r->bytes);
    free(r->rec);
    free(r);
    return st;
}

/* Every record of text: the data ones kept in r, decoded. */
static cg_status read_records(replay *r, const char *text, size_t len, cg_error *err)
{
    char *copy = malloc(len + 1);
    r->bytes = malloc(len + 1);
    r->rec = malloc((len / 4 + 1) * sizeof *r->rec); /* a record takes 4 bytes at least */
    if (!copy || !r->bytes || !r->rec) {
        free(copy);
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    }
    memcpy(copy, text, len);
    size_t used = 0;
    cg_status st = CG_OK;
    long lineno = 0;
    for (size_t i = 0; i < len && st == CG_OK;) {
        char *nl = memchr(copy + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - copy) : len;
        cg_transcript_record rec;
        lineno++;
        st = cg_transcript_parse_line(copy + i, end - i, &rec, err);
        if (st != CG_OK)
            st = cg_error_prefix(st, err, "line %ld: ", lineno);
        else if ((rec.kind == '<' || rec.kind == '>') && rec.len > 0) {
            memcpy(r->bytes + used, rec.data, rec.len);
            r->rec[r->n++] = (record){rec.kind == '<', rec.seconds, lineno, used, rec.len};
            used += rec.len;
        }
        i = end + 1;
    }
    free(copy);
    return st;
}

static bool on_answer(void *ctx, const cg_puzzle *p, int round, int total, char *text,
                      size_t size)
{
    replay *r = ctx;
    answer_first(r);
    if (!next(r) || next(r)->server)
        return false;
    cgi_judge_cube(r->judge, p, round, total, next(r)->line, r->now);
    return recorded(r, text, size);
}

static bool on_more(void *ctx, char *text, size_t size)
{
    answer_first(ctx);
    return recorded(ctx, text, size);
}

static bool on_choice(void *ctx, char *text, size_t size)
{
    replay *r = ctx;
    bool got = recorded(r, text, size);
    r->answering = false; /* a menu's entry is no answer for the judge */
    return got;
}

static void on_took(void *ctx, size_t k)
{
    replay *r = ctx;
    cgi_judge_took(r->judge, k);
}

static void on_left(void *ctx, const cg_puzzle *p, int round, int total)
{
    replay *r = ctx;
    if (!cgi_puzzle_at_goal(p))
        cgi_judge_cube(r->judge, p, round, total, r->last, r->now);
}

static void on_verdict(void *ctx, const char *line, size_t n, bool ok)
{
    replay *r = ctx;
    cgi_judge_verdict(r->judge, line, n, ok);
}

static bool on_replied(void *ctx)
{
    replay *r = ctx;
    return r->replied || (next(r) && !next(r)->server && !blank(r, next(r)));
}

static void on_differs(void *ctx, const char *why)
{
    replay *r = ctx;
    differs(r, "%s", why, strlen(why), r->last); /* at the cube just read */
}

static void on_event(void *ctx, cg_event kind, const char *line, size_t n)
{
    replay *r = ctx;
    if (kind == CG_EVENT_TEXT)
        cgi_judge_text(r->judge, line, n);
}

/* The engine answers at a prompt whose line play saw end only after its answer (the '\n' came
 * in a later read): play's lines first, then those blanks. */
static void answer_first(replay *r)
{
    size_t k = r->i;
    while (r->part == 0 && k < r->n && r->rec[k].server && blank(r, &r->rec[k]))
        k++;
    if (k == r->i || k == r->n || r->rec[k].server)
        return;
    size_t m = k;
    while (m < r->n && !r->rec[m].server)
        m++;
    record *tmp = malloc((k - r->i) * sizeof *tmp);
    if (!tmp)
        return; /* then play is seen not to answer here */
    memcpy(tmp, r->rec + r->i, (k - r->i) * sizeof *tmp);
    memmove(r->rec + r->i, r->rec + k, (m - k) * sizeof *tmp);
    memcpy(r->rec + r->i + (m - k), tmp, (k - r->i) * sizeof *tmp);
    free(tmp);
}

/* Blanks only: the end of a prompt's line, read after the answer by play and before it here. */
static bool blank(const replay *r, const record *c)
{
    for (size_t k = 0; k < c->len; k++)
        if (!strchr(" \t\r\n", r->bytes[c->off + k]))
            return false;
    return true;
}

/* Play's consecutive lines from here (its answer to what the engine just read), whole lines
 * only, with their '\n's; false when the server's bytes come next. */
static bool recorded(replay *r, char *text, size_t size)
{
    size_t len = 0;
    for (size_t i = r->i; i < r->n && !r->rec[i].server; i++) {
        const record *c = &r->rec[i];
        size_t from = i == r->i ? r->part : 0;
        if (len + c->len - from >= size)
            break;
        memcpy(text + len, r->bytes + c->off + from, c->len - from);
        len += c->len - from;
    }
    while (len && text[len - 1] != '\n')
        len--; /* a line cut at the end of the recording, or by size: not sent whole */
    text[len] = '\0';
    r->answering = len > 0;
    return len > 0;
}

static cg_status recv_(void *self, uint8_t *buf, size_t cap, int64_t deadline, size_t *got,
                       cg_error *err)
{
    (void)err;
    replay *r = self;
    r->answering = false;
    *got = 0;
    if (deadline > 0 && quiet_for(r, (double)(deadline - cg_now_ns()) / 1e9))
        return CG_ERR_TIMEOUT;
    while (next(r) && !next(r)->server) { /* play sent what the engine did not */
        char line[160];
        size_t n;
        long at = next(r)->line;
        r->replied |= !blank(r, next(r));
        skip_line(r, line, sizeof line, &n);
        differs(r, "play sent '%s', the engine nothing", line, n, at);
    }
    if (!next(r))
        return CG_ERR_EOF;
    *got = take(r, (char *)buf, cap);
    return CG_OK;
}

static bool readable(void *self, double seconds)
{
    replay *r = self;
    return !next(r) || !quiet_for(r, seconds);
}

/* The engine's bytes against play's, line by line; play's answer lines go to the judge. */
static cg_status send_(void *self, const uint8_t *p, size_t n, int64_t deadline, cg_error *err)
{
    (void)deadline, (void)err;
    replay *r = self;
    for (size_t i = 0; i < n;) {
        const char *s = (const char *)p + i, *nl = memchr(s, '\n', n - i);
        size_t len = nl ? (size_t)(nl - s) : n - i;
        i += len + (nl != NULL);
        if (!next(r) || next(r)->server) {
            differs(r, "the engine sent '%s', play nothing", s, len, next(r) ? next(r)->line : 0);
            continue;
        }
        char line[CG_ERROR_MSG_MAX];
        size_t got;
        double at = next(r)->at;
        long where = next(r)->line;
        skip_line(r, line, sizeof line, &got);
        if (got != len || memcmp(line, s, len) != 0)
            differs(r, "play sent another line than the engine's '%s'", s, len, where);
        if (r->answering)
            cgi_judge_answer(r->judge, line, got, at);
    }
    return CG_OK;
}

static void close_(void *self, const cg_log *log)
{
    (void)self, (void)log; /* the records belong to replay_transcript() */
}

/* The server is quiet for `wait` seconds: it waits for play (play's bytes come next), or its
 * next bytes came later than that. */
static bool quiet_for(replay *r, double wait)
{
    const record *c = next(r);
    if (c && c->server && c->at - r->now <= wait)
        return false;
    r->now += wait;
    return c != NULL;
}

/* Takes play's next line, whole (it may span records), into line (cut to cap). */
static void skip_line(replay *r, char *line, size_t cap, size_t *n)
{
    *n = 0;
    while (next(r) && !next(r)->server) {
        char c;
        if (take(r, &c, 1) == 0)
            continue; /* an empty record */
        if (c == '\n')
            break;
        if (*n + 1 < cap)
            line[(*n)++] = c;
    }
    line[*n] = '\0';
}

/* Takes the next record's bytes, up to its end or cap. */
static size_t take(replay *r, char *to, size_t cap)
{
    const record *c = next(r);
    size_t k = c->len - r->part < cap ? c->len - r->part : cap;
    memcpy(to, r->bytes + c->off + r->part, k);
    r->part += k;
    r->last = c->line;
    if (c->at > r->now)
        r->now = c->at;
    if (r->part == c->len) {
        r->i++;
        r->part = 0;
    }
    return k;
}

static void differs(replay *r, const char *fmt, const char *what, size_t n, long line)
{
    if (r->sum->differences++ == 0) {
        char shown[200];
        snprintf(shown, sizeof shown, "%.*s", (int)(n > 180 ? 180 : n), what);
        cg_text_printable(shown);
        snprintf(r->sum->difference, sizeof r->sum->difference, "line %ld: ", line);
        size_t k = strlen(r->sum->difference);
        snprintf(r->sum->difference + k, sizeof r->sum->difference - k, fmt, shown);
    }
}

static const record *next(const replay *r) { return r->i < r->n ? &r->rec[r->i] : NULL; }
