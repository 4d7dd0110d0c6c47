// Runs the report's core on a state nested DEPTH levels deep and prints, as one JSON
// object, what the page would list and find:
//
//   node deep_checks.js report-core.js DEPTH
//
// The state is {"label": "vK", "deep": {"a": {"a": … {"leaf": K}}}} with DEPTH objects
// under "deep"; the entry changes K from 0 to 1. HTMLReportScriptTests asserts on the
// output; nothing here judges.
"use strict";
const C = require(process.argv[2]);
const depth = Number(process.argv[3]);
const text = (leaf) =>
  `{"label":"v${leaf}","deep":` + '{"a":'.repeat(depth - 1) + `{"leaf":${leaf}}` + "}".repeat(depth - 1) + "}";
const before = C.parse(text(0));
const after = C.parse(text(1));
const leafPointer = "/deep" + "/a".repeat(depth - 1) + "/leaf";
// The same value read by JSON.parse (as the index's values are) and brought into the model.
const out = { roundTrip: C.print(after) === text(1), fromPlain: C.print(C.fromPlain(JSON.parse(text(1)))) === text(1) };

const hashes = new C.Hashes();
out.equal = [hashes.equal(after, C.parse(text(1))), hashes.equal(before, after)];

// The entry as the page rebuilds it: the diff, its patch applied, the changes marked.
const changes = C.diff(before, after, ["id"]);
out.diff = changes.map((c) => [c.op, C.formatPointer(c.path) === leafPointer ? "(the leaf)" : C.formatPointer(c.path)]);
const applied = C.applyPatch(before, C.patchOf(changes));
out.patchGivesAfter = C.print(applied.state) === text(1);
out.lines = C.renderStructural(before, after, applied.changes, 120).length;
const marks = C.changeTries(applied.changes);

const summary = (r) =>
  r.kind === "more"
    ? ["more", r.depth, r.from, r.to]
    : [r.depth, r.label, r.container ? (r.open ? "open" : "folded") : C.print(r.value), r.changed, r.inside, r.depth === 0 ? "" : C.shortPointer(r.path)];
const choices = new C.PathTrie();
choices.set([], true);
const options = { ...marks, open: choices, limits: new C.PathTrie(), shown: new C.PathTrie(), pageSize: 50, openDepth: 24 };

// Folded by default: the levels down to openDepth, then one folded node.
const rows = C.treeRows(after, options);
out.folded = { count: rows.length, first: rows.slice(0, 4).map(summary), last: rows.slice(-2).map(summary) };

// The user opens the folded node: its lines alone, the next openDepth levels.
const folded = rows[rows.length - 1];
choices.set(folded.path.tokens(), true);
const opened = C.treeRows(after, options, { value: folded.value, path: folded.path, label: folded.label });
out.opened = { count: opened.length, first: summary(opened[0]), last: summary(opened[opened.length - 1]) };

// A search for the leaf's key, then going to it: every level listed.
const search = C.searchState(after, "LEAF", 100);
const hit = search.matches[0];
out.search = {
  complete: search.complete,
  matches: search.matches.map((m) => [m.in, m.text, m.path.depth, C.shortPointer(m.path)]),
  pointerIsLeaf: C.formatPointer(hit.path.tokens()) === leafPointer,
};
choices.setAncestors(hit.path.tokens(), true);
options.shown.set(hit.path.tokens(), true);
const revealed = C.treeRows(after, options);
out.revealed = { count: revealed.length, last: summary(revealed[revealed.length - 1]) };

const pointer = C.searchState(after, "/deep/a/a", 10);
out.pointer = pointer.matches.slice(0, 2).map((m) => [m.in, m.text, C.shortPointer(m.path)]);
const limited = C.searchState(after, "a", 5);
out.limited = { complete: limited.complete, matches: limited.matches.map((m) => [m.in, m.text, m.path.depth]) };

// Paging: an array of 120 with element 100 changed lists the first page, a gap, the
// changed element and the gap after it.
const list = C.parse("[" + Array.from({ length: 120 }, (_, i) => String(i)).join(",") + "]");
const changedList = C.applyPatch(list, C.parse('[{"op":"replace","path":"/100","value":"x"}]'));
const listRows = C.treeRows(changedList.state, {
  ...C.changeTries(changedList.changes), open: choices, limits: new C.PathTrie(), pageSize: 50, openDepth: 24,
});
out.paged = listRows.filter((r, i) => i === 0 || i > 49).map(summary);
console.log(JSON.stringify(out));
