/*
 * fiber/export.h - FB_API marks the public functions. The library is built
 * with -fvisibility=hidden, so only FB_API declarations are exported from
 * libfiber.so; internal helpers stay local (nm -D shows fb_* API names
 * only). The static library is unaffected.
 */
#ifndef FIBER_EXPORT_H
#define FIBER_EXPORT_H
#if defined(__GNUC__) || defined(__clang__)
#define FB_API __attribute__((visibility("default")))
#else
#define FB_API
#endif
#endif
