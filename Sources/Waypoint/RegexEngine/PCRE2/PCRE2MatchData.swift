#if canImport(CPCRE2)
    import CPCRE2

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
    /// exits, so matching allocates nothing once a thread has matched before.
    struct PCRE2MatchData: RegexCaptures {
        /// The PCRE2 match data block.
        let pointer: OpaquePointer

        /// The match data of the calling thread, with room for at least `groups` capture groups.
        static func forCurrentThread(groups: Int) -> PCRE2MatchData {
            let pairs = UInt32(groups + 1)
            if let existing = pthread_getspecific(matchDataKey) {
                let pointer = OpaquePointer(existing)
                if pcre2_get_ovector_count_8(pointer) >= pairs {
                    return PCRE2MatchData(pointer: pointer)
                }
                pcre2_match_data_free_8(pointer)
            }
            // Grow in steps so a table with slowly rising group counts does not reallocate often.
            let capacity = max(pairs, 16).nextPowerOfTwo
            let pointer = pcre2_match_data_create_8(capacity, nil)!
            pthread_setspecific(matchDataKey, UnsafeRawPointer(pointer))
            return PCRE2MatchData(pointer: pointer)
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
    }

    /// The thread-local slot holding each thread's match data; its destructor frees the block
    /// when the thread exits.
    private let matchDataKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { value in
            pcre2_match_data_free_8(OpaquePointer(value))
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    extension UInt32 {
        /// The smallest power of two not below `self`.
        fileprivate var nextPowerOfTwo: UInt32 {
            self <= 1 ? 1 : 1 << (32 - (self - 1).leadingZeroBitCount)
        }
    }
#endif
