import Waypoint
/// Why a navigation stack has no link: ``DestinationRouter/url(forStack:scheme:host:)``
/// prints a stack as its top's link only when that link opens the same stack again, and
/// ``DestinationRouter/save(_:scheme:host:)`` needs a link for every screen.
public enum DestinationStackError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stack has no screen, so no top to link to.
    case emptyStack
    /// The screen at `index` (0 is the bottom of the stack) has no link that opens it
    /// again, for the reason `error` gives.
    case screen(index: Int, DestinationLinkError)
    /// `url`, the link of the stack's top, opens another stack: at `index` the stack has
    /// `screen` and the link opens `opened` (each described as `String(describing:)` writes
    /// it; nil where that stack is shorter, or the link opens none). The stack is not its
    /// top's own stack: save it as links (``DestinationRouter/save(_:scheme:host:)``).
    case otherStack(url: String, index: Int, screen: String?, opened: String?)

    /// A sentence naming the screen and the problem.
    public var description: String {
        switch self {
        case .emptyStack:
            return "an empty stack has no link"
        case .screen(let index, let error):
            return "screen \(index) of the stack has no link: \(error)"
        case .otherStack(let url, let index, let screen, let opened):
            let link = "\(DiagnosticText.quoted(url)), the link of the stack's top, opens another stack"
            switch (screen, opened) {
            case (let screen?, let opened?):
                return "\(link): screen \(index) is \(screen), where the link opens \(opened)"
            case (let screen?, nil):
                return "\(link): the link opens no screen \(index), where the stack has \(screen)"
            case (nil, let opened?):
                return "\(link): the link opens \(opened) as screen \(index), which the stack does not have"
            case (nil, nil):
                return "\(link) at screen \(index)"
            }
        }
    }
}
