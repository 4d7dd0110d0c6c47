import TimeTravelDiff
import TimeTravelJSON

/// Fits recorded states to the app's `State` type as it is now, when the type changed
/// after the log was recorded: apps add and remove state members every release, and
/// crash reports arrive from old versions.
///
/// - A member the recorded state lacks but the reducer's initial state has (a new
///   `var favorites: [String] = []`) is taken from the initial state before decoding.
///   Only members reachable through objects are filled: an element of a recorded array
///   has no counterpart in the initial state (whose arrays are usually empty).
/// - A recorded member the type no longer decodes (a removed property) is ignored.
///
/// Both are reported as patterns of JSON Pointers, with `*` for array indices
/// (`/todos/*/legacyFlag`). Once the log and the type differ, recorded `next` states are
/// compared in the same fitted form (completed, decoded and encoded again), so that a
/// replay reports only what the reducer really computes differently.
struct StateFit<State: Codable> {
  /// The reducer's initial state, encoded as the log was written; `nil` fills nothing.
  let defaults: JSONValue?
  /// How the log wrote `nil` optionals, to encode as it did.
  let nils: NilEncoding
  /// Applied to re-encoded states, which the log holds redacted.
  let redaction: LogRedaction
  /// Members filled from the initial state, as pointer patterns.
  private(set) var filled: Set<String> = []
  /// Members the type ignores, as pointer patterns.
  private(set) var ignored: Set<String> = []

  /// Whether the log's states and the type differ (anything filled or ignored so far).
  var differs: Bool { !filled.isEmpty || !ignored.isEmpty }

  init(initialState: State?, nils: NilEncoding, redaction: LogRedaction) {
    self.defaults = initialState.flatMap {
      try? redaction.redactingState(JSONValueCoding.encode($0, nils: nils))
    }
    self.nils = nils
    self.redaction = redaction
  }

  /// Decodes a recorded state, completing it from the initial state first, and notes
  /// which members were filled and which the type ignores.
  ///
  /// - Throws: The `DecodingError` of `JSONValueCoding.decode`, or an encoding error.
  mutating func decode(_ recorded: JSONValue) throws -> State {
    var added: [String] = []
    let completed = defaults.map { Self.complete(recorded, from: $0, at: "", added: &added) }
    filled.formUnion(added)
    let fitted = completed ?? recorded
    let state = try JSONValueCoding.decode(State.self, from: fitted)
    var dropped: [String] = []
    Self.collectDropped(
      fitted, kept: redaction.redactingState(try JSONValueCoding.encode(state, nils: nils)),
      at: "", into: &dropped)
    ignored.formUnion(dropped)
    return state
  }

  /// A recorded state as the type sees it: unchanged while the log and the type agree,
  /// otherwise completed, decoded and encoded again.
  ///
  /// - Throws: As ``decode(_:)``.
  mutating func fitted(_ recorded: JSONValue) throws -> JSONValue {
    guard differs else { return recorded }
    let state = try decode(recorded)
    return redaction.redactingState(try JSONValueCoding.encode(state, nils: nils))
  }

  /// `recorded` with every object member that `defaults` has at the same place and
  /// `recorded` lacks, recursively through objects present in both.
  static func complete(
    _ recorded: JSONValue, from defaults: JSONValue, at path: String, added: inout [String]
  ) -> JSONValue {
    guard case .object(var object) = recorded, case .object(let template) = defaults else {
      return recorded
    }
    for (key, value) in template {
      let child = path + JSONPointer(tokens: [key]).description
      if let present = object[key] {
        object[key] = complete(present, from: value, at: child, added: &added)
      } else {
        object[key] = value
        added.append(child)
      }
    }
    return .object(object)
  }

  /// The members of `recorded` that `kept` (the same state after a decode and encode)
  /// lost, with array indices written `*`.
  static func collectDropped(
    _ recorded: JSONValue, kept: JSONValue, at path: String, into dropped: inout [String]
  ) {
    switch (recorded, kept) {
    case (.object(let a), .object(let b)):
      for (key, value) in a {
        let child = path + JSONPointer(tokens: [key]).description
        if let other = b[key] {
          collectDropped(value, kept: other, at: child, into: &dropped)
        } else {
          dropped.append(child)
        }
      }
    case (.array(let a), .array(let b)) where a.count == b.count:
      for (x, y) in zip(a, b) { collectDropped(x, kept: y, at: path + "/*", into: &dropped) }
    default:
      break
    }
  }
}
