/* The page of replay --html (replay_html.h): plain HTML with inline SVG, no script. */
#include "cli/replay_html.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cubegod/draw.h"

struct replay_html {
    char *body;
    size_t len;
    FILE *rounds; /* the rounds' sections, written after the summary */
};

static void escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '&')
            fputs("&amp;", f);
        else if (*s == '"')
            fputs("&quot;", f);
        else
            fputc(*s, f);
    }
}

replay_html *replay_html_new(void)
{
    replay_html *h = calloc(1, sizeof *h);
    if (h && !(h->rounds = open_memstream(&h->body, &h->len))) {
        free(h);
        return NULL;
    }
    return h;
}

static void picture(FILE *f, const cg_puzzle *p)
{
    size_t need = 0;
    char *svg = NULL;
    if (p->size && cg_puzzle_draw(p, CG_DRAW_SVG, NULL, 0, &need, NULL) == CG_OK &&
        (svg = malloc(need + 1)) && cg_puzzle_draw(p, CG_DRAW_SVG, svg, need + 1, &need, NULL) == CG_OK)
        fputs(svg, f);
    else
        fputs("<p class=\"nocube\">no cube was read before the prompt</p>\n", f);
    free(svg);
}

void replay_html_round(replay_html *h, const cg_replay_round *r)
{
    if (!h)
        return;
    FILE *f = h->rounds;
    bool ok = r->result == CG_REPLAY_CORRECT;
    const char *result = ok ? "correct" : cg_replay_result_name(r->result);
    fprintf(f, "<section class=\"round %s\" id=\"round-%d\" data-round=\"%d\" data-result=\"%s\">\n",
            ok ? "ok" : "bad", r->number, r->number, result);
    fprintf(f, "<h2>Round %d", r->number);
    if (r->total)
        fprintf(f, "/%d", r->total);
    fprintf(f, ": <span class=\"result\">%s</span></h2>\n", result);
    picture(f, &r->puzzle);
    fprintf(f, "<dl>\n<dt>answer</dt><dd class=\"answer\">");
    escaped(f, r->answer[0] ? r->answer : "(none)");
    fprintf(f, "</dd>\n");
    if (r->moves >= 0)
        fprintf(f, "<dt>moves</dt><dd class=\"moves\">%d</dd>\n", r->moves);
    if (r->optimal >= 0) {
        fprintf(f, "<dt>optimal</dt><dd class=\"optimal\">%d: ", r->optimal);
        escaped(f, r->best[0] ? r->best : "already solved");
        fprintf(f, "</dd>\n");
    }
    if (r->prompt_at >= 0 && r->answer_at >= r->prompt_at)
        fprintf(f, "<dt>time</dt><dd class=\"time\">answered %.3f ms after the prompt "
                   "(prompt at %.6f s)</dd>\n", (r->answer_at - r->prompt_at) * 1e3, r->prompt_at);
    else
        fprintf(f, "<dt>time</dt><dd class=\"time\">not recorded (a terminal capture)</dd>\n");
    if (!ok) {
        fprintf(f, "<dt>why</dt><dd class=\"reason\">line %ld: ", r->line);
        escaped(f, r->reason);
        fprintf(f, "</dd>\n");
    }
    if (r->verdict[0]) {
        fprintf(f, "<dt>server</dt><dd class=\"verdict\">");
        escaped(f, r->verdict);
        fprintf(f, "%s</dd>\n", r->disagrees ? " (differs from the replay)" : "");
    }
    fprintf(f, "</dl>\n</section>\n");
}

static const char STYLE[] =
    "body{font-family:sans-serif;margin:1em;background:#fff;color:#111}"
    "section.round{display:inline-block;vertical-align:top;border:1px solid #ccc;margin:4px;"
    "padding:6px;width:330px}section.bad{border:2px solid #c00;background:#fee}"
    "h2{font-size:1em;margin:0 0 4px}dl{display:grid;grid-template-columns:5em 1fr;gap:2px 6px;"
    "margin:4px 0;font-size:.85em}dt{color:#555}dd{margin:0}.answer{font-family:monospace}";

bool replay_html_write(replay_html *h, const char *path, const char *source,
                       const cg_replay_summary *s)
{
    if (!h) {
        cli_err("replay", "--html: out of memory");
        return false;
    }
    fclose(h->rounds);
    FILE *f = fopen(path, "w");
    bool ok = f != NULL;
    if (f) {
        fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\">\n<title>");
        escaped(f, source);
        fprintf(f, ": cubegod replay</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", STYLE);
        escaped(f, source);
        fprintf(f, "</h1>\n<p id=\"summary\" data-rounds=\"%d\" data-correct=\"%d\">%s, %d round%s, "
                   "%d correct, %d wrong",
                s->rounds, s->correct, s->transcript ? "transcript" : "terminal capture", s->rounds,
                s->rounds == 1 ? "" : "s", s->correct, s->rounds - s->correct);
        if (s->after[0]) {
            fprintf(f, "; after the last round: ");
            escaped(f, s->after);
        }
        fprintf(f, "</p>\n");
        if (h->body)
            fwrite(h->body, 1, h->len, f);
        fprintf(f, "</body>\n</html>\n");
        ok = !ferror(f);
        ok = fclose(f) == 0 && ok;
    }
    if (!ok)
        cli_err("replay", "--html %s: %s", path, strerror(errno));
    free(h->body);
    free(h);
    return ok;
}
