// The C floor of the benchmark: a plain segment trie, the least a trie router can do.
//
// Each node has a hash table of literal children, one parameter child and the route that
// ends there. A lookup tries the literal child before the parameter child and backtracks
// when the literal branch fails; captures are (offset, length) pairs into the path, so a
// match allocates nothing. Routes are `/`-separated literal and `:name` segments.
#ifndef WAYPOINT_CSEGMENTTRIE_H
#define WAYPOINT_CSEGMENTTRIE_H

#include <stddef.h>
#include <stdint.h>

/// A trie; made by `wp_ctrie_create`, freed by `wp_ctrie_free`.
typedef struct wp_ctrie wp_ctrie;

/// One captured parameter: where its value is in the path.
typedef struct {
    uint32_t offset;
    uint32_t length;
} wp_ctrie_capture;

/// An empty trie, or NULL when out of memory.
wp_ctrie *wp_ctrie_create(void);

/// Frees the trie and everything it holds.
void wp_ctrie_free(wp_ctrie *trie);

/// Adds `route` (`length` bytes, starting with `/`) with the value `route_index`.
/// Returns 0, or -1 when the route is already there, malformed or memory runs out.
int wp_ctrie_insert(wp_ctrie *trie, const char *route, size_t length, int32_t route_index);

/// The value of the route that matches `path` (`length` bytes, starting with `/`; one
/// trailing `/` is ignored), or -1. On a match, the parameters' values are written to
/// `captures` in route order (at most `max_captures`) and their number to `*capture_count`.
int32_t wp_ctrie_match(
    const wp_ctrie *trie, const char *path, size_t length, wp_ctrie_capture *captures, int max_captures,
    int *capture_count);

#endif
