// replay-logger: a Redux middleware that records a replay log (Sources/TimeTravel/Documentation.docc/LogFormat.md).
// Dependency-free ES module; runs in Node and in browsers.

const PLACEHOLDER = "<redacted>";

/**
 * Creates a Redux middleware that writes one log line per dispatched action:
 * `{"seq":…,"time":…,"action":…,"prior":…,"next":…}`, after a header line written
 * when the logger is created. Each line is one string ending in "\n", handed to the
 * sink in a single call. With `trace`, each entry says where it was dispatched
 * (`"site":{"file":…,"line":…,"column":…,"function":…}`); an action dispatched while
 * another dispatch is in progress (from a subscriber, or from a middleware after this
 * one) names that dispatch's entry as its `"origin":{"cause":K}` (unless `causes` is
 * false).
 *
 * Put it last in `applyMiddleware(…)`, next to the reducer, as with redux-logger:
 * it then records the actions the reducer receives, not thunks or promises. Only
 * plain-object actions are recorded; anything else is passed on untouched.
 *
 * Recording never throws into the app: if the sink fails (throws, or returns a
 * promise that rejects) or a value cannot be written, the error is reported once
 * through `onError` and recording stops; dispatching goes on as before. An error
 * thrown by the reducer or another middleware reaches the caller unchanged, and
 * no entry is written for that action (the state did not change).
 *
 * @param {object} options
 * @param {(line: string) => unknown} [options.write] Receives each line, "\n" included.
 * @param {string} [options.path] Node: the log file, truncated, opened with O_APPEND,
 *   one write(2) per line. Give exactly one of `write` and `path`, or `connect` alone.
 * @param {string} [options.connect] Node: "HOST:PORT" of a `replay --listen` listener;
 *   every line streams to it too, buffered and resent across reconnections.
 * @param {string} [options.token] The listener's token; REPLAY_TOKEN by default.
 * @param {number} [options.bufferLimit] Bytes of lines kept for the listener (8 MiB).
 * @param {string} [options.app] The header's `app`.
 * @param {string} [options.stateType] The header's `stateType`.
 * @param {string} [options.actionType] The header's `actionType`.
 * @param {{state?: string[], action?: string[], placeholder?: string} | string[]} [options.redact]
 *   RFC 6901 JSON Pointers into states (`prior`, `next`) and into actions; the values
 *   there are written as the placeholder, `"<redacted>"` by default. A bare list is the
 *   state's pointers (`["/user/token"]` is `{state: ["/user/token"]}`); another shape, or
 *   a member other than these three, throws a TypeError.
 * @param {() => Date | number} [options.clock] The source of `created` and each
 *   entry's `time` (a Date or milliseconds since 1970); `() => new Date()` by default.
 * @param {(error: Error) => void} [options.onError] Called once, when recording stops
 *   because of an error; `console.error(error.message)` by default.
 * @param {boolean | {ignore?: RegExp}} [options.trace] Record each dispatch's site: the
 *   first frame of a V8 stack trace taken at the dispatch that lies outside this
 *   middleware, Redux and `node_modules/` (and outside files `ignore` matches, such as
 *   an app's own middleware before this one, which calls `next`). Off by
 *   default: a stack capture costs some microseconds per dispatch (see the README). Where
 *   the engine has no `Error.captureStackTrace` (not V8), no site is written.
 * @param {boolean} [options.causes] Mark an action dispatched during another dispatch
 *   with `origin: {cause: K}`, K being that dispatch's entry, once it is written; on by
 *   default (`false` turns it off).
 * @returns {Function & {close(): void, readonly error: Error | null,
 *   readonly connection: {state: string, reason: string | null} | null}} The middleware;
 *   `close()` stops recording and closes the file, `error` is the error that stopped
 *   recording, if any, `connection` the live stream's state.
 * @throws {TypeError} When the options are invalid (no sink or two, a pointer that is
 *   not a JSON Pointer, `path` where Node's fs is not available).
 */
