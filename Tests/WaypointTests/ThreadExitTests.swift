#if canImport(Glibc)
    import Foundation
    import Glibc
    import Testing
    import Waypoint

    /// What the destructor of the test's own pthread key reads and writes: the router to
    /// match with, the key (to set again), and each run's answer.
    private struct ExitProbe: Sendable {
        var router: Router?
        var key = pthread_key_t()
        var answers: [String?] = []
    }

    private let exitProbe = Locked(ExitProbe())

    /// The test key's destructor: matches a regex route on the exiting thread, and sets the
    /// key again after its first run so that glibc calls it in the next round too.
    private let matchOnExit: @convention(c) (UnsafeMutableRawPointer?) -> Void = { _ in
        let (router, key) = exitProbe.withLock { ($0.router, $0.key) }
        let answer = router?.match(path: "/orders/42")?.routeParameters["id"]
        let runs = exitProbe.withLock { probe in
            probe.answers.append(answer)
            return probe.answers.count
        }
        if runs < 2 { pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1)) }
    }

    /// The regex engine keeps each thread's match data (and, on PCRE2, its JIT stack) in a
    /// pthread key whose destructor frees it when the thread exits; PCRE2 also caches it in
    /// a C thread-local slot, which that destructor clears (WaypointThreadSlots.h). A regex
    /// run from another key's destructor, after the engine's ran, must make new data rather
    /// than read the freed block.
    @Suite struct ThreadExitTests {
        /// glibc calls the destructors of the keys that hold a value in rounds, in key order,
        /// and again while a destructor sets a value (up to four rounds). The test key's
        /// destructor matches in two rounds: whichever order the keys run in, the engine's
        /// destructors have run before the second of those matches, and the blocks that match
        /// makes are freed in the next round. AddressSanitizer (`./dev sanitize`) reports a
        /// read of a freed block; the answers show each run matched.
        @Test func aRegexRunInAnotherKeysDestructorMakesNewPerThreadData() async throws {
            let router = Router()
            try router.register("/orders/:id([0-9]+)") { _ in }
            // The engine's keys exist before the test key, as in an app.
            #expect(router.match(path: "/orders/1")?.routeParameters["id"] == "1")
            var key = pthread_key_t()
            try #require(pthread_key_create(&key, matchOnExit) == 0)
            defer { pthread_key_delete(key) }
            exitProbe.withLock { $0 = ExitProbe(router: router, key: key) }

            var thread = pthread_t()
            let created = pthread_create(
                &thread, nil,
                { _ in
                    let (router, key) = exitProbe.withLock { ($0.router, $0.key) }
                    pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
                    // Fills the exiting thread's engine data (and PCRE2's cached slot).
                    _ = router?.match(path: "/orders/7")
                    return nil
                }, nil)
            try #require(created == 0)
            let exited = thread
            // Joined on a thread of its own, never on the cooperative pool.
            let answers = await withCheckedContinuation { continuation in
                Thread {
                    pthread_join(exited, nil)
                    continuation.resume(returning: exitProbe.withLock { $0.answers })
                }.start()
            }
            #expect(answers == ["42", "42"])
        }
    }
#endif
