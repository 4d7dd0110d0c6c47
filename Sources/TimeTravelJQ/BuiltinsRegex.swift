import Foundation
import TimeTravelJSON

/// jq's regex builtins over Foundation's `NSRegularExpression` (ICU), with
/// Oniguruma's Ruby-syntax defaults: `^` and `$` match at line boundaries.
/// Offsets and lengths are in code points, as in jq.
enum Regex {
  private struct Options {
    var global = false
    var skipEmpty = false
    var options: NSRegularExpression.Options = [.anchorsMatchLines]
  }

  private static func options(_ flags: JSONValue) throws -> Options {
    var result = Options()
    switch flags {
    case .null: return result
    case .string(let s):
      for c in s {
        switch c {
        case "g": result.global = true
        case "i": result.options.insert(.caseInsensitive)
        case "x": result.options.insert(.allowCommentsAndWhitespace)
        case "n": result.skipEmpty = true
        case "s": result.options.remove(.anchorsMatchLines)
        case "p":
          result.options.remove(.anchorsMatchLines)
          result.options.insert(.dotMatchesLineSeparators)
        case "l": break
        default: throw JQRuntimeError(message: "\(s) is not a valid modifier string")
        }
      }
      return result
    default:
      throw JQRuntimeError(message: "\(Describe.value(flags)) is not a string")
    }
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

  private static func compile(_ regex: JSONValue, _ opts: Options) throws -> NSRegularExpression {
    guard case .string(let pattern) = regex else {
      throw JQRuntimeError(
        message: "\(Describe.value(regex)) cannot be matched, as it is not a string")
    }
    do {
      return try NSRegularExpression(pattern: pattern, options: opts.options)
    } catch {
      throw JQRuntimeError(message: "\(pattern) (at offset 0) is not a valid regex")
    }
  }

  /// `_match_impl(re; flags; test)`: a boolean in test mode, else the array
  /// of jq match objects (`offset`, `length`, `string`, `captures`).
  static func match(_ input: JSONValue, _ regex: JSONValue, _ flags: JSONValue, testMode: Bool)
    throws -> JSONValue
  {
    guard case .string(let s) = input else {
      throw JQRuntimeError(
        message: "\(Describe.value(input)) cannot be matched, as it is not a string")
    }
    let opts = try options(flags)
    let re = try compile(regex, opts)
    let whole = NSRange(s.startIndex..<s.endIndex, in: s)
    if testMode { return .bool(re.firstMatch(in: s, range: whole) != nil) }
    let names = groupNames(regex.stringValue ?? "")
    let ns = s as NSString
    // Code-point offset of each UTF-16 offset, computed once per input.
    var scalarOffset = [Int](repeating: 0, count: ns.length + 1)
    var u = 0
    var n = 0
    for scalar in s.unicodeScalars {
      let width = scalar.utf16.count
      for k in 0..<width { scalarOffset[u + k] = n }
      u += width
      n += 1
    }
    scalarOffset[u] = n
    func object(_ range: NSRange, name: String??) -> JSONValue {
      var o = JSONObject()
      if range.location == NSNotFound {
        o["offset"] = -1
        o["length"] = 0
        o["string"] = .null
      } else {
        let start = scalarOffset[range.location]
        o["offset"] = .number(JSONNumber(start))
        o["length"] = .number(JSONNumber(scalarOffset[range.location + range.length] - start))
        o["string"] = .string(ns.substring(with: range))
      }
      if let name { o["name"] = name.map { .string($0) } ?? .null }
      return .object(o)
    }
    var results: [JSONValue] = []
    let matches =
      opts.global
      ? re.matches(in: s, range: whole) : re.firstMatch(in: s, range: whole).map { [$0] } ?? []
    for m in matches {
      if opts.skipEmpty, m.range.length == 0 { continue }
      guard case .object(var o) = object(m.range, name: nil) else { continue }
      var captures: [JSONValue] = []
      if m.numberOfRanges > 1 {
        for g in 1..<m.numberOfRanges {
          let name: String? = g - 1 < names.count ? names[g - 1] : nil
          captures.append(object(m.range(at: g), name: .some(name)))
        }
      }
      o["captures"] = .array(JSONArray(captures))
      results.append(.object(o))
    }
    return .array(JSONArray(results))
  }

  /// `split(re; flags)`: the pieces between matches.
  static func split(_ input: JSONValue, _ regex: JSONValue, _ flags: JSONValue) throws -> JSONValue
  {
    guard case .string(let s) = input else {
      throw JQRuntimeError(
        message: "\(Describe.value(input)) cannot be matched, as it is not a string")
    }
    var opts = try options(flags)
    opts.global = true
    let re = try compile(regex, opts)
    let ns = s as NSString
    var pieces: [JSONValue] = []
    var previous = 0
    for m in re.matches(in: s, range: NSRange(location: 0, length: ns.length)) {
      if m.range.length == 0, m.range.location == previous,
        previous == 0 || m.range.location == ns.length
      {
        continue
      }
      pieces.append(
        .string(
          ns.substring(with: NSRange(location: previous, length: m.range.location - previous))))
      previous = m.range.location + m.range.length
    }
    pieces.append(.string(ns.substring(from: previous)))
    return .array(JSONArray(pieces))
  }
}
