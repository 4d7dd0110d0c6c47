import TimeTravelJSON

/// Paths into the input: `path(f)` and the builtins that read and write at a path.
extension Builtins {
  static let paths: [Builtin] = [
    .filter("path", 1, path),
    .filter("paths", 0, paths),
    .filter("getpath", 1, getpath),
    .filter("setpath", 2, setpath),
    .value("delpaths", 1, delpaths),
  ]

  /// `path(f)`: the path of each output of `f`, as an array of keys.
  static func path(_ call: BuiltinCall, _ emit: Emit) throws {
    try call.evaluator.eval(call.arguments[0], call.input, [], call.environment) { _, path in
      try call.emitValue(.array(JSONArray(path ?? [])), emit)
    }
  }

  /// `paths`: the path of every value inside the input, pre-order (`path(..)` without `[]`).
  static func paths(_ call: BuiltinCall, _ emit: Emit) throws {
    var first = true
    try call.evaluator.recurseAll(call.input, []) { _, path in
      if first {
        first = false
        return
      }
      try call.emitValue(.array(JSONArray(path ?? [])), emit)
    }
  }

  /// `getpath(p)`: the value at path `p`. A missing key or position gives `null`, as
  /// indexing `null` does, but indexing a value that cannot be indexed that way is an
  /// error (`{"a":1} | getpath(["a","b"])`: `Cannot index number with string ("b")`), as jq's
  /// `jv_getpath` propagates `jv_get`'s error. Keeps paths: `path(getpath(["a"]))`.
  static func getpath(_ call: BuiltinCall, _ emit: Emit) throws {
    try call.each(0) { p in
      guard case .array(let keys) = p else {
        throw JQRuntimeError(message: "Path must be specified as an array")
      }
      let value = try Paths.getpath(call.input, keys.elements)
      try emit(value, call.path.map { $0 + keys.elements })
    }
  }

  /// `setpath(p; v)`: the input with the value at `p` replaced by `v`.
  static func setpath(_ call: BuiltinCall, _ emit: Emit) throws {
    try call.each(1) { value in
      try call.each(0) { p in
        guard case .array(let keys) = p else {
          throw JQRuntimeError(message: "Path must be specified as an array")
        }
        try call.emitValue(
          try Paths.setpath(
            call.input, keys.elements, value, charge: call.evaluator.chargeIfLimited), emit)
      }
    }
  }

  /// `delpaths(ps)`: the input without the values at the paths in `ps`.
  static func delpaths(_ input: JSONValue, _ args: [JSONValue]) throws -> JSONValue {
    guard case .array(let paths) = args[0] else {
      throw JQRuntimeError(message: "Paths must be specified as an array")
    }
    return try Paths.delpaths(input, paths.elements)
  }
}
