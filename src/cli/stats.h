/* Latency figures for the commands that report them. */
#ifndef CUBEGOD_CLI_STATS_H
#define CUBEGOD_CLI_STATS_H

#include <stddef.h>

typedef struct cg_latency {
    double median, p99, p999, max;
} cg_latency;

/* Sorts values in place and reads the percentiles (all zero when n is 0). */
cg_latency cg_latency_sorted(double *values, size_t n);
/* The same for one double field (at byte offset `field`) of n records of any struct. */
cg_latency cg_latency_of(const void *records, size_t n, size_t record_size, size_t field);

/* {"median":...,"p99":...,"p999":...,"max":...} under key. */
struct json;
void json_latency(struct json *j, const char *key, cg_latency l);

#define cg_latency_of_field(array, n, type, member) \
    cg_latency_of((array), (n), sizeof(type), offsetof(type, member))

#endif
