// Scenarios of the Redux replay logger against a real Redux store, one per name.
//
//   node cases.mjs REDUX_JS CASE
//
// Prints the lines the logger wrote, verbatim, then observations as lines starting
// with "# ". The logger's reports go to stderr (its default onError). The Swift test
// ReduxLoggerTests compares both with the exact expected text.

import { pathToFileURL } from "node:url";
import { replayLogger, toLogJSON } from "../replay-logger.mjs";

const [reduxPath, name] = process.argv.slice(2);
const redux = await import(pathToFileURL(reduxPath).href);
const { applyMiddleware, createStore } = redux.createStore ? redux : redux.default;

// A clock that starts at 2026-01-05T09:00:00.000Z and advances one second per call.
function steppingClock() {
  let now = Date.UTC(2026, 0, 5, 9, 0, 0, 0);
  return () => {
    now += 1000;
    return now;
  };
}

function memoryLogger(options = {}) {
  const lines = [];
  const write = (line) => lines.push(line);
  const logger = replayLogger({ write, clock: steppingClock(), ...options });
  return { logger, lines };
}

const note = (text) => process.stdout.write(`# ${text}\n`);
const print = (lines) => process.stdout.write(lines.join(""));

// redux-thunk, in full.
const thunk = ({ dispatch, getState }) => (next) => (action) =>
  typeof action === "function" ? action(dispatch, getState) : next(action);

