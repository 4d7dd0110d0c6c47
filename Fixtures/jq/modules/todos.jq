# Predicates over the to-do app's state, shared by a team's replay commands:
#   replay log.jsonl --bisect --predicate 'import "todos" as t; t::has_blank_title' -L Fixtures/jq/modules
def open: [.todos[]? | select(.isCompleted | not)];
def has_blank_title: any(.todos[]?; .title | test("^\\s*$"));
def count(f): [f] | length;
