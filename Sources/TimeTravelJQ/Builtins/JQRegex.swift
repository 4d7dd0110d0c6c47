import Foundation
import Synchronization
import TimeTravelJSON

/// jq 1.7's `f_match` over Foundation's `NSRegularExpression` (ICU), with the defaults jq
/// gives Oniguruma (`ONIG_SYNTAX_PERL_NG`): `^` and `$` match only at the ends of the
/// string (`$` also before a final newline), and `.` does not match a newline.
///
/// A global search reports every match left to right, an empty match included, and after
/// an empty match searches on from the next code point: `"ab" | [match(""; "g")]` has
/// three matches, at 0, 1 and 2, and `"a1b" | [match("a*"; "g")]` four (`"a"`, then empty
/// at 1, 2 and 3), as jq 1.7. Offsets and lengths count code points. Where jq 1.7 is
/// known to be wrong this follows the fix jq made later: after an empty match jq 1.7
/// stepped one byte, not one code point, and so repeated an offset for every multi-byte
/// character; and it reported a group that did not take part in an empty match as `""`
/// at the match's offset instead of `null` at -1.
enum JQRegex {
  /// The modifiers of jq's flags string.
  struct Options {
    /// `g`: every match, not only the first.
    var global = false
    /// `n`: ignore empty matches (Oniguruma's `FIND_NOT_EMPTY`). An empty match is
    /// skipped; unlike Oniguruma, a non-empty alternative at the same place is not tried.
    var notEmpty = false
    var options: NSRegularExpression.Options = []
  }

  /// Parses jq's flags: `g`, `i` (ignore case), `x` (extended), `n` (no empty matches),
  /// `m` and `p` (`.` matches newlines), `s` (single line: the default here) and `l`
  /// (longest match, which ICU has no mode for: ignored). `null` is no flags.
  static func options(_ flags: JSONValue) throws -> Options {
    var result = Options()
    switch flags {
    case .null: return result
    case .string(let s):
      for c in s {
        switch c {
        case "g": result.global = true
        case "i": result.options.insert(.caseInsensitive)
        case "x": result.options.insert(.allowCommentsAndWhitespace)
        case "n": result.notEmpty = true
        case "m", "p": result.options.insert(.dotMatchesLineSeparators)
        case "s", "l": break
        default: throw JQRuntimeError(message: "\(s) is not a valid modifier string")
        }
      }
      return result
    default:
      throw JQRuntimeError(message: "\(Describe.value(flags)) is not a string")
    }
  }

  /// Compiled patterns by pattern and options: a filter run on every entry of a log
  /// compiles each of its patterns once. Bounded; emptied when full.
  private static let cache = Mutex<[CacheKey: NSRegularExpression]>([:])
  private static let cacheLimit = 256

  private struct CacheKey: Hashable {
    var pattern: String
    var options: UInt
  }

  /// Compiles a pattern. ICU rejects the empty pattern, which matches the empty string
  /// everywhere, so it is compiled as the equivalent `(?:)`.
  static func compile(_ regex: JSONValue, _ opts: Options) throws -> NSRegularExpression {
    guard case .string(let pattern) = regex else {
      throw JQRuntimeError(message: "\(Describe.value(regex)) is not a string")
    }
    let key = CacheKey(pattern: pattern, options: opts.options.rawValue)
    if let cached = cache.withLock({ $0[key] }) { return cached }
    let compiled: NSRegularExpression
    do {
      compiled = try NSRegularExpression(
        pattern: pattern.isEmpty ? "(?:)" : pattern, options: opts.options)
    } catch {
      throw JQRuntimeError(message: "\(pattern) (at offset 0) is not a valid regex")
    }
    cache.withLock { entries in
      if entries.count >= cacheLimit { entries.removeAll() }
      entries[key] = compiled
    }
    return compiled
  }

  /// The matches jq reports: the first (or, with `g`, every) match, without empty ones
  /// under `n`.
  static func search(_ re: NSRegularExpression, in s: String, _ opts: Options)
    -> [NSTextCheckingResult]
  {
    var found: [NSTextCheckingResult] = []
    re.enumerateMatches(in: s, range: NSRange(s.startIndex..<s.endIndex, in: s)) { m, _, stop in
      guard let m, !(opts.notEmpty && m.range.length == 0) else { return }
      found.append(m)
      if !opts.global { stop.pointee = true }
    }
    return found
  }

