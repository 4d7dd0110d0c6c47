// Where actions came from, as the logger records it: `trace` (each entry's site, the
// first stack frame outside the logger, Redux and libraries) and `causes` (an action
// dispatched during another dispatch names its entry as `origin.cause`).
//
//   node provenance.mjs REDUX_JS
//
// Asserts the exact lines written and exits 1 on the first difference; prints "ok N"
// per scenario. Lines of this file marked `// site: NAME` are the expected sites.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { replayLogger } from "../replay-logger.mjs";
import { thunk } from "./thunk.mjs";

const [reduxPath] = process.argv.slice(2);
const redux = await import(pathToFileURL(reduxPath).href);
const { applyMiddleware, createStore } = redux.createStore ? redux : redux.default;

const thisFile = fileURLToPath(import.meta.url);
const source = readFileSync(thisFile, "utf8").split("\n");
const file = relative(process.cwd(), thisFile);

// The site of the call on the line marked NAME: its line and the column of `dispatch`'s
// receiver (V8 points at the call's property access).
function site(name, functionName, column) {
  const line = source.findIndex((text) => text.endsWith(`// site: ${name}`)) + 1;
  assert.ok(line > 0, `no line marked ${name}`);
  const fn = functionName === null ? "" : `,"function":${JSON.stringify(functionName)}`;
  return `"site":{"file":${JSON.stringify(file)},"line":${line}${fn},"column":${column(source[line - 1])}}`;
}
const at = (text) => (line) => line.indexOf(text) + 1;

function steppingClock() {
  let now = Date.UTC(2026, 0, 5, 9, 0, 0, 0);
  return () => (now += 1000);
}

function logged(options) {
  const lines = [];
  const logger = replayLogger({ write: (line) => lines.push(line), clock: steppingClock(), ...options });
  return { logger, lines };
}

const reducer = (state = { count: 0 }, action) => {
  switch (action.type) {
    case "inc":
      return { count: state.count + 1 };
    case "reset":
      return { count: 0 };
    default:
      return state;
  }
};

const scenarios = {
  trace() {
    const { logger, lines } = logged({ trace: { ignore: /thunk\.mjs$/ } });
    const store = createStore(reducer, applyMiddleware(thunk, logger));
    function tapped() {
      store.dispatch({ type: "inc" }); // site: tap
    }
    tapped();
    store.dispatch((dispatch) => {
      dispatch({ type: "inc" }); // site: thunk
    });
    assert.deepEqual(lines.slice(1), [
      `{"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"inc"},${site("tap", "tapped", at("dispatch("))},"prior":{"count":0},"next":{"count":1}}\n`,
      `{"seq":2,"time":"2026-01-05T09:00:03.000Z","action":{"type":"inc"},${site("thunk", null, at("dispatch("))},"prior":{"count":1},"next":{"count":2}}\n`,
    ]);
  },

  // Without `ignore`, an app's middleware before the logger, which calls `next`, is the
  // site of a direct dispatch: a frame the trace cannot tell from the app's.
  "trace without ignore"() {
    const { logger, lines } = logged({ trace: true });
    const store = createStore(reducer, applyMiddleware(thunk, logger));
    store.dispatch({ type: "inc" });
    assert.match(lines[1], /"site":\{"file":"(\S*\/)?thunk\.mjs","line":7,/);
  },

  causes() {
    const { logger, lines } = logged({});
    const later = ({ dispatch }) => (next) => (action) => {
      if (action.type === "opened") dispatch({ type: "requested" });
      return next(action);
    };
    const store = createStore(reducer, applyMiddleware(logger, later));
    store.subscribe(() => {
      if (store.getState().count === 2) store.dispatch({ type: "reset" });
    });
    store.dispatch({ type: "inc" });
    store.dispatch({ type: "inc" });
    store.dispatch({ type: "opened" });
    assert.deepEqual(lines.slice(1), [
      `{"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"inc"},"prior":{"count":0},"next":{"count":1}}\n`,
      `{"seq":2,"time":"2026-01-05T09:00:03.000Z","action":{"type":"inc"},"prior":{"count":1},"next":{"count":2}}\n`,
      // Dispatched by the subscriber, after entry 2 changed the count.
      `{"seq":3,"time":"2026-01-05T09:00:04.000Z","action":{"type":"reset"},"origin":{"cause":2},"prior":{"count":2},"next":{"count":0}}\n`,
      // Dispatched before "opened" reached the reducer: no entry to name yet.
      `{"seq":4,"time":"2026-01-05T09:00:06.000Z","action":{"type":"requested"},"prior":{"count":0},"next":{"count":0}}\n`,
      `{"seq":5,"time":"2026-01-05T09:00:06.000Z","action":{"type":"opened"},"prior":{"count":0},"next":{"count":0}}\n`,
    ]);
  },

  "without causes"() {
    const { logger, lines } = logged({ causes: false });
    const store = createStore(reducer, applyMiddleware(logger));
    store.subscribe(() => {
      if (store.getState().count === 1) store.dispatch({ type: "reset" });
    });
    store.dispatch({ type: "inc" });
    assert.equal(lines.length, 3);
    assert.ok(!lines[2].includes('"origin"'));
  },

  "trace and causes"() {
    const { logger, lines } = logged({ trace: true });
    const store = createStore(reducer, applyMiddleware(logger));
    store.subscribe(() => {
      if (store.getState().count === 1) store.dispatch({ type: "reset" }); // site: subscriber
    });
    store.dispatch({ type: "inc" }); // site: top
    assert.deepEqual(lines.slice(1), [
      `{"seq":1,"time":"2026-01-05T09:00:02.000Z","action":{"type":"inc"},${site("top", "trace and causes", at("dispatch("))},"prior":{"count":0},"next":{"count":1}}\n`,
      `{"seq":2,"time":"2026-01-05T09:00:03.000Z","action":{"type":"reset"},"origin":{"cause":1},${site("subscriber", null, at("dispatch("))},"prior":{"count":1},"next":{"count":0}}\n`,
    ]);
  },

  "invalid options"() {
    assert.throws(() => replayLogger({ write() {}, trace: "yes" }), {
      message: "replayLogger: options.trace must be a boolean or {ignore: RegExp}",
    });
    assert.throws(() => replayLogger({ write() {}, trace: { ignore: "x" } }), {
      message: "replayLogger: options.trace.ignore must be a RegExp",
    });
    assert.throws(() => replayLogger({ write() {}, causes: 1 }), {
      message: "replayLogger: options.causes must be a boolean",
    });
  },
};

for (const [name, run] of Object.entries(scenarios)) {
  run();
  process.stdout.write(`ok ${name}\n`);
}
