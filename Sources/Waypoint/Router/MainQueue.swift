import Dispatch

/// Whether the caller runs on the main queue, the main actor's executor. `Thread.isMainThread`
/// cannot tell: on Linux, `dispatchMain()` services the main queue from a thread that is
/// not the process's first one.
enum MainQueue {
    /// A value the main queue carries, and no other queue.
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the calling code runs on the main queue.
    static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == true
    }
}
