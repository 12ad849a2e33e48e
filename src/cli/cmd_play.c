/* Placeholder until this command lands; replaced by its own implementation. */
#include <stdio.h>

#include "cli/commands.h"

int cmd_play(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "cubegod play: not built yet\n");
    return 2;
}
