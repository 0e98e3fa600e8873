// A published reference that readers load without a lock and without a retain.
//
// The Router keeps its current snapshot here. A reader announces itself in one of two
// counters (one atomic add), loads the pointer and uses the object borrowed, and leaves
// (one atomic subtract): two atomic read-modify-writes a lookup, where a mutex and a
// retain and release cost four. A writer (writers are serialised by the caller) swaps the
// pointer and then waits until every reader that may have loaded the old one has left,
// a grace period of two phases: it flips the epoch, so that new readers count themselves
// in the other counter, and waits for the first to drain; then the same for the other.
// Only then may the old object be released. A reader must therefore never publish, nor
// run code that might, between `wp_publication_enter` and `wp_publication_leave`.
//
// Why this is sound: a reader that loaded the old pointer incremented a counter before
// that load, and the load came before the writer's exchange (it read the old value); the
// writer reads both counters after the exchange, all sequentially consistent, so it sees
// that reader's increment unless the reader has already left. A reader that increments
// after the writer looked at its counter loads the pointer after the exchange: the new one.
// The epoch only decides which counter a reader uses, so that a steady stream of readers
// cannot keep a writer waiting: it is read relaxed.
#ifndef WAYPOINT_ATOMICS_H
#define WAYPOINT_ATOMICS_H

#include <stdint.h>

#if __has_feature(nullability)
#pragma clang assume_nonnull begin
#endif

/// The cell: the published object's pointer, the epoch and the two reader counters.
/// Zero-initialise it, then set `current` before any reader runs.
typedef struct {
    void *_Nullable current;
    uintptr_t epoch;
    intptr_t readers[2];
} wp_publication;

/// Starts a read; returns the counter to pass to `wp_publication_leave`.
static inline uintptr_t wp_publication_enter(wp_publication *cell) {
    uintptr_t slot = __atomic_load_n(&cell->epoch, __ATOMIC_RELAXED) & 1;
    __atomic_fetch_add(&cell->readers[slot], 1, __ATOMIC_SEQ_CST);
    return slot;
}

/// The object published now; valid until `wp_publication_leave`.
static inline void *_Nullable wp_publication_current(wp_publication *cell) {
    return __atomic_load_n(&cell->current, __ATOMIC_SEQ_CST);
}

/// Ends a read started by `wp_publication_enter`, which returned `slot`.
static inline void wp_publication_leave(wp_publication *cell, uintptr_t slot) {
    __atomic_fetch_sub(&cell->readers[slot & 1], 1, __ATOMIC_RELEASE);
}

/// Publishes `next` and returns the object it replaced once no reader can be using it
/// (after the grace period described above). Calls must be serialised by the caller.
void *_Nullable wp_publication_exchange(wp_publication *cell, void *_Nullable next);

// A count of live objects that any thread may destroy, read by one owner that must know
// when none but the one it holds is left: the route tables published from one trie store
// (TableCensus.swift). An object counts itself in when it is made, on the owner's thread,
// and out when it is destroyed, on whatever thread drops it last, with a release; the
// owner reads the count with an acquire, so that every read a destroyed object's users
// made happens before whatever the owner does once it sees the object gone.
typedef struct {
    intptr_t live;
} wp_census;

/// Counts one more live object (on the owner's thread).
static inline void wp_census_enter(wp_census *census) {
    __atomic_fetch_add(&census->live, 1, __ATOMIC_RELAXED);
}

/// Counts one object gone (on any thread), after its last use.
static inline void wp_census_leave(wp_census *census) {
    __atomic_fetch_sub(&census->live, 1, __ATOMIC_RELEASE);
}

/// The live objects now.
static inline intptr_t wp_census_count(wp_census *census) {
    return __atomic_load_n(&census->live, __ATOMIC_ACQUIRE);
}

#if __has_feature(nullability)
#pragma clang assume_nonnull end
#endif

#endif
