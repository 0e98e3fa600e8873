import Waypoint

/// A JSON value: the type of campaign `metaData` values and of event properties.
///
/// The same type as the core module's `JSONValue` (`Waypoint.JSONValue`): `string`,
/// `number(Double)`, `bool`, `object`, `array` or `null`.
public typealias PaylisherJSONValue = JSONValue
