import Foundation
import TimeTravelJSON

/// The native builtins, as a table from `name/arity` to implementation, in the manner of
/// jq's `function_list` (`src/builtin.c`). Each topic's file contributes one list:
/// ``core``, ``streams``, ``paths``, ``collections``, ``sorting``, ``strings``, ``math``, ``regex`` and
/// ``dates``. Builtins written in jq itself are in ``Prelude``.
///
/// To add a builtin, write a small function in the file of its topic and add one entry to
/// that file's list: `.value("name", arity, function)` when it maps the input and one
/// value of each argument to one value, `.filter("name", arity, function)` when it needs
/// its arguments as filters (early exit, several outputs, paths). The compiler binds calls
/// to the entry; `builtins` lists it.
enum Builtins {
  /// Every native builtin, keyed by `name/arity`.
  static let table: [String: Builtin] = {
    let all = core + streams + paths + collections + sorting + strings + math + regex + dates
    var table: [String: Builtin] = [:]
    for builtin in all {
      precondition(table[builtin.signature] == nil, "\(builtin.signature) is registered twice")
      table[builtin.signature] = builtin
    }
    return table
  }()

  /// The builtin a call of `name` with `arity` arguments names, if any.
  static func lookup(_ name: String, arity: Int) -> Builtin? {
    table["\(name)/\(arity)"]
  }

  /// `$ENV` and `env`: the process environment, keys sorted.
  static let environmentObject: JSONValue = .object(
    JSONObject(
      ProcessInfo.processInfo.environment.sorted { $0.key < $1.key }.map {
        ($0.key, .string($0.value))
      }))

  /// jq's `tostring`: strings as they are, anything else as compact JSON.
  static func tostring(_ v: JSONValue) -> String {
    if case .string(let s) = v { return s }
    return JSONPrinter.jq.print(v)
  }

  static func number(_ d: Double) -> JSONValue { JQNumber.value(d) }
}
