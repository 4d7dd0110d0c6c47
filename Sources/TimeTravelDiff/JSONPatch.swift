import TimeTravelJSON

/// One RFC 6902 operation (§4).
public enum JSONPatchOperation: Equatable, Sendable {
  /// §4.1: insert into an array (index ≤ count, or `-` to append), add or
  /// overwrite an object member, or replace the whole document.
  case add(path: JSONPointer, value: JSONValue)
  /// §4.2: remove the existing value at `path`.
  case remove(path: JSONPointer)
  /// §4.3: replace the existing value at `path`.
  case replace(path: JSONPointer, value: JSONValue)
  /// §4.4: remove the value at `from` and add it at `path` (`path` is read
  /// after the removal). `path` may not lie inside `from`.
  case move(from: JSONPointer, path: JSONPointer)
  /// §4.5: add a copy of the value at `from` at `path`.
  case copy(from: JSONPointer, path: JSONPointer)
  /// §4.6: fail unless the value at `path` equals `value` (numbers by value,
  /// objects regardless of key order).
  case test(path: JSONPointer, value: JSONValue)

  /// The `"op"` member's value.
  public var name: String {
    switch self {
    case .add: "add"
    case .remove: "remove"
    case .replace: "replace"
    case .move: "move"
    case .copy: "copy"
    case .test: "test"
    }
  }
}

/// An RFC 6902 JSON Patch: operations applied in order to a document.
public struct JSONPatch: Equatable, Sendable {
  /// The operations, applied first to last.
  public var operations: [JSONPatchOperation]

  /// A patch of `operations`.
  public init(operations: [JSONPatchOperation]) { self.operations = operations }

  /// Reads the RFC 6902 §3 form: an array of objects with `"op"`, `"path"`,
  /// and `"value"` (add, replace, test) or `"from"` (move, copy). Other
  /// members are ignored (§4). O(size of `value`).
  /// - Throws: ``JSONPatchError`` naming the operation's index and the
  ///   member at fault, e.g. `operation 2: missing "path"`; an error without
  ///   an index when `value` is not an array.
  public init(parsing value: JSONValue) throws(JSONPatchError) {
    guard case .array(let array) = value else {
      throw JSONPatchError(
        operationIndex: nil,
        message: "a JSON Patch must be an array of operations, not \(value.typeName)")
    }
    var operations: [JSONPatchOperation] = []
    operations.reserveCapacity(array.count)
    for (index, element) in array.enumerated() {
      operations.append(try Self.operation(element, index: index))
    }
    self.operations = operations
  }

  private static func operation(_ element: JSONValue, index: Int) throws(JSONPatchError)
    -> JSONPatchOperation
  {
    func fail(_ message: String) -> JSONPatchError {
      JSONPatchError(operationIndex: index, message: message)
    }
    guard case .object(let object) = element else {
      throw fail("must be an object, not \(element.typeName)")
    }
    func member(_ name: String) throws(JSONPatchError) -> JSONValue {
      guard let value = object[name] else { throw fail("missing \"\(name)\"") }
      return value
    }
    func pointer(_ name: String) throws(JSONPatchError) -> JSONPointer {
      guard case .string(let text) = try member(name) else {
        throw fail("\"\(name)\" must be a string")
      }
      do {
        return try JSONPointer(parsing: text)
      } catch {
        throw fail("invalid \"\(name)\": \(error.message)")
      }
    }
    guard case .string(let op) = try member("op") else { throw fail("\"op\" must be a string") }
    switch op {
    case "add": return .add(path: try pointer("path"), value: try member("value"))
    case "remove": return .remove(path: try pointer("path"))
    case "replace": return .replace(path: try pointer("path"), value: try member("value"))
    case "move": return .move(from: try pointer("from"), path: try pointer("path"))
    case "copy": return .copy(from: try pointer("from"), path: try pointer("path"))
    case "test": return .test(path: try pointer("path"), value: try member("value"))
    default:
      throw fail(
        "unknown \"op\" \(JSONPointer.quoted(op)) (expected add, remove, replace, move, copy or test)"
      )
    }
  }

  /// The RFC 6902 §3 form:
  /// `[{"op":"add","path":"/a","value":1},{"op":"move","from":"/b","path":"/c"}]`.
  public var jsonValue: JSONValue {
    .array(
      JSONArray(
        operations.map { operation -> JSONValue in
          var object: JSONObject = ["op": .string(operation.name)]
          switch operation {
          case .add(let path, let value), .replace(let path, let value), .test(let path, let value):
            object["path"] = .string(path.description)
            object["value"] = value
          case .remove(let path):
            object["path"] = .string(path.description)
          case .move(let from, let path), .copy(let from, let path):
            object["from"] = .string(from.description)
            object["path"] = .string(path.description)
          }
          return .object(object)
        }))
  }
}

/// Why a JSON Patch could not be read or applied.
public struct JSONPatchError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The 0-based index of the failing operation; `nil` when the patch as a
  /// whole is malformed.
  public var operationIndex: Int?
  /// What went wrong, naming the member or path at fault.
  public var message: String

  /// An error for operation `operationIndex`.
  public init(operationIndex: Int?, message: String) {
    self.operationIndex = operationIndex
    self.message = message
  }

  /// `"operation N: message"`, or the message alone without an index.
  public var description: String {
    operationIndex.map { "operation \($0): \(message)" } ?? message
  }
}
