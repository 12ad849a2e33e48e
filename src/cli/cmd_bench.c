/* Placeholder: the core lands next. */
#include <stdio.h>

#include "cli/commands.h"

int cmd_bench(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "cubegod bench: not built yet\n");
    return 2;
}
