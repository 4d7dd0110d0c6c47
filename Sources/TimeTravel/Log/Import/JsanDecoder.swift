import Foundation
import TimeTravelDiff
import TimeTravelJSON

/// Turns the tags Redux DevTools' `serialize` option writes into the log format's
/// `$type` objects (<doc:LogFormat>, "Values JSON cannot hold"), so that a date,
/// `undefined`, `NaN`, a map or a set read from an export keeps its type rather than
/// becoming a string, vanishing, or showing as `{}`.
///
/// It reads jsan's tags (`{"$jsan":"d1719000000000"}` and the rest, as jsan's
/// `restore` does) and `@redux-devtools/serialize`'s wrappers
/// (`{"__serializedType__":"ImmutableMap","data":…}`, which keep their type's name). A
/// jsan reference (`{"$jsan":"$.computedStates[0].state.todos"}`) to an object shared
/// between values is replaced by a copy of that object, as jsan's parse would share
/// it; one to an object enclosing it (a cycle) becomes `{"$type":"ref","value":P}`, P
/// being the RFC 6901 pointer of that object within its action or state.
struct JsanDecoder {
  /// The whole document, which jsan paths start from (`$`).
  let root: JSONValue
  /// How many leading tokens of a location name the action or state it lies in, given
  /// the location: 3 for `/computedStates/0/state/…`, 1 for `/committedState/…`.
  let valueRootDepth: ([String]) -> Int
  /// Paths whose targets are being decoded: a reference back to one is a cycle.
  private var visiting: Set<[String]> = []
  /// Nesting of references followed, bounded so that hostile input cannot recurse forever.
  private var depth = 0
  /// Values copied for references so far: past `copyBudget`, references are written as
  /// `ref` objects instead, so that references to references cannot multiply the
  /// document's size (as entity expansion can in XML).
  private var copied = 0
  static let copyBudget = 1_000_000