export function replayLogger(options = {}) {
  const settings = checkOptions(options);
  const clock = settings.clock;
  const report = settings.onError;
  let sink = null;
  let fd = null;
  let stopped = false;
  let firstError = null;
  let seq = 0;
  let boundStore = null;

  function stop(message, cause) {
    if (stopped) return;
    stopped = true;
    const error = new Error(`replay-logger: recording stopped: ${message}: ${describe(cause)}`, {
      cause,
    });
    firstError = error;
    closeFile();
    try {
      report(error);
    } catch {
      // The reporter failing must not reach the app either.
    }
  }

  function closeFile() {
    if (fd === null) return;
    const open = fd;
    fd = null;
    try {
      settings.fs.closeSync(open);
    } catch {
      // Nothing is lost: every line was written whole before.
    }
  }

  // Writes one line; false when the sink failed (recording has then stopped).
  function emit(line, what) {
    try {
      const result = sink(line);
      if (result !== null && typeof result === "object" && typeof result.then === "function") {
        result.then(undefined, (error) => stop(`writing ${what} failed`, error));
      }
      return true;
    } catch (error) {
      stop(`writing ${what} failed`, error);
      return false;
    }
  }

  if (settings.write) {
    sink = settings.write;
  } else if (settings.path !== null) {
    const fs = settings.fs;
    const { O_WRONLY, O_CREAT, O_TRUNC, O_APPEND } = fs.constants;
    try {
      fd = fs.openSync(settings.path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644);
      sink = (line) => writeWhole(fs, fd, line);
    } catch (error) {
      stop(`cannot open ${settings.path}`, error);
    }
  }
  let live = null;
  let created = null;
  if (!stopped) {
    try {
      created = timestamp(clock());
    } catch (error) {
      stop("the clock failed", error);
    }
  }
  if (!stopped && settings.connect !== null) {
    // The live stream gets every line the file gets; it never fails, it buffers.
    live = liveStream(settings, created);
    const fileSink = sink;
    sink =
      fileSink === null
        ? (line) => live.write(line)
        : (line) => {
            const result = fileSink(line);
            live.write(line);
            return result;
          };
  }
  if (!stopped) emit(headerLine(settings, created), "the header");

  const middleware = function replayLoggerMiddleware(store) {
    if (boundStore !== null && boundStore !== store) {
      try {
        report(
          new Error(
            "replay-logger: this logger already records another store; create one per store",
          ),
        );
      } catch {
        // As in stop().
      }
      return (next) => next;
    }
    boundStore = store;
    // Redux called this function from applyMiddleware: the caller's file is Redux's.
    const tracer = settings.trace === null ? null : new Tracer(settings.trace, middleware);
    // Dispatches in progress, outermost first (a subscriber or a later middleware may
    // dispatch while one is in progress).
    const open = [];
    let lastNext = null; // {state, text} of the last entry written
    let lastTime = ""; // the time of the last entry written
    let written = 0;

    function effectivePrior(frame) {
      return written > frame.writtenAtOpen ? lastNext.state : frame.prior.state;
    }

    // Writes the entry of an open dispatch whose reducer has run; `state` is the
    // state after it.
    function writeEntry(frame, state) {
      frame.written = true;
      let next;
      try {
        next = encode(state, settings.stateTrie, settings.placeholder);
      } catch (error) {
        stop(`entry ${seq + 1} (${frame.name}): its next state cannot be written`, error);
        return;
      }
      // After entries written since this dispatch began (it was deferred), its
      // prior is the state they left, which is the state its reducer received.
      const prior = written > frame.writtenAtOpen ? lastNext.text : frame.prior.text;
      // An entry deferred behind a nested dispatch is written after it: it takes that
      // entry's time if its own is earlier, so times never go backwards in the log
      // (readers warn when they do, for a clock that was set back). The timestamps
      // share one fixed format, so comparing the strings compares the instants.
      const time = frame.time < lastTime ? lastTime : frame.time;
      const origin = frame.cause === null ? "" : `"origin":{"cause":${frame.cause}},`;
      const site = frame.site === null ? "" : `"site":${frame.site},`;
      const line =
        `{"seq":${seq + 1},"time":"${time}","action":${frame.action},${origin}${site}` +
        `"prior":${prior},"next":${next}}\n`;
      if (!emit(line, `entry ${seq + 1} (${frame.name})`)) return;
      seq += 1;
      frame.seq = seq;
      written += 1;
      lastNext = { state, text: next };
      lastTime = time;
    }

    // A dispatch starts while others are in progress: if the innermost one not yet
    // written has changed the state, its reducer has run, so its entry comes first.
    // One that has not changed it stays open: either its reducer has not run yet (a
    // later middleware dispatched first) or it changed nothing.
    function settleOpenDispatches(current) {
      for (let i = open.length - 1; i >= 0; i--) {
        const frame = open[i];
        if (frame.written) continue;
        if (current !== effectivePrior(frame)) writeEntry(frame, current);
        return;
      }
    }

    // What an entry needs from before the reducer runs: the time, the action, and
    // the prior state (the last entry's text when the state is the same object).
    function openDispatch(action, name, site) {
      let time;
      try {
        time = timestamp(clock());
      } catch (error) {
        stop("the clock failed", error);
        return null;
      }
      const current = store.getState();
      settleOpenDispatches(current);
      if (stopped) return null;
      const frame = {
        name,
        time,
        action: "",
        prior: lastNext,
        writtenAtOpen: written,
        written: false,
        seq: null,
        cause: settings.causes ? causeInProgress() : null,
        site,
      };
      try {
        frame.action = encode(action, settings.actionTrie, settings.placeholder);
      } catch (error) {
        stop(`entry ${seq + 1} (${name}): its action cannot be written`, error);
        return null;
      }
      if (lastNext === null || lastNext.state !== current) {
        try {
          const text = encode(current, settings.stateTrie, settings.placeholder);
          frame.prior = { state: current, text };
        } catch (error) {
          stop(`entry ${seq + 1} (${name}): its prior state cannot be written`, error);
          return null;
        }
      }
      return frame;
    }

    // The entry of the innermost dispatch in progress, once written: what an action
    // dispatched now (by a subscriber, or a middleware after this one) was caused by.
    function causeInProgress() {
      for (let i = open.length - 1; i >= 0; i--) {
        if (open[i].written) return open[i].seq;
      }
      return null;
    }

    return (next) =>
      function replayLoggerDispatch(action) {
        if (stopped || !isPlainObject(action)) return next(action);
        const site = tracer === null ? null : tracer.site(replayLoggerDispatch);
        const frame = openDispatch(action, actionName(action), site);
        if (frame === null) return next(action);
        open.push(frame);
        let result;
        try {
          result = next(action);
        } finally {
          open.pop();
        }
        if (!stopped && !frame.written) writeEntry(frame, store.getState());
        return result;
      };
  };

  Object.defineProperty(middleware, "error", { get: () => firstError, enumerable: true });
  Object.defineProperty(middleware, "connection", {
    get: () => (live === null ? null : live.status()),
    enumerable: true,
  });
  middleware.close = () => {
    stopped = true;
    closeFile();
    live?.close();
  };
  return middleware;
}

