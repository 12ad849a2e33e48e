/* Placeholder until this command lands; replaced by its own implementation. */
#include <stdio.h>

#include "cli/commands.h"

int cmd_serve(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "cubegod serve: not built yet\n");
    return 2;
}
