/* Placeholder until this command lands; replaced by its own implementation. */
#include <stdio.h>

#include "cli/commands.h"

int cmd_order(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "cubegod order: not built yet\n");
    return 2;
}

int bench_order(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "cubegod bench order: not built yet\n");
    return 2;
}
