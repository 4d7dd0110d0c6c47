import TimeTravelJSON

/// Sorting and grouping by jq's order of values (`null < false < true < numbers <
/// strings < arrays < objects`).
extension Builtins {
  static let sorting: [Builtin] = [
    .value("sort", 0) { input, _ in .array(JSONArray(try sorted(input))) },
    .value("min", 0) { input, _ in try extreme(input).first ?? .null },
    .value("max", 0) { input, _ in try extreme(input).last ?? .null },
    .value("unique", 0, unique),
    .filter("sort_by", 1) { call, emit in
      try call.emitValue(.array(JSONArray(try keyed(call).map(\.value))), emit)
    },
    .filter("min_by", 1) { call, emit in
      try call.emitValue(try keyed(call, verb: "iterated over").first?.value ?? .null, emit)
    },
    // jq picks the last of equal maxima.
    .filter("max_by", 1) { call, emit in
      try call.emitValue(try keyed(call, verb: "iterated over").last?.value ?? .null, emit)
    },
    .filter("group_by", 1) { call, emit in
      try call.emitValue(.array(JSONArray(try groups(call).map { .array(JSONArray($0)) })), emit)
    },
    .filter("unique_by", 1) { call, emit in
      try call.emitValue(.array(JSONArray(try groups(call).map { $0[0] })), emit)
    },
  ]

  /// `min` and `max`: the sorted elements; anything but an array is jq 1.8's error.
  static func extreme(_ input: JSONValue) throws -> [JSONValue] {
    guard case .array = input else {
      throw JQRuntimeError(
        message: "\(Describe.value(input)) and \(Describe.value(input)) cannot be iterated over")
    }
    return try sorted(input)
  }

  /// An array's elements in jq's order; stable, as jq's merge sort is.
  static func sorted(_ input: JSONValue) throws -> [JSONValue] {
    guard case .array(let a) = input else {
      throw JQRuntimeError(
        message: "\(Describe.value(input)) cannot be sorted, as it is not an array")
    }
    return a.elements.enumerated().sorted { x, y in
      let c = JQOrder.compare(x.element, y.element)
      return c != 0 ? c < 0 : x.offset < y.offset
    }.map(\.element)
  }

  /// `unique`: sorted, each value once.
  static func unique(_ input: JSONValue, _: [JSONValue]) throws -> JSONValue {
    var out: [JSONValue] = []
    for v in try sorted(input) where out.last.map({ !JQOrder.equal($0, v) }) ?? true {
      out.append(v)
    }
    return .array(JSONArray(out))
  }

  /// The input's elements with their keys (`[f]` of each, as jq's `map([f])`), sorted
  /// stably by key.
  ///
  /// As jq 1.8's `_sort_by_impl(map([f]))`: the keys are computed over `.[]`, so an object
  /// gets its keys computed and then fails as not an array (`verb` names how), and
  /// anything else cannot be iterated.
  static func keyed(_ call: BuiltinCall, verb: String = "sorted, as they are not both arrays")
    throws -> [(key: JSONValue, value: JSONValue)]
  {
    let a: JSONArray
    switch call.input {
    case .array(let elements): a = elements
    case .object(let o):
      var keys: [JSONValue] = []
      for item in o.values {
        var outputs: [JSONValue] = []
        try call.each(0, on: item) { outputs.append($0) }
        keys.append(.array(JSONArray(outputs)))
      }
      throw JQRuntimeError(
        message:
          "\(Describe.value(call.input)) and \(Describe.value(.array(JSONArray(keys)))) cannot be \(verb)"
      )
    default:
      throw JQRuntimeError(message: "Cannot iterate over \(Describe.value(call.input))")
    }
    let keyed = try a.map { item in
      var outputs: [JSONValue] = []
      try call.each(0, on: item) { outputs.append($0) }
      let key = JSONValue.array(JSONArray(outputs))
      // Sorting compares the keys, however large; the input's walk does not cover them.
      try call.evaluator.chargeWalk(key)
      return (key: key, value: item)
    }
    return keyed.enumerated().sorted { a, b in
      let c = JQOrder.compare(a.element.key, b.element.key)
      return c != 0 ? c < 0 : a.offset < b.offset
    }.map(\.element)
  }

  /// The sorted elements in runs of equal keys.
  static func groups(_ call: BuiltinCall) throws -> [[JSONValue]] {
    var groups: [[JSONValue]] = []
    var lastKey: JSONValue?
    for item in try keyed(call) {
      if let k = lastKey, JQOrder.equal(k, item.key) {
        groups[groups.count - 1].append(item.value)
      } else {
        groups.append([item.value])
        lastKey = item.key
      }
    }
    return groups
  }
}
