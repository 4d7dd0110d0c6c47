import TimeTravelJSON

extension JSONPrinter {
  /// `jq -c`, as jq 1.8 prints: one line, and numbers as jq prints them — a literal in
  /// decNumber's canonical form (`1e2` → `1E+2`, `1.50` stays `1.50`), a computed double
  /// in the shortest form that reads back (`100000000000000000 + 10` →
  /// `100000000000000020`), an infinity as `1.7976931348623157e+308`, NaN as `null`
  /// (see ``JQFilter``'s notes on numbers).
  public static let jq = JSONPrinter.compact.printingNumbersAsJQ()

  /// This printer, with numbers printed as jq 1.8 prints them (``jq``); indentation and
  /// key order as they are.
  public func printingNumbersAsJQ() -> JSONPrinter {
    var printer = self
    printer.numberText = { JQNumber.printed($0) }
    return printer
  }
}
