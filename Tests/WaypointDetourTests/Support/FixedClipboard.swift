import WaypointDetour

/// A clipboard holding fixed text, counting how often it is read.
final class FixedClipboard: DetourClipboardSource {
    let contents: String?
    private let readCount = LockedCounter()

    init(_ contents: String?) {
        self.contents = contents
    }

    var reads: Int { readCount.value }

    func text() async -> String? {
        readCount.increment()
        return contents
    }
}
