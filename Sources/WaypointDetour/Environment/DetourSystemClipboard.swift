#if os(iOS) || os(visionOS)
    import UIKit

    /// The default clipboard on iOS: `UIPasteboard.general`. On iOS 14 and later it is read
    /// only when the system reports a probable web URL, so the paste banner appears only then.
    public struct DetourSystemClipboard: DetourClipboardSource {
        /// Creates the system clipboard source.
        public init() {}

        /// The pasteboard's text, or nil.
        public func text() async -> String? {
            await Self.read()
        }

        @MainActor
        private static func read() async -> String? {
            let pasteboard = UIPasteboard.general
            guard pasteboard.hasStrings else { return nil }
            if #available(iOS 14, *) {
                let hasWebURL = await withCheckedContinuation { continuation in
                    pasteboard.detectPatterns(for: [.probableWebURL]) { result in
                        let found = (try? result.get())?.contains(.probableWebURL) ?? false
                        continuation.resume(returning: found)
                    }
                }
                guard hasWebURL else { return nil }
            }
            return pasteboard.string
        }
    }
#elseif os(macOS)
    import AppKit

    /// The default clipboard on macOS: `NSPasteboard.general`.
    public struct DetourSystemClipboard: DetourClipboardSource {
        /// Creates the system clipboard source.
        public init() {}

        /// The pasteboard's text, or nil.
        public func text() async -> String? {
            await MainActor.run { NSPasteboard.general.string(forType: .string) }
        }
    }
#endif
