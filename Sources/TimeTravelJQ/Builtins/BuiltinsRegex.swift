import TimeTravelJSON

/// The regex builtins jq implements in C: `_match_impl`, which `match`, `test`,
/// `capture`, `scan`, `splits`, `sub` and `gsub` are written on (``Prelude``), and `split/2`.
extension Builtins {
  static let regex: [Builtin] = [
    .value("_match_impl", 3) { input, args in
      try JQRegex.match(input, args[0], args[1], testMode: args[2].isTruthy)
    },
    .value("split", 2) { input, args in try JQRegex.split(input, args[0], args[1]) },
  ]
}
