/* The answer options (answer.h). Options of: solve, play, serve, replay. */
#include "cli/answer.h"

#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

#define MAP_FILE_MAX (64 * 1024)

void cli_answer_init(cli_answer *a)
{
    memset(a, 0, sizeof *a);
    a->notation = CG_NOTATION_STANDARD;
    a->metric = CG_METRIC_HTM;
    a->dialect = cg_dialect_default();
}

bool cli_answer_names(const char *opt)
{
    static const cli_option TABLE[] = {CLI_ANSWER_OPTIONS, {NULL, CLI_FLAG}};
    return cli_option_find(TABLE, opt) != NULL;
}

int cli_answer_option(const char *cmd, const char *opt, const char *value, cli_answer *a)
{
    if (strcmp(opt, "--notation") == 0) {
        int n = cg_notation_parse(value);
        if (n < 0)
            return cli_usage(cmd, "--notation: '%s' is not standard, digits, quarter or "
                                  "quarter-cw", value);
        a->notation = (cg_notation)n;
    } else if (strcmp(opt, "--move-map") == 0) {
        a->move_map = value;
    } else if (strcmp(opt, "--separator") == 0) {
        a->separator = value;
    } else if (strcmp(opt, "--metric") == 0) {
        int m = cg_metric_parse(value);
        if (m < 0)
            return cli_usage(cmd, "--metric: '%s' is not htm or qtm", value);
        a->metric = (cg_metric)m;
        return 1;
    } else {
        return 0;
    }
    a->given = true;
    return 1;
}

bool cli_answer_ready(const char *cmd, cli_answer *a)
{
    cg_move_map map;
    cg_error err;
    if (a->move_map) {
        /* A value with '=' is the map itself; anything else names a file. */
        bool inline_map = strchr(a->move_map, '=') != NULL;
        size_t len = strlen(a->move_map);
        char *text = inline_map ? NULL : cli_slurp(cmd, a->move_map, MAP_FILE_MAX, &len);
        if (!inline_map && !text)
            return false;
        cg_status st = cg_move_map_parse(inline_map ? a->move_map : text, len, &map, &err);
        free(text);
        if (st != CG_OK) {
            cli_usage(cmd, "--move-map%s%s: %s", inline_map ? "" : " ",
                      inline_map ? "" : a->move_map, err.msg);
            return false;
        }
    }
    if (cg_dialect_make(&a->dialect, a->notation, a->move_map ? &map : NULL, a->separator,
                        &err) != CG_OK) {
        cli_usage(cmd, "%s", err.msg);
        return false;
    }
    return true;
}
