import TimeTravelJSON

/// Which parts of its input, and of each variable, a jq program reads: the result of a
/// static analysis of the program (``JQFilter/projection(reading:)``), so that a reader
/// builds only those parts (`JSONCursor/value(reading:)`) and the program gives the
/// same outputs, or the same error, as on the whole values.
///
/// The analysis follows paths (`.a.b`, `.[3]`, `.[]`, `$x.a`) through pipes, commas,
/// `select`, `if`, `//`, `try`, `as` bindings, `any`, `all`, `map`, `first`, and reads a
/// path's kind only where that is all the program looks at (`select(.a)`, `if .a then`),
/// its keys and length where `length`, `keys` or `has` do, and the whole value everywhere
/// else (comparisons, arithmetic, `tojson`, string interpolation, values it outputs).
/// Where it cannot tell, it falls back to reading everything: a program that defines or
/// calls its own functions, assignments (`|=`), `reduce`, `foreach`, `..`, and any
/// builtin it does not model (which reads its input whole).
public struct JQProjection: Sendable, Hashable {
  /// What the program reads of its input `.`; `nil` when it reads nothing of it.
  public var input: JSONProjection?
  /// What the program reads of each variable it uses (names without `$`); a variable it
  /// does not read is absent.
  public var variables: [String: JSONProjection]
  /// Whether the analysis fell back to reading everything.
  public var readsEverything: Bool

  /// A projection of the parts given.
  public init(
    input: JSONProjection?, variables: [String: JSONProjection] = [:],
    readsEverything: Bool = false
  ) {
    self.input = input
    self.variables = variables
    self.readsEverything = readsEverything
  }

  /// How a caller uses a program's outputs, which the analysis counts as read.
  public enum OutputUse: Sendable {
    /// Only whether the last output is truthy: ``JQFilter/holds(on:variables:)``.
    case truthiness
    /// The output values themselves: ``JQFilter/evaluate(_:variables:)``.
    case values
  }
}

extension JQFilter {
  /// What this program reads of its input and of its variables, when its outputs are
  /// used as `outputs` says (see ``JQProjection``).
  ///
  /// ```swift
  /// let filter = try JQFilter(".next.todos[7].done")
  /// let projection = filter.projection(reading: .truthiness)
  /// // projection.input is {"next":{"todos":{[7]:{"done":.}}}}
  /// ```
  /// - Complexity: O(size of the program), once; the result is independent of any input.
  public func projection(reading outputs: JQProjection.OutputUse) -> JQProjection {
    var analysis = ProjectionAnalysis()
    let results = analysis.evaluate(program, [ProjectionAnalysis.Source(root: .input)], [:])
    analysis.use(results, outputs == .truthiness ? .kind : .whole)
    guard !analysis.gaveUp else {
      var variables: [String: JSONProjection] = [:]
      for name in freeVariables { variables[name] = .whole }
      return JQProjection(input: .whole, variables: variables, readsEverything: true)
    }
    return JQProjection(
      input: analysis.projection(of: .input),
      variables: Dictionary(
        uniqueKeysWithValues: freeVariables.compactMap { name in
          analysis.projection(of: .variable(name)).map { (name, $0) }
        }))
  }
}
