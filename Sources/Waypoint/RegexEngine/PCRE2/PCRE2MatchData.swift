#if canImport(CPCRE2)
    import CPCRE2
    import CWaypointAtomics

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// PCRE2 match data (the ovector) of the calling thread.
    ///
    /// Match data is never shared between threads: each thread keeps one block in
    /// thread-local storage, grown when a pattern needs more groups and freed when the thread
    /// exits, so matching allocates nothing once a thread has matched before. Beside it the
    /// thread counts its runs (``generation``): PCRE2 may write the ovector in any run,
    /// failed ones too, so the groups of a match are its own while no other run was made.
    struct PCRE2MatchData: RegexCaptures {
        /// The thread's match data block and run count.
        struct Slot {
            var pointer: OpaquePointer
            var generation: UInt32
        }

        /// The calling thread's slot.
        private let slot: UnsafeMutablePointer<Slot>

        /// The PCRE2 match data block.
        var pointer: OpaquePointer { slot.pointee.pointer }

        /// The match data of the calling thread, with room for at least `groups` capture groups.
        @inline(__always)
        static func forCurrentThread(groups: Int) -> PCRE2MatchData {
            let pairs = UInt32(groups + 1)
            // The key's value, cached in a thread-local slot (WaypointThreadSlots.h).
            if let cached = wp_thread_slot(Int32(wp_thread_slot_match_data)) {
                let slot = cached.assumingMemoryBound(to: Slot.self)
                if pcre2_get_ovector_count_8(slot.pointee.pointer) >= pairs {
                    return PCRE2MatchData(slot: slot)
                }
            }
            return makeForCurrentThread(pairs: pairs)
        }

        /// ``forCurrentThread(groups:)`` when the thread has no match data cached, or too
        /// little: reads the key, creates or grows the block, and caches the slot.
        @inline(never)
        private static func makeForCurrentThread(pairs: UInt32) -> PCRE2MatchData {
            let slot: UnsafeMutablePointer<Slot>
            if let existing = pthread_getspecific(matchDataKey) {
                slot = existing.assumingMemoryBound(to: Slot.self)
                wp_thread_slot_set(Int32(wp_thread_slot_match_data), existing)
                if pcre2_get_ovector_count_8(slot.pointee.pointer) >= pairs {
                    return PCRE2MatchData(slot: slot)
                }
                pcre2_match_data_free_8(slot.pointee.pointer)
            } else {
                slot = UnsafeMutablePointer<Slot>.allocate(capacity: 1)
                slot.initialize(to: Slot(pointer: OpaquePointer(bitPattern: 1)!, generation: 1))
                pthread_setspecific(matchDataKey, UnsafeRawPointer(slot))
                wp_thread_slot_set(Int32(wp_thread_slot_match_data), UnsafeMutableRawPointer(slot))
            }
            // Grow in steps so a table with slowly rising group counts does not reallocate often.
            let capacity = max(pairs, 16).nextPowerOfTwo
            slot.pointee.pointer = pcre2_match_data_create_8(capacity, nil)!
            slot.pointee.generation = slot.pointee.generation &+ 1 | 1
            return PCRE2MatchData(slot: slot)
        }

        /// The byte range of group `group` in the last successful match, or nil when the group
        /// did not take part in it.
        func range(ofGroup group: Int) -> Range<Int>? {
            let ovector = pcre2_get_ovector_pointer_8(pointer)!
            let start = ovector[2 * group]
            let end = ovector[2 * group + 1]
            if start == waypoint_pcre2_unset() || end == waypoint_pcre2_unset() { return nil }
            return start..<end
        }

        /// The thread's run count; never 0.
        var generation: UInt32 { slot.pointee.generation }

        /// Counts a run that is about to be made with this match data.
        @inline(__always)
        func countRun() {
            // Odd values only, so the count is never 0 (which means "not kept").
            slot.pointee.generation = slot.pointee.generation &+ 2
        }
    }

    /// The thread-local slot holding each thread's match data; its destructor frees the block
    /// and the slot when the thread exits.
    private let matchDataKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { value in
            freeMatchDataSlot(value)
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// Frees a thread's slot (the value is optional on some platforms, not on others).
    private func freeMatchDataSlot(_ value: UnsafeMutableRawPointer?) {
        // This runs on the exiting thread: a regex run after it (from another key's
        // destructor) finds no cached slot and makes a new one.
        wp_thread_slot_set(Int32(wp_thread_slot_match_data), nil)
        guard let value else { return }
        let slot = value.assumingMemoryBound(to: PCRE2MatchData.Slot.self)
        pcre2_match_data_free_8(slot.pointee.pointer)
        slot.deinitialize(count: 1)
        slot.deallocate()
    }

    extension UInt32 {
        /// The smallest power of two not below `self`.
        fileprivate var nextPowerOfTwo: UInt32 {
            self <= 1 ? 1 : 1 << (32 - (self - 1).leadingZeroBitCount)
        }
    }
#endif
