/// Small persistent values: the first-entrance flag and the analytics device id.
///
/// Implementations are called from any thread and must be thread-safe.
public protocol DetourKeyValueStore: Sendable {
    /// The Boolean stored under `key`, or nil when there is none.
    func bool(forKey key: String) -> Bool?
    /// The string stored under `key`, or nil when there is none.
    func string(forKey key: String) -> String?
    /// Stores a Boolean under `key`.
    func set(_ value: Bool, forKey key: String)
    /// Stores a string under `key`.
    func set(_ value: String, forKey key: String)
}
