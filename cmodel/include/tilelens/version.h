/*
 * tilelens/version.h - the version of these headers; tl_version() returns
 * the library's (compare them to detect a header/library mismatch). The
 * value equals VERSION of the top Makefile (the Criterion tests check it).
 */
#ifndef TILELENS_VERSION_H
#define TILELENS_VERSION_H
#define TILELENS_VERSION_MAJOR 0
#define TILELENS_VERSION_MINOR 2
#define TILELENS_VERSION_PATCH 0
#define TILELENS_VERSION_STRING "0.2.0"
/* major * 10000 + minor * 100 + patch, for #if comparisons */
#define TILELENS_VERSION \
  (TILELENS_VERSION_MAJOR * 10000 + TILELENS_VERSION_MINOR * 100 + TILELENS_VERSION_PATCH)
#endif