const cases = {
  redaction() {
    const initial = {
      user: { name: "ada", password: "hunter2" },
      cards: [
        { number: "4111", cvc: "123" },
        { number: "5500", cvc: "456" },
      ],
      "a/b": { "~x": 1, y: 2 },
      list: [10, 20],
      sessions: new Map([["s1", { token: "t-1", device: "phone" }]]),
    };
    const reducer = (state = initial, action) =>
      action.type === "user/passwordChanged"
        ? { ...state, user: { ...state.user, password: action.payload.password } }
        : state;
    const { logger, lines } = memoryLogger({
      redact: {
        state: [
          "/user/password",
          "/cards/1/cvc",
          "/a~1b/~0x",
          "/sessions/value/0/1/token",
          "/missing/deep",
          "/list/01",
          "/list/-",
          "/list/5",
          "/user/name/0",
        ],
        action: ["/payload/password"],
      },
    });
    const store = createStore(reducer, applyMiddleware(logger));
    store.dispatch({ type: "user/passwordChanged", payload: { password: "s3cret" } });
    store.dispatch({ type: "noop", payload: { password: null } });
    print(lines);
    note(`state password: ${store.getState().user.password}`);
  },

  "redaction-bare-list"() {
    const reducer = (state = { user: { name: "ada", token: "t-8c1f" }, n: 0 }, action) =>
      action.type === "inc" ? { ...state, n: state.n + 1 } : state;
    const { logger, lines } = memoryLogger({ redact: ["/user/token"] });
    const store = createStore(reducer, applyMiddleware(logger));
    store.dispatch({ type: "inc", token: "not a state pointer" });
    print(lines);
  },

  "redaction-placeholder"() {
    const reducer = (state = { pin: 1234, n: 0 }, action) =>
      action.type === "inc" ? { ...state, n: state.n + 1 } : state;
    const { logger, lines } = memoryLogger({
      redact: { state: ["/pin"], action: [""], placeholder: "[hidden]" },
    });
    const store = createStore(reducer, applyMiddleware(logger));
    store.dispatch({ type: "inc" });
    print(lines);
  },

  values() {
    function Point(x, y) {
      this.x = x;
      this.y = y;
    }
    Point.prototype.norm = function () {
      return Math.hypot(this.x, this.y);
    };
    const anonymous = [() => 0][0];
    const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays
    const kinds = {
      undefined: undefined,
      undefinedMember: { a: undefined, b: 1 },
      undefinedElement: [undefined, null],
      hole: sparse,
      Date: new Date(Date.UTC(2026, 0, 5, 9, 6, 17, 136)),
      invalidDate: new Date(Number.NaN),
      NaN: Number.NaN,
      Infinity: Number.POSITIVE_INFINITY,
      negativeInfinity: Number.NEGATIVE_INFINITY,
      negativeZero: -0,
      BigInt: 123456789012345678901n,
      negativeBigInt: -42n,
      Map: new Map([
        ["k", 1],
        [{ id: 2 }, new Date(0)],
        [3n, undefined],
      ]),
      Set: new Set(["a", 1, new Set([2])]),
      RegExp: /a+/gi,
      function: function namedReducer() {},
      anonymousFunction: anonymous,
      symbol: Symbol("token"),
      symbolWithoutDescription: Symbol(),
      Error: new TypeError("bad input"),
      dollarType: { $type: "Date", value: "not ours" },
      toJSON: { toJSON: () => ({ serialized: true }) },
      boxed: [Object(1), Object("s"), Object(false)],
      instance: new Point(3, 4),
      escapes: { "line\nbreak": "tab\there \u0007 \ud800" },
    };
    const reducer = (state = { v: null }, action) =>
      action.type === "set" ? { v: kinds[action.kind] } : state;
    const { logger, lines } = memoryLogger();
    const store = createStore(reducer, applyMiddleware(logger));
    for (const kind of Object.keys(kinds)) store.dispatch({ type: "set", kind });
    store.dispatch({ type: "payload", at: new Date(0), tags: new Set(["x"]), extra: undefined });
    print(lines);
  },

  cycles() {
    const root = { name: "root" };
    root.self = root;
    const tree = { a: { "b/c": { leaf: 1 } } };
    tree.a["b/c"].up = tree.a;
    const list = [1];
    list.push(list);
    const map = new Map([["x", 1]]);
    map.set("me", map);
    const shared = { n: 1 };
    const states = {
      root,
      deep: { tree },
      array: { list },
      map: { map },
      shared: { left: shared, right: [shared, shared] },
    };
    const reducer = (state = { v: 0 }, action) =>
      action.type === "set" ? states[action.kind] : state;
    const { logger, lines } = memoryLogger();
    const store = createStore(reducer, applyMiddleware(logger));
    for (const kind of Object.keys(states)) store.dispatch({ type: "set", kind });
    const action = { type: "cyclicAction", payload: {} };
    action.payload.action = action;
    store.dispatch(action);
    print(lines);
  },

  "failing-sink"() {
    const received = [];
    let calls = 0;
    const logger = replayLogger({
      clock: steppingClock(),
      write: (line) => {
        calls += 1;
        if (calls === 3) throw new Error("disk full");
        received.push(line);
      },
    });
    const reducer = (state = { count: 0 }, action) =>
      action.type === "counter/incremented" ? { count: state.count + 1 } : state;
    const store = createStore(reducer, applyMiddleware(logger));
    const results = [];
    for (let i = 0; i < 5; i++) {
      const action = { type: "counter/incremented" };
      results.push(store.dispatch(action) === action);
    }
    print(received);
    note(`sink calls: ${calls}`);
    note(`dispatch returned the action: ${results.join(" ")}`);
    note(`state: ${JSON.stringify(store.getState())}`);
    note(`logger.error: ${logger.error.message}`);
    note(`logger.error.cause: ${logger.error.cause.message}`);
  },

  async "failing-async-sink"() {
    const received = [];
    let reports = 0;
    const logger = replayLogger({
      clock: steppingClock(),
      write: (line) => {
        received.push(line);
        return received.length >= 2 ? Promise.reject(new Error("503 from the log server")) : null;
      },
      onError: (error) => {
        reports += 1;
        note(`reported: ${error.message}`);
      },
    });
    const store = createStore(
      (state = 0, action) => (action.type === "tick" ? state + 1 : state),
      applyMiddleware(logger),
    );
    store.dispatch({ type: "tick" });
    store.dispatch({ type: "tick" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    store.dispatch({ type: "tick" });
    print(received);
    note(`reports: ${reports}`);
    note(`state: ${store.getState()}`);
  },

  "throwing-reporter"() {
    const logger = replayLogger({
      clock: steppingClock(),
      write: () => {
        throw new Error("sink broken");
      },
      onError: () => {
        throw new Error("reporter broken too");
      },
    });
    const store = createStore(
      (state = 0, action) => (action.type === "tick" ? state + 1 : state),
      applyMiddleware(logger),
    );
    store.dispatch({ type: "tick" });
    store.dispatch({ type: "tick" });
    note(`state: ${store.getState()}`);
    note(`logger.error: ${logger.error.message}`);
  },

  "unopenable-path"() {
    const logger = replayLogger({ path: "/nonexistent-dir/session.jsonl", clock: steppingClock() });
    const store = createStore(
      (state = 0, action) => (action.type === "tick" ? state + 1 : state),
      applyMiddleware(logger),
    );
    store.dispatch({ type: "tick" });
    note(`state: ${store.getState()}`);
  },

  "unwritable-state"() {
    const hostile = {
      get secret() {
        throw new Error("getter exploded");
      },
    };
    const reducer = (state = { ok: true }, action) =>
      action.type === "breakIt" ? { ok: false, hostile } : state;
    const { logger, lines } = memoryLogger();
    const store = createStore(reducer, applyMiddleware(logger));
    store.dispatch({ type: "fine" });
    store.dispatch({ type: "breakIt" });
    store.dispatch({ type: "fine" });
    print(lines);
    note(`state ok: ${store.getState().ok}`);
  },

  "return-value"() {
    const { logger, lines } = memoryLogger();
    const answering = () => (next) => (action) => {
      const result = next(action);
      return action.type === "ask" ? { answer: 42 } : result;
    };
    const store = createStore(
      (state = { n: 0 }, action) => {
        if (action.type === "explode") throw new RangeError("reducer failed");
        return action.type === "inc" ? { n: state.n + 1 } : state;
      },
      applyMiddleware(thunk, logger, answering),
    );
    const inc = { type: "inc" };
    note(`plain action returned: ${store.dispatch(inc) === inc}`);
    note(`later middleware's value: ${JSON.stringify(store.dispatch({ type: "ask" }))}`);
    const thunkResult = store.dispatch((dispatch) => {
      dispatch({ type: "inc" });
      dispatch({ type: "inc" });
      return "thunk done";
    });
    note(`thunk returned: ${thunkResult}`);
    try {
      store.dispatch({ type: "explode" });
    } catch (error) {
      note(`reducer error reached the caller: ${error instanceof RangeError} ${error.message}`);
    }
    store.dispatch({ type: "inc" });
    note(`logger.error: ${logger.error}`);
    print(lines);
  },

  "logger-before-thunk"() {
    const { logger, lines } = memoryLogger();
    const store = createStore(
      (state = { n: 0 }, action) => (action.type === "inc" ? { n: state.n + 1 } : state),
      applyMiddleware(logger, thunk),
    );
    const result = store.dispatch((dispatch, getState) => {
      dispatch({ type: "inc" });
      return getState().n;
    });
    note(`thunk returned: ${result}`);
    print(lines);
  },

  nested() {
    // A subscriber that reacts to a state change by dispatching (a saga-like listener),
    // and a middleware after the logger that dispatches before passing an action on.
    const { logger, lines } = memoryLogger();
    const prefetch = ({ dispatch }) => (next) => (action) => {
      if (action.type === "page/opened") dispatch({ type: "data/requested" });
      return next(action);
    };
    const reducer = (state = { page: null, loading: false, count: 0 }, action) => {
      switch (action.type) {
        case "inc":
          return { ...state, count: state.count + 1 };
        case "reset":
          return { ...state, count: 0 };
        case "page/opened":
          return { ...state, page: action.page };
        case "data/requested":
          return { ...state, loading: true };
        default:
          return state;
      }
    };
    const store = createStore(reducer, applyMiddleware(logger, prefetch));
    store.subscribe(() => {
      if (store.getState().count === 2) store.dispatch({ type: "reset" });
    });
    store.dispatch({ type: "inc" });
    store.dispatch({ type: "inc" });
    store.dispatch({ type: "page/opened", page: "home" });
    store.dispatch({ type: "unknown" });
    print(lines);
    note(`state: ${JSON.stringify(store.getState())}`);
  },

  "fast-path"() {
    // Plain data goes through JSON.stringify after a check; anything else through the
    // general encoder. A sibling `undefined` forces the general encoder, so for random
    // plain values V and random pointers P both must write V the same way.
    let seed = 20260105;
    const random = (n) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * n);
    };
    const strings = [
      ...["", "a", "Buy milk", "tab\t", "quote\"", "\u0000\u001f"],
      ...["é😀", "\ud800", "</script>", "\u2028"],
    ];
    const numbers = [0, 1, -1, 0.1, 1e21, 1e-7, 5e-324, 9007199254740993, -123.456, 2 ** 31];
    const keys = ["id", "title", "", "a/b", "~", "~1", "0", "01", "__proto__", "é", "x y"];
    function value(depth) {
      const kind = random(depth > 4 ? 4 : 6);
      if (kind === 0) return strings[random(strings.length)];
      if (kind === 1) return numbers[random(numbers.length)];
      if (kind === 2) return random(3) === 0 ? null : random(2) === 0;
      if (kind === 3) return random(2) === 0 ? [] : {};
      if (kind === 4) return Array.from({ length: random(4) }, () => value(depth + 1));
      const object = {};
      for (let i = random(5); i > 0; i--) {
        Object.defineProperty(object, keys[random(keys.length)], {
          value: value(depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return object;
    }
    function pointers(v, prefix, out) {
      out.push(prefix);
      if (v !== null && typeof v === "object") {
        for (const key of Object.keys(v)) {
          pointers(v[key], `${prefix}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, out);
        }
      }
      return out;
    }
    let differ = 0;
    let redacted = 0;
    const total = 2000;
    for (let i = 0; i < total; i++) {
      const v = value(0);
      const all = pointers(v, "", []);
      const chosen =
        random(3) === 0
          ? []
          : [
              all[random(all.length)],
              `${all[random(all.length)]}/01`,
              `${all[random(all.length)]}/3`,
              "/0/-",
            ];
      const fast = toLogJSON({ x: v }, { redact: chosen.map((p) => `/x${p}`) });
      const general = toLogJSON({ x: v, z: undefined }, { redact: chosen.map((p) => `/x${p}`) });
      if (chosen.length > 0 && fast !== `{"x":${JSON.stringify(v)}}`) redacted += 1;
      if (general !== `${fast.slice(0, -1)},"z":{"$type":"undefined"}}`) {
        differ += 1;
        if (differ === 1) note(`first difference: ${fast} vs ${general}`);
      }
      if (chosen.length === 0 && fast !== JSON.stringify({ x: v })) {
        differ += 1;
        note(`differs from JSON.stringify: ${fast}`);
      }
    }
    note(`${total} values, ${redacted} with a value redacted, ${differ} written differently`);
  },

  deep() {
    // Nested far deeper than the engine's JSON.stringify can recurse.
    let nested = 0;
    for (let i = 0; i < 100000; i++) nested = [nested];
    const reducer = (state = { depth: 0 }, action) =>
      action.type === "nest" ? { depth: 100000, nested } : state;
    const { logger, lines } = memoryLogger();
    const store = createStore(reducer, applyMiddleware(logger));
    store.dispatch({ type: "nest" });
    print(lines);
    note(`logger.error: ${logger.error}`);
  },

  "invalid-options"() {
    const attempts = [
      {},
      { write: () => {}, path: "x.jsonl" },
      { write: "stdout" },
      { path: "" },
      { write: () => {}, redact: { state: ["user/password"] } },
      { write: () => {}, redact: { action: ["/a~2b"] } },
      { write: () => {}, redact: { state: "/password" } },
      { write: () => {}, redact: { states: ["/user/token"] } },
      { write: () => {}, redact: { State: ["/user/token"], action: [] } },
      { write: () => {}, redact: "/user/token" },
      { write: () => {}, redact: null },
      { write: () => {}, app: 7 },
      { write: () => {}, clock: Date.now() },
    ];
    for (const options of attempts) {
      try {
        replayLogger(options);
        note("accepted");
      } catch (error) {
        note(`${error.constructor.name}: ${error.message}`);
      }
    }
  },
};

if (!(name in cases)) {
  console.error(`unknown case '${name}'; cases: ${Object.keys(cases).join(", ")}`);
  process.exit(2);
}
await cases[name]();
