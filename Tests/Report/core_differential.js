// Checks the report's JavaScript core against the Swift library, pair by pair:
//
//   node core_differential.js report-core.js PAIRS.jsonl
//
// Each line of PAIRS.jsonl is [old, new, patch, rendering, exact]: the patch and
// rendering as text from JSONDiff.patch and DiffTextRenderer.renderStructural, and
// whether the report embeds new whole (HTMLReportBuilder.reproducesExactly). Prints one
// JSON object: how many pairs were checked and the first few that differ.
"use strict";
const fs = require("fs");
const C = require(process.argv[2]);
const lines = fs.readFileSync(process.argv[3], "utf8").split("\n").filter((l) => l.length > 0);
const idKeys = ["id", "ID", "_id"];
const mismatches = [];
let checked = 0;
for (const [n, line] of lines.entries()) {
  const [old, neu, patch, rendering, exact] = C.parse(line);
  const changes = C.diff(old, neu, idKeys);
  const jsPatch = C.print(C.patchOf(changes));
  const applied = C.applyPatch(old, C.patchOf(changes));
  const jsRendering = C.renderStructural(old, neu, changes, 120).map((l) => l.text).join("\n");
  // The page's own path: the changes rebuilt from the Swift patch render the same.
  // An entry whose patch does not give its next exactly carries its next whole.
  const fromPatch = C.applyPatch(old, C.parse(patch));
  const pageNew = exact ? fromPatch.state : neu;
  const patchRendering = C.renderStructural(old, pageNew, fromPatch.changes, 120).map((l) => l.text).join("\n");
  checked++;
  const problems = [];
  if (jsPatch !== patch) problems.push({ what: "patch", js: jsPatch, swift: patch });
  if (jsRendering !== rendering) problems.push({ what: "rendering", js: jsRendering, swift: rendering });
  if (patchRendering !== rendering) problems.push({ what: "rendering of the Swift patch", js: patchRendering, swift: rendering });
  if (!new C.Hashes().equal(applied.state, neu)) problems.push({ what: "the JS patch does not give the new value" });
  if (C.print(pageNew) !== C.print(neu)) problems.push({ what: "the state the page shows", js: C.print(pageNew), swift: C.print(neu) });
  if (!new C.Hashes().equal(fromPatch.state, neu)) problems.push({ what: "the Swift patch applied in JS" });
  if (problems.length > 0 && mismatches.length < 3) mismatches.push({ pair: n, problems });
  else if (problems.length > 0) mismatches.push({ pair: n });
}
console.log(JSON.stringify({ checked, mismatches: mismatches.length, first: mismatches.slice(0, 3) }));
