import Waypoint
import WaypointTables

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
    /// `--regex-budget UNITS`, for the commands that match URLs (`match`, `explain`, `test`).
    static let regexBudget = Option.value(
        "--regex-budget", "UNITS",
        help: "the regex work one lookup may do, all routes together (default \(RouterOptions().regexBudget))"
    )

    /// The router options an invocation asks for.
    ///
    /// - Throws: ``CommandError`` when `--regex-budget` is not a whole number from 0 to
    ///   4294967295.
    static func options(_ invocation: Invocation) throws(CommandError) -> RouterOptions {
        var options = RouterOptions(
            caseInsensitivePaths: invocation.flag(caseInsensitivePaths.name),
            strictTrailingSlash: invocation.flag(strictTrailingSlash.name))
        if let budget = try regexBudget(invocation) { options.regexBudget = budget }
        return options
    }

    /// The `--regex-budget` an invocation gives, if any.
    ///
    /// - Throws: ``CommandError`` when it is not a whole number from 0 to 4294967295.
    static func regexBudget(_ invocation: Invocation) throws(CommandError) -> UInt32? {
        guard let text = invocation.value(regexBudget.name) else { return nil }
        guard let budget = UInt32(text) else {
            throw CommandError(
                "--regex-budget takes a whole number from 0 to \(UInt32.max), not \(text.quoted)")
        }
        return budget
    }
}
