// What Sources/TimeTravel/Documentation.docc/RecordingCosts.md's snippet assumes: the to-do app and where its log goes.
import TodoReducer

let logURL = URL(fileURLWithPath: "todo.jsonl")
