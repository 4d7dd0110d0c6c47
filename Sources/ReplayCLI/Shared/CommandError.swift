/// An error a mode reports with its own exit code.
struct CommandError: Error {
  var code: Int32
  var message: String
}
