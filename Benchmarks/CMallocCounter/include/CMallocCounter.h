// Heap allocation counting for the benchmark.
//
// On Linux with glibc this target defines malloc, calloc, realloc, free, posix_memalign,
// aligned_alloc, memalign, valloc and pvalloc. Linked into an executable, these
// definitions take the place of glibc's for every library in the process; each one
// forwards to glibc's own allocator (`__libc_malloc` and friends) and, while counting is
// on for the calling thread, adds to that thread's counts. Elsewhere nothing is
// interposed and `waypoint_malloc_counter_is_available()` returns false; so too under
// AddressSanitizer, ThreadSanitizer and MemorySanitizer, which interpose malloc themselves.
#ifndef WAYPOINT_CMALLOCCOUNTER_H
#define WAYPOINT_CMALLOCCOUNTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// What the calling thread allocated and freed between a start and a stop.
typedef struct {
    /// Calls that returned new memory: malloc, calloc, realloc and the aligned variants.
    uint64_t allocations;
    /// Calls to free with a non-null pointer.
    uint64_t frees;
    /// Bytes requested by the counted allocations.
    uint64_t bytes;
} WaypointMallocCounts;

/// Whether allocations are counted on this platform.
bool waypoint_malloc_counter_is_available(void);

/// Zeroes the calling thread's counts and starts counting on this thread.
void waypoint_malloc_counter_start(void);

/// Stops counting on the calling thread and returns what was counted since the start.
WaypointMallocCounts waypoint_malloc_counter_stop(void);

/// Bytes of heap in use (glibc's mallinfo2: arena plus mmapped blocks), or 0 when unknown.
size_t waypoint_heap_bytes_in_use(void);

/// Returns free heap memory to the system where the allocator can (glibc's malloc_trim).
void waypoint_heap_trim(void);

#endif
