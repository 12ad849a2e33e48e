/* The library's version at run time (version.h). */
#include "cubegod/version.h"

const char *cg_version(void)
{
    return CG_VERSION;
}
