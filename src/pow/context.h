/* For play, which reads a game a line at a time: a gate's sentence may name a part whose value
 * came on an earlier line ("prefix: k9Jd", then "find X such that sha1(prefix + X) starts with
 * 5 zero hex digits"). These take those earlier lines as context: names are looked up there,
 * gates are read from the line only. Otherwise as cg_pow_scan and cg_pow_solve (pow.h). */
#ifndef CUBEGOD_POW_CONTEXT_H
#define CUBEGOD_POW_CONTEXT_H

#include <stddef.h>

#include "cubegod/pow.h"

int cgi_pow_scan_in(const char *line, size_t n, const char *context, size_t clen, cg_error *err);
cg_status cgi_pow_solve_in(cg_pow *p, const char *line, size_t n, const char *context,
                           size_t clen, char *out, size_t cap, cg_error *err);

#endif
