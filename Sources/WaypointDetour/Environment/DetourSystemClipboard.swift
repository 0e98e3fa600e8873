#if os(iOS) || os(visionOS)
    import UIKit

    /// The default clipboard on iOS and visionOS: `UIPasteboard.general`, read only when the
    /// system's data detectors report a probable web URL on it, so the paste notice appears
    /// only then.
    public struct DetourSystemClipboard: DetourClipboardSource {
        /// Creates the system clipboard source.
        public init() {}

        /// The pasteboard's text when it is probably a web URL, else nil.
        public func text() async -> String? {
            await Self.read()
        }

        /// Asks `detectedPatterns(for:)` (async, so no completion handler is formed on the
        /// main actor and called from another queue) before reading anything. Each step
        /// takes `UIPasteboard.general` afresh rather than keeping one reference across the
        /// suspension.
        @MainActor
        private static func read() async -> String? {
            guard UIPasteboard.general.hasStrings else { return nil }
            let webURL: PartialKeyPath<UIPasteboard.DetectedValues> = \.probableWebURL
            guard let detected = try? await UIPasteboard.general.detectedPatterns(for: [webURL]),
                detected.contains(webURL)
            else { return nil }
            return UIPasteboard.general.string
        }
    }
#elseif os(macOS)
    import AppKit

    /// The default clipboard on macOS: `NSPasteboard.general`, read only when it holds text
    /// that is probably a web URL. From macOS 15.4 the system's data detectors decide before
    /// anything is read, so the pasteboard-access alert appears only then; earlier systems
    /// have no such alert and no detector API, so the text is read and only its first
    /// `http` or `https` URL is kept (``DetourClipboardSource``'s rule), never the text
    /// around it.
    public struct DetourSystemClipboard: DetourClipboardSource {
        /// Creates the system clipboard source.
        public init() {}

        /// The pasteboard's text when it is probably a web URL, else nil.
        public func text() async -> String? {
            await Self.read()
        }

        @MainActor
        private static func read() async -> String? {
            // The types on the pasteboard are not its contents: asking for them is silent.
            guard NSPasteboard.general.types?.contains(.string) == true else { return nil }
            #if compiler(>=6.1)  // Xcode 16.3, the first with the macOS 15.4 SDK
                if #available(macOS 15.4, *) {
                    let webURL: PartialKeyPath<NSPasteboard.DetectedValues> = \.probableWebURL
                    guard let detected = try? await NSPasteboard.general.detectedPatterns(for: [webURL]),
                        detected.contains(webURL)
                    else { return nil }
                    return NSPasteboard.general.string(forType: .string)
                }
            #endif
            guard let text = NSPasteboard.general.string(forType: .string) else { return nil }
            return DetourClipboardLink.firstWebURL(in: text)
        }
    }
#endif
