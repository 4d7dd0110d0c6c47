import Foundation
import TimeTravelJSON

/// Numbers: rounding, powers and logarithms, and the IEEE 754 classes.
extension Builtins {
  static let math: [Builtin] = [
    rounding("floor", .down),
    rounding("ceil", .up),
    rounding("round", .toNearestOrAwayFromZero),
    rounding("trunc", .towardZero),
    unary("sqrt") { $0.squareRoot() },
    unary("fabs") { Swift.abs($0) },
    unary("log") { Foundation.log($0) },
    unary("log10") { Foundation.log10($0) },
    unary("log2") { Foundation.log2($0) },
    unary("exp") { Foundation.exp($0) },
    unary("exp2") { Foundation.exp2($0) },
    unary("exp10") { Foundation.pow(10, $0) },
    unary("significand") { $0.significand },
    .value("abs", 0, abs),
    .value("pow", 2, pow),
    .value("infinite", 0) { _, _ in number(.infinity) },
    .value("nan", 0) { _, _ in number(.nan) },
    classifier("isinfinite") { $0.isInfinite },
    classifier("isnan") { $0.isNaN },
    classifier("isnormal") { $0.isNormal },
  ]

  /// The number a math builtin takes as input, or jq's `number required` error.
  static func numberInput(_ input: JSONValue) throws -> JSONNumber {
    guard case .number(let n) = input else {
      throw JQRuntimeError(message: "\(Describe.value(input)) number required")
    }
    return n
  }

  /// A libm function of the input, as jq's `LIBM_DD` entries.
  static func unary(_ name: String, _ f: @escaping @Sendable (Double) -> Double) -> Builtin {
    .value(name, 0) { input, _ in number(f(try numberInput(input).doubleValue)) }
  }

  /// `floor`, `ceil`, `round`, `trunc`: integers keep their exact literal.
  static func rounding(_ name: String, _ rule: FloatingPointRoundingRule) -> Builtin {
    .value(name, 0) { input, _ in
      let n = try numberInput(input)
      return n.isInteger ? input : number(n.doubleValue.rounded(rule))
    }
  }

  /// `isinfinite`, `isnan`, `isnormal`.
  static func classifier(_ name: String, _ test: @escaping @Sendable (Double) -> Bool) -> Builtin {
    .value(name, 0) { input, _ in
      let n = try numberInput(input)
      return .bool(test(n.literal == "null" ? .nan : n.doubleValue))
    }
  }

  /// `abs`: the absolute value, keeping an exact literal exact.
  static func abs(_ input: JSONValue, _: [JSONValue]) throws -> JSONValue {
    guard case .number(let n) = input else {
      throw JQRuntimeError(message: "\(Describe.value(input)) has no absolute value")
    }
    return n.doubleValue < 0 ? .number(Arithmetic.negate(n)) : input
  }

  /// `pow(a; b)`.
  static func pow(_: JSONValue, _ args: [JSONValue]) throws -> JSONValue {
    guard case .number(let a) = args[0], case .number(let b) = args[1] else {
      throw JQRuntimeError(message: "pow requires numbers")
    }
    return number(Foundation.pow(a.doubleValue, b.doubleValue))
  }
}
