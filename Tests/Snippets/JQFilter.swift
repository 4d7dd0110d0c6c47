// What JQFilter's doc comment assumes: a state to run the filter on.
import TimeTravelJSON

let state: JSONValue = ["todos": [["title": "   "]]]