/**
 * The JSON text the logger writes for `value`: JSON.stringify's text for values JSON
 * can hold, the values it cannot hold written in the forms of Sources/TimeTravel/Documentation.docc/LogFormat.md
 * ("Values JSON cannot hold"), and the values at the given JSON Pointers replaced by
 * the placeholder.
 *
 * @param {unknown} value Any JavaScript value.
 * @param {{redact?: string[], placeholder?: string}} [options] RFC 6901 pointers into
 *   `value`, and the string written instead of each value they reach
 *   (`"<redacted>"` by default).
 * @returns {string} One JSON value, without a line break.
 * @throws {TypeError} When a pointer is not a JSON Pointer. Otherwise only what the
 *   value's getters, proxies or toJSON methods throw, and a RangeError when the text
 *   would exceed the engine's longest string.
 */
export function toLogJSON(value, options = {}) {
  const trie = pointerTrie(options.redact, "toLogJSON: redact");
  const placeholder = options.placeholder ?? PLACEHOLDER;
  if (typeof placeholder !== "string") {
    throw new TypeError("toLogJSON: placeholder must be a string");
  }
  return encode(value, trie, placeholder);
}

// Plain data, by far the common state, goes through the engine's JSON.stringify
// (3 to 4 times faster than the general encoder, measured in test/bench.mjs) after one
// walk that proves it holds only JSON; anything else takes the general encoder. Both
// write the same text for plain data (test: the "fast-path" case).
function encode(value, trie, placeholder) {
  if (holdsOnlyJSON(value)) {
    const data = trie === null ? value : redactedCopy(value, trie, placeholder);
    try {
      return JSON.stringify(data);
    } catch (error) {
      // The engine's JSON.stringify recurses, and overflows the stack on values nested
      // some thousands deep; the general encoder does not.
      if (!(error instanceof RangeError)) throw error;
    }
  }
  return encodeAny(value, trie, placeholder);
}

// Whether JSON.stringify writes `value` exactly as encodeAny would: only strings,
// finite numbers other than -0, booleans, null, arrays without holes or undefined
// elements, and objects whose prototype is Object.prototype or null, without toJSON,
// each object reached once (a second visit means a cycle or a shared reference).
// Iterative, so a deep value cannot overflow the call stack. Getters of plain objects
// run twice, here and in JSON.stringify.
function holdsOnlyJSON(value) {
  const seen = new Set();
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    switch (typeof item) {
      case "string":
      case "boolean":
        continue;
      case "number":
        if (!Number.isFinite(item) || (item === 0 && 1 / item < 0)) return false;
        continue;
      case "object": {
        if (item === null) continue;
        if (seen.has(item)) return false;
        seen.add(item);
        if (Array.isArray(item)) {
          for (let i = 0; i < item.length; i++) {
            const element = item[i];
            if (element === undefined) return false;
            pending.push(element);
          }
          continue;
        }
        const proto = Object.getPrototypeOf(item);
        if (proto !== Object.prototype && proto !== null) return false;
        if (typeof item.toJSON === "function") return false;
        for (const key in item) pending.push(item[key]);
        continue;
      }
      default:
        return false;
    }
  }
  return true;
}

