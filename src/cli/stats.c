#include "cli/stats.h"

#include "cli/json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Nearest rank: the smallest value with at least a fraction q of the values at or below it. */
static size_t rank(size_t n, double q)
{
    size_t r = (size_t)ceil(q * (double)n);
    return r ? r - 1 : 0;
}

cg_latency cg_latency_sorted(double *v, size_t n)
{
    cg_latency l = {0, 0, 0, 0};
    if (n == 0)
        return l;
    qsort(v, n, sizeof *v, cmp_double);
    l.median = v[rank(n, 0.5)];
    l.p99 = v[rank(n, 0.99)];
    l.p999 = v[rank(n, 0.999)];
    l.max = v[n - 1];
    return l;
}

cg_latency cg_latency_of(const void *records, size_t n, size_t record_size, size_t field)
{
    double *v = malloc((n ? n : 1) * sizeof *v);
    cg_latency l = {0, 0, 0, 0};
    if (!v)
        return l;
    for (size_t i = 0; i < n; i++)
        memcpy(&v[i], (const char *)records + i * record_size + field, sizeof *v);
    l = cg_latency_sorted(v, n);
    free(v);
    return l;
}

void json_latency(json *j, const char *key, cg_latency l)
{
    json_object(j, key);
    json_num(j, "median", l.median);
    json_num(j, "p99", l.p99);
    json_num(j, "p999", l.p999);
    json_num(j, "max", l.max);
    json_end(j);
}
