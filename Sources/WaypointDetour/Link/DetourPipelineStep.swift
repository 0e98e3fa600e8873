/// What the synchronous part of the pipeline decided for one input.
package enum DetourPipelineStep: Sendable, Hashable {
    /// The empty result (infrastructure, blank, or filtered out by the mode).
    case empty
    /// A finished link.
    case link(DetourLink)
    /// A short-link candidate: `normalised` is what to send to resolve-short, `fallback` the
    /// link built from it when it does not resolve.
    case shortLink(normalised: String, fallback: DetourLink)
}
