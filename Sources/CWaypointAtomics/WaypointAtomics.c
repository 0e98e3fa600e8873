// See include/WaypointAtomics.h.
#include "WaypointAtomics.h"

#include <sched.h>

void *wp_publication_exchange(wp_publication *cell, void *next) {
    void *old = __atomic_exchange_n(&cell->current, next, __ATOMIC_SEQ_CST);
    for (int phase = 0; phase < 2; phase++) {
        uintptr_t previous = __atomic_fetch_add(&cell->epoch, 1, __ATOMIC_SEQ_CST);
        intptr_t *readers = &cell->readers[previous & 1];
        // Readers stay for one lookup (a bounded regex budget at most): spin a little,
        // then give the processor to them.
        for (unsigned spins = 0; __atomic_load_n(readers, __ATOMIC_SEQ_CST) != 0; spins++) {
            if (spins >= 64) sched_yield();
        }
    }
    return old;
}

// See include/WaypointThreadSlots.h.
#include "WaypointThreadSlots.h"

_Thread_local void *wp_thread_slots[2];
