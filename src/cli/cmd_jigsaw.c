/* Placeholder until this command lands; replaced by its own implementation. */
#include <stdio.h>

#include "cli/commands.h"

int cmd_jigsaw(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "cubegod jigsaw: not built yet\n");
    return 2;
}

int bench_jigsaw(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "cubegod bench jigsaw: not built yet\n");
    return 2;
}
