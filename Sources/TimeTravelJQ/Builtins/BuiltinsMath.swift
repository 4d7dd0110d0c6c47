import Foundation
import TimeTravelJSON

/// Numbers: jq 1.8's math library (its `libm.h`: every C function of one, two or three
/// doubles it lists, called on the input or on the arguments), and the IEEE 754 classes.
extension Builtins {
  /// The one-argument libm functions jq 1.8 defines, each applied to the input.
  static let unaryMathNames = [
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos", "cosh", "erf",
    "erfc", "exp", "exp10", "exp2", "expm1", "fabs", "floor", "gamma", "j0", "j1", "lgamma",
    "log", "log10", "log1p", "log2", "logb", "nearbyint", "rint", "round", "significand", "sin",
    "sinh", "sqrt", "tan", "tanh", "tgamma", "trunc", "y0", "y1",
  ]

  /// The two-argument libm functions, `f(a; b)` (the input is not used).
  static let binaryMathNames = [
    "atan2", "copysign", "drem", "fdim", "fmax", "fmin", "fmod", "hypot", "nextafter",
    "nexttoward", "pow", "remainder", "scalb",
  ]

  static let math: [Builtin] =
    unaryMathNames.map { name in unary(name, LibM.unary(name)) }
    + binaryMathNames.map { name in binary(name, LibM.binary(name)) }
    + [
      binary("ldexp") { LibM.ldexp($0, LibM.cInt($1)) },
      binary("scalbln") { LibM.scalbln($0, LibM.cLong($1)) },
      binary("jn") { LibM.jn(LibM.cInt($0), $1) },
      binary("yn") { LibM.yn(LibM.cInt($0), $1) },
      .value("fma", 3) { _, args in
        let (a, b, c) = (try double(args[0]), try double(args[1]), try double(args[2]))
        return number(LibM.fma(a, b, c))
      },
      .value("frexp", 0) { input, _ in
        let (mantissa, exponent) = LibM.frexp(try double(input))
        return [number(mantissa), .number(JSONNumber(exponent))]
      },
      .value("modf", 0) { input, _ in
        let (fraction, whole) = LibM.modf(try double(input))
        return [number(fraction), number(whole)]
      },
      .value("lgamma_r", 0) { input, _ in
        let (value, sign) = LibM.lgammaR(try double(input))
        return [number(value), .number(JSONNumber(sign))]
      },
      .value("infinite", 0) { _, _ in number(.infinity) },
      .value("nan", 0) { _, _ in number(.nan) },
      classifier("isinfinite") { $0.isInfinite },
      classifier("isnan") { $0.isNaN },
      classifier("isnormal") { $0.isNormal },
    ]

  /// The number a math builtin takes, or jq's `number required` error.
  static func double(_ value: JSONValue) throws -> Double {
    guard case .number(let n) = value else {
      throw JQRuntimeError(message: "\(Describe.value(value)) number required")
    }
    return n.doubleValue
  }

  /// The number a math builtin takes as input (kept for the date builtins).
  static func numberInput(_ input: JSONValue) throws -> JSONNumber {
    guard case .number(let n) = input else {
      throw JQRuntimeError(message: "\(Describe.value(input)) number required")
    }
    return n
  }

  /// A function of the input, as jq's `LIBM_DD` entries: the result is a double.
  static func unary(_ name: String, _ f: @escaping @Sendable (Double) -> Double) -> Builtin {
    .value(name, 0) { input, _ in number(f(try double(input))) }
  }

  /// A function of two arguments, as jq's `LIBM_DDD` entries.
  static func binary(_ name: String, _ f: @escaping @Sendable (Double, Double) -> Double)
    -> Builtin
  {
    .value(name, 2) { _, args in number(f(try double(args[0]), try double(args[1]))) }
  }

  /// `isinfinite`, `isnan`, `isnormal`: `false` for anything but a number, as in jq 1.8.
  static func classifier(_ name: String, _ test: @escaping @Sendable (Double) -> Bool) -> Builtin {
    .value(name, 0) { input, _ in
      guard case .number(let n) = input else { return false }
      return .bool(test(n.doubleValue))
    }
  }
}
