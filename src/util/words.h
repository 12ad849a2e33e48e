/* Internal: cutting a text between words. Messages and hints quote what a peer or a file said,
 * up to a bound; a cut text ends with CGI_CUT and is never cut in the middle of a word. */
#ifndef CUBEGOD_UTIL_WORDS_H
#define CUBEGOD_UTIL_WORDS_H

#include <stddef.h>

#define CGI_CUT "\xe2\x80\xa6" /* the mark a cut text ends with */
enum { CGI_WORD_MAX = 64 };

/* How much of text[0, n) to keep within bound bytes: n when it fits; else up to the last blank
 * (space or tab) at most CGI_WORD_MAX bytes before the bound, the blanks before it dropped too.
 * With no blank that near (a hex digest, a run of bytes), or only blanks before it, the text is
 * cut at the bound, at a character's start, rather than losing a long word whole. */
size_t cgi_cut_words(const char *text, size_t n, size_t bound);

#endif
