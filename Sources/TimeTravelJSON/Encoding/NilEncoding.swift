/// How the log's encoder writes an optional that is `nil`.
///
/// Synthesized `Codable` conformances write optional properties and enum payloads with
/// `encodeIfPresent`, which `JSONEncoder` turns into nothing at all: `var selected: ID?`
/// disappears from the state when it is `nil`, and `case select(ID?)` becomes
/// `{"select":{}}`. A debugger then cannot tell "the member is null" from "the member
/// does not exist" (a watch on `/selected` would say it is absent). With ``null``, the
/// default, such members are written as `null`, so null and missing mean what they say.
///
/// ``omitted`` is `JSONEncoder`'s behaviour, for logs that must match what older versions
/// of the recorder wrote. A log's header records `"nils":"null"` when nils are written;
/// without it, readers (replay's `--verify`) assume they were omitted.
public enum NilEncoding: String, Sendable, Equatable {
  /// `nil` optionals are written as `null` members and payloads.
  case null
  /// `nil` optionals are left out, as `JSONEncoder` does.
  case omitted
}
