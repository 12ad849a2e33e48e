/* The one open sequence of the solvers (solver_open.h). */
#include "util/solver_open.h"

#include <stdlib.h>
#include <string.h>

#include "cubegod/clock.h"

cg_status cgi_solver_open(const cgi_solver_kind *k, void *ctx, const cgi_open_request *rq,
                          void **out, cgi_open_outcome *how, cg_error *err)
{
    int64_t start = cg_now_ns();
    memset(how, 0, sizeof *how);
    *out = NULL;
    if (!cgi_little_endian())
        return cg_fail(err, CG_ERR_SYSTEM, "the table layout needs a little-endian machine");
    void *s = calloc(1, k->bytes);
    if (!s)
        return cg_fail(err, CG_ERR_NOMEM, "no memory for %s", k->what);
    how->cache_path = rq->cache_path && *rq->cache_path ? rq->cache_path : NULL;
    tablefile_maker m = {.notice = rq->notice, .notice_ctx = rq->notice_ctx,
                         .progress = rq->progress, .before_build = rq->before_build,
                         .before_ctx = rq->before_ctx};
    tablefile *file = (tablefile *)((char *)s + k->file_offset);
    cg_status st = k->setup(s, ctx, &m, err);
    if (st == CG_OK) {
        tablefile_outcome got;
        st = cgi_tablefile_load_or_build(how->cache_path, rq->rebuild, &m, file, &got, err);
        how->from_cache = got.from_cache;
        how->rebuilt = got.rebuilt;
        how->saved = got.saved;
    }
    if (st != CG_OK) {
        k->close(s);
        return st;
    }
    k->attach(s, file->payload);
    how->ready_ms = cg_seconds_between(start, cg_now_ns()) * 1e3;
    *out = s;
    return CG_OK;
}

cgi_open_request cgi_open_request3(const cg3_tables_options *opt)
{
    cgi_open_request rq = {0};
    if (opt)
        rq = (cgi_open_request){opt->cache_path, opt->rebuild, opt->notice, opt->notice_ctx,
                                {opt->progress, opt->progress_ctx, NULL, opt->stop}, NULL, NULL};
    return rq;
}

void cgi_open_info3(cg3_tables_info *info, const cgi_open_outcome *how, size_t bytes)
{
    info->ready_ms = how->ready_ms;
    info->from_cache = how->from_cache;
    info->rebuilt = how->rebuilt;
    info->saved = how->saved;
    info->cache_path = how->cache_path;
    info->bytes = bytes;
}
