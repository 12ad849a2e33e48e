/* cg_play's structures on the heap, for bindings that cannot know their sizes. */
#include <stdlib.h>

#include "cubegod/client.h"

cg_play_options *cg_play_options_new(void)
{
    cg_play_options *o = malloc(sizeof *o);
    if (o)
        *o = cg_play_defaults();
    return o;
}

cg_play_result *cg_play_result_new(void)
{
    return calloc(1, sizeof(cg_play_result));
}

cg_outcome cg_play_outcome(const cg_play_result *r)
{
    return r->outcome;
}

void cg_play_free(void *p)
{
    free(p);
}
