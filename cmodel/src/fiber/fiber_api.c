/*
 * fiber_api.c - the library-wide parts of the C API: error names and the
 * library's version.
 */
#include "fiber_internal.h"

const char *fb_err_str(fb_err e) {
  static const char *const s[FB_ERR_NUM] = {
    "FB_OK: no error",
    "FB_ERR_NULL: a NULL pointer argument",
    "FB_ERR_RANGE: a value out of range (register id >= register count, parameter outside its range)",
    "FB_ERR_WIDTH: a value wider than its port (strict mode)",
    "FB_ERR_STATE: an object never set up by its reset",
  };
  return (unsigned)e < FB_ERR_NUM ? s[e] : "FB_ERR_?: unknown code";
}

const char *fb_version(void) { return FIBER_VERSION_STRING; }
