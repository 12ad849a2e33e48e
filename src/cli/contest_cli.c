/* The option loop of the contest benchmarks (contest_cli.h). Options of: bench sim3, bench order. */
#include "cli/contest_cli.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"

int contest_options(const char *cmd, int argc, char **argv, const contest_opt *opts, int n,
                    const char *help, bool *json)
{
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(help, stdout);
            return 0;
        }
        if (json && strcmp(argv[i], "--json") == 0) {
            *json = true;
            continue;
        }
        int k = 0;
        while (k < n && strcmp(argv[i], opts[k].name) != 0)
            k++;
        if (k == n)
            return cli_unknown(cmd, argv[i], help);
        const char *v = cli_value(cmd, argc, argv, &i);
        if (!v || !cli_long(cmd, opts[k].name, v, opts[k].min, opts[k].max, opts[k].value))
            return 2;
    }
    return -1;
}

double contest_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

uint64_t contest_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
