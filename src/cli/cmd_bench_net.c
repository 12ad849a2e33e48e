/* Placeholder until this benchmark lands; replaced by its own implementation. */
#include <stdio.h>

#include "cli/commands.h"

int bench_net(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "cubegod bench: not built yet\n");
    return 2;
}