  /// Whether `bytes` may hold tags; when not, decoding is skipped.
  static func mayHaveTags(_ bytes: some Collection<UInt8>) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.contains("\"$jsan\"") || text.contains("\"__serializedType__\"")
  }

  init(root: JSONValue, valueRootDepth: @escaping ([String]) -> Int) {
    self.root = root
    self.valueRootDepth = valueRootDepth
  }

  /// `value`, found at `location` (tokens from the document's root), with every tag
  /// replaced.
  mutating func decode(_ value: JSONValue, at location: [String]) -> JSONValue {
    switch value {
    case .array(let array):
      var out = JSONArray()
      for (i, element) in array.enumerated() {
        out.append(decode(element, at: location + [String(i)]))
      }
      return .array(out)
    case .object(let object):
      if object.count == 1, case .string(let tag)? = object["$jsan"] {
        return decodeTag(tag, at: location)
      }
      if case .string(let type)? = object["__serializedType__"], let data = object["data"] {
        return typed(type, decode(data, at: location + ["data"]))
      }
      var out = JSONObject()
      for (key, member) in object {
        // jsan escapes an app's own `$jsan` member by wrapping its value in an array.
        if key == "$jsan", case .array(let wrapped) = member, wrapped.count == 1 {
          out[key] = decode(wrapped[0], at: location + [key])
        } else {
          out[key] = decode(member, at: location + [key])
        }
      }
      return .object(out)
    default:
      return value
    }
  }

  private func typed(_ type: String, _ value: JSONValue?) -> JSONValue {
    var object: JSONObject = ["$type": .string(type)]
    if let value { object["value"] = value }
    return .object(object)
  }

  /// One jsan tag: its first character names the kind (jsan's `restore`).
  private mutating func decodeTag(_ tag: String, at location: [String]) -> JSONValue {
    guard let kind = tag.first else { return typed("undefined", nil) }
    let rest = String(tag.dropFirst())
    switch kind {
    case "$": return reference(tag, at: location)
    case "d":
      guard let ms = Double(rest), ms.isFinite, abs(ms) <= 8.64e15 else {
        return typed("Date", .null)
      }
      return typed(
        "Date", .string(LogTimestamp.string(from: Date(timeIntervalSince1970: ms / 1000))))
    case "u": return typed("undefined", nil)
    case "n": return typed("number", "NaN")
    case "i": return typed("number", "Infinity")
    case "y": return typed("number", "-Infinity")
    case "r":
      let comma = rest.firstIndex(of: ",") ?? rest.endIndex
      let flags = rest[..<comma]
      let source = comma < rest.endIndex ? rest[rest.index(after: comma)...] : ""
      return typed("RegExp", .string("/\(source)/\(flags)"))
    case "f": return typed("function", .string(rest))
    case "e": return typed("Error", .object(["name": "Error", "message": .string(rest)]))
    case "s", "g": return typed("symbol", .string(rest))
    case "m", "l":
      // The entries as jsan text of their own, with their own `$`.
      let entries: JSONValue
      if let parsed = try? JSONParser.parse(rest) {
        var inner = JsanDecoder(root: parsed, valueRootDepth: { _ in 0 })
        inner.depth = depth + 1
        entries = depth < 64 ? inner.decode(parsed, at: []) : parsed
      } else {
        entries = .string(rest)
      }
      return typed(kind == "m" ? "Map" : "Set", entries)
    default:
      // An unknown tag is kept as written rather than guessed at.
      return .object(["$jsan": .string(tag)])
    }
  }

  /// A jsan path (`$.a[0]["b c"]`): a copy of its target, or a `ref` for a cycle.
  private mutating func reference(_ path: String, at location: [String]) -> JSONValue {
    guard let target = Self.tokens(ofPath: path) else { return .object(["$jsan": .string(path)]) }
    let encloses = target.count <= location.count && Array(location.prefix(target.count)) == target
    if encloses || visiting.contains(target) || depth >= 64 || copied >= Self.copyBudget {
      let skip = min(valueRootDepth(target), target.count)
      let pointer = JSONPointer(tokens: Array(target.dropFirst(skip)))
      return typed("ref", .string(pointer.description))
    }
    guard let value = Self.value(at: target, in: root) else {
      return .object(["$jsan": .string(path)])
    }
    visiting.insert(target)
    depth += 1
    copied += Self.size(of: value)
    let copy = decode(value, at: target)
    depth -= 1
    visiting.remove(target)
    return copy
  }

  /// The number of values in `value`, counted up to the copy budget.
  private static func size(of value: JSONValue) -> Int {
    var count = 0
    var stack = [value]
    while let next = stack.popLast(), count < copyBudget {
      count += 1
      switch next {
      case .array(let array): stack += array.elements
      case .object(let object): stack += object.values
      default: break
      }
    }
    return count
  }

  private static func value(at tokens: [String], in root: JSONValue) -> JSONValue? {
    var value = root
    for token in tokens {
      switch value {
      case .object(let object):
        guard let member = object[token] else { return nil }
        value = member
      case .array(let array):
        guard let i = Int(token), array.indices.contains(i) else { return nil }
        value = array[i]
      default: return nil
      }
    }
    return value
  }

  /// The tokens of a jsan path: `$`, then `.name`, `[index]` or `["JSON string"]`.
  static func tokens(ofPath path: String) -> [String]? {
    var tokens: [String] = []
    var rest = Substring(path)
    guard rest.first == "$" else { return nil }
    rest = rest.dropFirst()
    while let first = rest.first {
      if first == "." {
        rest = rest.dropFirst()
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !name.isEmpty else { return nil }
        tokens.append(String(name))
        rest = rest.dropFirst(name.count)
      } else if first == "[" {
        rest = rest.dropFirst()
        if rest.first == "\"" {
          // A JSON string: find its closing quote, skipping escapes.
          var end = rest.index(after: rest.startIndex)
          while end < rest.endIndex, rest[end] != "\"" {
            if rest[end] == "\\" { end = rest.index(after: end) }
            if end < rest.endIndex { end = rest.index(after: end) }
          }
          guard end < rest.endIndex,
            case .string(let name)? = try? JSONParser.parse(String(rest[...end]))
          else { return nil }
          tokens.append(name)
          rest = rest[rest.index(after: end)...]
        } else {
          let digits = rest.prefix { $0.isNumber }
          guard !digits.isEmpty else { return nil }
          tokens.append(String(digits))
          rest = rest.dropFirst(digits.count)
        }
        guard rest.first == "]" else { return nil }
        rest = rest.dropFirst()
      } else {
        return nil
      }
    }
    return tokens
  }
}
