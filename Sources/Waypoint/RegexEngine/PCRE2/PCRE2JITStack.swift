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

    /// The JIT stack of the calling thread, as PCRE2's JIT stack callback asks for it.
    ///
    /// A thread keeps one stack in thread-local storage, replaced by a larger one when a
    /// router with a longer URL bound needs it, and freed when the thread exits. PCRE2 maps
    /// the stack's full size up front and uses it from one end, so only the pages a match
    /// touches become resident.
    enum PCRE2JITStack {
        /// JIT stack bytes per subject byte. `(?:[a-z0-9]|-)+`, the most stack-hungry of the
        /// shapes in HostileInputTests, uses about 24 per repetition.
        static let bytesPerSubjectByte = 48
        /// The smallest stack: PCRE2's default.
        static let minimumSize = 32 << 10
        /// The largest stack, whatever the URL bound: 256 MiB of address space per thread.
        static let maximumSize = 256 << 20

        /// The stack size for subjects of up to `length` bytes.
        static func size(forSubjectLength length: Int) -> Int {
            let (product, overflow) = max(length, 0).multipliedReportingOverflow(by: bytesPerSubjectByte)
            return overflow ? maximumSize : min(max(product + minimumSize, minimumSize), maximumSize)
        }

        /// The calling thread's stack of at least `size` bytes, or nil (PCRE2 then uses its
        /// default) when one cannot be allocated.
        @inline(__always)
        static func forCurrentThread(size: Int) -> OpaquePointer? {
            // The key's value, cached in a thread-local slot (WaypointThreadSlots.h).
            if let cached = wp_thread_slot(Int32(wp_thread_slot_jit_stack)) {
                let slot = cached.assumingMemoryBound(to: Slot.self)
                if slot.pointee.size >= size { return slot.pointee.stack }
            }
            return makeForCurrentThread(size: size)
        }

        /// ``forCurrentThread(size:)`` when the thread has no stack cached, or too small a
        /// one: reads the key, creates or replaces the stack, and caches the slot.
        @inline(never)
        private static func makeForCurrentThread(size: Int) -> OpaquePointer? {
            if let existing = pthread_getspecific(stackKey) {
                let slot = existing.assumingMemoryBound(to: Slot.self)
                wp_thread_slot_set(Int32(wp_thread_slot_jit_stack), existing)
                if slot.pointee.size >= size { return slot.pointee.stack }
                pcre2_jit_stack_free_8(slot.pointee.stack)
                guard let stack = pcre2_jit_stack_create_8(minimumSize, size, nil) else {
                    slot.deinitialize(count: 1)
                    slot.deallocate()
                    pthread_setspecific(stackKey, nil)
                    wp_thread_slot_set(Int32(wp_thread_slot_jit_stack), nil)
                    return nil
                }
                slot.pointee = Slot(stack: stack, size: size)
                return stack
            }
            guard let stack = pcre2_jit_stack_create_8(minimumSize, size, nil) else { return nil }
            let slot = UnsafeMutablePointer<Slot>.allocate(capacity: 1)
            slot.initialize(to: Slot(stack: stack, size: size))
            pthread_setspecific(stackKey, slot)
            wp_thread_slot_set(Int32(wp_thread_slot_jit_stack), UnsafeMutableRawPointer(slot))
            return stack
        }

        /// A thread's stack and its size.
        struct Slot {
            let stack: OpaquePointer
            let size: Int
        }
    }

    /// The thread-local slot holding each thread's JIT stack; its destructor frees the stack
    /// when the thread exits.
    private let stackKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { value in
            freeJITStack(value)
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// Frees a thread's JIT stack slot (the value is optional on some platforms, not on others).
    private func freeJITStack(_ value: UnsafeMutableRawPointer?) {
        // This runs on the exiting thread: a regex run after it (from another key's
        // destructor) finds no cached stack and makes a new one.
        wp_thread_slot_set(Int32(wp_thread_slot_jit_stack), nil)
        guard let slot = value?.assumingMemoryBound(to: PCRE2JITStack.Slot.self) else { return }
        pcre2_jit_stack_free_8(slot.pointee.stack)
        slot.deinitialize(count: 1)
        slot.deallocate()
    }
#endif
