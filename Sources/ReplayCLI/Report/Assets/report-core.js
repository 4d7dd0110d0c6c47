"use strict";
// The core of replay's HTML report, without the DOM (node runs it in the tests):
// JSON values as the command line models them (numbers keep their text, objects their
// key order), RFC 6901 pointers, RFC 6902 patches, the id-aware diff of TimeTravelDiff
// and the text rendering of `replay --diff`. Each part mirrors a Swift type, named in
// its comment; the tests check that both give the same output.
const ReplayCore = (() => {
  // ---- Values (JSONValue) --------------------------------------------------------
  // null, true, false and strings are JavaScript's own; arrays are Arrays; a number is
  // a JNum holding its literal text; an object is a JObj with its keys in order.

  /** A JSON number kept as its exact literal text (JSONNumber). */
  class JNum {
    constructor(text) {
      this.t = text;
      this.c = null;
    }
    /** The value as a double, as jq and charts read it. */
    get value() {
      return Number(this.t);
    }
    /** The exact decimal value, canonical: equal numbers have equal keys (ExactDecimal). */
    get key() {
      if (this.c === null) this.c = exactDecimalKey(this.t);
      return this.c;
    }
  }

  function exactDecimalKey(text) {
    let s = text;
    let negative = false;
    if (s[0] === "-") {
      negative = true;
      s = s.slice(1);
    }
    let exponent = 0;
    const e = s.search(/[eE]/);
    if (e >= 0) {
      exponent = parseInt(s.slice(e + 1), 10) || 0;
      s = s.slice(0, e);
    }
    let digits;
    const dot = s.indexOf(".");
    if (dot >= 0) {
      exponent += dot;
      digits = s.slice(0, dot) + s.slice(dot + 1);
    } else {
      exponent += s.length;
      digits = s;
    }
    const leading = digits.match(/^0*/)[0].length;
    digits = digits.slice(leading);
    exponent -= leading;
    digits = digits.replace(/0+$/, "");
    if (digits === "") return "0";
    return (negative ? "-" : "") + digits + "e" + exponent;
  }

  /** The members of a JSON object: keys in order, values aligned (JSONObject). */
  class JObj {
    constructor(keys, values) {
      this.k = keys;
      this.v = values;
      this.m = null;
    }
    get size() {
      return this.k.length;
    }
    /** The position of `key`, or -1. */
    indexOf(key) {
      if (this.k.length < 12) return this.k.indexOf(key);
      if (this.m === null) {
        this.m = new Map();
        for (let i = this.k.length - 1; i >= 0; i--) this.m.set(this.k[i], i);
      }
      const i = this.m.get(key);
      return i === undefined ? -1 : i;
    }
    has(key) {
      return this.indexOf(key) >= 0;
    }
    get(key) {
      const i = this.indexOf(key);
      return i < 0 ? undefined : this.v[i];
    }
    copy() {
      return new JObj(this.k.slice(), this.v.slice());
    }
    /** Sets `key` in place: a new key goes last (a copy is changed, never a shared one). */
    set(key, value) {
      const i = this.indexOf(key);
      if (i >= 0) {
        this.v[i] = value;
      } else {
        this.k.push(key);
        this.v.push(value);
        if (this.m !== null) this.m.set(key, this.k.length - 1);
      }
    }
    remove(key) {
      const i = this.indexOf(key);
      if (i < 0) return;
      this.k.splice(i, 1);
      this.v.splice(i, 1);
      this.m = null;
    }
  }

  const isObject = (v) => v instanceof JObj;
  const isContainer = (v) => Array.isArray(v) || v instanceof JObj;

  /** jq's type names. */
  function typeName(v) {
    if (v === null) return "null";
    if (v === true || v === false) return "boolean";
    if (v instanceof JNum) return "number";
    if (typeof v === "string") return "string";
    return Array.isArray(v) ? "array" : "object";
  }

  // ---- Parsing ---------------------------------------------------------------------
  // The report's own JSON (printed by JSONPrinter, so without repeated keys), read into
  // the model above iteratively: nesting depth is limited by memory only.

  const numberPattern = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

  function parse(text) {
    let i = 0;
    const n = text.length;
    const fail = (what) => {
      throw new SyntaxError(`${what} at offset ${i}`);
    };
    const space = () => {
      for (;;) {
        const c = text.charCodeAt(i);
        if (c === 32 || c === 10 || c === 13 || c === 9) i++;
        else return;
      }
    };
    const string = () => {
      i++;
      let out = "";
      let start = i;
      for (;;) {
        if (i >= n) fail("unterminated string");
        const c = text.charCodeAt(i);
        if (c === 34) {
          out += text.slice(start, i);
          i++;
          return out;
        }
        if (c === 92) {
          out += text.slice(start, i);
          const e = text[i + 1];
          i += 2;
          switch (e) {
            case "n": out += "\n"; break;
            case "t": out += "\t"; break;
            case "r": out += "\r"; break;
            case "b": out += "\b"; break;
            case "f": out += "\f"; break;
            case "u":
              out += String.fromCharCode(parseInt(text.slice(i, i + 4), 16));
              i += 4;
              break;
            default: out += e;
          }
          start = i;
          continue;
        }
        i++;
      }
    };
    const key = () => {
      space();
      if (text.charCodeAt(i) !== 34) fail("expected a key");
      const k = string();
      space();
      if (text.charCodeAt(i) !== 58) fail("expected ':'");
      i++;
      return k;
    };
    const frames = [];
    for (;;) {
      space();
      let value;
      const c = text.charCodeAt(i);
      if (c === 123) {
        i++;
        space();
        if (text.charCodeAt(i) === 125) {
          i++;
          value = new JObj([], []);
        } else {
          frames.push({ c: new JObj([], []), key: key() });
          continue;
        }
      } else if (c === 91) {
        i++;
        space();
        if (text.charCodeAt(i) === 93) {
          i++;
          value = [];
        } else {
          frames.push({ c: [], key: null });
          continue;
        }
      } else if (c === 34) {
        value = string();
      } else if (text.startsWith("true", i)) {
        value = true;
        i += 4;
      } else if (text.startsWith("false", i)) {
        value = false;
        i += 5;
      } else if (text.startsWith("null", i)) {
        value = null;
        i += 4;
      } else {
        numberPattern.lastIndex = i;
        const m = numberPattern.exec(text);
        if (m === null) fail("unexpected character");
        value = new JNum(m[0]);
        i += m[0].length;
      }
      for (;;) {
        const frame = frames[frames.length - 1];
        if (frame === undefined) {
          space();
          if (i !== n) fail("unexpected text after the value");
          return value;
        }
        const isArray = frame.key === null;
        if (isArray) frame.c.push(value);
        else frame.c.set(frame.key, value);
        space();
        const d = text.charCodeAt(i++);
        if (d === 44) {
          if (!isArray) frame.key = key();
          break;
        }
        if ((isArray && d === 93) || (!isArray && d === 125)) {
          frames.pop();
          value = frame.c;
          continue;
        }
        fail("expected ',' or a closing bracket");
      }
    }
  }

  /**
   * A value as JSON.parse gives it, in this model (a number as JavaScript prints it), built
   * with an explicit stack: JSON.stringify, which overflows the stack a few thousand levels
   * down, is never needed to read the index's values.
   */
  function fromPlain(root) {
    const isPlainObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
    const shell = (v) => {
      if (typeof v === "number") return new JNum(String(v));
      if (Array.isArray(v)) return new Array(v.length);
      if (isPlainObject(v)) {
        const keys = Object.keys(v);
        return new JObj(keys, new Array(keys.length));
      }
      return v;
    };
    const result = shell(root);
    const stack = [[root, result]];
    while (stack.length > 0) {
      const [source, target] = stack.pop();
      if (Array.isArray(source)) {
        for (let i = 0; i < source.length; i++) {
          target[i] = shell(source[i]);
          if (typeof source[i] === "object" && source[i] !== null) stack.push([source[i], target[i]]);
        }
      } else if (isPlainObject(source)) {
        for (let j = 0; j < target.k.length; j++) {
          const child = source[target.k[j]];
          target.v[j] = shell(child);
          if (typeof child === "object" && child !== null) stack.push([child, target.v[j]]);
        }
      }
    }
    return result;
  }

  // ---- Printing (JSONPrinter) ------------------------------------------------------

  const escapedClass = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;

  /** Whether a code point is written `\uXXXX` (JSONPrinter.needsEscape). */
  function needsEscape(cp) {
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0xa0)) return true;
    if (cp < 0xa1) return false;
    if (cp >= 0xd800 && cp <= 0xdfff) return true;
    return escapedClass.test(String.fromCodePoint(cp));
  }

  const plainString = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
  const hex4 = (unit) => "\\u" + unit.toString(16).padStart(4, "0");

  /** A quoted, escaped JSON string, as JSONPrinter.writeString writes it. */
  function printString(s) {
    if (plainString.test(s)) return '"' + s + '"';
    let out = '"';
    for (let i = 0; i < s.length; i++) {
      const unit = s.charCodeAt(i);
      switch (unit) {
        case 0x22: out += '\\"'; continue;
        case 0x5c: out += "\\\\"; continue;
        case 0x0a: out += "\\n"; continue;
        case 0x0d: out += "\\r"; continue;
        case 0x09: out += "\\t"; continue;
        case 0x08: out += "\\b"; continue;
        case 0x0c: out += "\\f"; continue;
      }
      if (unit >= 0x20 && unit < 0x7f) {
        out += s[i];
        continue;
      }
      const cp = s.codePointAt(i);
      const wide = cp > 0xffff;
      if (needsEscape(cp)) {
        out += hex4(unit);
        if (wide) out += hex4(s.charCodeAt(i + 1));
      } else {
        out += wide ? s.slice(i, i + 2) : s[i];
      }
      if (wide) i++;
    }
    return out + '"';
  }

  /** Compact JSON text (`jq -c`), iteratively. */
  function print(value) {
    const parts = [];
    const stack = [{ v: value }];
    while (stack.length > 0) {
      const item = stack.pop();
      if (item.text !== undefined) {
        parts.push(item.text);
        continue;
      }
      const v = item.v;
      if (v === null) parts.push("null");
      else if (v === true) parts.push("true");
      else if (v === false) parts.push("false");
      else if (v instanceof JNum) parts.push(v.t);
      else if (typeof v === "string") parts.push(printString(v));
      else if (Array.isArray(v)) {
        parts.push("[");
        stack.push({ text: "]" });
        for (let j = v.length - 1; j >= 0; j--) {
          stack.push({ v: v[j] });
          if (j > 0) stack.push({ text: "," });
        }
      } else {
        parts.push("{");
        stack.push({ text: "}" });
        for (let j = v.k.length - 1; j >= 0; j--) {
          stack.push({ v: v.v[j] });
          stack.push({ text: printString(v.k[j]) + ":" });
          if (j > 0) stack.push({ text: "," });
        }
      }
    }
    return parts.join("");
  }

  // ---- Characters, as Swift counts them --------------------------------------------

  const segmenter =
    typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter("en", { granularity: "grapheme" }) : null;

  /** The characters (extended grapheme clusters) of `s`. */
  function characters(s) {
    if (segmenter === null) return Array.from(s);
    const out = [];
    for (const piece of segmenter.segment(s)) out.push(piece.segment);
    return out;
  }

  /** Swift's `String.count`. */
  const characterCount = (s) => (s.length <= 1 ? s.length : characters(s).length);

  // ---- Pointers (JSONPointer) ------------------------------------------------------

  /** RFC 6901 §3: tokens of a pointer's text. */
  function parsePointer(text) {
    if (text === "") return [];
    if (text[0] !== "/") throw new SyntaxError(`a JSON Pointer starts with '/': ${text}`);
    return text
      .slice(1)
      .split("/")
      .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
  }

  const formatPointer = (tokens) =>
    tokens.map((t) => "/" + t.replace(/~/g, "~0").replace(/\//g, "~1")).join("");

  /** The pointer as JSONPointer.displayText prints it: plain when unambiguous, else quoted. */
  function displayPointer(tokens) {
    const text = formatPointer(tokens);
    if (text === "") return printString(text);
    for (const ch of text) {
      if (ch === "\\" || ch === '"' || needsEscape(ch.codePointAt(0))) return printString(text);
    }
    return text;
  }

  /** DiffTextRenderer.displayPath: the root as "(root)". */
  const displayPath = (tokens) => (tokens.length === 0 ? "(root)" : displayPointer(tokens));

  /** RFC 6901 §4 array index: digits without a leading zero. */
  function arrayIndex(token) {
    if (!/^(0|[1-9][0-9]*)$/.test(token)) return -1;
    const n = Number(token);
    return Number.isSafeInteger(n) ? n : -1;
  }

  /** The value at `tokens`, or undefined (JSONPointer.resolve). */
  function resolve(value, tokens) {
    let current = value;
    for (const token of tokens) {
      if (current instanceof JObj) {
        current = current.get(token);
        if (current === undefined) return undefined;
      } else if (Array.isArray(current)) {
        const i = arrayIndex(token);
        if (i < 0 || i >= current.length) return undefined;
        current = current[i];
      } else {
        return undefined;
      }
    }
    return current;
  }

  // ---- Patches (JSONPatch+Apply), without changing the states they apply to ----------

  const copyContainer = (c) => (Array.isArray(c) ? c.slice() : c.copy());

  /** `root` with the container at `tokens[0..<last]` copied and changed by `change`. */
  function withParent(root, tokens, change) {
    const path = [root];
    for (let d = 0; d < tokens.length - 1; d++) {
      const next = resolve(path[d], [tokens[d]]);
      if (!isContainer(next)) throw new Error(`no container at ${formatPointer(tokens.slice(0, d + 1))}`);
      path.push(next);
    }
    if (!isContainer(path[path.length - 1])) throw new Error(`no container at ${formatPointer(tokens.slice(0, -1))}`);
    let copy = copyContainer(path[path.length - 1]);
    change(copy, tokens[tokens.length - 1]);
    for (let d = tokens.length - 2; d >= 0; d--) {
      const parent = copyContainer(path[d]);
      if (Array.isArray(parent)) parent[arrayIndex(tokens[d])] = copy;
      else parent.set(tokens[d], copy);
      copy = parent;
    }
    return copy;
  }

  function addAt(root, tokens, value) {
    if (tokens.length === 0) return value;
    return withParent(root, tokens, (parent, token) => {
      if (Array.isArray(parent)) {
        const i = token === "-" ? parent.length : arrayIndex(token);
        if (i < 0 || i > parent.length) throw new Error(`index ${token} out of range`);
        parent.splice(i, 0, value);
      } else {
        parent.set(token, value);
      }
    });
  }

  function removeAt(root, tokens) {
    return withParent(root, tokens, (parent, token) => {
      if (Array.isArray(parent)) {
        const i = arrayIndex(token);
        if (i < 0 || i >= parent.length) throw new Error(`index ${token} out of range`);
        parent.splice(i, 1);
      } else {
        if (!parent.has(token)) throw new Error(`no member ${token}`);
        parent.remove(token);
      }
    });
  }

  function replaceAt(root, tokens, value) {
    if (tokens.length === 0) return value;
    return withParent(root, tokens, (parent, token) => {
      if (Array.isArray(parent)) {
        const i = arrayIndex(token);
        if (i < 0 || i >= parent.length) throw new Error(`index ${token} out of range`);
        parent[i] = value;
      } else {
        if (!parent.has(token)) throw new Error(`no member ${token}`);
        parent.set(token, value);
      }
    });
  }

  /**
   * Applies an RFC 6902 patch (a parsed array of operation objects) to `state`, which is
   * left unchanged (containers on the changed paths are copied). Returns the new state
   * and the changes as JSONChange lists them: `{op, path, from, oldPath, newPath, old, new}`.
   */
  function applyPatch(state, operations) {
    const changes = [];
    let current = state;
    // Where each moved element is now, followed through later insertions, removals and
    // moves in its array (changes inside it never move it).
    const moves = [];
    const parentKey = (path) => formatPointer(path.slice(0, -1));
    const inserted = (path) => {
      const parent = parentKey(path);
      const i = arrayIndex(path[path.length - 1]);
      for (const m of moves) if (m.parent === parent && i >= 0 && m.index >= i) m.index++;
    };
    const removed = (path) => {
      const parent = parentKey(path);
      const i = arrayIndex(path[path.length - 1]);
      for (const m of moves) if (m.parent === parent && i >= 0 && m.index > i) m.index--;
    };
    // For arrays a move lands in, the index each element had before the patch (-1 for
    // one it added), so a move's oldPath names its element as the removals do.
    const moveTargets = new Set();
    for (const operation of operations) {
      if (operation.get("op") === "move") moveTargets.add(parentKey(parsePointer(operation.get("path"))));
    }
    const origins = new Map();
    const originsOf = (path) => {
      const parent = parentKey(path);
      if (!moveTargets.has(parent)) return null;
      if (!origins.has(parent)) {
        const array = resolve(current, path.slice(0, -1));
        origins.set(parent, Array.isArray(array) ? array.map((_, i) => i) : []);
      }
      return origins.get(parent);
    };
    const originAdded = (path) => {
      const list = originsOf(path);
      if (!list) return;
      const token = path[path.length - 1];
      const i = token === "-" ? list.length : arrayIndex(token);
      if (i >= 0 && i <= list.length) list.splice(i, 0, -1);
    };
    const originRemoved = (path) => {
      const list = originsOf(path);
      if (!list) return -1;
      const i = arrayIndex(path[path.length - 1]);
      return i >= 0 && i < list.length ? list.splice(i, 1)[0] : -1;
    };
    for (const operation of operations) {
      const op = operation.get("op");
      const path = parsePointer(operation.get("path"));
      switch (op) {
        case "add": {
          const value = operation.get("value");
          const change = { op, path, from: null, old: undefined, new: value };
          changes.push(change);
          originAdded(path);
          const parent = resolve(current, path.slice(0, -1));
          const last = path[path.length - 1];
          current = addAt(current, path, value);
          inserted(path);
          if (Array.isArray(parent)) {
            const index = last === "-" ? parent.length : arrayIndex(last);
            moves.push({ change, parent: parentKey(path), index, added: true });
          }
          break;
        }
        case "remove":
          changes.push({ op, path, from: null, old: resolve(current, path), new: undefined });
          originRemoved(path);
          current = removeAt(current, path);
          removed(path);
          break;
        case "replace": {
          const value = operation.get("value");
          changes.push({ op, path, from: null, old: resolve(current, path), new: value });
          current = replaceAt(current, path, value);
          break;
        }
        case "move": {
          const from = parsePointer(operation.get("from"));
          const value = resolve(current, from);
          const sameArray = parentKey(from) === parentKey(path);
          const origin = sameArray ? originRemoved(from) : -1;
          if (sameArray) {
            const list = originsOf(path);
            const i = arrayIndex(path[path.length - 1]);
            if (list && i >= 0 && i <= list.length) list.splice(i, 0, origin);
          }
          const oldPath = origin >= 0 ? path.slice(0, -1).concat([String(origin)]) : null;
          const change = { op, path, from, oldPath, old: undefined, new: value };
          changes.push(change);
          current = addAt(removeAt(current, from), path, value);
          removed(from);
          inserted(path);
          moves.push({ change, parent: parentKey(path), index: arrayIndex(path[path.length - 1]) });
          break;
        }
        case "copy": {
          const value = resolve(current, parsePointer(operation.get("from")));
          originAdded(path);
          current = addAt(current, path, value);
          changes.push({ op: "add", path, from: null, old: undefined, new: value });
          break;
        }
        case "test":
          break;
        default:
          throw new Error(`unknown patch operation ${op}`);
      }
    }
    // JSONChange gives a move the element's value in the new document, after the
    // changes inside it, and an addition or a move the index it ends at (newPath).
    for (const m of moves) {
      if (m.index < 0) continue;
      const final = m.change.path.slice(0, -1).concat([String(m.index)]);
      if (!m.added) m.change.new = resolve(current, final);
      if (formatPointer(final) !== formatPointer(m.change.path)) m.change.newPath = final;
    }
    return { state: current, changes };
  }

  // ---- Equality and hashes (JSONValue ==, StructuralHashes) --------------------------

  function hashText(s, seed) {
    let h = seed | 0;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    return h;
  }

  /** Hashes consistent with equality, memoised per container. */
  class Hashes {
    constructor() {
      this.table = new WeakMap();
    }
    hash(v) {
      if (v === null) return 0x1001;
      if (v === true) return 0x2002;
      if (v === false) return 0x3003;
      if (v instanceof JNum) return hashText(v.key, 0x4004);
      if (typeof v === "string") return hashText(v, 0x5005);
      const known = this.table.get(v);
      if (known !== undefined) return known;
      // Children first, without recursion on depth.
      const stack = [[v, false]];
      while (stack.length > 0) {
        const [c, done] = stack.pop();
        if (this.table.has(c)) continue;
        const children = Array.isArray(c) ? c : c.v;
        if (!done) {
          stack.push([c, true]);
          for (const child of children) if (isContainer(child) && !this.table.has(child)) stack.push([child, false]);
          continue;
        }
        let h;
        if (Array.isArray(c)) {
          h = Math.imul(0x6006 ^ c.length, 0x9e3779b1);
          for (const child of c) h = Math.imul(h ^ this.hash(child), 0x01000193);
        } else {
          let sum = 0;
          for (let j = 0; j < c.k.length; j++) {
            sum = (sum + Math.imul(hashText(c.k[j], 0x7007) ^ this.hash(c.v[j]), 0x85ebca6b)) | 0;
          }
          h = Math.imul(0x8008 ^ c.k.length, 0x9e3779b1) ^ sum;
        }
        this.table.set(c, h | 0);
      }
      return this.table.get(v);
    }
    /** JSONValue ==: numbers by exact value, objects regardless of key order. */
    equal(a, b) {
      if (a === b) return true;
      if (isContainer(a) && isContainer(b) && this.hash(a) !== this.hash(b)) return false;
      return deepEqual(a, b);
    }
  }

  function deepEqual(x, y) {
    const pending = [[x, y]];
    while (pending.length > 0) {
      const [a, b] = pending.pop();
      if (a === b) continue;
      if (a instanceof JNum && b instanceof JNum) {
        if (a.t !== b.t && a.key !== b.key) return false;
      } else if (Array.isArray(a) && Array.isArray(b)) {
        if (a.length !== b.length) return false;
        for (let i = 0; i < a.length; i++) pending.push([a[i], b[i]]);
      } else if (a instanceof JObj && b instanceof JObj) {
        if (a.size !== b.size) return false;
        for (let i = 0; i < a.k.length; i++) {
          const other = b.get(a.k[i]);
          if (other === undefined) return false;
          pending.push([a.v[i], other]);
        }
      } else {
        return false;
      }
    }
    return true;
  }

  /** A map keyed by JSON values, by equality (InternedValue). */
  class ValueMap {
    constructor(hashes) {
      this.hashes = hashes;
      this.buckets = new Map();
    }
    get(v) {
      const bucket = this.buckets.get(this.hashes.hash(v));
      if (bucket === undefined) return undefined;
      for (const [key, value] of bucket) if (this.hashes.equal(key, v)) return value;
      return undefined;
    }
    /** Sets `v` → `value`; returns false when `v` was there already. */
    add(v, value) {
      const h = this.hashes.hash(v);
      let bucket = this.buckets.get(h);
      if (bucket === undefined) this.buckets.set(h, (bucket = []));
      for (const entry of bucket) if (this.hashes.equal(entry[0], v)) return false;
      bucket.push([v, value]);
      return true;
    }
  }

  // ---- The id-aware diff (JSONDiff, ArrayMatching, ArrayDiff, ArrayPlacement) --------

  const maximumEditDistance = 1024;

  /** Myers' shortest edit script over interned ids, or null past the budget (ArrayDiff). */
  function edits(old, neu) {
    let prefix = 0;
    while (prefix < old.length && prefix < neu.length && old[prefix] === neu[prefix]) prefix++;
    let suffix = 0;
    while (
      suffix < old.length - prefix &&
      suffix < neu.length - prefix &&
      old[old.length - 1 - suffix] === neu[neu.length - 1 - suffix]
    )
      suffix++;
    const middle = middleEdits(old.slice(prefix, old.length - suffix), neu.slice(prefix, neu.length - suffix));
    if (middle === null) return null;
    const result = [];
    for (let k = 0; k < prefix; k++) result.push(["keep", k, k]);
    for (const e of middle) {
      if (e[0] === "keep") result.push(["keep", e[1] + prefix, e[2] + prefix]);
      else result.push([e[0], e[1] + prefix]);
    }
    for (let k = 0; k < suffix; k++) result.push(["keep", old.length - suffix + k, neu.length - suffix + k]);
    return result;
  }

  function middleEdits(a, b) {
    const n = a.length;
    const m = b.length;
    if (n === 0) return b.map((_, j) => ["insert", j]);
    if (m === 0) return a.map((_, i) => ["delete", i]);
    const maxD = n + m;
    const offset = maxD + 1;
    const v = new Array(2 * maxD + 3).fill(0);
    const trace = [];
    let found = -1;
    search: for (let d = 0; d <= maxD; d++) {
      if (d > maximumEditDistance) return null;
      trace.push(v.slice(offset - d - 1, offset + d + 2));
      for (let k = -d; k <= d; k += 2) {
        let x;
        if (k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])) x = v[offset + k + 1];
        else x = v[offset + k - 1] + 1;
        let y = x - k;
        while (x < n && y < m && a[x] === b[y]) {
          x++;
          y++;
        }
        v[offset + k] = x;
        if (x >= n && y >= m) {
          found = d;
          break search;
        }
      }
    }
    if (found < 0) return null;
    const reversed = [];
    let x = n;
    let y = m;
    for (let d = found; d >= 0; d--) {
      const snapshot = trace[d];
      const at = (k) => snapshot[k + d + 1];
      const k = x - y;
      const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
      const previousX = d === 0 ? 0 : at(previousK);
      const previousY = d === 0 ? 0 : previousX - previousK;
      while (x > previousX && y > previousY) {
        x--;
        y--;
        reversed.push(["keep", x, y]);
      }
      if (d > 0) reversed.push(x === previousX ? ["insert", previousY] : ["delete", previousX]);
      x = previousX;
      y = previousY;
    }
    return reversed.reverse();
  }

  function byPosition(old, neu, hashes) {
    const ids = new ValueMap(hashes);
    let count = 0;
    const intern = (v) => {
      const known = ids.get(v);
      if (known !== undefined) return known;
      ids.add(v, count);
      return count++;
    };
    const oldIDs = old.map(intern);
    const newIDs = neu.map(intern);
    const script = edits(oldIDs, newIDs) || [...old.map((_, i) => ["delete", i]), ...neu.map((_, j) => ["insert", j])];
    const result = { deleted: [], inserted: [], matches: [] };
    let runDeletes = [];
    let runInserts = [];
    const closeRun = () => {
      const paired = Math.min(runDeletes.length, runInserts.length);
      for (let p = 0; p < paired; p++) result.matches.push({ old: runDeletes[p], new: runInserts[p], isEqual: false });
      result.deleted.push(...runDeletes.slice(paired));
      result.inserted.push(...runInserts.slice(paired));
      runDeletes = [];
      runInserts = [];
    };
    for (const e of script) {
      if (e[0] === "keep") {
        closeRun();
        result.matches.push({ old: e[1], new: e[2], isEqual: true });
      } else if (e[0] === "delete") runDeletes.push(e[1]);
      else runInserts.push(e[1]);
    }
    closeRun();
    result.inserted.sort((p, q) => p - q);
    return result;
  }

  function byIdentity(old, neu, idKeys, hashes) {
    if (old.length === 0 || neu.length === 0) return null;
    const identity = (element, key) => (element instanceof JObj ? element.get(key) : undefined);
    const index = (elements, key) => {
      const positions = new ValueMap(hashes);
      for (let i = 0; i < elements.length; i++) {
        const id = identity(elements[i], key);
        if (id === undefined || !positions.add(id, i)) return null;
      }
      return positions;
    };
    for (const key of idKeys) {
      const oldIndex = index(old, key);
      if (oldIndex === null) continue;
      const newIndex = index(neu, key);
      if (newIndex === null) continue;
      const result = { deleted: [], inserted: [], matches: [] };
      old.forEach((element, i) => {
        const j = newIndex.get(identity(element, key));
        if (j !== undefined) result.matches.push({ old: i, new: j, isEqual: hashes.equal(element, neu[j]) });
        else result.deleted.push(i);
      });
      neu.forEach((element, j) => {
        if (oldIndex.get(identity(element, key)) === undefined) result.inserted.push(j);
      });
      return result;
    }
    return null;
  }

  /** Matches in a longest run of increasing new indexes stay put (patience sorting). */
  function stableMatches(matches) {
    const tails = [];
    const previous = new Array(matches.length).fill(-1);
    matches.forEach((match, m) => {
      let low = 0;
      let high = tails.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (matches[tails[mid]].new < match.new) low = mid + 1;
        else high = mid;
      }
      if (low > 0) previous[m] = tails[low - 1];
      if (low === tails.length) tails.push(m);
      else tails[low] = m;
    });
    const stable = new Array(matches.length).fill(false);
    let m = tails.length > 0 ? tails[tails.length - 1] : -1;
    while (m >= 0) {
      stable[m] = true;
      m = previous[m];
    }
    return stable;
  }

  class Fenwick {
    constructor(count) {
      this.tree = new Array(count + 1).fill(0);
    }
    add(delta, position) {
      for (let i = position + 1; i < this.tree.length; i += i & -i) this.tree[i] += delta;
    }
    prefixSum(position) {
      let sum = 0;
      for (let i = position; i > 0; i -= i & -i) sum += this.tree[i];
      return sum;
    }
  }

  /** Insertions and moves putting the survivors in their new order (ArrayPlacement). */
  function placementSteps(matching, newCount) {
    const stable = stableMatches(matching.matches);
    if (!stable.includes(false)) return matching.inserted.map((j) => ({ insert: true, index: j, newIndex: j }));
    const matchOfNew = new Array(newCount).fill(-1);
    matching.matches.forEach((match, m) => (matchOfNew[match.new] = m));
    const isStable = (j) => matchOfNew[j] >= 0 && stable[matchOfNew[j]];
    const newSlot = new Array(newCount).fill(-1);
    const oldSlot = new Array(matching.matches.length).fill(-1);
    let slotCount = 0;
    const chain = (j) => {
      for (let next = j + 1; next < newCount && !isStable(next); next++) newSlot[next] = slotCount++;
    };
    chain(-1);
    matching.matches.forEach((match, m) => {
      oldSlot[m] = slotCount++;
      if (stable[m]) chain(match.new);
    });
    const occupied = new Fenwick(slotCount);
    for (const slot of oldSlot) occupied.add(1, slot);
    const steps = [];
    for (let j = 0; j < newCount; j++) {
      if (isStable(j)) continue;
      const m = matchOfNew[j];
      if (m >= 0) {
        const from = occupied.prefixSum(oldSlot[m]);
        occupied.add(-1, oldSlot[m]);
        steps.push({ insert: false, from, to: occupied.prefixSum(newSlot[j]), oldIndex: matching.matches[m].old, newIndex: j });
      } else {
        steps.push({ insert: true, index: occupied.prefixSum(newSlot[j]), newIndex: j });
      }
      occupied.add(1, newSlot[j]);
    }
    return steps;
  }

  /**
   * The changes turning `old` into `neu`, as JSONDiff.changes(from:to:options:) lists
   * them: `{op, path, from, oldPath, newPath, old, new}` with paths as token arrays, in
   * document order; `path` and a move's `from` count earlier operations (RFC 6902), a
   * move's `oldPath` is the element's index in the old array and an addition's or a
   * move's `newPath` its index in the new one, which renderings show.
   */
  function diff(old, neu, idKeys) {
    const hashes = new Hashes();
    const parents = [];
    const tokens = [];
    const node = (parent, token) => {
      parents.push(parent);
      tokens.push(token);
      return tokens.length - 1;
    };
    const pointer = (n) => {
      const result = [];
      for (let current = n; current !== -1; current = parents[current]) result.push(tokens[current]);
      return result.reverse();
    };
    const output = [];
    if (hashes.equal(old, neu)) return output;
    const sameKind = (a, b) => (Array.isArray(a) && Array.isArray(b)) || (isObject(a) && isObject(b));
    const pairWork = (a, b, n) => (sameKind(a, b) ? { diff: [a, b, n] } : { emit: { op: "replace", node: n, old: a, new: b } });
    const objectWork = (a, b, n) => {
      const work = [];
      for (let j = 0; j < b.k.length; j++) {
        const oldValue = a.get(b.k[j]);
        if (oldValue !== undefined) {
          if (!hashes.equal(oldValue, b.v[j])) work.push(pairWork(oldValue, b.v[j], node(n, b.k[j])));
        } else {
          work.push({ emit: { op: "add", node: node(n, b.k[j]), new: b.v[j] } });
        }
      }
      for (let j = 0; j < a.k.length; j++) {
        if (!b.has(a.k[j])) work.push({ emit: { op: "remove", node: node(n, a.k[j]), old: a.v[j] } });
      }
      return work;
    };
    const arrayWork = (a, b, n) => {
      const matching = byIdentity(a, b, idKeys, hashes) || byPosition(a, b, hashes);
      const work = [];
      for (let d = matching.deleted.length - 1; d >= 0; d--) {
        const i = matching.deleted[d];
        work.push({ emit: { op: "remove", node: node(n, String(i)), old: a[i] } });
      }
      for (const step of placementSteps(matching, b.length)) {
        if (step.insert) {
          const at = node(n, String(step.index));
          const shown = step.index === step.newIndex ? undefined : node(n, String(step.newIndex));
          work.push({ emit: { op: "add", node: at, newPath: shown, new: b[step.newIndex] } });
        } else {
          const fromNode = node(n, String(step.from));
          const oldNode = step.oldIndex === step.from ? undefined : node(n, String(step.oldIndex));
          const at = node(n, String(step.to));
          const shown = step.to === step.newIndex ? undefined : node(n, String(step.newIndex));
          work.push({ emit: { op: "move", node: at, from: fromNode, oldPath: oldNode, newPath: shown, new: b[step.newIndex] } });
        }
      }
      const matches = matching.matches.slice().sort((p, q) => p.new - q.new);
      for (const match of matches) {
        if (!match.isEqual) work.push(pairWork(a[match.old], b[match.new], node(n, String(match.new))));
      }
      return work;
    };
    const stack = [pairWork(old, neu, -1)];
    while (stack.length > 0) {
      const work = stack.pop();
      if (work.emit) {
        const e = work.emit;
        output.push({
          op: e.op,
          path: pointer(e.node),
          from: e.from === undefined ? null : pointer(e.from),
          oldPath: e.oldPath === undefined ? null : pointer(e.oldPath),
          newPath: e.newPath === undefined ? null : pointer(e.newPath),
          old: e.old,
          new: e.new,
        });
        continue;
      }
      const [a, b, n] = work.diff;
      const items = Array.isArray(a) ? arrayWork(a, b, n) : objectWork(a, b, n);
      for (let w = items.length - 1; w >= 0; w--) stack.push(items[w]);
    }
    return output;
  }

  /** The RFC 6902 form of changes (JSONChange.patchOperation), as a parsed patch. */
  function patchOf(changes) {
    return changes.map((c) => {
      const keys = ["op"];
      const values = [c.op];
      if (c.op === "move") {
        keys.push("from");
        values.push(formatPointer(c.from));
      }
      keys.push("path");
      values.push(formatPointer(c.path));
      if (c.op === "add" || c.op === "replace") {
        keys.push("value");
        values.push(c.new === undefined ? null : c.new);
      }
      return new JObj(keys, values);
    });
  }

  // ---- Abbreviation (JSONAbbreviation) ---------------------------------------------

  const abbreviationMinimum = 8;
  const combiningMark = /^\p{M}$/u;

  /** Four hex digits of `text` from `from` to `to`, or null. */
  function hexDigits(text, from, to) {
    if (to - from !== 4) return null;
    const digits = text.slice(from, to);
    return /^[0-9a-fA-F]{4}$/.test(digits) ? parseInt(digits, 16) : null;
  }

  /**
   * The unit of printed JSON at `i` (before `limit`), never cut: a whole escape (a
   * surrogate pair's two together), as wide as its text; otherwise one scalar with the
   * combining marks after it, one wide. Returns [end, width].
   */
  function unitAt(text, i, limit) {
    if (text.charCodeAt(i) !== 0x5c) {
      let end = i + (text.codePointAt(i) > 0xffff ? 2 : 1);
      while (end < limit) {
        const code = text.codePointAt(end);
        if (!combiningMark.test(String.fromCodePoint(code))) break;
        end += code > 0xffff ? 2 : 1;
      }
      return [end, 1];
    }
    let end = i + 1;
    if (!(end < limit && text[end] === "u")) return [end < limit ? end + 1 : end, 2];
    end = Math.min(i + 6, limit);
    const high = hexDigits(text, i + 2, end);
    if (high !== null && high >= 0xd800 && high <= 0xdbff && end + 6 <= limit &&
        text[end] === "\\" && text[end + 1] === "u") {
      const low = hexDigits(text, end + 2, end + 6);
      if (low !== null && low >= 0xdc00 && low <= 0xdfff) return [end + 6, 12];
    }
    return [end, end - i];
  }

  /** The width of the units from `start` to `end`, counting no further than `atMost`. */
  function widthOf(text, start, end, atMost) {
    let count = 0;
    let index = start;
    while (index < end && count <= atMost) {
      const [next, width] = unitAt(text, index, end);
      index = next;
      count += width;
    }
    return count;
  }

  /** A value's compact text and the part that may be cut (inside a string's quotes). */
  function printed(value, quoted) {
    const text = print(value);
    return { text, quoted, start: quoted ? 1 : 0, end: quoted ? text.length - 1 : text.length };
  }

  const fits = (p, limit) => widthOf(p.text, 0, p.text.length, limit) <= limit;

  /** The text from `index` (`start` characters into the body) in at most `limit`. */
  function windowText(p, index, start, limit) {
    let budget = limit - (p.quoted ? 2 : 0);
    let out = p.quoted ? '"' : "";
    if (start > 0) {
      out += "…";
      budget -= 1;
    }
    if (widthOf(p.text, index, p.end, budget) <= budget) {
      out += p.text.slice(index, p.end);
    } else {
      let end = index;
      let used = 0;
      while (end < p.end) {
        const [next, width] = unitAt(p.text, end, p.end);
        if (used + width > budget - 1) break;
        used += width;
        end = next;
      }
      out += p.text.slice(index, end) + "…";
    }
    return out + (p.quoted ? '"' : "");
  }

  /** JSONAbbreviation.prefix: whole when it fits, else its first characters and `…`. */
  function prefixText(value, limit) {
    limit = Math.max(limit, abbreviationMinimum);
    const p = printed(value, typeof value === "string");
    return fits(p, limit) ? p.text : windowText(p, p.start, 0, limit);
  }

  /** JSONAbbreviation.pair: both sides cut to one window around the first difference. */
  function pairText(oldValue, newValue, limit) {
    limit = Math.max(limit, abbreviationMinimum);
    const quoted = typeof oldValue === "string" && typeof newValue === "string";
    const a = printed(oldValue, quoted);
    const b = printed(newValue, quoted);
    if (fits(a, limit) && fits(b, limit)) return [a.text, b.text];
    const budget = limit - (quoted ? 2 : 0);
    let i = a.start;
    let j = b.start;
    let offset = 0;
    const recent = []; // the last `budget` unit starts, oldest first
    const remember = (entry) => {
      recent.push(entry);
      if (recent.length > Math.max(1, budget)) recent.shift();
    };
    while (i < a.end && j < b.end) {
      const [endA, widthA] = unitAt(a.text, i, a.end);
      const [endB] = unitAt(b.text, j, b.end);
      if (a.text.slice(i, endA) !== b.text.slice(j, endB)) break;
      remember([i, j, offset]);
      offset += widthA;
      i = endA;
      j = endB;
    }
    if (i === a.end && j === b.end) return [prefixText(oldValue, limit), prefixText(newValue, limit)];
    remember([i, j, offset]);
    const rest = Math.max(widthOf(a.text, i, a.end, budget), widthOf(b.text, j, b.end, budget));
    const before = Math.max(Math.trunc((budget - 2) / 3), budget - 1 - rest);
    const start = recent.find((e) => offset - e[2] <= before) || [i, j, offset];
    return [windowText(a, start[0], start[2], limit), windowText(b, start[1], start[2], limit)];
  }

  // ---- Text rendering (DiffTextRenderer) ---------------------------------------------

  /** A value as compact JSON, abbreviated to `limit` characters (null: whole). */
  function valueText(value, limit) {
    if (value === undefined) return "(absent)";
    return limit === null ? print(value) : prefixText(value, limit);
  }

  /** The two sides of a replacement, cut around their first difference (null: whole). */
  function valuesText(oldValue, newValue, limit) {
    if (limit === null || oldValue === undefined || newValue === undefined) {
      return [valueText(oldValue, limit), valueText(newValue, limit)];
    }
    return pairText(oldValue, newValue, limit);
  }

  /** Where a rendering places a change (JSONChange.shownPath). */
  function shownPath(c) {
    return c.newPath || c.path;
  }

  /** Where a rendering says a moved element came from (JSONChange.shownSource). */
  function shownSource(c) {
    const source = c.oldPath || c.from;
    return source ? displayPath(source) : "?";
  }

  /** One line per change (DiffTextRenderer.renderLines), as `{kind, text}`. */
  function renderLines(changes, limit) {
    return changes.map((c) => {
      const path = displayPath(shownPath(c));
      switch (c.op) {
        case "replace": {
          const [oldText, newText] = valuesText(c.old, c.new, limit);
          return { kind: "changed", text: `~ ${path}: ${oldText} → ${newText}` };
        }
        case "add":
          return { kind: "added", text: `+ ${path}: ${valueText(c.new, limit)}` };
        case "remove":
          return { kind: "removed", text: `- ${path}: ${valueText(c.old, limit)}` };
        default:
          return { kind: "moved", text: `↷ ${shownSource(c)} → ${path}` };
      }
    });
  }

  /** Changes indexed by path as a trie of tokens (ChangeTrie); node 0 is the root. */
  class ChangeTrie {
    constructor(list) {
      this.children = [new Map()];
      this.changes = [[]];
      this.order = [[]];
      for (const change of list) {
        let n = 0;
        for (const token of shownPath(change)) {
          let next = this.children[n].get(token);
          if (next === undefined) {
            this.children.push(new Map());
            this.changes.push([]);
            this.order.push([]);
            next = this.children.length - 1;
            this.children[n].set(token, next);
            this.order[n].push(token);
          }
          n = next;
        }
        this.changes[n].push(change);
      }
    }
    child(n, token) {
      return this.children[n].get(token);
    }
    orderedChildren(n) {
      let tokens = this.order[n];
      const indexes = tokens.map(arrayIndex);
      if (!indexes.includes(-1)) tokens = indexes.sort((p, q) => p - q).map(String);
      return tokens.map((t) => [t, this.child(n, t)]);
    }
  }

  const maxIndentLevel = 100;
  const indent = (depth) => "  ".repeat(Math.min(depth, maxIndentLevel));

  /**
   * The changes shown inside their surrounding structure, as `replay --diff` prints them
   * (DiffTextRenderer.renderStructural): lines `{kind, text}` with kind one of context,
   * fold, removed, added, moved.
   */
  function renderStructural(old, neu, changes, limit) {
    if (changes.length === 0) return [{ kind: "context", text: "(no changes)" }];
    const context = (text, depth) => ({ kind: "context", text: "  " + indent(depth) + text });
    const exactLines = (list, label, depth) => {
      const lines = [];
      for (const c of list) {
        const note = "  // " + displayPath(shownPath(c));
        const pad = indent(depth);
        switch (c.op) {
          case "replace": {
            const [oldText, newText] = valuesText(c.old, c.new, limit);
            lines.push({ kind: "removed", text: "- " + pad + label + oldText });
            lines.push({ kind: "added", text: "+ " + pad + label + newText + note });
            break;
          }
          case "add":
            lines.push({ kind: "added", text: "+ " + pad + label + valueText(c.new, limit) + note });
            break;
          case "remove":
            lines.push({ kind: "removed", text: "- " + pad + label + valueText(c.old, limit) + note });
            break;
          default: {
            const from = shownSource(c);
            const text = "↷ " + pad + label + valueText(c.new, limit) + `  // moved ${from} → ` + displayPath(shownPath(c));
            lines.push({ kind: "moved", text });
          }
        }
      }
      return lines;
    };
    const trie = new ChangeTrie(changes);
    const lines = [];
    const tasks = [{ node: 0, value: neu, label: "", depth: 0, inArray: false }];
    while (tasks.length > 0) {
      const task = tasks.pop();
      if (task.lines) {
        lines.push(...task.lines);
        continue;
      }
      const { node, value, label, depth, inArray } = task;
      const exact = trie.changes[node].filter((c) => !inArray || c.op !== "remove");
      if (exact.length > 0 || !isContainer(value)) {
        lines.push(...exactLines(exact, label, depth));
        if (trie.children[node].size === 0 || !isContainer(value)) continue;
      }
      const isArray = Array.isArray(value);
      lines.push(context(label + (isArray ? "[" : "{"), depth));
      const body = [];
      let folded = 0;
      const flush = () => {
        if (folded > 0) {
          body.push({ lines: [{ kind: "fold", text: context(`… (${folded} unchanged)`, depth + 1).text }] });
          folded = 0;
        }
      };
      const child = (token, childValue, childLabel) => {
        const childNode = trie.child(node, token);
        if (childNode === undefined) {
          folded++;
          return;
        }
        flush();
        body.push({ node: childNode, value: childValue, label: childLabel, depth: depth + 1, inArray: isArray });
      };
      if (!isArray) {
        for (let j = 0; j < value.k.length; j++) child(value.k[j], value.v[j], printString(value.k[j]) + ": ");
        flush();
        for (const [token, childNode] of trie.orderedChildren(node)) {
          if (!value.has(token)) {
            body.push({ lines: exactLines(trie.changes[childNode], printString(token) + ": ", depth + 1) });
          }
        }
      } else {
        for (const [token, childNode] of trie.orderedChildren(node)) {
          const removals = trie.changes[childNode].filter((c) => c.op === "remove");
          if (removals.length > 0) body.push({ lines: exactLines(removals, `[${token}]: `, depth + 1) });
        }
        for (let j = 0; j < value.length; j++) {
          const childNode = trie.child(node, String(j));
          if (
            childNode !== undefined &&
            trie.changes[childNode].every((c) => c.op === "remove") &&
            trie.children[childNode].size === 0
          ) {
            folded++;
            continue;
          }
          child(String(j), value[j], `[${j}]: `);
        }
        flush();
      }
      tasks.push({ lines: [context(isArray ? "]" : "}", depth)] });
      for (let b = body.length - 1; b >= 0; b--) tasks.push(body[b]);
    }
    return lines;
  }

  // ---- The state tree and its search (the page's own; no Swift counterpart) ----------
  // Every walk here keeps its own stack, and a node finds what is recorded about it (open,
  // changed, searched) from its parent's record in O(1), so depth costs nothing but rows.

  /** Values kept at paths, as a trie of tokens (a set of JSON Pointers without their text). */
  class PathTrie {
    constructor() {
      this.root = { children: null, value: undefined };
    }
    /** The record below `record` for `token`, or undefined. */
    static child(record, token) {
      return record === undefined || record.children === null ? undefined : record.children.get(token);
    }
    /** The record at `tokens`, created (with its ancestors) when `create` is true. */
    record(tokens, create) {
      let record = this.root;
      for (const token of tokens) {
        let next = PathTrie.child(record, token);
        if (next === undefined) {
          if (!create) return undefined;
          next = { children: null, value: undefined };
          if (record.children === null) record.children = new Map();
          record.children.set(token, next);
        }
        record = next;
      }
      return record;
    }
    set(tokens, value) {
      this.record(tokens, true).value = value;
    }
    /** Sets `value` at every strict ancestor of `tokens` (the root included), in one walk. */
    setAncestors(tokens, value) {
      let record = this.root;
      for (const token of tokens) {
        record.value = value;
        let next = PathTrie.child(record, token);
        if (next === undefined) {
          next = { children: null, value: undefined };
          if (record.children === null) record.children = new Map();
          record.children.set(token, next);
        }
        record = next;
      }
    }
  }

  /**
   * A node's place in a walk: its parent's place and its token. Its pointer is built only
   * when asked for (O(depth)); its first `headLength` tokens are kept for short names.
   */
  class TreePath {
    constructor(parent, token) {
      this.parent = parent;
      this.token = token;
      this.depth = parent === null ? 0 : parent.depth + 1;
      if (parent === null) this.head = [];
      else this.head = parent.head.length < headLength ? parent.head.concat([token]) : parent.head;
    }
    static root() {
      return new TreePath(null, null);
    }
    child(token) {
      return new TreePath(this, token);
    }
    /** The tokens from the root, in order. */
    tokens() {
      const result = new Array(this.depth);
      for (let p = this; p.parent !== null; p = p.parent) result[p.depth - 1] = p.token;
      return result;
    }
    /** The last `count` tokens (fewer near the root). */
    tail(count) {
      const result = [];
      for (let p = this; p.parent !== null && result.length < count; p = p.parent) result.push(p.token);
      return result.reverse();
    }
  }
  const headLength = 4;
  const grouping = (count) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

  /**
   * A pointer short enough for one line: whole up to `headLength * 2` tokens, else its first
   * and last `headLength` tokens around `/…N more…`, each part as displayPointer shows it.
   */
  function shortPointer(path) {
    if (path.depth <= headLength * 2) return displayPointer(path.depth === path.head.length ? path.head : path.tokens());
    const hidden = path.depth - headLength * 2;
    return `${displayPointer(path.head)}/…${grouping(hidden)} more…${displayPointer(path.tail(headLength))}`;
  }

  /**
   * What the page marks in the tree for `changes` (the selected entry's): `changed` holds
   * the path each change shows (a removal's parent), `inside` every strict ancestor of
   * one. O(total length of the paths).
   */
  function changeTries(changes) {
    const changed = new PathTrie();
    const inside = new PathTrie();
    for (const change of changes) {
      const path = change.op === "remove" ? change.path.slice(0, -1) : change.path;
      changed.set(path, true);
      inside.setAncestors(path, true);
    }
    return { changed, inside };
  }

  /**
   * The lines of the state tree the page shows, in order, built with an explicit stack:
   * `{kind: "node", path, label, value, depth, container, count, open, changed, inside}` for
   * a member or element (`label` null for the root, `[i]` for an element, the quoted key
   * for a member) and `{kind: "more", path, depth, from, to, count}` for a run of children
   * not shown (`path` their parent's).
   *
   * `options`: `changed` and `inside` (changeTries), `open` (PathTrie: true where the user
   * opened a node, false where they closed one), `limits` (PathTrie: children shown past
   * the first `pageSize`), `shown` (optional PathTrie: paths listed even past a page, as a
   * search result the user went to), `pageSize`, `openDepth`. A node is open when the user opened it,
   * or, unless they closed it, when it is the root or holds a change at most `openDepth`
   * levels below the nearest node the user opened: deep levels stay folded until asked
   * for. Of an open node's children the first `pageSize` (or its limit) are listed, and
   * past them every child holding a change or on a `shown` path. `start` (optional) lists one node's lines
   * instead of the whole tree: `{value, path, label}`.
   * - Complexity: O(lines listed + depth of `start`); the value's size and depth beyond
   *   what is listed cost nothing.
   */
  function treeRows(state, options, start) {
    const { pageSize, openDepth } = options;
    const rows = [];
    const first = start || { value: state, path: TreePath.root(), label: null };
    const tokens = first.path.tokens();
    const records = (trie) => (trie === undefined ? undefined : trie.record(tokens, false));
    // The depth of the nearest ancestor the user opened (the root counts as opened).
    let anchor = 0;
    for (let d = 1, record = options.open.root; d <= tokens.length; d++) {
      record = PathTrie.child(record, tokens[d - 1]);
      if (record === undefined) break;
      if (record.value === true && d < tokens.length) anchor = d;
    }
    const stack = [
      {
        value: first.value, path: first.path, label: first.label, anchor,
        changed: records(options.changed), inside: records(options.inside),
        open: records(options.open), limit: records(options.limits), shown: records(options.shown),
      },
    ];
    while (stack.length > 0) {
      const item = stack.pop();
      if (item.more) {
        rows.push(item.more);
        continue;
      }
      const { value, path } = item;
      const depth = path.depth;
      const container = isContainer(value);
      const isArray = Array.isArray(value);
      const count = !container ? 0 : isArray ? value.length : value.size;
      const choice = item.open === undefined ? undefined : item.open.value;
      const inside = item.inside !== undefined && item.inside.value === true;
      const open =
        container && (choice === true || (choice !== false && (depth === 0 || (inside && depth - item.anchor <= openDepth))));
      rows.push({
        kind: "node", path, label: item.label, value, depth, container, count, open,
        changed: item.changed !== undefined && item.changed.value === true, inside,
      });
      if (!open) continue;
      const childAnchor = choice === true || depth === 0 ? depth : item.anchor;
      const limit = item.limit !== undefined && item.limit.value !== undefined ? item.limit.value : pageSize;
      const tokenAt = (i) => (isArray ? String(i) : value.k[i]);
      const wantedChild = (token) =>
        PathTrie.child(item.changed, token) !== undefined ||
        PathTrie.child(item.inside, token) !== undefined ||
        PathTrie.child(item.shown, token) !== undefined;
      // Children in order, then pushed in reverse so that the first is listed first.
      const children = [];
      let next = 0;
      const gap = (from, to) => children.push({ more: { kind: "more", path, depth: depth + 1, from, to, count } });
      const paged = Math.min(limit, count);
      const listChild = (i) => {
        if (i > next) gap(next, i);
        const token = tokenAt(i);
        children.push({
          value: isArray ? value[i] : value.v[i], path: path.child(token),
          label: isArray ? `[${i}]` : printString(token), anchor: childAnchor,
          changed: PathTrie.child(item.changed, token), inside: PathTrie.child(item.inside, token),
          open: PathTrie.child(item.open, token), limit: PathTrie.child(item.limit, token),
          shown: PathTrie.child(item.shown, token),
        });
        next = i + 1;
      };
      for (let i = 0; i < paged; i++) listChild(i);
      if (paged < count) {
        // Past the page, only the children holding a change (or asked for): found from the
        // records, so a long array costs what changed.
        const records = [item.changed, item.inside, item.shown].filter((r) => r !== undefined && r.children !== null);
        const wanted = new Set();
        for (const r of records) for (const token of r.children.keys()) wanted.add(token);
        const positions = [];
        for (const token of wanted) {
          const i = isArray ? arrayIndex(token) : value.indexOf(token);
          if (i >= paged && i < count && wantedChild(token)) positions.push(i);
        }
        positions.sort((p, q) => p - q);
        for (const i of positions) if (i >= next) listChild(i);
      }
      if (next < count) gap(next, count);
      for (let c = children.length - 1; c >= 0; c--) stack.push(children[c]);
    }
    return rows;
  }

  /** The text a search matches a scalar by: a string's own characters, else its JSON. */
  const searchText = (v) => (typeof v === "string" ? v : v instanceof JNum ? v.t : String(v));

  /**
   * Where `query` occurs in `state`, case-insensitively, in document order: members whose
   * key contains it (`in: "key"`) and scalars whose text contains it (`in: "value"`), as
   * `{path: TreePath, in, text}` with `text` the key or the scalar's JSON. A query that is a
   * JSON Pointer to a value of the state gives that value first (`in: "pointer"`). At most
   * `limit` matches; `complete` is false when there were more. Walks with its own stack.
   * - Complexity: O(size of the state) until `limit` matches are found.
   */
  function searchState(state, query, limit) {
    const matches = [];
    if (query === "") return { matches, complete: true };
    if (query[0] === "/") {
      let tokens = null;
      try {
        tokens = parsePointer(query);
      } catch (error) {
        tokens = null;
      }
      const found = tokens === null ? undefined : resolve(state, tokens);
      if (found !== undefined) {
        let path = TreePath.root();
        for (const token of tokens) path = path.child(token);
        matches.push({ path, in: "pointer", text: valueText(found, 80) });
      }
    }
    const needle = query.toLowerCase();
    const stack = [[state, TreePath.root(), undefined]];
    const found = (path, where, text) => {
      if (matches.length >= limit) return false;
      matches.push({ path, in: where, text });
      return true;
    };
    while (stack.length > 0) {
      const [value, path, key] = stack.pop();
      if (key !== undefined && key.toLowerCase().includes(needle) && !found(path, "key", printString(key))) {
        return { matches, complete: false };
      }
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], path.child(String(i))]);
        continue;
      }
      if (value instanceof JObj) {
        for (let j = value.k.length - 1; j >= 0; j--) stack.push([value.v[j], path.child(value.k[j]), value.k[j]]);
        continue;
      }
      if (searchText(value).toLowerCase().includes(needle) && !found(path, "value", valueText(value, 80))) {
        return { matches, complete: false };
      }
    }
    return { matches, complete: true };
  }

  return {
    JNum,
    JObj,
    isContainer,
    typeName,
    parse,
    fromPlain,
    print,
    printString,
    needsEscape,
    characters,
    characterCount,
    parsePointer,
    formatPointer,
    displayPointer,
    displayPath,
    arrayIndex,
    resolve,
    applyPatch,
    Hashes,
    diff,
    patchOf,
    valueText,
    renderLines,
    renderStructural,
    PathTrie,
    TreePath,
    shortPointer,
    changeTries,
    treeRows,
    searchState,
  };
})();
if (typeof module !== "undefined") module.exports = ReplayCore;
