#if canImport(Darwin)
    import Foundation

    /// The default store on Apple platforms: `UserDefaults.standard`, as the Detour SDK uses.
    public struct DetourUserDefaultsStore: DetourKeyValueStore {
        /// Creates a store over `UserDefaults.standard`.
        public init() {}

        /// The Boolean stored under `key`, or nil.
        public func bool(forKey key: String) -> Bool? {
            UserDefaults.standard.object(forKey: key) as? Bool
        }

        /// The string stored under `key`, or nil.
        public func string(forKey key: String) -> String? {
            UserDefaults.standard.string(forKey: key)
        }

        /// Stores a Boolean.
        public func set(_ value: Bool, forKey key: String) {
            UserDefaults.standard.set(value, forKey: key)
        }

        /// Stores a string.
        public func set(_ value: String, forKey key: String) {
            UserDefaults.standard.set(value, forKey: key)
        }
    }
#endif
