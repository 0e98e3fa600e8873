// See include/CMallocCounter.h. Counting state is thread-local, so a benchmark thread
// counts only its own allocations; the initial-exec TLS model keeps reading it free of
// allocation itself (the executable's TLS block exists before main runs).
#include "CMallocCounter.h"

// Sanitizers bring their own malloc; defining another one would take theirs away.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define WAYPOINT_UNDER_SANITIZER 1
#endif
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(WAYPOINT_UNDER_SANITIZER)

#include <errno.h>
#include <malloc.h>

// glibc's allocator under its internal names; exported by libc.so.6 since 2.2.5.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

#define COUNTER_TLS __thread __attribute__((tls_model("initial-exec")))

static COUNTER_TLS bool counting;
static COUNTER_TLS WaypointMallocCounts counts;

static inline void *counted(void *pointer, size_t size) {
    if (counting && pointer != NULL) {
        counts.allocations += 1;
        counts.bytes += size;
    }
    return pointer;
}

void *malloc(size_t size) { return counted(__libc_malloc(size), size); }

void *calloc(size_t count, size_t size) { return counted(__libc_calloc(count, size), count * size); }

void *realloc(void *pointer, size_t size) { return counted(__libc_realloc(pointer, size), size); }

void free(void *pointer) {
    if (counting && pointer != NULL) counts.frees += 1;
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size), size); }

void *aligned_alloc(size_t alignment, size_t size) {
    return counted(__libc_memalign(alignment, size), size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // POSIX: a power of two that is a multiple of sizeof(void *).
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = counted(__libc_memalign(alignment, size), size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) { return counted(__libc_valloc(size), size); }

void *pvalloc(size_t size) { return counted(__libc_pvalloc(size), size); }

bool waypoint_malloc_counter_is_available(void) { return true; }

void waypoint_malloc_counter_start(void) {
    counts = (WaypointMallocCounts){0, 0, 0};
    counting = true;
}

WaypointMallocCounts waypoint_malloc_counter_stop(void) {
    counting = false;
    return counts;
}

size_t waypoint_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

void waypoint_heap_trim(void) { malloc_trim(0); }

#else

bool waypoint_malloc_counter_is_available(void) { return false; }

void waypoint_malloc_counter_start(void) {}

WaypointMallocCounts waypoint_malloc_counter_stop(void) { return (WaypointMallocCounts){0, 0, 0}; }

size_t waypoint_heap_bytes_in_use(void) { return 0; }

void waypoint_heap_trim(void) {}

#endif
