/// ANSI colour for terminal output (SGR codes); ``Context/useColor`` decides whether
/// it is used.
enum ANSIStyle: String {
  case bold = "1"
  case red = "31"
  case green = "32"
  case yellow = "33"
  case cyan = "36"
}
