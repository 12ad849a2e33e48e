/* Placeholder until this command lands; replaced by its own implementation. */
#include <stdio.h>

#include "cli/commands.h"

int cmd_sim3(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "cubegod sim3: not built yet\n");
    return 2;
}

int bench_sim3(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "cubegod bench sim3: not built yet\n");
    return 2;
}
