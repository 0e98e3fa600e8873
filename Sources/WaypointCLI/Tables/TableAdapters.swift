import WaypointTables

/// The adapters this build of `waypoint` runs.
enum TableAdapters {
    /// Every adapter, by table `adapter` value. Router tables may have an `aasa` section.
    static let all: [any TableAdapter] = [
        RouterTableAdapter(section: AASATableSection.self), DetourTableAdapter(), PaylisherTableAdapter(),
    ]

    /// The adapter for tables whose `adapter` is `name`; router tables run with a regex
    /// budget of `regexBudget` when it is given (`waypoint test --regex-budget`).
    static func named(_ name: String, regexBudget: UInt32? = nil) -> (any TableAdapter)? {
        if name == "router", let regexBudget {
            return RouterTableAdapter(regexBudget: regexBudget, section: AASATableSection.self)
        }
        return all.first { $0.name == name }
    }
}