// `value` (plain data) with the values at the trie's pointers replaced, copying only
// the containers on the way to them. Recursion depth is the longest pointer's.
function redactedCopy(value, node, placeholder) {
  if (node.terminal) return placeholder;
  if (value === null || typeof value !== "object" || node.children.size === 0) return value;
  let copy = null;
  for (const [token, child] of node.children) {
    let present;
    if (Array.isArray(value)) {
      const index = Number(token);
      present =
        String(index) === token && Number.isInteger(index) && index >= 0 && index < value.length;
    } else {
      present = Object.prototype.propertyIsEnumerable.call(value, token);
    }
    if (!present) continue;
    const original = value[token];
    const replaced = redactedCopy(original, child, placeholder);
    if (replaced === original) continue;
    if (copy === null) copy = Array.isArray(value) ? value.slice() : { ...value };
    // Not `copy[token] = …`, which for "__proto__" would set the prototype.
    Object.defineProperty(copy, token, {
      value: replaced,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy ?? value;
}

/**
 * The general encoder: the JSON text of `value`, with the values JSON cannot hold
 * written as `{"$type":…,"value":…}` and the values at the trie's pointers replaced by
 * `placeholder`.
 *
 * Iterative, so nesting depth is limited by memory, not by the call stack. A
 * repeated reference that forms a cycle is written as a `ref` to the JSON Pointer of
 * the object it refers to; shared acyclic references are written in full.
 * Time and memory are linear in the size of the text written.
 *
 * @param {unknown} value
 * @param {RedactionNode | null} trie Redaction pointers as a trie of reference tokens.
 * @param {string} placeholder
 * @returns {string}
 * @throws Whatever the value's getters, proxies or toJSON methods throw, and a
 *   RangeError when the text would exceed the engine's longest string.
 */
function encodeAny(value, trie, placeholder) {
  const placeholderText = JSON.stringify(placeholder);
  const ancestors = new Map(); // container being written → its JSON Pointer
  const stack = [];
  let out = "";

  // Writes a leaf, or opens a container and pushes its frame. `key` is a member's
  // name or an element's index.
  function visit(raw, parent, key, node) {
    if (node !== null && node.terminal) {
      out += placeholderText;
      return;
    }
    const value = raw !== null && typeof raw === "object" ? prepare(raw, key) : raw;
    const leaf = leafText(value);
    if (leaf !== undefined) {
      out += leaf;
      return;
    }
    const seen = ancestors.get(value);
    if (seen !== undefined) {
      out += `{"$type":"ref","value":${JSON.stringify(seen)}}`;
      return;
    }
    const pointer = parent === null ? "" : `${parent.pointer}/${escapeToken(String(key))}`;
    ancestors.set(value, pointer);
    const frame = containerFrame(value, pointer, node);
    out += frame.open;
    stack.push(frame);
  }

  visit(value, null, "", trie);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.index === frame.count) {
      out += frame.close;
      ancestors.delete(frame.self);
      stack.pop();
      continue;
    }
    const i = frame.index++;
    if (i > 0) out += ",";
    if (frame.keys === null) {
      const node = frame.node === null ? null : (frame.node.children.get(String(i)) ?? null);
      visit(frame.items[i], frame, i, node);
    } else {
      const key = frame.keys[i];
      out += `${JSON.stringify(key)}:`;
      const node = frame.node === null ? null : (frame.node.children.get(key) ?? null);
      visit(frame.items[key], frame, key, node);
    }
  }
  return out;
}

// Unwraps what JSON.stringify unwraps: an object's toJSON result and boxed
// primitives. The kinds with a documented form are kept, so a Date stays a Date
// rather than becoming its toJSON string.
function prepare(value, key) {
  if (
    value instanceof Date ||
    value instanceof Map ||
    value instanceof Set ||
    value instanceof RegExp ||
    value instanceof Error
  ) {
    return value;
  }
  if (typeof value.toJSON === "function") {
    value = value.toJSON(String(key));
    if (value === null || typeof value !== "object") return value;
  }
  if (value instanceof Number || value instanceof String || value instanceof Boolean) {
    return value.valueOf();
  }
  return value;
}

// The JSON text of a value that is written whole, or undefined for a container.
function leafText(value) {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      if (Number.isFinite(value)) return Object.is(value, -0) ? "-0" : String(value);
      return `{"$type":"number","value":"${value}"}`;
    case "boolean":
      return value ? "true" : "false";
    case "undefined":
      return '{"$type":"undefined"}';
    case "bigint":
      return `{"$type":"BigInt","value":"${value.toString()}"}`;
    case "symbol":
      return value.description === undefined
        ? '{"$type":"symbol"}'
        : `{"$type":"symbol","value":${JSON.stringify(value.description)}}`;
    case "function":
      return `{"$type":"function","value":${JSON.stringify(String(value.name))}}`;
  }
  if (value === null) return "null";
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? '{"$type":"Date","value":null}'
      : `{"$type":"Date","value":"${value.toISOString()}"}`;
  }
  if (value instanceof RegExp) {
    return `{"$type":"RegExp","value":${JSON.stringify(String(value))}}`;
  }
  return undefined;
}

// How a container is written: its opening text, its members (keys and values, or
// items), and its closing text. Map, Set and Error are written as a wrapper object
// whose one visited member is `value`.
function containerFrame(value, pointer, node) {
  const frame = { self: value, pointer, node, index: 0, count: 0, keys: null, items: null };
  let wrapped = null;
  if (value instanceof Map) {
    wrapped = ["Map", Array.from(value)];
  } else if (value instanceof Set) {
    wrapped = ["Set", Array.from(value)];
  } else if (value instanceof Error) {
    wrapped = ["Error", { name: value.name, message: value.message }];
  }
  if (wrapped !== null) {
    frame.open = `{"$type":"${wrapped[0]}",`;
    frame.close = "}";
    frame.keys = ["value"];
    frame.items = { value: wrapped[1] };
    frame.count = 1;
  } else if (Array.isArray(value)) {
    frame.open = "[";
    frame.close = "]";
    frame.items = value;
    frame.count = value.length;
  } else {
    frame.open = "{";
    frame.close = "}";
    frame.keys = Object.keys(value);
    frame.items = value;
    frame.count = frame.keys.length;
  }
  return frame;
}

