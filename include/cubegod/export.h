/* cubegod: which declarations the shared library exports.
 *
 * The library is built with hidden visibility; every function that a public header documents is
 * declared with CG_API, and nothing else leaves libcubegod.so. Static builds see a no-op. */
#ifndef CUBEGOD_EXPORT_H
#define CUBEGOD_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define CG_API __attribute__((visibility("default")))
#else
#define CG_API
#endif

#endif
