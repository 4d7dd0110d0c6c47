import Foundation
import TimeTravel
import TimeTravelJQ
import TimeTravelJSON

/// Runs `program` on `input` (JSON text) and returns compact outputs.
public func jq(_ program: String, _ input: String = "null", variables: [String: JSONValue] = [:])
  throws
  -> [String]
{
  let filter = try JQFilter(program)
  return try filter.evaluate(try JSONParser.parse(input), variables: variables).map {
    JSONPrinter.compact.print($0)
  }
}

/// The syntax error `program` raises, or `nil`.
public func jqSyntaxError(_ program: String) -> JQSyntaxError? {
  do {
    _ = try JQFilter(program)
    return nil
  } catch {
    return error
  }
}

/// The runtime error message `program` raises on `input`, or `nil`.
public func jqRuntimeError(_ program: String, _ input: String = "null") throws -> String? {
  let filter = try JQFilter(program)
  do {
    _ = try filter.evaluate(try JSONParser.parse(input))
    return nil
  } catch let error as JQRuntimeError {
    return error.message
  }
}
