import Foundation
import TimeTravelJSON

/// Which recorded values a ``LogRecorder`` replaces with a placeholder before they
/// reach the log: passwords, tokens, anything that must never be written to disk.
///
/// Pointers are RFC 6901 JSON Pointers, scoped explicitly rather than by a prefix, so a
/// state that happens to have an `action` member stays unambiguous:
/// - ``statePointers`` apply to every state written: `prior`, `next`, and the prior of
///   pending records (`"/password"`);
/// - ``actionPointers`` apply to app actions (`"/passwordChanged/_0"` for Swift's
///   synthesized `Codable` of `case passwordChanged(String)`).
///
/// A pointer that does not resolve in a given value (another action case, a missing
/// member, an index past the end) leaves that value alone. Redaction happens on the
/// encoded bytes, before anything is written, like Redux DevTools' sanitizers but
/// applied to what is stored, not only to what is displayed.
public struct LogRedaction: Sendable, Equatable {
  /// Pointers into each state.
  public var statePointers: [String]
  /// Pointers into each app action (time-travel moves carry no app data).
  public var actionPointers: [String]
  /// What replaces a redacted value, as a JSON string.
  public var placeholder: String

  /// No redaction.
  public static let none = LogRedaction()

  /// Creates a redaction.
  ///
  /// - Parameters:
  ///   - state: JSON Pointers into states, each `""` or starting with `/`.
  ///   - action: JSON Pointers into actions.
  ///   - placeholder: Written instead of each redacted value; `"<redacted>"` by default.
  /// - Precondition: Every pointer is `""` or starts with `/` (they are constants in
  ///   the app's code, so a bad one is a programming error caught on first launch).
  public init(state: [String] = [], action: [String] = [], placeholder: String = "<redacted>") {
    for pointer in state + action {
      precondition(
        pointer.isEmpty || pointer.hasPrefix("/"),
        "LogRedaction: '\(pointer)' is not a JSON Pointer (it must be empty or start with '/')")
    }
    self.statePointers = state
    self.actionPointers = action
    self.placeholder = placeholder
  }

  /// Whether nothing is redacted, so the encoder's bytes can be written as they are.
  public var isEmpty: Bool { statePointers.isEmpty && actionPointers.isEmpty }

  /// `bytes` (one encoded JSON value) with the values at `pointers` replaced.
  ///
  /// - Returns: `bytes` unchanged when no pointer resolves; otherwise the value
  ///   reprinted compactly (numbers keep their literal text).
  /// - Throws: ``JSONParseError`` if `bytes` is not JSON (encoder output always is).
  func apply(_ pointers: [String], to bytes: Data) throws -> Data {
    guard !pointers.isEmpty else { return bytes }
    var value = try JSONParser.parse(bytes: bytes)
    return redact(&value, pointers) ? Data(JSONPrinter.compact.print(value).utf8) : bytes
  }

  /// `state` as it would be logged: the values at ``statePointers`` replaced. Replay
  /// compares recomputed states through this, since the log holds only the placeholder.
  ///
  /// - Parameter state: A state as JSON.
  /// - Returns: The redacted state.
  public func redactingState(_ state: JSONValue) -> JSONValue {
    var state = state
    _ = redact(&state, statePointers)
    return state
  }

  private func redact(_ value: inout JSONValue, _ pointers: [String]) -> Bool {
    var changed = false
    for pointer in pointers {
      changed =
        Self.replace(&value, at: Self.tokens(pointer)[...], with: .string(placeholder)) || changed
    }
    return changed
  }

  static func tokens(_ pointer: String) -> [String] {
    guard !pointer.isEmpty else { return [] }
    return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
      $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
  }

  // Recursion depth is the pointer's token count, not the value's depth.
  private static func replace(
    _ value: inout JSONValue, at tokens: ArraySlice<String>, with placeholder: JSONValue
  ) -> Bool {
    guard let token = tokens.first else {
      value = placeholder
      return true
    }
    switch value {
    case .object(var object):
      guard var child = object[token] else { return false }
      guard replace(&child, at: tokens.dropFirst(), with: placeholder) else { return false }
      object[token] = child
      value = .object(object)
      return true
    case .array(var array):
      guard let index = Int(token), array.indices.contains(index),
        token == String(index)
      else { return false }
      var child = array[index]
      guard replace(&child, at: tokens.dropFirst(), with: placeholder) else { return false }
      array.remove(at: index)
      array.insert(child, at: index)
      value = .array(array)
      return true
    default:
      return false
    }
  }
}
