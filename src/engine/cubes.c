/* What the engine asks of a cube it read. */
#include "engine/engine.h"

bool cgi_puzzle_at_goal(const cg_puzzle *p)
{
    int per = p->size * p->size, shown = 0;
    for (int f = 0; f < 6; f++) {
        int first = -1;
        for (int i = f * per; i < (f + 1) * per; i++) {
            if (p->sticker[i] == CG_UNKNOWN)
                continue;
            shown++;
            if (first < 0)
                first = p->sticker[i];
            else if (p->sticker[i] != first)
                return false;
        }
    }
    return shown > 0;
}
