import Dispatch
import Foundation
import Waypoint

extension DetourAnalyticsQueue {
    /// What the sender does next.
    private enum Action: Sendable {
        case send(DetourAnalyticsRecord, DetourAPIClient, timeout: TimeInterval)
        case wait(Task<Void, Never>)
        case exit
    }

    /// How long an idle sender sleeps before looking again without being woken.
    private static let idleNanoseconds: UInt64 = 3_600_000_000_000

    /// Starts (or retargets) sending with `config`'s credentials: one request at a time,
    /// oldest record with `config.appID` first. Records of other applications wait.
    package func start(config: DetourConfig, environment: DetourEnvironment) {
        state.withLock { state in
            guard !state.closed else { return }
            state.config = config
            state.environment = environment
            if state.loop == nil {
                state.loop = Task { await self.runSender() }
            } else {
                wake(&state)
            }
        }
    }

    /// Stops sending new requests; a request in flight completes and its outcome is recorded.
    package func stop() {
        state.withLock { state in
            state.config = nil
            wake(&state)
        }
    }

    /// Sends every due record now, ignoring any backoff wait, until the queue has nothing due
    /// or an attempt fails with a retryable outcome; returns the stats. Without sending on
    /// (not started, or stopped) it returns the stats at once.
    package func flush() async -> DetourDeliveryStats {
        await withCheckedContinuation { continuation in
            let immediate = state.withLock { state -> DetourDeliveryStats? in
                guard !state.closed, state.config != nil, state.loop != nil else {
                    return Self.stats(of: state)
                }
                state.flushing = true
                state.flushWaiters.append(continuation)
                wake(&state)
                return nil
            }
            if let immediate {
                continuation.resume(returning: immediate)
            }
        }
    }

    /// Stops sending, waits for a request in flight to finish and be recorded, then closes
    /// the queue and releases the directory lock.
    package func close() async {
        let loop = state.withLock { state -> Task<Void, Never>? in
            state.config = nil
            wake(&state)
            return state.loop
        }
        await loop?.value
        state.withLock { state in
            state.closed = true
            finishFlush(&state)
        }
        lock?.release()
    }

    /// Closes at once, like a process that dies: the lock is released immediately and the
    /// outcome of a request in flight is ignored (its record stays on disk and is sent again
    /// by the next queue, with the same `Idempotency-Key`).
    package func terminate() {
        state.withLock { state in
            state.config = nil
            wake(&state)
            state.closed = true
            finishFlush(&state)
        }
        lock?.release()
    }

    /// Interrupts the sender's wait so it looks at the queue again.
    func wake(_ state: inout State) {
        state.sleeper?.cancel()
        state.sleeper = nil
    }

    private func runSender() async {
        while true {
            switch state.withLock({ nextAction(&$0) }) {
            case .exit:
                return
            case .wait(let sleeper):
                await sleeper.value
            case .send(let record, let client, let timeout):
                let result = await client.post(
                    record.kind.endpoint, body: Data(record.body.utf8), timeout: timeout,
                    idempotencyKey: record.id)
                complete(record, result)
                state.withLock { $0.environment.analyticsAttemptRecorded }?()
            }
        }
    }

    private func nextAction(_ state: inout State) -> Action {
        guard !state.closed, let config = state.config else {
            state.loop = nil
            finishFlush(&state)
            return .exit
        }
        guard let record = state.records.first(where: { $0.appID == config.appID }) else {
            finishFlush(&state)
            return .wait(sleeper(Self.idleNanoseconds, &state))
        }
        let now = DispatchTime.now().uptimeNanoseconds
        if !state.flushing, let notBefore = state.retryNotBefore, now < notBefore {
            return .wait(sleeper(notBefore - now, &state))
        }
        state.inFlight = record.id
        let client = DetourAPIClient(environment: state.environment, config: config)
        return .send(record, client, timeout: state.environment.timeouts.analytics)
    }

    private func sleeper(_ nanoseconds: UInt64, _ state: inout State) -> Task<Void, Never> {
        let sleeper = Task { _ = try? await Task.sleep(nanoseconds: nanoseconds) }
        state.sleeper = sleeper
        return sleeper
    }

    /// Records the outcome of an attempt (ignored once the queue has been terminated).
    private func complete(
        _ record: DetourAnalyticsRecord, _ result: Result<DetourHTTPResponse, DetourHTTPFailure>
    ) {
        state.withLock { state in
            guard !state.closed else { return }
            state.inFlight = nil
            let environment = state.environment
            let logger = environment.logger
            // Found by id: renumbering may have given the record a new number meanwhile.
            let index = state.records.firstIndex { $0.id == record.id }
            switch DetourDeliveryOutcome(result, now: environment.now()) {
            case .delivered:
                if let index { deleteFile(of: state.records.remove(at: index).seq, &state) }
                state.counters.add(1, to: \.delivered)
                state.consecutiveFailures = 0
                state.retryNotBefore = nil
            case .rejected(let status):
                if let index { deleteFile(of: state.records.remove(at: index).seq, &state) }
                state.counters.add(1, to: \.rejected)
                logger.warning(
                    "the server rejected analytics record \(record.seq) with status \(status); dropped")
            case .retry(let reason, let retryAfter):
                if let index {
                    let attempts = state.records[index].attempts
                    state.records[index].attempts =
                        attempts < DetourAnalyticsRecord.maximumAttempts ? max(0, attempts) + 1 : attempts
                    let seq = state.records[index].seq
                    if isPersistent && !state.unsaved.contains(seq) {
                        do {
                            try storage.save(state.records[index])
                        } catch {
                            logger.warning(
                                "could not save the attempts of analytics record \(seq): \(error)")
                        }
                    }
                }
                state.counters.add(1, to: \.retries)
                state.consecutiveFailures = min(state.consecutiveFailures, Int(Int32.max)) + 1
                let wait = DetourAnalyticsBackoff.wait(
                    consecutiveFailures: state.consecutiveFailures, random: environment.random(),
                    retryAfter: retryAfter)
                state.lastWait = wait
                let scaled = max(0, min(wait * environment.backoffSecond, 86_400))
                state.retryNotBefore = DispatchTime.now().uptimeNanoseconds + UInt64(scaled * 1_000_000_000)
                logger.info("analytics record \(record.seq) not delivered (\(reason)); retrying in \(wait) s")
                if state.flushing {
                    finishFlush(&state)
                }
            }
            saveState(&state)
        }
    }

    /// Resumes every `flush()` caller with the current stats.
    func finishFlush(_ state: inout State) {
        guard !state.flushWaiters.isEmpty || state.flushing else { return }
        let waiters = state.flushWaiters
        state.flushWaiters = []
        state.flushing = false
        let stats = Self.stats(of: state)
        for waiter in waiters {
            waiter.resume(returning: stats)
        }
    }
}
