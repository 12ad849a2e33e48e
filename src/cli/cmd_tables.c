/* Placeholder: the core lands next. */
#include <stdio.h>

#include "cli/commands.h"

int cmd_tables(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "cubegod tables: not built yet\n");
    return 2;
}
