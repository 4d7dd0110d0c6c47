// TEMPORARY: replaced by the query and diff branches.
public struct JQSyntaxError: Error, CustomStringConvertible { public var description: String { "" }; public var caretLine: String { "" } }
public struct JQRuntimeError: Error, CustomStringConvertible { public var description: String { "" } }
public struct JQFilter: Sendable {
  public init(_ source: String) throws(JQSyntaxError) {}
  public func holds(on input: JSONValue, variables: [String: JSONValue] = [:]) throws(JQRuntimeError) -> Bool { false }
}
public struct JSONPointer: CustomStringConvertible, Sendable { public var description: String { "" } }
public struct JSONChange: Sendable {
  public enum Operation: String, Sendable { case add, remove, replace, move }
  public var op: Operation; public var path: JSONPointer; public var from: JSONPointer?; public var old: JSONValue?; public var new: JSONValue?
}
public enum JSONDiff { public static func changes(from old: JSONValue, to new: JSONValue) -> [JSONChange] { [] } }
public struct DiffTextRenderer: Sendable { public init(color: Bool = false, maxValueLength: Int? = 80) {}; public func renderLines(_ changes: [JSONChange]) -> [String] { [] } }
