/* A small JSON writer shared by the commands' --json output: one object at a time, commas and
 * escaping handled here. Strings are written as valid UTF-8 whatever the bytes given: quotes,
 * backslashes and control bytes are escaped, a byte that does not begin a valid UTF-8 sequence
 * becomes U+FFFD. Numbers that are not finite are written as null (JSON has no NaN). */
#ifndef CUBEGOD_CLI_JSON_H
#define CUBEGOD_CLI_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define JSON_DEPTH 8

typedef struct json {
    FILE *out;
    int depth;
    bool first[JSON_DEPTH]; /* nothing written yet at that level */
    char close[JSON_DEPTH]; /* '}' or ']' */
} json;

void json_start(json *j, FILE *out);
void json_object(json *j, const char *key); /* key: NULL at the top or inside an array */
void json_array(json *j, const char *key);
void json_end(json *j);                     /* closes the innermost object or array */
void json_str(json *j, const char *key, const char *value);
void json_strn(json *j, const char *key, const char *value, size_t len);
void json_int(json *j, const char *key, long long value);
void json_num(json *j, const char *key, double value);
void json_bool(json *j, const char *key, bool value);
void json_null(json *j, const char *key);
/* Ends the top-level value with a newline and flushes (one object per line). */
void json_finish(json *j);

/* The escaped string body (no quotes) of len bytes, for tests and messages. */
void json_escape(FILE *out, const char *s, size_t len);

#endif
