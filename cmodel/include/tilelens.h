/*
 * tilelens.h - the old include path, kept working for one release: new code
 * includes <tilelens/tilelens.h>. Everything is declared there.
 */
#ifndef TILELENS_FORWARD_H
#define TILELENS_FORWARD_H
#include "tilelens/tilelens.h"
#endif
