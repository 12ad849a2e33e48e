/* The solver table as a cmocka group fixture (CUBEGOD_CACHE gives the file). */
#ifndef CUBEGOD_TESTS_TABLES_FIXTURE_H
#define CUBEGOD_TESTS_TABLES_FIXTURE_H

#include <stdlib.h>

#include "cubegod/solver.h"

static cg_tables *tables;

static int setup(void **state)
{
    (void)state;
    cg_tables_options o = {.cache_path = getenv("CUBEGOD_CACHE")};
    return cg_tables_open(&tables, &o, NULL, NULL) == CG_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    cg_tables_close(tables);
    return 0;
}

#endif
