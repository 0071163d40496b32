// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: per-module list values on kernel objects (layout.c lays out the stacker's part of
 * each blob at boot, loaded_values.c keeps the list ids of modules loaded at run time).
 */

#include "stacker.h"
