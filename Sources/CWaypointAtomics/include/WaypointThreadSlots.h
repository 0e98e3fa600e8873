// Per-thread pointers the PCRE2 engine reads on every regex run: the thread's match data
// and its JIT stack (PCRE2MatchData.swift, PCRE2JITStack.swift).
//
// Each is owned by a pthread key, whose destructor frees it when the thread exits; the
// slots here only cache the key's value, so that a run reads it with a thread-local load
// rather than a call to `pthread_getspecific` behind a lazy global's check. Swift imports
// no C thread-local variable, so the reads are inline functions. A slot is NULL until the
// engine stores the key's value in it, and the destructor sets it back to NULL, so a run
// after the destructor (in another key's destructor) makes a new value rather than read a
// freed one.
#ifndef WAYPOINT_THREAD_SLOTS_H
#define WAYPOINT_THREAD_SLOTS_H

#if __has_feature(nullability)
#pragma clang assume_nonnull begin
#endif

/// The slots: the match data's, then the JIT stack's.
enum { wp_thread_slot_match_data = 0, wp_thread_slot_jit_stack = 1 };

/// The calling thread's slots (WaypointAtomics.c).
extern _Thread_local void *_Nullable wp_thread_slots[2];

/// The calling thread's pointer in slot `index`, or NULL.
static inline void *_Nullable wp_thread_slot(int index) {
    return wp_thread_slots[index];
}

/// Sets the calling thread's pointer in slot `index`.
static inline void wp_thread_slot_set(int index, void *_Nullable value) {
    wp_thread_slots[index] = value;
}

#if __has_feature(nullability)
#pragma clang assume_nonnull end
#endif

#endif
