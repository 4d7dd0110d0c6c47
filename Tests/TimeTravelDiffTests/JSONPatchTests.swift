import Foundation
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJSON

@Suite struct JSONPatchTests {
  static let conformanceSuitePath = "peer-tests/json-patch/spec_tests.json"

  func json(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

  // The RFC 6902 conformance suite lives in the team's ../shared folder (CI has it);
  // a user's clone has none, so the test is skipped there, not failed.
  @Test(
    .enabled(
      if: PeerResources.hasShared(Self.conformanceSuitePath),
      "needs ../shared/\(Self.conformanceSuitePath), which a user's clone does not have"))
  func conformanceSuite() throws {
    let url = PeerResources.shared(Self.conformanceSuitePath)
    let records = try JSONParser.parse(bytes: Data(contentsOf: url))
    var checked = 0
    for record in try #require(records.arrayValue) {
      if record["disabled"] == .bool(true) { continue }
      let comment = record["comment"]?.stringValue ?? JSONPrinter.compact.print(record)
      let doc = try #require(record["doc"])
      let patchValue = try #require(record["patch"])
      if let expected = record["expected"] {
        let patch = try JSONPatch(parsing: patchValue)
        #expect(try patch.apply(to: doc) == expected, "\(comment)")
        #expect(try JSONPatch(parsing: patch.jsonValue) == patch, "\(comment)")
      } else {
        #expect(record["error"] != nil, "\(comment): neither expected nor error")
        #expect(throws: JSONPatchError.self, "\(comment)") {
          try JSONPatch(parsing: patchValue).apply(to: doc)
        }
      }
      checked += 1
    }
    #expect(checked >= 16)
  }

  @Test func parseErrorsNameOperationAndMember() throws {
    func error(_ text: String) throws -> String? {
      let value = try json(text)
      do {
        _ = try JSONPatch(parsing: value)
        return nil
      } catch { return error.description }
    }
    #expect(
      try error(
        #"[{"op":"test","path":"","value":1},{"op":"add","path":"","value":1},{"op":"add","value":1}]"#
      ) == #"operation 2: missing "path""#)
    #expect(try error(#"[{"op":"add","path":"/a"}]"#) == #"operation 0: missing "value""#)
    #expect(try error(#"[{"op":"move","path":"/a"}]"#) == #"operation 0: missing "from""#)
    #expect(try error(#"[{"path":"/a"}]"#) == #"operation 0: missing "op""#)
    #expect(
      try error(#"[{"op":"frob","path":"/a"}]"#)?.hasPrefix(#"operation 0: unknown "op" "frob""#)
        == true)
    #expect(
      try error(#"[{"op":"remove","path":"a"}]"#)
        == #"operation 0: invalid "path": JSON Pointer "a" must be empty or start with "/" (RFC 6901 §3)"#
    )
    #expect(try error(#"[1]"#) == "operation 0: must be an object, not number")
    #expect(try error(#"{}"#) == "a JSON Patch must be an array of operations, not object")
  }

  @Test func allSixOperationsAndIndexRules() throws {
    let doc = try json(#"{"a":[1,2,3],"b":{"c":1}}"#)
    func apply(_ patch: String) throws -> JSONValue {
      try JSONPatch(parsing: json(patch)).apply(to: doc)
    }
    #expect(
      try apply(#"[{"op":"add","path":"/a/3","value":4}]"#) == json(#"{"a":[1,2,3,4],"b":{"c":1}}"#)
    )
    #expect(
      try apply(#"[{"op":"add","path":"/a/-","value":4}]"#) == json(#"{"a":[1,2,3,4],"b":{"c":1}}"#)
    )
    #expect(
      try apply(#"[{"op":"copy","from":"/b","path":"/a/0"}]"#)
        == json(#"{"a":[{"c":1},1,2,3],"b":{"c":1}}"#))
    #expect(
      try apply(#"[{"op":"move","from":"/a/0","path":"/a/-"}]"#)
        == json(#"{"a":[2,3,1],"b":{"c":1}}"#))
    #expect(try apply(#"[{"op":"move","from":"/b","path":"/b"}]"#) == doc)
    #expect(try apply(#"[{"op":"replace","path":"","value":[]}]"#) == json("[]"))
    #expect(try apply(#"[{"op":"test","path":"/b","value":{"c":1.0}}]"#) == doc)
    #expect(try apply(#"[{"op":"test","path":"/a","value":[1,2,3.0]}]"#) == doc)
    for bad in [
      #"[{"op":"add","path":"/a/4","value":0}]"#, #"[{"op":"add","path":"/a/01","value":0}]"#,
      #"[{"op":"remove","path":"/a/3"}]"#, #"[{"op":"remove","path":"/a/-"}]"#,
      #"[{"op":"replace","path":"/x","value":0}]"#, #"[{"op":"move","from":"/b","path":"/b/c/d"}]"#,
      #"[{"op":"move","from":"/b","path":"/b/x"}]"#, #"[{"op":"test","path":"/a/0","value":"1"}]"#,
      #"[{"op":"remove","path":""}]"#, #"[{"op":"add","path":"/a/0/x","value":1}]"#,
    ] {
      #expect(throws: JSONPatchError.self, "\(bad)") { try apply(bad) }
    }
  }

  @Test func applyIsAtomic() throws {
    let doc = try json(#"{"a":1}"#)
    let patch = try JSONPatch(
      parsing: json(#"[{"op":"add","path":"/b","value":2},{"op":"remove","path":"/zz"}]"#))
    #expect(
      throws: JSONPatchError(operationIndex: 1, message: #"remove: path "/zz" does not exist"#)
    ) { try patch.apply(to: doc) }
    #expect(doc == (try json(#"{"a":1}"#)))
  }

  @Test func jsonForm() throws {
    let patch = JSONPatch(operations: [
      .add(path: JSONPointer(tokens: ["a/b"]), value: 1),
      .move(from: JSONPointer(tokens: ["x"]), path: JSONPointer(tokens: ["y"])),
      .remove(path: .root),
    ])
    #expect(
      JSONPrinter.compact.print(patch.jsonValue)
        == #"[{"op":"add","path":"/a~1b","value":1},{"op":"move","from":"/x","path":"/y"},{"op":"remove","path":""}]"#
    )
  }
}
