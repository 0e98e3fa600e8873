import Waypoint

/// The options shared by the commands that build a router from routes (`match`, `explain`,
/// `lint`): the ``RouterOptions`` a pattern table sets in its `options`.
enum RouterFlags {
    /// `--case-insensitive-paths`.
    static let caseInsensitivePaths = Option.flag(
        "--case-insensitive-paths", help: "compare path literals and regex parts ignoring case")
    /// `--strict-trailing-slash`.
    static let strictTrailingSlash = Option.flag(
        "--strict-trailing-slash", help: "make a trailing \"/\" significant instead of ignoring one")
    /// Both, in help order.
    static let all = [caseInsensitivePaths, strictTrailingSlash]

    /// The router options an invocation asks for.
    static func options(_ invocation: Invocation) -> RouterOptions {
        RouterOptions(
            caseInsensitivePaths: invocation.flag(caseInsensitivePaths.name),
            strictTrailingSlash: invocation.flag(strictTrailingSlash.name))
    }
}
