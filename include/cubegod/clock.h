/* cubegod: the one monotonic clock every part of the library measures time and deadlines with. */
#ifndef CUBEGOD_CLOCK_H
#define CUBEGOD_CLOCK_H

#include "cubegod/export.h"

#include <stdint.h>

/* CLOCK_MONOTONIC in nanoseconds. */
CG_API int64_t cg_now_ns(void);

/* The deadline `timeout` seconds from now in cg_now_ns() units; -1 (none) when timeout < 0.
 * 0 is now (do not wait). NaN is treated as 0: a timeout that is not a number never waits
 * forever; options that take timeouts refuse NaN before it gets here. Past 1e9 s it is
 * capped. */
CG_API int64_t cg_deadline(double timeout);

/* Seconds between two cg_now_ns() readings, as a double. */
static inline double cg_seconds_between(int64_t from, int64_t to) { return (double)(to - from) / 1e9; }

#endif
