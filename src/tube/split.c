/* Splitting a command line into argv the way a shell splits simple words (no expansion). */
#include <stdlib.h>
#include <string.h>

#include "tube/internal.h"

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n';
}

/* One word starting at cmd[*i] into word (as long as cmd at most). */
static cg_status split_word(const char *cmd, size_t *i, char *word, cg_error *err)
{
    size_t k = 0, j = *i;
    while (cmd[j] && !blank(cmd[j])) {
        char c = cmd[j];
        if (c == '\'') {
            const char *end = strchr(cmd + j + 1, '\'');
            if (!end)
                return cg_fail(err, CG_ERR_INPUT, "command: unterminated ' quote at position %zu",
                               j + 1);
            size_t n = (size_t)(end - (cmd + j + 1));
            memcpy(word + k, cmd + j + 1, n);
            k += n;
            j += n + 2;
        } else if (c == '"') {
            size_t open = j++;
            while (cmd[j] && cmd[j] != '"') {
                if (cmd[j] == '\\' && cmd[j + 1] && strchr("\"\\$`", cmd[j + 1]))
                    j++;
                word[k++] = cmd[j++];
            }
            if (!cmd[j])
                return cg_fail(err, CG_ERR_INPUT, "command: unterminated \" quote at position %zu",
                               open + 1);
            j++;
        } else {
            if (c == '\\' && cmd[j + 1]) /* a trailing backslash stays itself */
                j++;
            word[k++] = cmd[j++];
        }
    }
    word[k] = '\0';
    *i = j;
    return CG_OK;
}

cg_status cg_split_command(const char *cmd, char ***argv, cg_error *err)
{
    size_t len = strlen(cmd), n = 0, i = 0;
    /* Words need a separator each, so there are at most len / 2 + 1 of them. */
    char **v = calloc(len / 2 + 2, sizeof *v);
    char *word = malloc(len + 1);
    cg_status st = v && word ? CG_OK : cg_fail(err, CG_ERR_NOMEM, "out of memory");
    while (!st) {
        while (blank(cmd[i]))
            i++;
        if (!cmd[i])
            break;
        st = split_word(cmd, &i, word, err);
        if (!st && !(v[n++] = strdup(word)))
            st = cg_fail(err, CG_ERR_NOMEM, "out of memory");
    }
    free(word);
    if (!st && n == 0)
        st = cg_fail(err, CG_ERR_INPUT, "command: empty");
    if (st) {
        cg_argv_free(v);
        v = NULL;
    }
    *argv = v;
    return st;
}

void cg_argv_free(char **argv)
{
    if (!argv)
        return;
    for (char **p = argv; *p; p++)
        free(*p);
    free(argv);
}
