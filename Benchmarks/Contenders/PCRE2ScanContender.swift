import Waypoint
import WaypointReference

/// DeepLinkKit's matching with PCRE2's JIT: one anchored regex per route, tried in
/// registration order until one matches (`ReferenceMatcher`).
final class PCRE2ScanContender: Contender {
    let name = "PCRE2 scan"
    let key = "pcre2Scan"
    let scansLinearly = true
    private let reference: ReferenceMatcher

    init(reference: ReferenceMatcher) {
        self.reference = reference
    }

    func answer(_ lookup: Lookup) -> Answer? {
        reference.match(lookup.url).map(Answer.init)
    }

    func pass(over lookups: [Lookup]) -> () -> Int {
        let urls = lookups.map(\.url)
        let reference = reference
        return {
            var checksum = 0
            for url in urls {
                if let match = reference.match(url) { checksum &+= match.priority &+ 1 }
            }
            return checksum
        }
    }
}
