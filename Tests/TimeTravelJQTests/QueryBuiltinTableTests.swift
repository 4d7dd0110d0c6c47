import TestSupport
import Testing

@testable import TimeTravelJQ
@testable import TimeTravelJSON

/// The builtin table and the binding of calls when a filter is compiled.
@Suite struct QueryBuiltinTableTests {
  @Test func nativeAndJQDefinedBuiltinsNeverShareASignature() {
    #expect(Set(Builtins.table.keys).intersection(Prelude.signatures).isEmpty)
    #expect(Builtins.table.values.allSatisfy { Builtins.table[$0.signature] != nil })
    #expect(Builtins.lookup("ltrimstr", arity: 1)?.signature == "ltrimstr/1")
    #expect(Builtins.lookup("ltrimstr", arity: 2) == nil)
  }

  @Test func builtinsListsEveryPublicBuiltinOnce() throws {
    let listed = try #require(try JQFilter("builtins").evaluate(.null).first?.arrayValue)
    let names = listed.elements.compactMap(\.stringValue)
    let expected = Set(Builtins.table.keys).union(Prelude.signatures).filter { !$0.hasPrefix("_") }
    #expect(names == expected.sorted())
    #expect(names.contains("ltrimstr/1") && names.contains("map/1") && names.contains("getpath/1"))
    #expect(!names.contains("_match_impl/3"))
  }

  /// The top of a compiled program, after `def`s.
  private func body(_ source: String) throws -> Node {
    var node = try JQFilter(source).program
    while case .functionDefinition(_, let rest) = node { node = rest }
    return node
  }

  @Test func callsToBuiltinsAreBoundWhenCompiled() throws {
    guard case .builtin(let builtin, let args) = try body("ltrimstr(\"a\")") else {
      Issue.record("ltrimstr is not bound to its native builtin")
      return
    }
    #expect(builtin.signature == "ltrimstr/1" && args.count == 1)
    guard case .library(let function, _) = try body("map(.)") else {
      Issue.record("map is not bound to its jq definition")
      return
    }
    #expect(function.definition.signature == "map/1")
    // Arguments are bound too.
    guard case .library(_, let mapArgs) = try body("map(length)"), case .builtin = mapArgs[0]
    else {
      Issue.record("the argument of map is not bound")
      return
    }
  }

  @Test func definitionsAndParametersShadowBuiltins() throws {
    guard case .call("length", let args, _) = try body("def length: 42; length"), args.isEmpty
    else {
      Issue.record("a program's own length/0 must shadow the builtin")
      return
    }
    #expect(try jq("def length: 42; [1, 2] | length") == ["42"])
    #expect(try jq("def f(select): select; f(7)") == ["7"])
    // `$length` also binds the filter `length`, as in jq.
    #expect(try jq("def f($length): $length + length; [1] | f(10)") == ["20"])
    // Only the same arity shadows: length/0 stays the builtin under a length/1.
    #expect(try jq("def length(f): 0; [1, 2] | length") == ["2"])
    // A definition shadows only after it: the first call is the builtin.
    #expect(try jq("[1] | length, (def length: 9; length)") == ["1", "9"])
  }

  @Test func unknownFunctionsAreCompileErrorsAtTheirColumn() {
    #expect(
      jqSyntaxError(". | lenght")
        == JQSyntaxError(
          message: "lenght/0 is not defined", column: 5, source: ". | lenght"))
    #expect(
      jqSyntaxError("length(1)")
        == JQSyntaxError(
          message: "length/1 is not defined", column: 1, source: "length(1)"))
  }
}
