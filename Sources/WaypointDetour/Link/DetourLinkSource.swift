/// Where a link entered the pipeline (Documentation/spec/detour.md §3).
package enum DetourLinkSource: Sendable, Hashable {
    /// Passed to `processLink` by the app (launch URLs and universal links included).
    case runtime
    /// Returned by deferred matching (match-link); the link's type is `deferred`.
    case deferred
}