  /// `_match_impl(re; flags; test)`: whether there is a match in test mode, else the
  /// array of jq match objects (`offset`, `length`, `string`, `captures`).
  static func match(_ input: JSONValue, _ regex: JSONValue, _ flags: JSONValue, testMode: Bool)
    throws -> JSONValue
  {
    guard case .string(let s) = input else {
      throw JQRuntimeError(
        message: "\(Describe.value(input)) cannot be matched, as it is not a string")
    }
    var opts = try options(flags)
    let re = try compile(regex, opts)
    if testMode {
      opts.global = false
      return .bool(!search(re, in: s, opts).isEmpty)
    }
    let text = MatchText(s)
    let names = groupNames(regex.stringValue ?? "")
    return .array(JSONArray(search(re, in: s, opts).map { text.object($0, names: names) }))
  }

  /// `split(re; flags)`: the pieces between the global matches of `re`, as jq 1.7's
  /// `builtin.jq` cuts them from the match offsets; `"ab" | split(""; null)` is
  /// `["", "a", "b", ""]`.
  static func split(_ input: JSONValue, _ regex: JSONValue, _ flags: JSONValue) throws -> JSONValue
  {
    guard case .string(let s) = input else {
      throw JQRuntimeError(
        message: "\(Describe.value(input)) cannot be matched, as it is not a string")
    }
    // jq 1.8 defines split/2 on `match($re; flags + "g")`, so other flags fail there.
    if flags != .null, flags.stringValue == nil { _ = try Arithmetic.add(flags, "g") }
    var opts = try options(flags)
    opts.global = true
    let ns = s as NSString
    var pieces: [JSONValue] = []
    var previous = 0
    for m in search(try compile(regex, opts), in: s, opts) {
      pieces.append(.string(ns.substring(with: NSRange(previous..<m.range.location))))
      previous = m.range.upperBound
    }
    pieces.append(.string(ns.substring(from: previous)))
    return .array(JSONArray(pieces))
  }

  /// Names of capture groups by group number (1-based), from the pattern.
  static func groupNames(_ pattern: String) -> [String?] {
    var names: [String?] = []
    let chars = Array(pattern)
    var i = 0
    var inClass = false
    while i < chars.count {
      let c = chars[i]
      if c == "\\" {
        i += 2
        continue
      }
      if inClass {
        if c == "]" { inClass = false }
      } else if c == "[" {
        inClass = true
      } else if c == "(" {
        if i + 1 < chars.count, chars[i + 1] == "?" {
          var j = i + 2
          if j < chars.count, chars[j] == "P" { j += 1 }
          if j < chars.count, chars[j] == "<" || chars[j] == "'",
            j + 1 < chars.count, chars[j + 1] != "=", chars[j + 1] != "!"
          {
            let close: Character = chars[j] == "<" ? ">" : "'"
            var k = j + 1
            var name = ""
            while k < chars.count, chars[k] != close {
              name.append(chars[k])
              k += 1
            }
            names.append(name)
          }
        } else {
          names.append(nil)
        }
      }
      i += 1
    }
    return names
  }
}

/// The subject of a match, with the code-point offset of every UTF-16 offset (computed
/// once), to build jq's match objects.
struct MatchText {
  let ns: NSString
  private var scalarOffset: [Int]

  init(_ s: String) {
    ns = s as NSString
    scalarOffset = [Int](repeating: 0, count: ns.length + 1)
    var u = 0
    var n = 0
    for scalar in s.unicodeScalars {
      let width = scalar.utf16.count
      for k in 0..<width { scalarOffset[u + k] = n }
      u += width
      n += 1
    }
    scalarOffset[u] = n
  }

  /// jq's object for a match or a group: `offset` -1 and `string` `null` for a group that
  /// did not take part. Keys are in jq's order, which differs for empty ranges.
  func object(_ range: NSRange, name: String?? = nil) -> JSONObject {
    var o = JSONObject()
    if range.location == NSNotFound {
      o["offset"] = -1
      o["string"] = .null
      o["length"] = 0
    } else {
      let start = scalarOffset[range.location]
      let length = JSONValue.number(JSONNumber(scalarOffset[range.upperBound] - start))
      o["offset"] = .number(JSONNumber(start))
      if range.length == 0, name != nil {
        o["string"] = ""
        o["length"] = length
      } else {
        o["length"] = length
        o["string"] = .string(ns.substring(with: range))
      }
    }
    if let name { o["name"] = name.map { .string($0) } ?? .null }
    return o
  }

  /// The match object of `m`, with its `captures`.
  func object(_ m: NSTextCheckingResult, names: [String?]) -> JSONValue {
    var o = object(m.range)
    var captures: [JSONValue] = []
    for g in 1..<max(1, m.numberOfRanges) {
      let name: String? = g - 1 < names.count ? names[g - 1] : nil
      captures.append(.object(object(m.range(at: g), name: .some(name))))
    }
    o["captures"] = .array(JSONArray(captures))
    return .object(o)
  }
}
