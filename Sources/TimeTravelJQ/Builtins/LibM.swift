import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The C math library as jq 1.8 calls it. Each function is looked up by name in the
/// process (libm is always loaded), because the Swift overlays do not export all of them
/// (`exp10`, `gamma`, `significand`, `drem`, `scalb` are GNU or BSD extensions) and
/// some names are ambiguous between overlays; a portable Swift equivalent stands in where
/// the platform lacks one.
enum LibM {
  private typealias Unary = @convention(c) (Double) -> Double
  private typealias Binary = @convention(c) (Double, Double) -> Double

  private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
    #if canImport(Darwin)
      dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)
    #else
      dlsym(nil, name)
    #endif
  }

  /// The one-argument function `name` (one of ``Builtins/unaryMathNames``).
  static func unary(_ name: String) -> @Sendable (Double) -> Double {
    if let pointer = symbol(name) {
      let f = unsafeBitCast(pointer, to: Unary.self)
      return { f($0) }
    }
    switch name {
    case "exp10": return { Foundation.pow(10, $0) }
    case "gamma": return { lgammaR($0).value }
    case "significand":
      return { x in x.isFinite && x != 0 ? Foundation.scalbn(x, -Int(Foundation.logb(x))) : x }
    default: return { _ in .nan }
    }
  }

  /// The two-argument function `name` (one of ``Builtins/binaryMathNames``);
  /// `nexttoward` is `nextafter` on doubles.
  static func binary(_ name: String) -> @Sendable (Double, Double) -> Double {
    let lookup = name == "nexttoward" ? "nextafter" : name
    if let pointer = symbol(lookup) {
      let f = unsafeBitCast(pointer, to: Binary.self)
      return { f($0, $1) }
    }
    switch name {
    case "drem": return { Foundation.remainder($0, $1) }
    case "scalb": return { x, y in x * Foundation.pow(2, y) }
    default: return { _, _ in .nan }
    }
  }

  /// C's conversion of a double to `int` as the x86-64 machines jq runs on do it: a value
  /// out of range, or NaN, becomes `INT_MIN` (`ldexp(1; 1e10)` is `0` in jq 1.8).
  static func cInt(_ d: Double) -> Int32 {
    guard d.isFinite, d > -2_147_483_649, d < 2_147_483_648 else { return .min }
    return Int32(d)
  }

  /// A double truncated toward zero and clamped to `Int32`, as jq 1.8 turns array
  /// positions into `int`s (NaN must be handled before).
  static func saturatingInt32(_ d: Double) -> Int32 {
    if d >= 2_147_483_647 { return .max }
    if d <= -2_147_483_648 { return .min }
    return Int32(d.rounded(.towardZero))
  }

  /// C's conversion of a double to `long` on x86-64, as ``cInt(_:)``.
  static func cLong(_ d: Double) -> Int {
    guard d.isFinite, d >= -9_223_372_036_854_775_808.0, d < 9_223_372_036_854_775_808.0 else {
      return .min
    }
    return Int(d)
  }

  static func ldexp(_ x: Double, _ e: Int32) -> Double { Foundation.scalbn(x, Int(e)) }
  static func scalbln(_ x: Double, _ e: Int) -> Double { Foundation.scalbn(x, e) }
  static func fma(_ a: Double, _ b: Double, _ c: Double) -> Double { c.addingProduct(a, b) }

  private typealias Bessel = @convention(c) (Int32, Double) -> Double

  /// Bessel functions of order `n`: `jn` and `yn`. The C library's `jn` takes time in
  /// proportion to `n` (45 s for `jn(1e300; 1)`, whose order becomes `INT_MIN`), so the
  /// answers it would reach are given at once where they are known: NaN for `INT_MIN`,
  /// and a zero (signed as the C library signs it) for an order past 10^7 with `|x|`
  /// below half of it, where the function underflows.
  static func jn(_ n: Int32, _ x: Double) -> Double {
    if n == .min { return x == 0 ? 0 : .nan }
    let order = Swift.abs(Int(n))
    if order > 10_000_000, x.isFinite, Swift.abs(x) < Double(order) / 2 {
      let negative = order % 2 == 1 && ((x < 0) != (n < 0))
      return negative ? -0.0 : 0.0
    }
    return bessel("jn", n, x)
  }
  static func yn(_ n: Int32, _ x: Double) -> Double { bessel("yn", n, x) }

  private static func bessel(_ name: String, _ n: Int32, _ x: Double) -> Double {
    guard let pointer = symbol(name) else { return .nan }
    return unsafeBitCast(pointer, to: Bessel.self)(n, x)
  }

  /// `frexp`: a mantissa in [0.5, 1) and an exponent; an infinity or NaN keeps its value,
  /// with exponent 0.
  static func frexp(_ x: Double) -> (Double, Int) {
    guard x.isFinite, x != 0 else { return (x, 0) }
    let e = Int(Foundation.logb(x)) + 1
    return (Foundation.scalbn(x, -e), e)
  }

  /// `modf`: the fraction and the whole part, both with the sign of `x`.
  static func modf(_ x: Double) -> (Double, Double) {
    if x.isNaN { return (x, x) }
    if x.isInfinite { return (Double(sign: x.sign, exponent: 0, significand: 0), x) }
    let whole = x.rounded(.towardZero)
    return (x - whole, whole)
  }

  /// `lgamma_r`: the logarithm of |Γ(x)| and the sign of Γ(x).
  static func lgammaR(_ x: Double) -> (value: Double, sign: Int) {
    typealias LgammaR = @convention(c) (Double, UnsafeMutablePointer<Int32>) -> Double
    var sign: Int32 = 1
    if let pointer = symbol("lgamma_r") {
      let value = unsafeBitCast(pointer, to: LgammaR.self)(x, &sign)
      return (value, Int(sign))
    }
    return (Foundation.log(Swift.abs(Foundation.tgamma(x))), Foundation.tgamma(x) < 0 ? -1 : 1)
  }
}
