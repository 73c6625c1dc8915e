/*
 * fiber/version.h - the version of these headers; fb_version() returns the
 * library's (compare them to detect a header/library mismatch). The value
 * equals VERSION of the top Makefile (the Criterion tests check it).
 */
#ifndef FIBER_VERSION_H
#define FIBER_VERSION_H
#define FIBER_VERSION_MAJOR 0
#define FIBER_VERSION_MINOR 2
#define FIBER_VERSION_PATCH 0
#define FIBER_VERSION_STRING "0.2.0"
/* major * 10000 + minor * 100 + patch, for #if comparisons */
#define FIBER_VERSION \
  (FIBER_VERSION_MAJOR * 10000 + FIBER_VERSION_MINOR * 100 + FIBER_VERSION_PATCH)
#endif