/** RFC 6901 §3: `~` is written `~0` and `/` is written `~1`. */
function escapeToken(token) {
  if (!token.includes("~") && !token.includes("/")) return token;
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

/**
 * Pointers as a trie of reference tokens: a node is terminal when a pointer ends
 * there. A token matches an object member by name and an array element by its
 * index written in decimal without leading zeros, so `-`, `01` and indexes past the
 * end match nothing and leave the value alone.
 *
 * @typedef {{terminal: boolean, children: Map<string, RedactionNode>}} RedactionNode
 * @param {string[]} pointers
 * @param {string} option The option's name, for errors.
 * @returns {RedactionNode | null}
 */
function pointerTrie(pointers, option) {
  if (pointers === undefined) return null;
  if (!Array.isArray(pointers)) {
    throw new TypeError(`${option} must be an array of JSON Pointers`);
  }
  if (pointers.length === 0) return null;
  const root = { terminal: false, children: new Map() };
  for (const pointer of pointers) {
    let node = root;
    for (const token of pointerTokens(pointer, option)) {
      let child = node.children.get(token);
      if (child === undefined) {
        child = { terminal: false, children: new Map() };
        node.children.set(token, child);
      }
      node = child;
    }
    node.terminal = true;
  }
  return root;
}

function pointerTokens(pointer, option) {
  if (typeof pointer !== "string" || (pointer !== "" && !pointer.startsWith("/"))) {
    throw new TypeError(
      `${option}: ${JSON.stringify(pointer)} is not a JSON Pointer ` +
        "(it must be empty or start with '/')",
    );
  }
  if (/~[^01]|~$/.test(pointer)) {
    throw new TypeError(
      `${option}: ${JSON.stringify(pointer)} is not a JSON Pointer ` +
        "('~' must be followed by 0 or 1)",
    );
  }
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

// Live streaming (options.connect): the lines go to a `replay --listen` listener over TCP,
// after a hello, as Sources/TimeTravel/Documentation.docc/LogFormat.md ("Live sessions")
// describes. The stream buffers up to bufferLimit bytes of lines, sent and unsent, so that
// after a reconnection it sends what the listener lacks; what the buffer cannot hold
// becomes a gap record. It never throws into the app and never keeps Node running.
const LIVE_PROTOCOL = 1;
const HIGH_WATER = 1 << 20; // bytes queued in the socket before lines wait in the buffer

function liveStream(settings, started) {
  const { net, os, host, port } = settings.live;
  const hello =
    JSON.stringify({
      hello: "replay",
      protocol: LIVE_PROTOCOL,
      app: settings.app ?? "redux",
      session: globalThis.crypto.randomUUID(),
      started,
      device: os.hostname(),
      pid: globalThis.process.pid,
      ...(settings.token === null ? {} : { token: settings.token }),
    }) + "\n";
  let header = null;
  const items = []; // {line, seq, sent}, oldest first
  let bytes = 0;
  let dropped = null; // {first, last}: unsent lines the buffer dropped
  let socket = null;
  let connected = false;
  let closed = false;
  let stopped = false;
  let backoff = 200;
  let heartbeat = 15000;
  let lastSent = 0;
  let timer = null;
  let state = { state: "connecting", reason: null };

  const seqOf = (line) => Number(/^\{"seq":(\d+),/.exec(line)?.[1] ?? Number.NaN);
  const gapLine = (first, last, reason) =>
    `{"dropped":${last - first + 1},"seq":${first},"reason":"${reason}"}\n`;

  function send(line) {
    socket.write(line);
    lastSent = Date.now();
  }

  function sendPending() {
    if (!connected) return;
    if (dropped !== null) {
      send(gapLine(dropped.first, dropped.last, "buffer"));
      dropped = null;
    }
    for (const item of items) {
      if (item.sent) continue;
      if (socket.writableLength > HIGH_WATER) return; // resumed on "drain"
      send(item.line);
      item.sent = true;
    }
  }

  function write(line) {
    if (header === null && line.startsWith('{"format":')) {
      header = line;
      if (connected) send(line);
      return;
    }
    items.push({ line, seq: seqOf(line), sent: false });
    bytes += line.length;
    while (bytes > settings.bufferLimit && items.length > 1) {
      const old = items.shift();
      bytes -= old.line.length;
      if (!old.sent && Number.isInteger(old.seq)) {
        dropped = { first: dropped?.first ?? old.seq, last: old.seq };
      }
    }
    sendPending();
  }

  // The listener has everything up to lastSeq: send the header and what it lacks.
  function resume(lastSeq) {
    const known = lastSeq ?? 0;
    for (const item of items) item.sent = item.seq <= known;
    const next = items.find((item) => !item.sent)?.seq;
    connected = true;
    state = { state: "connected", reason: null };
    if (header !== null) send(header);
    if (Number.isInteger(next) && next > known + 1) {
      const reason = dropped !== null && dropped.last >= known + 1 ? "buffer" : "lost";
      send(gapLine(known + 1, next - 1, reason));
    }
    dropped = null;
    sendPending();
  }

  function disconnect(next, reason) {
    if (socket !== null) {
      socket.removeAllListeners();
      socket.on("error", () => {});
      socket.destroy();
      socket = null;
    }
    if (state.state === "connected") backoff = 200;
    connected = false;
    state = { state: next, reason };
    if (closed || next === "stopped") return;
    const wait = (next === "refused" ? 5000 : backoff) * (1 + Math.random() / 4);
    backoff = Math.min(backoff * 2, 5000);
    timer = setTimeout(connect, wait);
    timer.unref();
  }

  function onLine(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message === null || typeof message !== "object") return;
    if ("welcome" in message) {
      const idle = Number(message.idle);
      if (idle > 0) heartbeat = Math.min(15000, Math.max(50, (idle * 1000) / 3));
      resume(Number.isInteger(message.lastSeq) ? message.lastSeq : null);
    } else if ("refused" in message) {
      disconnect("refused", String(message.refused));
    } else if ("stopped" in message) {
      disconnect("stopped", String(message.stopped));
    } else if ("command" in message && connected) {
      const id = Number.isInteger(message.id) ? message.id : null;
      send(
        JSON.stringify({
          reply: id,
          error: "this app does not accept commands: the Redux logger streams its log only",
        }) + "\n",
      );
    }
  }

  function connect() {
    timer = null;
    if (closed) return;
    let pending = "";
    try {
      socket = net.connect({ host, port });
    } catch (error) {
      disconnect("disconnected", describe(error));
      return;
    }
    socket.unref(); // the logger never keeps Node running
    socket.setNoDelay(true);
    socket.on("connect", () => send(hello));
    socket.on("drain", sendPending);
    socket.on("data", (chunk) => {
      pending += chunk.toString("utf8");
      if (pending.length > 16 << 20) {
        disconnect("disconnected", "the listener sent a line longer than 16777216 bytes");
        return;
      }
      let newline;
      while (socket !== null && (newline = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        onLine(line);
      }
    });
    socket.on("error", (error) => {
      const reason =
        error.code === "ECONNREFUSED"
          ? `cannot connect to ${settings.connect}: connection refused`
          : `the connection failed: ${describe(error)}`;
      disconnect("disconnected", reason);
    });
    socket.on("close", () => {
      if (socket !== null) disconnect("disconnected", "the listener closed the connection");
    });
  }

  const beat = setInterval(() => {
    if (connected && Date.now() - lastSent >= heartbeat) send('{"heartbeat":true}\n');
  }, 1000);
  beat.unref();
  connect();

  return {
    write,
    status: () => ({ ...state }),
    close() {
      if (closed) return;
      closed = true;
      clearInterval(beat);
      if (timer !== null) clearTimeout(timer);
      if (socket === null) {
        state = { state: state.state === "stopped" ? "stopped" : "closed", reason: state.reason };
        return;
      }
      // What is buffered still goes, for at most a second.
      sendPending();
      const ending = socket;
      ending.ref();
      ending.end();
      setTimeout(() => ending.destroy(), 1000).unref();
      socket = null;
      connected = false;
      if (state.state !== "stopped") state = { state: "closed", reason: null };
    },
  };
}

// options.connect "HOST:PORT" (an IPv6 host in brackets), options.token, options.bufferLimit.
function checkLiveOptions(options) {
  const none = { connect: null, token: null, bufferLimit: 8 << 20, live: null };
  if (options.connect === undefined) return none;
  const text = options.connect;
  const match = typeof text === "string" ? /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(text) : null;
  const port = match === null ? 0 : Number(match[3]);
  if (match === null || port < 1 || port > 65535) {
    throw new TypeError(
      'replayLogger: options.connect must be "HOST:PORT" (e.g. "127.0.0.1:9000", "[::1]:9000")',
    );
  }
  if (options.token !== undefined && typeof options.token !== "string") {
    throw new TypeError("replayLogger: options.token must be a string");
  }
  const limit = options.bufferLimit ?? none.bufferLimit;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new TypeError("replayLogger: options.bufferLimit must be a positive integer (bytes)");
  }
  const net = globalThis.process?.getBuiltinModule?.("node:net") ?? null;
  const os = globalThis.process?.getBuiltinModule?.("node:os") ?? null;
  if (net === null || os === null) {
    throw new TypeError(
      "replayLogger: options.connect needs Node's net (Node 20.16 or later); in a browser, stream from a Node process",
    );
  }
  const token = options.token ?? globalThis.process?.env?.REPLAY_TOKEN ?? null;
  return {
    connect: text,
    token,
    bufferLimit: limit,
    live: { net, os, host: match[1] ?? match[2], port },
  };
}

function checkOptions(options) {
  if (options === null || typeof options !== "object") {
    throw new TypeError("replayLogger: options must be an object");
  }
  const hasWrite = options.write !== undefined;
  const hasPath = options.path !== undefined;
  const hasConnect = options.connect !== undefined;
  // A sink: write or path (not both), connect beside either or alone.
  if (hasWrite && hasPath) {
    throw new TypeError("replayLogger: give options.write or options.path, not both");
  }
  if (!hasWrite && !hasPath && !hasConnect) {
    throw new TypeError(
      "replayLogger: give options.write, options.path or options.connect (where the lines go)",
    );
  }
  if (hasWrite && typeof options.write !== "function") {
    throw new TypeError("replayLogger: options.write must be a function (line) => …");
  }
  let fs = null;
  if (hasPath) {
    if (typeof options.path !== "string" || options.path === "") {
      throw new TypeError("replayLogger: options.path must be a non-empty string");
    }
    fs = globalThis.process?.getBuiltinModule?.("node:fs") ?? null;
    if (fs === null) {
      throw new TypeError(
        "replayLogger: options.path needs Node's fs (Node 20.16 or later); " +
          "pass options.write instead",
      );
    }
  }
  for (const name of ["app", "stateType", "actionType"]) {
    if (options[name] !== undefined && typeof options[name] !== "string") {
      throw new TypeError(`replayLogger: options.${name} must be a string`);
    }
  }
  if (options.causes !== undefined && typeof options.causes !== "boolean") {
    throw new TypeError("replayLogger: options.causes must be a boolean");
  }
  for (const name of ["clock", "onError"]) {
    if (options[name] !== undefined && typeof options[name] !== "function") {
      throw new TypeError(`replayLogger: options.${name} must be a function`);
    }
  }
  const live = checkLiveOptions(options);
  // A bare list, the shape most loggers take, is the state's pointers; any other shape
  // but {state, action, placeholder} throws, so that a mistake never redacts nothing.
  const redact = Array.isArray(options.redact) ? { state: options.redact } : options.redact ?? {};
  if (redact === null || typeof redact !== "object") {
    throw new TypeError(
      "replayLogger: options.redact must be {state, action, placeholder} or a list of state pointers",
    );
  }
  for (const key of Object.keys(redact)) {
    if (!["state", "action", "placeholder"].includes(key)) {
      throw new TypeError(
        `replayLogger: options.redact has no member ${JSON.stringify(key)}; it takes {state, action, placeholder} or a list of state pointers`,
      );
    }
  }
  if (redact.placeholder !== undefined && typeof redact.placeholder !== "string") {
    throw new TypeError("replayLogger: options.redact.placeholder must be a string");
  }
  return {
    write: hasWrite ? options.write : null,
    path: hasPath ? options.path : null,
    fs,
    app: options.app,
    stateType: options.stateType,
    actionType: options.actionType,
    clock: options.clock ?? (() => new Date()),
    onError: options.onError ?? ((error) => console.error(error.message)),
    trace: traceOption(options.trace),
    causes: options.causes !== false,
    stateTrie: pointerTrie(redact.state, "replayLogger: redact.state"),
    actionTrie: pointerTrie(redact.action, "replayLogger: redact.action"),
    placeholder: redact.placeholder ?? PLACEHOLDER,
    ...live,
  };
}

function headerLine(settings, created) {
  let line = '{"format":"replay-log","version":1';
  for (const name of ["app", "stateType", "actionType"]) {
    if (settings[name] !== undefined) line += `,"${name}":${JSON.stringify(settings[name])}`;
  }
  return `${line},"created":"${created}"}\n`;
}

// RFC 3339 UTC with milliseconds, as the log requires.
function timestamp(instant) {
  const date = instant instanceof Date ? instant : new Date(instant);
  return date.toISOString();
}

// Loops because write(2) may write less than asked; a regular file opened with
// O_APPEND takes a whole line in one call in practice.
function writeWhole(fs, fd, line) {
  const bytes = new TextEncoder().encode(line);
  let offset = 0;
  while (offset < bytes.length) {
    offset += fs.writeSync(fd, bytes, offset, bytes.length - offset);
  }
}

// Redux's own test: an object whose prototype is Object.prototype (of any realm) or
// null. A proxy whose trap throws is not one, rather than an error thrown at the app.
function isPlainObject(value) {
  if (typeof value !== "object" || value === null) return false;
  try {
    const proto = Object.getPrototypeOf(value);
    if (proto === null) return true;
    let root = proto;
    while (Object.getPrototypeOf(root) !== null) root = Object.getPrototypeOf(root);
    return proto === root;
  } catch {
    return false;
  }
}

// The action's name in messages, as replay names it (Sources/TimeTravel/Documentation.docc/LogFormat.md).
function actionName(action) {
  try {
    return typeof action.type === "string" ? JSON.stringify(action.type).slice(1, -1) : "<object>";
  } catch {
    return "<object>";
  }
}

function describe(error) {
  if (error instanceof Error) return error.message;
  try {
    return String(error);
  } catch {
    return "unknown error";
  }
}

function traceOption(trace) {
  if (trace === undefined || trace === false) return null;
  if (trace === true) return { ignore: null };
  if (trace !== null && typeof trace === "object") {
    if (trace.ignore !== undefined && !(trace.ignore instanceof RegExp)) {
      throw new TypeError("replayLogger: options.trace.ignore must be a RegExp");
    }
    return { ignore: trace.ignore ?? null };
  }
  throw new TypeError("replayLogger: options.trace must be a boolean or {ignore: RegExp}");
}

/**
 * Finds dispatch sites in V8 stack traces. Created when Redux applies the middleware:
 * the frame that called it then is Redux's `applyMiddleware`, which tells Redux's file,
 * and the frame creating the tracer tells this module's. At a dispatch, the stack is
 * taken from the caller of the middleware's own function (`Error.captureStackTrace`),
 * and the site is its first frame outside this module, Redux, libraries
 * (`node_modules/`) and the files `ignore` matches: the app's code that called
 * `dispatch`, be it a component, a thunk's body or a subscriber. When Redux is bundled
 * with the app (one file), the first frame outside this module is taken.
 */
class Tracer {
  constructor(options, middlewareFunction) {
    this.ignore = options.ignore;
    this.available = typeof Error.captureStackTrace === "function";
    this.reduxFile = null;
    this.ownFile = null;
    if (!this.available) return;
    this.ownFile = stackFrames(null, 1)[0]?.location ?? null;
    this.reduxFile = stackFrames(middlewareFunction, 1)[0]?.location ?? null;
    if (this.reduxFile === this.ownFile) this.reduxFile = null;
  }

  /** The site of the dispatch that called `excluded`, as JSON text, or null. */
  site(excluded) {
    if (!this.available) return null;
    const frames = stackFrames(excluded, 30);
    const outside = (frame) =>
      frame.location !== this.ownFile && !frame.location.includes("node_modules/");
    const chosen =
      this.first(frames, (frame) => outside(frame) && frame.location !== this.reduxFile) ??
      this.first(frames, outside);
    if (chosen === null) return null;
    const frame = chosen.frame.resolve();
    if (frame.line === null) return null;
    let text = `{"file":${JSON.stringify(chosen.file)},"line":${frame.line}`;
    if (frame.function !== null) text += `,"function":${JSON.stringify(frame.function)}`;
    return frame.column === null ? `${text}}` : `${text},"column":${frame.column}}`;
  }

  // The first frame that `accept`s and is not in an ignored file.
  first(frames, accept) {
    for (const frame of frames) {
      if (!accept(frame)) continue;
      const file = siteFile(frame.location);
      if (this.ignore !== null && this.ignore.test(file)) continue;
      return { frame, file };
    }
    return null;
  }
}

// The frames above `excluded` on the stack, innermost first: {location, resolve()},
// where location is the frame's file or URL as V8 names it and resolve() gives
// {function, line, column}. V8's structured call sites are read (a `prepareStackTrace`
// set for the moment of the capture), which skips formatting the trace as text, and
// only the chosen frame's position is looked up. Where the engine gives text, it is
// parsed instead.
function stackFrames(excluded, limit) {
  const holder = {};
  const previousLimit = Error.stackTraceLimit;
  const previousPrepare = Error.prepareStackTrace;
  Error.stackTraceLimit = limit;
  Error.prepareStackTrace = (_, callSites) => callSites;
  let callSites;
  try {
    Error.captureStackTrace(holder, excluded ?? undefined);
    callSites = holder.stack;
  } finally {
    Error.prepareStackTrace = previousPrepare;
    Error.stackTraceLimit = previousLimit;
  }
  if (!Array.isArray(callSites)) return textFrames(String(callSites));
  const frames = [];
  for (const site of callSites) {
    const location = site.getFileName?.();
    if (typeof location !== "string" || site.isEval?.()) continue;
    frames.push({
      location,
      resolve: () => ({
        function: site.getFunctionName?.() ?? site.getMethodName?.() ?? null,
        line: site.getLineNumber?.() ?? null,
        column: site.getColumnNumber?.() ?? null,
      }),
    });
  }
  return frames;
}

function textFrames(stack) {
  const frames = [];
  for (const raw of stack.split("\n")) {
    const frame = parseFrame(raw);
    if (frame !== null) frames.push({ location: frame.location, resolve: () => frame });
  }
  return frames;
}

// `    at FUNCTION (LOCATION:LINE:COLUMN)` or `    at LOCATION:LINE:COLUMN`.
function parseFrame(raw) {
  const text = raw.trim();
  if (!text.startsWith("at ")) return null;
  let body = text.slice(3);
  let fn = null;
  const open = body.indexOf(" (");
  if (body.endsWith(")") && open >= 0) {
    fn = body.slice(0, open);
    body = body.slice(open + 2, -1);
  }
  const match = /^(.*):(\d+):(\d+)$/.exec(body);
  if (match === null || match[1].startsWith("eval at ")) return null;
  return { function: fn, location: match[1], line: Number(match[2]), column: Number(match[3]) };
}

// A frame's file as the log names it: relative to the working directory when under it
// (Node), a URL's path without its origin and query (browsers).
function siteFile(location) {
  let file = location;
  if (file.startsWith("file://")) {
    try {
      file = decodeURIComponent(new URL(file).pathname);
    } catch {
      file = file.slice("file://".length);
    }
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file)) {
    try {
      const url = new URL(file);
      file = decodeURIComponent(url.pathname).replace(/^\//, "");
    } catch {
      // Kept as written.
    }
  }
  const cwd = globalThis.process?.cwd?.();
  if (typeof cwd === "string" && file.startsWith(`${cwd}/`)) file = file.slice(cwd.length + 1);
  return file;
}
