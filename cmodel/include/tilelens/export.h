/*
 * tilelens/export.h - TL_API marks the public functions. The library is
 * built with -fvisibility=hidden, so only TL_API declarations are exported
 * from libtilelens.so; internal helpers stay local (nm -D shows tl_* API
 * names only). The static library is unaffected.
 */
#ifndef TILELENS_EXPORT_H
#define TILELENS_EXPORT_H
#if defined(__GNUC__) || defined(__clang__)
#define TL_API __attribute__((visibility("default")))
#else
#define TL_API
#endif
#endif
