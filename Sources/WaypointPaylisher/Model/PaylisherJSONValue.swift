import Waypoint

/// The former name of the JSON value type of campaign `metaData` values and event
/// properties: it is the core module's `JSONValue`, one type everywhere.
@available(*, deprecated, renamed: "JSONValue", message: "use Waypoint's JSONValue, the same type")
public typealias PaylisherJSONValue = JSONValue
