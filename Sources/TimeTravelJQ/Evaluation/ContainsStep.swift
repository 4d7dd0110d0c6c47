import Foundation
import TimeTravelJSON

/// A pending comparison of ``contains(_:_:)``: a container pair and
/// how far its check has got.
enum ContainsStep {
  /// Every member of `needle` must be contained in the same key of `hay`;
  /// `member` is the index being checked.
  case object(JSONObject, JSONObject, member: Int)
  /// Every item of `needle` must be contained in some element of `hay`;
  /// `item` is checked against `hay[candidate]`.
  case array(JSONArray, JSONArray, item: Int, candidate: Int)

  /// jq's `jv_contains`: values of different kinds never contain each other
  /// below the top level. Iterative, with an explicit stack, so a deeply
  /// nested value never recurses.
  static func contains(_ a: JSONValue, _ b: JSONValue) -> Bool {
    var stack: [ContainsStep] = []
    var answer = start(a, b, &stack)
    while let step = stack.popLast() {
      switch step {
      case .object(let hay, let needle, var member):
        // `nil`: just pushed; otherwise the answer for `member`.
        if answer == false { continue }
        if answer == true { member += 1 }
        guard member < needle.count else {
          answer = true
          continue
        }
        guard let mine = hay[needle.keys[member]] else {
          answer = false
          continue
        }
        stack.append(.object(hay, needle, member: member))
        answer = start(mine, needle.values[member], &stack)
      case .array(let hay, let needle, var item, var candidate):
        // Each needle item must be contained in some hay element.
        if answer == true {
          item += 1
          candidate = 0
        } else if answer == false {
          candidate += 1
        }
        if item == needle.count {
          answer = true
          continue
        }
        if candidate == hay.count {
          answer = false
          continue
        }
        stack.append(.array(hay, needle, item: item, candidate: candidate))
        answer = start(hay[candidate], needle[item], &stack)
      }
    }
    return answer ?? true
  }

  /// Starts comparing `a` with `b`: the answer for scalars and mismatched
  /// kinds, or `nil` after pushing the step that will answer for containers.
  static func start(_ a: JSONValue, _ b: JSONValue, _ stack: inout [ContainsStep]) -> Bool? {
    switch (a, b) {
    case (.object(let x), .object(let y)):
      stack.append(.object(x, y, member: 0))
      return nil
    case (.array(let x), .array(let y)):
      stack.append(.array(x, y, item: 0, candidate: 0))
      return nil
    case (.string(let x), .string(let y)):
      return y.isEmpty || x.utf8.count >= y.utf8.count && ByteSearch(y.utf8).occurs(in: x.utf8)
    default:
      return JQOrder.equal(a, b)
    }
  }
}
