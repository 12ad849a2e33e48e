#include "cubegod/clock.h"

#include <math.h>
#include <time.h>

int64_t cg_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t cg_deadline(double timeout)
{
    if (isnan(timeout)) /* converting NaN to an integer is undefined */
        timeout = 0;
    if (timeout < 0)
        return -1;
    if (timeout > 1e9) /* beyond any test of patience, and int64 nanoseconds */
        timeout = 1e9;
    return cg_now_ns() + (int64_t)(timeout * 1e9);
}
