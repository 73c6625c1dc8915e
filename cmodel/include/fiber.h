/*
 * fiber.h - the old include path, kept working for one release: new code
 * includes <fiber/fiber.h>. Everything is declared there.
 */
#ifndef FIBER_FORWARD_H
#define FIBER_FORWARD_H
#include "fiber/fiber.h"
#endif
