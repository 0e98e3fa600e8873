// The C side of Waypoint's PCRE2 wrapper. Swift imports PCRE2's `_8` functions but not
// its generic macro names or its `~(size_t)0` constants, so those are wrapped here in
// `static inline` functions. This module is an implementation detail of `Waypoint`.
#ifndef WAYPOINT_CPCRE2_SHIM_H
#define WAYPOINT_CPCRE2_SHIM_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

/// `PCRE2_UNSET`: the value of an ovector entry whose group did not take part in the match.
static inline PCRE2_SIZE waypoint_pcre2_unset(void) { return PCRE2_UNSET; }

/// `PCRE2_ZERO_TERMINATED`, for callers that pass NUL-terminated strings.
static inline PCRE2_SIZE waypoint_pcre2_zero_terminated(void) { return PCRE2_ZERO_TERMINATED; }

#endif
