// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: the layout of the stacker's part of each object's security blob.
 */

#include "stacker.h"
