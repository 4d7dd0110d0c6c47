"use strict";
// The report's page: builds the DOM from the embedded data with elements and text nodes
// only (no markup is ever parsed), so nothing from the log is read as markup or script.
(() => {
  const C = ReplayCore;
  const $ = (id) => document.getElementById(id);
  const index = JSON.parse($("replay-index").textContent);
  const rows = index.rows;
  const n = rows.seq.length; // entries; row 0 is the state before the first one
  const diffLimit = 120; // as `replay --diff` abbreviates values
  const svgNS = "http://www.w3.org/2000/svg";

  // ---- DOM helpers: elements and text only ---------------------------------------

  /** An element with a class and children (strings become text nodes). */
  function el(tag, className, ...children) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }
  function svg(tag, attributes) {
    const node = document.createElementNS(svgNS, tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, String(value));
    return node;
  }
  function button(className, label, onClick, title) {
    const b = el("button", className, label);
    b.type = "button";
    if (title) b.title = title;
    b.addEventListener("click", onClick);
    return b;
  }
  /**
   * Text from the log as the command line prints a name (TerminalText.sanitize): as it
   * is when it is printable ASCII, otherwise with every character a reader could not
   * see (controls, bidi and invisible characters) escaped as in JSON, quotes kept.
   */
  function visible(text) {
    if (typeof text !== "string") return "";
    if (/^[\x20-\x7e]*$/.test(text)) return text;
    return C.printString(text).slice(1, -1).replace(/\\"/g, '"');
  }
  const numberFormat = new Intl.NumberFormat("en");
  const grouped = (value) => numberFormat.format(value);
  const plural = (value, one, many) => `${grouped(value)} ${value === 1 ? one : many}`;

  // ---- Rows, names and marks -------------------------------------------------------

  const rowOfSeq = new Map();
  rows.seq.forEach((seq, i) => {
    if (!rowOfSeq.has(seq)) rowOfSeq.set(seq, i + 1);
  });
  const seqOf = (row) => rows.seq[row - 1];
  /** How a state is named: by the entry it follows. */
  const stateName = (row) =>
    row === 0 ? (index.window.startsAtBeginning ? "the initial state" : `the state before seq ${rows.seq[0]}`) : `the state after seq ${seqOf(row)}`;

  const marks = { holds: new Set(), find: new Set(), firstBad: -1, warnings: new Map(), gaps: new Map(), breaks: new Set() };
  if (index.predicate) {
    for (const r of index.predicate.holds) marks.holds.add(r);
    const bisect = index.predicate.bisect;
    if (bisect && bisect.outcome === "firstBad") marks.firstBad = bisect.row;
  }
  if (index.find) for (const r of index.find.rows) marks.find.add(r);
  for (const w of index.log.warnings) {
    if (w.row === null) continue;
    if (!marks.warnings.has(w.row)) marks.warnings.set(w.row, []);
    marks.warnings.get(w.row).push(w.message);
  }
  for (const g of index.gaps) marks.gaps.set(g.row, g);
  for (const r of rows.chainBreaks) marks.breaks.add(r);
  const seqSkips = new Set();
  for (let r = 2; r <= n; r++) if (rows.seq[r - 1] !== rows.seq[r - 2] + 1 && !marks.gaps.has(r)) seqSkips.add(r);

  // ---- An edited history beside the recording (--what-if, --minimize) -------------
  // The rows are the edited history; `edited.rows` says of each which recorded entry it
  // is, how it changed, and the changes from the recorded state after that entry to its
  // state here.
  const edited = index.edited || null;
  const diverged = new Set();
  const removedAfter = new Map();
  if (edited) {
    edited.rows.against.forEach((changes, i) => {
      if (changes && changes.length > 0) diverged.add(i + 1);
    });
    for (const r of edited.removed) {
      if (!removedAfter.has(r.row)) removedAfter.set(r.row, []);
      removedAfter.get(r.row).push(r);
    }
    // A minimised history keeps a few entries, not every skipped seq worth a mark.
    seqSkips.clear();
  }
  /** A change as `--what-if --format json` writes it, as the core's renderers take it. */
  function changeOf(record) {
    const value = (v) => (v === undefined ? undefined : C.fromPlain(v));
    return {
      op: record.op,
      path: C.parsePointer(record.path),
      from: record.from ? C.parsePointer(record.from) : null,
      old: value(record.old),
      new: value(record.new),
    };
  }
  const removedText = (r) => `entry ${r.seq} (${visible(r.name)})`;

  // ---- States, rebuilt from segments -----------------------------------------------

  const segmentStarts = index.segments.map((s) => s[0]);
  const cache = new Map(); // segment → {states, changes, actions}
  function segmentOfRow(row) {
    let low = 0;
    let high = segmentStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (segmentStarts[mid] <= row) low = mid;
      else high = mid - 1;
    }
    return low;
  }
  function segment(s) {
    let built = cache.get(s);
    if (built) {
      cache.delete(s);
      cache.set(s, built);
      return built;
    }
    const data = C.parse($("replay-segment-" + s).textContent);
    let state = data.get("state");
    built = { states: [state], changes: [], actions: [] };
    for (const entry of data.get("entries")) {
      const applied = C.applyPatch(state, entry.get("patch"));
      // An entry whose patch would not give its state exactly (member order, number
      // text) carries it.
      state = entry.has("next") ? entry.get("next") : applied.state;
      built.states.push(state);
      built.changes.push(applied.changes);
      built.actions.push(entry.get("action"));
    }
    cache.set(s, built);
    if (cache.size > 16) cache.delete(cache.keys().next().value);
    return built;
  }
  /** State `row`: the state after entry `row`; row 0 the state before the first. */
  function stateAt(row) {
    if (row === 0) return segment(0).states[0];
    const s = segmentOfRow(row);
    return segment(s).states[row - segmentStarts[s] + 1];
  }
  /** Entry `row`'s action, changes and the states around it. */
  function entryAt(row) {
    const s = segmentOfRow(row);
    const seg = segment(s);
    const i = row - segmentStarts[s];
    return { action: seg.actions[i], changes: seg.changes[i], prior: seg.states[i], next: seg.states[i + 1] };
  }

  // ---- Layout -----------------------------------------------------------------------

  const ui = {};
  function buildLayout() {
    const header = el("header", "top");
    const title = el("div", "title", el("span", "brand", "replay"), el("span", "path", visible(index.log.path)));
    ui.meta = el("div", "meta");
    ui.coverage = el("div", "coverage");
    ui.chips = el("div", "chips");
    header.append(el("div", "heading", title, ui.meta, ui.coverage), ui.chips);
    ui.warningPanel = el("div", "warning-panel hidden");
    ui.removedPanel = el("div", "warning-panel removed-panel hidden");
    ui.removedPanel.id = "removed-panel";

    const timeline = el("section", "timeline");
    ui.track = svg("svg", { class: "track", role: "img", "aria-label": "marks along the log" });
    ui.slider = el("input", "slider");
    ui.slider.type = "range";
    ui.slider.min = "0";
    ui.slider.max = String(n);
    ui.slider.step = "1";
    ui.slider.id = "slider";
    ui.slider.setAttribute("aria-label", "selected entry");
    ui.legend = el("div", "legend");
    ui.plots = el("div", "plots");
    timeline.append(el("div", "track-row", ui.track), ui.slider, ui.legend, ui.plots);

    const list = el("aside", "list-pane");
    ui.actionFilter = el("select", "action-filter");
    ui.actionFilter.id = "action-filter";
    ui.actionFilter.setAttribute("aria-label", "filter by action");
    ui.textFilter = el("input", "text-filter");
    ui.textFilter.id = "text-filter";
    ui.textFilter.type = "search";
    ui.textFilter.placeholder = "Filter by seq, action or payload";
    ui.markedOnly = el("input");
    ui.markedOnly.type = "checkbox";
    ui.markedOnly.id = "marked-only";
    ui.listCount = el("span", "list-count");
    ui.listCount.id = "list-count";
    const markedLabel = el("label", "marked-only", ui.markedOnly, "marked only");
    ui.list = el("div", "list");
    ui.list.id = "entry-list";
    ui.list.tabIndex = 0;
    ui.list.setAttribute("role", "listbox");
    ui.listSpacer = el("div", "list-spacer");
    ui.listRows = el("div", "list-rows");
    ui.list.append(ui.listSpacer, ui.listRows);
    list.append(el("div", "filters", ui.actionFilter, ui.textFilter, markedLabel, ui.listCount), ui.list);

    const detail = el("section", "detail");
    ui.entryHead = el("div", "entry-head");
    ui.entryHead.id = "entry-head";
    ui.action = el("div", "action-json");
    ui.action.id = "action";
    ui.diffTitle = el("div", "pane-title");
    ui.diff = el("div", "diff");
    ui.diff.id = "diff";
    ui.tabs = el("div", "tabs");
    ui.stateTab = button("tab active", "State", () => showTab("state"));
    ui.compareTab = button("tab", "Compare two states", () => showTab("compare"));
    ui.tabs.append(ui.stateTab, ui.compareTab);
    ui.tree = el("div", "tree");
    ui.tree.id = "state-tree";
    ui.treeTitle = el("div", "pane-title");
    ui.search = el("input", "state-search");
    ui.search.id = "state-search";
    ui.search.type = "search";
    ui.search.placeholder = "Search keys and values, or go to a JSON Pointer";
    ui.search.setAttribute("aria-label", "search the state");
    ui.searchResults = el("div", "search-results");
    ui.searchResults.id = "search-results";
    ui.treeLines = el("div", "tree-lines");
    ui.treeLines.id = "tree-lines";
    // The search stays at the top of the pane while the lines scroll under it.
    ui.tree.append(ui.treeTitle, el("div", "tree-search", ui.search, ui.searchResults), ui.treeLines);
    ui.compare = el("div", "compare hidden");
    ui.compare.id = "compare";
    ui.againstTitle = el("div", "pane-title against-title");
    ui.against = el("div", "diff against");
    ui.against.id = "against";
    detail.append(
      el("div", "entry-box", ui.entryHead, ui.action),
      el("div", "diff-box" + (edited ? " with-against" : ""), ui.diffTitle, ui.diff, ui.againstTitle, ui.against),
      el("div", "lower-box", ui.tabs, ui.tree, ui.compare),
    );
    ui.toast = el("div", "toast hidden");
    ui.toast.setAttribute("role", "status");
    const main = el("main", "main", list, detail);
    document.body.append(header, ui.warningPanel, ui.removedPanel, timeline, main, ui.toast);
  }

  // ---- Header -----------------------------------------------------------------------

  function duration(first, last) {
    const a = Date.parse(first);
    const b = Date.parse(last);
    if (Number.isNaN(a) || Number.isNaN(b)) return "";
    const total = Math.round((b - a) / 1000);
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    return h > 0 ? `${h}h ${m}m ${s}s` : m > 0 ? `${m}m ${s}s` : `${s}s`;
  }

  function buildHeader() {
    document.title = "replay · " + visible(index.log.path);
    const log = index.log;
    const parts = [plural(log.entries, "entry", "entries")];
    const header = log.header;
    if (header) {
      parts.push(visible(header.format));
      if (header.app) parts.push("app " + visible(header.app));
      if (header.stateType && header.actionType) parts.push(visible(header.stateType) + " / " + visible(header.actionType));
    }
    if (log.firstTime && log.lastTime) {
      const span = duration(log.firstTime, log.lastTime);
      parts.push(`${visible(log.firstTime)} … ${visible(log.lastTime)}${span ? ` (${span})` : ""}`);
    }
    ui.meta.textContent = parts.join(" · ");
    const first = rows.seq[0];
    const last = rows.seq[n - 1];
    if (n === log.entries) {
      ui.coverage.textContent = `This report covers the whole log: ${plural(n, "entry", "entries")}, seq ${first}–${last}.`;
    } else {
      const range = index.window.range ? ` (--range ${index.window.range})` : "";
      ui.coverage.textContent = `This report covers seq ${first}–${last}${range}: ${plural(n, "entry", "entries")} of ${grouped(log.entries)}. The other entries are not in it.`;
      ui.coverage.classList.add("partial");
    }
    const warnings = log.warnings;
    if (warnings.length === 0) {
      ui.chips.append(el("span", "chip ok", "warnings: none"));
    } else {
      const chip = button("chip warn", `⚠ ${plural(warnings.length, "warning", "warnings")}`, () => ui.warningPanel.classList.toggle("hidden"));
      chip.id = "warnings-chip";
      ui.chips.append(chip);
      ui.warningPanel.append(el("div", "pane-title", "Warnings from the summary (replay LOG)"));
      for (const w of warnings) {
        const line = el("div", "warning-line", w.line !== null ? `line ${w.line}: ` : "", visible(w.message));
        if (w.row !== null) {
          line.classList.add("link");
          line.addEventListener("click", () => select(w.row, { scroll: true }));
        }
        ui.warningPanel.append(line);
      }
    }
    if (index.pending) {
      const p = index.pending;
      const chip = el("span", "chip crash", `✖ crashed in seq ${p.seq} (${visible(p.name)})`);
      chip.title = visible(p.message) + "\naction: " + p.action;
      ui.chips.append(chip);
    }
    if (index.predicate) {
      const bisect = index.predicate.bisect;
      let text = "predicate: ";
      let target = -1;
      if (!bisect) text += "no entries";
      else if (bisect.outcome === "firstBad") {
        target = bisect.row;
        text += `first bad seq ${seqOf(bisect.row)}`;
        if (bisect.bisected != null) text += ` (not monotone: binary search alone lands on seq ${seqOf(bisect.bisected)})`;
      } else if (bisect.outcome === "holdsAtStart") text += `holds on ${stateName(0)}`;
      else if (bisect.outcome === "neverHolds") text += "never holds";
      else text += "inconclusive";
      const chip = button("chip bad", text, () => target >= 0 && select(target, { scroll: true }), "--predicate " + visible(index.predicate.expr));
      chip.id = "predicate-chip";
      ui.chips.append(chip);
    }
    if (index.find) {
      const count = index.find.rows.length;
      const chip = button("chip find", `find: ${plural(count, "match", "matches")}`, () => {
        ui.markedOnly.checked = true;
        applyFilter();
      }, "--find " + visible(index.find.expr));
      ui.chips.append(chip);
    }
    if (edited) buildEditedHeader();
    ui.chips.append(el("span", "chip keys", "← → or j k: step · Home End"));
  }

  /** What the report's history is, beside which recording, and what it left out. */
  function buildEditedHeader() {
    const recorded = `the recording ${visible(edited.recorded.path)} (${plural(edited.recorded.entries, "entry", "entries")})`;
    let what;
    if (edited.kind === "minimize") {
      what = `A minimised history: ${plural(edited.kept, "entry", "entries")} kept of ${grouped(edited.from)}, found in ${plural(edited.replays, "replay", "replays")}`;
    } else {
      what = `What if ${visible(edited.edits.join(" "))}`;
    }
    ui.coverage.textContent = `${what}, replayed through reducer ${visible(edited.reducer)}, beside ${recorded}. ` + ui.coverage.textContent;
    const first = edited.firstDivergence;
    const firstRow = first === null ? -1 : edited.rows.recordedSeq.indexOf(first) + 1;
    let text = edited.kind === "minimize" ? `minimised: ${grouped(edited.kept)} of ${grouped(edited.from)} kept` : `what if ${visible(edited.edits.join(" "))}`;
    if (edited.kind !== "minimize") text += first === null ? " · no recorded entry's state differs" : ` · first diverging at entry ${first}`;
    const chip = button("chip edited", text, () => firstRow > 0 && select(firstRow, { scroll: true }), "the edited history beside the recording");
    chip.id = "edited-chip";
    ui.chips.append(chip);
    if (edited.removed.length > 0) {
      const left = button("chip removed", `− ${plural(edited.removed.length, "recorded entry", "recorded entries")} left out`, () => ui.removedPanel.classList.toggle("hidden"));
      left.id = "removed-chip";
      ui.chips.append(left);
      ui.removedPanel.append(el("div", "pane-title", "Recorded entries this history does not have"));
      for (const r of edited.removed) {
        const after = r.row === 0 ? "before the first entry" : `after seq ${seqOf(r.row)}`;
        const line = el("div", "warning-line link", `${removedText(r)}, ${after}`);
        line.addEventListener("click", () => select(r.row, { scroll: true }));
        ui.removedPanel.append(line);
      }
    }
  }

  // ---- Timeline: marks, slider, charts ----------------------------------------------

  const xOf = (row, width) => 8 + (n === 0 ? 0 : (row / n) * (width - 16));
  const rowAtX = (x, width) => Math.max(0, Math.min(n, Math.round(((x - 8) / (width - 16)) * n)));

  function drawTrack() {
    const track = ui.track;
    const width = track.clientWidth || 800;
    ui.trackWidth = width;
    track.setAttribute("viewBox", `0 0 ${width} 28`);
    track.replaceChildren();
    track.append(svg("rect", { class: "track-bg", x: 0, y: 6, width, height: 16, rx: 3 }));
    // Runs of states where the predicate holds.
    let start = -1;
    for (let r = 0; r <= n + 1; r++) {
      const on = r <= n && marks.holds.has(r);
      if (on && start < 0) start = r;
      if (!on && start >= 0) {
        const x0 = xOf(start, width) - 1;
        const x1 = xOf(r - 1, width) + 1;
        track.append(svg("rect", { class: "mark-holds", x: x0, y: 6, width: Math.max(2, x1 - x0), height: 16 }));
        start = -1;
      }
    }
    const ticks = (set, cls, y, h) => {
      const seen = new Set();
      for (const r of set) {
        const x = Math.round(xOf(r, width));
        if (seen.has(x)) continue;
        seen.add(x);
        track.append(svg("rect", { class: cls, x: x - 1, y, width: 2, height: h }));
      }
    };
    ticks(marks.find, "mark-find", 2, 10);
    ticks(marks.warnings.keys(), "mark-warning", 18, 10);
    ticks(marks.gaps.keys(), "mark-gap", 2, 24);
    ticks(seqSkips, "mark-gap", 2, 24);
    ticks(diverged, "mark-diverged", 20, 8);
    ticks(removedAfter.keys(), "mark-removed", 0, 8);
    if (marks.firstBad >= 0) {
      const x = xOf(marks.firstBad, width);
      track.append(svg("path", { class: "mark-first-bad", d: `M${x - 5} 0 L${x + 5} 0 L${x} 7 Z` }));
    }
    if (index.pending) track.append(svg("rect", { class: "mark-pending", x: width - 6, y: 2, width: 5, height: 24 }));
    // The cursor is an element over the chart moved by a transform, so that moving it
    // lays out nothing.
    if (!ui.trackCursor) {
      ui.trackCursor = el("div", "cursor-line");
      track.parentElement.append(ui.trackCursor);
    }
    updateCursors();
  }

  function buildLegend() {
    const item = (cls, text) => el("span", "legend-item", el("span", "swatch " + cls), text);
    const items = [];
    if (index.predicate) {
      items.push(item("holds", "predicate holds (" + visible(index.predicate.expr) + ")"));
      items.push(item("first-bad", "first bad (bisect)"));
    }
    if (index.find) items.push(item("find", "--find " + visible(index.find.expr)));
    if (marks.warnings.size > 0) items.push(item("warning", "warning"));
    if (marks.gaps.size > 0 || seqSkips.size > 0) items.push(item("gap", "gap or skipped seq"));
    if (index.pending) items.push(item("pending", "crashed (pending) entry"));
    if (edited) {
      items.push(item("diverged", "state differs from the recording"));
      if (removedAfter.size > 0) items.push(item("removed", "recorded entries left out after it"));
    }
    ui.legend.append(...items);
  }

  function numberOf(v) {
    if (typeof v === "number") return v;
    return null;
  }

  /**
   * One chart per --plot: numbers and sizes as a line, strings and booleans as lanes. The
   * labels (a line's range, the lanes' values) sit in a band above the plot, which the
   * line never enters, so that no label covers a point or a step of the line.
   */
  function drawPlots() {
    ui.plots.replaceChildren();
    ui.plotCursors = [];
    index.plots.forEach((plot, p) => {
      const width = ui.plots.clientWidth || 800;
      const band = 14; // the labels' band
      const height = band + 50;
      const top = band + 5;
      const bottom = height - 5;
      const box = el("div", "plot");
      const value = el("span", "plot-value");
      box.append(el("div", "plot-head", el("span", "plot-expr", "--plot " + visible(plot.expr)), value));
      const chart = svg("svg", { class: "chart", width, height, viewBox: `0 0 ${width} ${height}` });
      chart.dataset.plot = String(p);
      const values = plot.values;
      const numeric = values.every((v) => v === null || typeof v === "number");
      let yOf;
      let labels;
      if (numeric) {
        const finite = values.filter((v) => typeof v === "number" && Number.isFinite(v));
        // A loop, not Math.min(...finite): a long log's values exceed the arguments a call takes.
        let min = finite.length ? finite.reduce((a, b) => Math.min(a, b)) : 0;
        let max = finite.length ? finite.reduce((a, b) => Math.max(a, b)) : 1;
        const [low, high] = [min, max];
        if (min === max) {
          min -= 1;
          max += 1;
        }
        yOf = (v) => top + (1 - (v - min) / (max - min)) * (bottom - top);
        labels = finite.length ? [`min ${low}`, `max ${high}`] : [];
      } else {
        const categories = [];
        const category = (v) => {
          const key = v === null ? null : JSON.stringify(v);
          let i = categories.indexOf(key);
          if (i < 0) i = categories.push(key) - 1;
          return i;
        };
        values.forEach((v) => v !== null && category(v));
        const lanes = Math.max(1, categories.length - 1);
        yOf = (v) => top + (category(v) / lanes) * (bottom - top);
        // The lanes' values in lane order, top first, as long as they are few.
        labels = categories.length <= 6 ? ["lanes from the top:", ...categories.map((key) => visible(key))] : [`${categories.length} values`];
      }
      chart.append(svg("rect", { class: "chart-bg", x: 0, y: 0, width, height }));
      chart.append(svg("line", { class: "chart-band", x1: 0, y1: band, x2: width, y2: band }));
      let d = "";
      let pen = false;
      values.forEach((v, r) => {
        if (v === null || (numeric && !Number.isFinite(v))) {
          pen = false;
          return;
        }
        const x = xOf(r, width);
        const y = yOf(v);
        d += pen ? (numeric ? ` L${x} ${y}` : ` H${x} V${y}`) : ` M${x} ${y}`;
        pen = true;
      });
      chart.append(svg("path", { class: "chart-line", d: d.trim() || `M0 ${bottom}` }));
      if (values.length <= 2001) {
        values.forEach((v, r) => {
          if (v === null || (numeric && !Number.isFinite(v))) return;
          const point = svg("circle", { class: r === 0 ? "point initial" : "point", cx: xOf(r, width), cy: yOf(v), r: 2.2 });
          point.dataset.row = String(r);
          chart.append(point);
        });
      } else {
        let dots = "";
        values.forEach((v, r) => {
          if (v !== null && (!numeric || Number.isFinite(v))) dots += `M${xOf(r, width)} ${yOf(v)}h0`;
        });
        chart.append(svg("path", { class: "points", d: dots || "M0 0" }));
      }
      const texts = labels.map((text, i) => {
        const label = svg("text", { class: i === 0 && !numeric ? "axis band-title" : "axis", x: 0, y: band - 3 });
        label.textContent = text;
        chart.append(label);
        return label;
      });
      const cursor = el("div", "cursor-line");
      chart.addEventListener("click", (event) => {
        const bounds = chart.getBoundingClientRect();
        select(rowAtX(event.clientX - bounds.left, bounds.width), { scroll: true });
      });
      box.append(el("div", "chart-box", chart, cursor));
      ui.plots.append(box);
      // Laid out once the chart is in the page (text widths are known then): left to right
      // from the left margin, 12 units apart.
      let x = 8;
      for (const label of texts) {
        label.setAttribute("x", String(x));
        x += label.getComputedTextLength() + 12;
      }
      ui.plotCursors.push({ cursor, value, plot, width });
    });
  }

  function updateCursors() {
    const row = current;
    if (ui.trackCursor) ui.trackCursor.style.transform = `translateX(${xOf(row, ui.trackWidth) - 1}px)`;
    for (const { cursor, value, plot, width } of ui.plotCursors || []) {
      cursor.style.transform = `translateX(${xOf(row, width) - 1}px)`;
      const v = plot.values[row];
      const shown = v === null ? "—" : typeof v === "string" ? C.printString(v) : String(v);
      value.textContent = `${row === 0 ? "initial" : "seq " + seqOf(row)}: ${shown}`;
    }
  }

  // ---- The entry list (virtual: only the rows in view are in the DOM) ----------------

  const rowHeight = 26;
  let shown = []; // rows passing the filter, in order
  let shownIndex = new Map();

  function buildFilters() {
    const all = el("option", null, `All actions (${grouped(n)})`);
    all.value = "";
    ui.actionFilter.append(all);
    const counts = new Map();
    for (const name of rows.name) counts.set(name, (counts.get(name) || 0) + 1);
    [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .forEach(([name, count]) => {
        const option = el("option", null, `${visible(name)} (${count})`);
        option.value = name;
        ui.actionFilter.append(option);
      });
    ui.actionFilter.addEventListener("change", applyFilter);
    ui.textFilter.addEventListener("input", applyFilter);
    ui.markedOnly.addEventListener("change", applyFilter);
    if (!index.predicate && !index.find && marks.warnings.size === 0) ui.markedOnly.parentElement.classList.add("hidden");
  }

  const isMarked = (r) =>
    marks.holds.has(r) || marks.find.has(r) || r === marks.firstBad || marks.warnings.has(r) || marks.gaps.has(r) || seqSkips.has(r);

  function applyFilter() {
    const name = ui.actionFilter.value;
    const text = ui.textFilter.value.trim().toLowerCase();
    const markedOnly = ui.markedOnly.checked;
    const filtered = name !== "" || text !== "" || markedOnly;
    shown = [];
    if (!filtered) shown.push(0);
    for (let r = 1; r <= n; r++) {
      if (name !== "" && rows.name[r - 1] !== name) continue;
      if (markedOnly && !isMarked(r)) continue;
      if (text !== "") {
        const haystack = `${rows.seq[r - 1]} ${rows.name[r - 1]} ${rows.payload[r - 1]} ${rows.time[r - 1] || ""}`.toLowerCase();
        if (!haystack.includes(text)) continue;
      }
      shown.push(r);
    }
    shownIndex = new Map(shown.map((r, i) => [r, i]));
    const entries = shown.filter((r) => r > 0).length;
    ui.listCount.textContent = filtered ? `${grouped(entries)} of ${grouped(n)}` : `${grouped(n)} entries`;
    ui.listSpacer.style.height = shown.length * rowHeight + "px";
    scrollToRow(current, true);
  }

  function timeShort(time) {
    if (typeof time !== "string") return "";
    const m = /T(\d\d:\d\d:\d\d(?:\.\d{1,3})?)/.exec(time);
    return visible(m ? m[1] : time);
  }

  function listRow(r) {
    const row = el("div", "row");
    row.dataset.row = String(r);
    row.setAttribute("role", "option");
    row.style.top = (shownIndex.get(r) * rowHeight) + "px";
    const dots = el("span", "dots");
    const dot = (cls, title) => {
      const d = el("span", "dot " + cls);
      d.title = title;
      dots.append(d);
    };
    if (r === marks.firstBad) dot("first-bad", "first bad entry (bisect)");
    else if (marks.holds.has(r)) dot("holds", "the predicate holds here");
    if (marks.find.has(r)) dot("find", "matches --find");
    if (marks.warnings.has(r)) dot("warning", marks.warnings.get(r).map(visible).join("\n"));
    if (marks.gaps.has(r) || seqSkips.has(r)) dot("gap", marks.gaps.has(r) ? visible(marks.gaps.get(r).message) : "seq skipped");
    if (edited && r > 0 && edited.rows.change[r - 1]) dot("edited", edited.rows.change[r - 1]);
    if (diverged.has(r)) dot("diverged", `differs from the recording: ${plural(edited.rows.against[r - 1].length, "change", "changes")}`);
    if (removedAfter.has(r)) dot("removed", "then the recording has " + removedAfter.get(r).map(removedText).join(", "));
    if (r === 0) {
      row.classList.add("initial");
      row.append(dots, el("span", "seq", "—"), el("span", "time"), el("span", "name", index.window.startsAtBeginning ? "initial state" : `state before seq ${rows.seq[0]}`), el("span", "payload"));
    } else {
      const changes = rows.changes[r - 1];
      const count = el("span", "changes" + (changes === 0 ? " none" : ""), changes === 0 ? "0" : "±" + changes);
      count.title = plural(changes, "change", "changes");
      row.append(
        dots,
        el("span", "seq", String(rows.seq[r - 1])),
        el("span", "time", timeShort(rows.time[r - 1])),
        el("span", "name", visible(rows.name[r - 1])),
        el("span", "payload", rows.payload[r - 1]),
        count,
      );
      row.title = `seq ${rows.seq[r - 1]} · ${visible(rows.time[r - 1] || "")}`;
    }
    if (r === current) row.classList.add("selected");
    if (r === compareFrom) row.classList.add("pinned");
    return row;
  }

  // The scroll position the page set itself, already rendered: its scroll event needs
  // no work (and reading the position then would force a layout).
  let scrolledTo = -1;

  // The rows in the DOM, so that a scroll that shows the same rows rebuilds nothing.
  let renderedRange = "";

  function renderList(view, force) {
    const { top, height } = view || { top: ui.list.scrollTop, height: ui.list.clientHeight || 600 };
    const first = Math.max(0, Math.floor(top / rowHeight) - 8);
    const last = Math.min(shown.length, Math.ceil((top + height) / rowHeight) + 8);
    if (!force && renderedRange === `${first}-${last}`) return;
    renderedRange = `${first}-${last}`;
    const fragment = document.createDocumentFragment();
    for (let i = first; i < last; i++) fragment.append(listRow(shown[i]));
    ui.listRows.replaceChildren(fragment);
  }

  /**
   * Scrolls the list so that `row` is in view, and renders it when anything moved.
   * `view` is the list's scroll position and height, read before any change to the page
   * so that reading them forces no layout.
   */
  function scrollToRow(row, always, view) {
    const { top: before, height } = view || { top: ui.list.scrollTop, height: ui.list.clientHeight };
    const i = shownIndex.get(row);
    let top = before;
    if (i !== undefined) {
      const y = i * rowHeight;
      // A step past the edge scrolls by a row; a jump further away centres the row.
      if (y < before - rowHeight || y > before + height) top = Math.max(0, y - (height - rowHeight) / 2);
      else if (y < before) top = y;
      else if (y + rowHeight > before + height) top = y + rowHeight - height;
    }
    if (top !== before) {
      ui.list.scrollTop = top;
      scrolledTo = top;
    }
    if (always || top !== before) renderList({ top, height }, always);
  }

  // ---- Selection --------------------------------------------------------------------

  let current = Math.min(1, n);
  let compareFrom = 0;

  function fragmentFor(row) {
    return row === 0 ? "#initial" : "#seq=" + seqOf(row);
  }
  function rowFromFragment() {
    const hash = decodeURIComponent(location.hash.slice(1));
    if (hash === "initial") return 0;
    const m = /^seq=(-?\d+)$/.exec(hash);
    if (m && rowOfSeq.has(Number(m[1]))) return rowOfSeq.get(Number(m[1]));
    return null;
  }

  /** Runs `work` as a named performance measure (what the benchmarks read). */
  function measured(name, work) {
    const start = performance.now();
    work();
    performance.measure(name, { start, end: performance.now() });
  }

  function select(row, options) {
    const opts = options || {};
    row = Math.max(0, Math.min(n, row));
    performance.mark("replay-select-start");
    // Layout is read first and the list scrolled before anything else changes, so that
    // nothing here forces a layout: the browser lays the page out once, for the frame.
    const view = { top: ui.list.scrollTop, height: ui.list.clientHeight || 600 };
    current = row;
    if (opts.scroll !== false) scrollToRow(row, false, view);
    ui.slider.value = String(row);
    for (const node of ui.listRows.children) node.classList.toggle("selected", Number(node.dataset.row) === row);
    measured("replay-entry", () => renderEntry(row));
    measured("replay-tree", () => renderTree(row));
    if (!ui.compare.classList.contains("hidden")) renderCompare();
    updateCursors();
    if (location.hash !== fragmentFor(row)) {
      try {
        history.replaceState(null, "", fragmentFor(row));
      } catch (error) {
        location.replace(fragmentFor(row));
      }
    }
    performance.mark("replay-select-end");
    performance.measure("replay-select", "replay-select-start", "replay-select-end");
  }

  /** The next row in the list after (or before) `row`, following the filter. */
  function step(delta) {
    const i = shownIndex.get(current);
    let target;
    if (i !== undefined) target = shown[Math.max(0, Math.min(shown.length - 1, i + delta))];
    else if (delta > 0) target = shown.find((r) => r > current);
    else target = [...shown].reverse().find((r) => r < current);
    if (target !== undefined) select(target);
  }

  // ---- The selected entry: header, action, diff --------------------------------------

  function badge(cls, text) {
    return el("span", "badge " + cls, text);
  }

  function renderEntry(row) {
    ui.entryHead.replaceChildren();
    ui.action.replaceChildren();
    ui.diff.replaceChildren();
    renderAgainst(row);
    const nav = el(
      "span",
      "nav",
      button("nav-button", "◀", () => step(-1), "previous (← or k)"),
      button("nav-button", "▶", () => step(1), "next (→ or j)"),
      button("nav-button pin", "Compare from here", () => {
        compareFrom = row;
        showTab("compare");
        renderList(null, true);
      }, "use this state as the first state of the comparison"),
    );
    if (row === 0) {
      const name = index.window.startsAtBeginning ? "Initial state" : `State before seq ${rows.seq[0]}`;
      const seqLabel = el("span", "entry-seq", name);
      seqLabel.id = "detail-seq";
      ui.entryHead.append(seqLabel, el("span", "entry-meta", "before any entry of this report"), nav);
      if (marks.holds.has(0)) ui.entryHead.append(badge("holds", "predicate holds"));
      ui.diffTitle.textContent = "Diff";
      ui.diff.append(el("div", "line context", "(no entry: this is the state the first entry starts from)"));
      return;
    }
    const entry = entryAt(row);
    const seqLabel = el("span", "entry-seq", "seq " + seqOf(row));
    seqLabel.id = "detail-seq";
    const time = rows.time[row - 1];
    ui.entryHead.append(
      seqLabel,
      el("span", "entry-name", visible(rows.name[row - 1])),
      el("span", "entry-meta", `${time ? visible(time) + " · " : ""}line ${rows.line[row - 1]}`),
      nav,
    );
    const badges = el("div", "badges");
    if (row === marks.firstBad) badges.append(badge("first-bad", "first bad entry (bisect)"));
    else if (marks.holds.has(row)) badges.append(badge("holds", "predicate holds"));
    if (marks.find.has(row)) badges.append(badge("find", "matches --find"));
    if (marks.gaps.has(row)) badges.append(badge("gap", visible(marks.gaps.get(row).message)));
    else if (seqSkips.has(row)) badges.append(badge("gap", `seq ${seqOf(row)} follows seq ${seqOf(row - 1)}`));
    if (marks.breaks.has(row)) badges.append(badge("warning", "its prior is not the previous entry's next"));
    for (const message of marks.warnings.get(row) || []) badges.append(badge("warning", visible(message)));
    if (edited) {
      const change = edited.rows.change[row - 1];
      const recordedSeq = edited.rows.recordedSeq[row - 1];
      if (change) badges.append(badge("edited", change));
      if (recordedSeq !== null && recordedSeq !== seqOf(row)) badges.append(badge("edited", `recorded as entry ${recordedSeq}`));
      if (diverged.has(row)) badges.append(badge("diverged", "differs from the recording"));
    }
    if (badges.childElementCount > 0) ui.entryHead.append(badges);
    ui.action.append(el("span", "label", "action "), foldedText(C.print(entry.action), 600));
    renderProvenance(row);
    const count = entry.changes.length;
    const before = marks.breaks.has(row) ? `the prior recorded with seq ${seqOf(row)}` : stateName(row - 1);
    ui.diffTitle.textContent = `Diff: ${before} → ${stateName(row)} · ${plural(count, "change", "changes")}`;
    renderDiffLines(ui.diff, C.renderStructural(entry.prior, entry.next, entry.changes, diffLimit));
  }

  /** The diff of the recorded state after the same entry to this row's state. */
  function renderAgainst(row) {
    ui.against.replaceChildren();
    const shown = edited !== null && row > 0;
    ui.againstTitle.classList.toggle("hidden", !shown);
    ui.against.classList.toggle("hidden", !shown);
    if (!shown) return;
    const changes = edited.rows.against[row - 1];
    const recordedSeq = edited.rows.recordedSeq[row - 1];
    if (changes === null) {
      ui.againstTitle.textContent = "Against the recording";
      ui.against.append(el("div", "line context", "(an inserted action: the recording has no such entry)"));
      return;
    }
    ui.againstTitle.textContent = `Against the recording: the recorded state after entry ${recordedSeq} → ${stateName(row)} · ${plural(changes.length, "change", "changes")}`;
    if (changes.length === 0) {
      ui.against.append(el("div", "line context", "(the same state as the recording)"));
      return;
    }
    renderDiffLines(ui.against, C.renderLines(changes.map(changeOf), diffLimit));
  }

  // ---- Where the selected entry came from: site, cause, chain, running effects --------

  /** A button that selects the entry numbered `seq` when the report shows it; its name otherwise. */
  function seqLink(seq) {
    const label = `entry ${seq}`;
    if (!rowOfSeq.has(seq)) return el("span", "seq-ref", label);
    return button("seq-ref link", label, () => select(rowOfSeq.get(seq)), `go to entry ${seq}`);
  }

  /** The rows of `row`'s chain of causes within the report, root first. */
  function chainOf(row) {
    const chain = [row];
    const seen = new Set(chain);
    for (let r = row; rows.cause && rows.cause[r - 1] !== null && rows.cause[r - 1] !== undefined; ) {
      const next = rowOfSeq.get(rows.cause[r - 1]);
      if (next === undefined || seen.has(next)) break;
      chain.unshift(next);
      seen.add(next);
      r = next;
    }
    return chain;
  }

  /** The effect runs running after the entry numbered `seq`, as `--effects` lists them. */
  function runningAfter(seq) {
    return (index.effects || []).filter(
      (run) =>
        (run.startedAfter === null || run.startedAfter === undefined || run.startedAfter <= seq) &&
        (run.outcome === undefined || (run.endedAfter !== undefined && run.endedAfter > seq)),
    );
  }

  function renderProvenance(row) {
    const site = rows.site && rows.site[row - 1];
    if (site) ui.action.append(el("div", "provenance site", el("span", "label", "site "), visible(site)));
    const cause = rows.cause ? rows.cause[row - 1] : null;
    if (cause !== null && cause !== undefined) {
      const effect = rows.effect && rows.effect[row - 1];
      ui.action.append(
        el("div", "provenance cause", el("span", "label", "cause "), effect ? `sent by the effect \`${visible(effect)}\` of ` : "caused by ", seqLink(cause)),
      );
      const chain = chainOf(row);
      if (chain.length > 1) {
        // Root first, each link with its action's name; the site shows on hover.
        const line = el("div", "provenance why", el("span", "label", "why "));
        chain.forEach((r, i) => {
          if (i > 0) line.append(" → ");
          const link = el("span", "why-link", seqLink(seqOf(r)), ` (${visible(rows.name[r - 1])})`);
          const where = rows.site && rows.site[r - 1];
          if (where) link.title = visible(where);
          line.append(link);
        });
        ui.action.append(line);
      }
    }
    if (index.effects) {
      const running = runningAfter(seqOf(row));
      const box = el("div", "provenance effects", el("span", "label", "effects running "));
      if (running.length === 0) box.append("none");
      for (const run of running) {
        box.append(el("span", "effect-run", `${visible(run.name)} (run ${run.id}${run.cause !== undefined ? ", started by " : ""}`, run.cause !== undefined ? seqLink(run.cause) : null, run.site ? ` at ${visible(run.site)})` : ")"));
      }
      ui.action.append(box);
    }
  }

  // A diff of more than `wholeDiff` lines (a change 10,000 levels deep has 20,000 lines of
  // context) keeps only the lines in view in the DOM, and opens at its first change.
  const wholeDiff = 1000;
  const diffLineHeight = 19;
  const longDiffs = new WeakMap(); // container → {lines, box, painted}

  function renderDiffLines(container, lines) {
    container.dataset.lines = String(lines.length);
    if (lines.length <= wholeDiff) {
      longDiffs.delete(container);
      const fragment = document.createDocumentFragment();
      for (const line of lines) fragment.append(el("div", "line " + line.kind, line.text));
      container.append(fragment);
      return;
    }
    const box = el("div", "diff-lines");
    box.style.height = lines.length * diffLineHeight + "px";
    container.append(box);
    if (!container.dataset.virtual) {
      container.dataset.virtual = "true";
      container.addEventListener("scroll", () => paintDiff(container, false));
    }
    const view = { lines, box, painted: "" };
    longDiffs.set(container, view);
    const first = lines.findIndex((line) => line.kind !== "context" && line.kind !== "fold");
    const height = container.clientHeight || 400;
    container.scrollTop = first * diffLineHeight > height - diffLineHeight ? first * diffLineHeight - height / 3 : 0;
    paintDiff(container, true);
  }

  function paintDiff(container, force) {
    const view = longDiffs.get(container);
    if (view === undefined) return;
    const top = container.scrollTop;
    const height = container.clientHeight || 400;
    const first = Math.max(0, Math.floor(top / diffLineHeight) - 30);
    const last = Math.min(view.lines.length, Math.ceil((top + height) / diffLineHeight) + 30);
    if (!force && view.painted === `${first}-${last}`) return;
    view.painted = `${first}-${last}`;
    const fragment = document.createDocumentFragment();
    for (let i = first; i < last; i++) {
      const line = el("div", "line " + view.lines[i].kind, view.lines[i].text);
      line.style.top = i * diffLineHeight + "px";
      fragment.append(line);
    }
    view.box.replaceChildren(fragment);
  }

  /** Text cut at `limit` characters with a button that shows the rest. */
  function foldedText(text, limit) {
    const span = el("span", "json");
    if (text.length <= limit) {
      span.textContent = text;
      return span;
    }
    span.textContent = text.slice(0, limit) + "…";
    const more = button("more", `show all ${grouped(text.length)} characters`, () => {
      span.textContent = text;
      more.remove();
    });
    return el("span", null, span, " ", more);
  }

  // ---- State tree -------------------------------------------------------------------

  // The tree is a flat list of lines (indented, not nested) built by C.treeRows, and of
  // more than `wholeTree` lines only those in view are in the DOM, as in the entry list: a
  // state nested 10,000 deep costs what its listed lines cost. Children are listed only when their node is open;
  // levels past `openDepth` below the last node the user opened stay folded even when
  // they hold the change.
  const tree = {
    choices: (() => {
      const trie = new C.PathTrie();
      trie.set([], true);
      return trie;
    })(), // true: opened by the user, false: closed (their choice wins)
    limits: new C.PathTrie(), // children shown past the first page
    shown: new C.PathTrie(), // paths the user went to from a search result
    marks: { changed: new C.PathTrie(), inside: new C.PathTrie() },
    rows: [], // every listed line, in order
    painted: "", // the range of rows in the DOM
  };
  const pageSize = 50;
  const openDepth = 24;
  const stringLimit = 200;
  const searchLimit = 100;
  const lineHeight = 22;
  const wholeTree = 1000;

  const treeOptions = () => ({
    changed: tree.marks.changed,
    inside: tree.marks.inside,
    open: tree.choices,
    limits: tree.limits,
    shown: tree.shown,
    pageSize,
    openDepth,
  });

  // Relisting the lines keeps the pane's scroll position, so stepping through entries
  // keeps the same part of the state in view.
  function renderTree(row) {
    tree.marks = C.changeTries(row === 0 ? [] : entryAt(row).changes);
    ui.treeTitle.textContent = `State: ${stateName(row)}`;
    listTree(C.treeRows(stateAt(current), treeOptions()));
    if (ui.search.value !== "") runSearch();
  }

  function listTree(rows) {
    tree.rows = rows;
    ui.treeLines.style.height = rows.length * lineHeight + "px";
    ui.treeLines.dataset.rows = String(rows.length);
    paintTree(true);
  }

  /** Puts the lines in the DOM: all of up to `wholeTree` lines, else those in view. */
  function paintTree(force) {
    let first = 0;
    let last = tree.rows.length;
    if (last > wholeTree) {
      const top = ui.tree.scrollTop - ui.treeLines.offsetTop;
      const height = ui.tree.clientHeight || 600;
      first = Math.max(0, Math.floor(top / lineHeight) - 20);
      last = Math.min(tree.rows.length, Math.ceil((top + height) / lineHeight) + 20);
    }
    if (!force && tree.painted === `${first}-${last}`) return;
    tree.painted = `${first}-${last}`;
    const fragment = document.createDocumentFragment();
    for (let i = first; i < last; i++) fragment.append(treeLine(tree.rows[i], i));
    ui.treeLines.replaceChildren(fragment);
  }

  /** Lists row `index`'s node again (after a toggle or a page more). */
  function relist(index) {
    const r = tree.rows[index];
    let end = index + 1;
    while (end < tree.rows.length && tree.rows[end].depth > r.depth) end++;
    const listed = C.treeRows(stateAt(current), treeOptions(), { value: r.value, path: r.path, label: r.label });
    listTree(tree.rows.slice(0, index).concat(listed, tree.rows.slice(end)));
  }

  function treeButton(className, label, action, title) {
    const b = el("button", className, label);
    b.type = "button";
    b.dataset.action = action;
    if (title) b.title = title;
    return b;
  }

  function treeLine(r, index) {
    const line = el("div", "node-line");
    line.style.top = index * lineHeight + "px";
    // Indented as deep as openDepth levels, no further: deeper lines say where they are in their pointer.
    line.style.paddingLeft = Math.min(r.depth, openDepth) * 16 + "px";
    line.dataset.index = String(index);
    if (r.kind === "more") {
      line.classList.add("more-line");
      const hidden = r.to - r.from;
      line.append(
        el("span", "folded", `… ${plural(hidden, "more", "more")} (${r.from}–${r.to - 1} of ${grouped(r.count)})`),
        treeButton("more", `show ${Math.min(pageSize, hidden)} more`, "page"),
        treeButton("more", "show all", "all"),
      );
      return line;
    }
    if (r.changed) line.classList.add("changed");
    if (r.found) line.classList.add("found");
    if (r.container) {
      const toggle = treeButton("toggle", r.open ? "▾" : "▸", "toggle", r.open ? "collapse" : "expand");
      toggle.setAttribute("aria-expanded", String(r.open));
      line.append(toggle);
    } else line.append(el("span", "toggle-space"));
    if (r.label !== null) line.append(el("span", "key", r.label), el("span", "colon", ": "));
    if (r.container) {
      const isArray = Array.isArray(r.value);
      line.append(el("span", "summary", isArray ? `[${plural(r.count, "item", "items")}]` : `{${plural(r.count, "key", "keys")}}`));
      if (!r.open && r.inside) line.append(el("span", "inside", "changed inside"));
    } else {
      line.append(scalarView(r.value));
    }
    const shownPointer = r.depth === 0 ? '"" (the whole state)' : C.shortPointer(r.path);
    line.append(treeButton("pointer", shownPointer, "copy", "copy this node's JSON Pointer (RFC 6901)"));
    return line;
  }

  function onTreeClick(event) {
    const b = event.target.closest("button[data-action]");
    if (!b) return;
    const index = Number(b.closest(".node-line").dataset.index);
    const r = tree.rows[index];
    if (r === undefined) return;
    const action = b.dataset.action;
    if (action === "copy") {
      copyText(C.formatPointer(r.path.tokens()), "JSON Pointer " + (r.depth === 0 ? '""' : C.shortPointer(r.path)));
      return;
    }
    if (action === "toggle") {
      tree.choices.set(r.path.tokens(), !r.open);
      relist(index);
      return;
    }
    // A page more (or all) of the children of the node the line belongs to: the row
    // before it one level up.
    let parent = index - 1;
    while (parent >= 0 && tree.rows[parent].depth >= r.depth) parent--;
    if (parent < 0) return;
    const shown = r.from + (action === "all" ? r.count : pageSize);
    tree.limits.set(r.path.tokens(), Math.min(r.count, shown));
    relist(parent);
  }

  // ---- Searching the state ------------------------------------------------------------

  function runSearch() {
    ui.searchResults.replaceChildren();
    const query = ui.search.value;
    if (query === "") return;
    const { matches, complete } = C.searchState(stateAt(current), query, searchLimit);
    const count = complete ? plural(matches.length, "match", "matches") : `the first ${grouped(matches.length)} matches`;
    ui.searchResults.append(el("div", "search-count", `${count} in ${stateName(current)}`));
    for (const m of matches) {
      const hit = el(
        "button",
        "search-hit",
        el("span", "hit-path", m.path.depth === 0 ? "(root)" : C.shortPointer(m.path)),
        el("span", "hit-kind", m.in),
        el("span", "hit-text", m.text),
      );
      hit.type = "button";
      hit.addEventListener("click", () => reveal(m.path));
      ui.searchResults.append(hit);
    }
  }

  const samePath = (p, q) => {
    for (; p !== null && q !== null; p = p.parent, q = q.parent) {
      if (p === q) return true;
      if (p.depth !== q.depth || p.token !== q.token) return false;
    }
    return p === q;
  };

  /** Opens every ancestor of `path`, lists it and scrolls it into view. */
  function reveal(path) {
    const tokens = path.tokens();
    tree.choices.setAncestors(tokens, true);
    tree.shown.set(tokens, true);
    const rows = C.treeRows(stateAt(current), treeOptions());
    let found = -1;
    for (let i = rows.length - 1; i >= 0 && found < 0; i--) {
      const r = rows[i];
      if (r.kind === "node" && r.depth === path.depth && samePath(r.path, path)) found = i;
    }
    if (found >= 0) rows[found].found = true;
    // The lines' height first, so that the pane can scroll to the line before it is drawn.
    ui.treeLines.style.height = rows.length * lineHeight + "px";
    if (found >= 0) {
      // Centred in what the sticky search leaves of the pane.
      const height = ui.tree.clientHeight || 600;
      const header = ui.search.parentElement.offsetHeight;
      const middle = header + Math.max(0, height - header - lineHeight) / 2;
      ui.tree.scrollTop = Math.max(0, ui.treeLines.offsetTop + found * lineHeight - middle);
      ui.tree.scrollLeft = 0;
    }
    listTree(rows);
  }

  function copyText(text, what) {
    const done = () => toast(`Copied ${what}`);
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => fallbackCopy(text, done));
    } else fallbackCopy(text, done);
  }
  function fallbackCopy(text, done) {
    const area = el("textarea", "offscreen");
    area.value = text;
    document.body.append(area);
    area.select();
    try {
      document.execCommand("copy");
      done();
    } catch (error) {
      toast("Copy failed: select the pointer and copy it");
    }
    area.remove();
  }
  let toastTimer = 0;
  function toast(text) {
    ui.toast.textContent = text;
    ui.toast.classList.remove("hidden");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => ui.toast.classList.add("hidden"), 1600);
  }

  function scalarView(value) {
    const cls = "value " + C.typeName(value);
    if (typeof value === "string") {
      const characters = value.length > stringLimit ? C.characters(value) : [];
      if (characters.length > stringLimit) {
        const span = el("span", cls, C.printString(characters.slice(0, stringLimit).join("")).slice(0, -1) + '…"');
        const more = button("more", `show all ${grouped(characters.length)} characters`, () => {
          span.textContent = C.printString(value);
          more.remove();
        });
        return el("span", null, span, " ", more);
      }
      return el("span", cls, C.printString(value));
    }
    return el("span", cls, C.print(value));
  }

  // ---- Compare two states -----------------------------------------------------------

  function showTab(name) {
    const compare = name === "compare";
    ui.compare.classList.toggle("hidden", !compare);
    ui.tree.classList.toggle("hidden", compare);
    ui.compareTab.classList.toggle("active", compare);
    ui.stateTab.classList.toggle("active", !compare);
    if (compare) renderCompare();
  }

  function parseStateName(text) {
    const t = text.trim().toLowerCase();
    if (t === "initial" || t === "init" || t === "0" && !rowOfSeq.has(0)) return 0;
    const seq = Number(t.replace(/^seq\s*/, ""));
    if (Number.isInteger(seq) && rowOfSeq.has(seq)) return rowOfSeq.get(seq);
    return null;
  }

  function renderCompare() {
    ui.compare.replaceChildren();
    const from = el("input", "state-input");
    from.id = "compare-from";
    from.value = compareFrom === 0 ? "initial" : String(seqOf(compareFrom));
    const to = el("input", "state-input");
    to.id = "compare-to";
    to.value = current === 0 ? "initial" : String(seqOf(current));
    const output = el("div", "diff");
    output.id = "compare-diff";
    const title = el("div", "pane-title");
    const run = () => {
      output.replaceChildren();
      const a = parseStateName(from.value);
      const b = parseStateName(to.value);
      if (a === null || b === null) {
        title.textContent = "Give a seq of this report, or initial.";
        return;
      }
      compareFrom = a;
      const t0 = performance.now();
      const changes = C.diff(stateAt(a), stateAt(b), index.idKeys);
      title.textContent = `${stateName(a)} → ${stateName(b)} · ${plural(changes.length, "change", "changes")}`;
      renderDiffLines(output, C.renderStructural(stateAt(a), stateAt(b), changes, diffLimit));
      output.dataset.ms = String(Math.round(performance.now() - t0));
    };
    from.addEventListener("change", run);
    to.addEventListener("change", run);
    const swap = button("more", "swap", () => {
      [from.value, to.value] = [to.value, from.value];
      run();
    });
    const note = el(
      "div",
      "note",
      "States are named by seq (the state after that entry) or initial. The diff is replay --diff's: array elements with an id are matched by it, so a move is a move.",
    );
    ui.compare.append(el("div", "compare-form", el("label", null, "from ", from), el("label", null, "to ", to), swap), note, title, output);
    run();
  }

  // ---- Keyboard, fragment, resize ---------------------------------------------------

  function onKey(event) {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    switch (event.key) {
      case "ArrowLeft":
      case "ArrowUp":
      case "k":
        step(-1);
        break;
      case "ArrowRight":
      case "ArrowDown":
      case "j":
        step(1);
        break;
      case "Home":
        select(shown.length > 0 ? shown[0] : 0);
        break;
      case "End":
        select(shown.length > 0 ? shown[shown.length - 1] : n);
        break;
      case "PageUp":
        step(-10);
        break;
      case "PageDown":
        step(10);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  function start() {
    buildLayout();
    buildHeader();
    buildFilters();
    buildLegend();
    applyFilter();
    drawTrack();
    drawPlots();
    ui.slider.addEventListener("input", () => select(Number(ui.slider.value), { scroll: true }));
    ui.list.addEventListener("scroll", () => {
      if (scrolledTo >= 0) {
        scrolledTo = -1;
        return;
      }
      renderList();
    });
    ui.listRows.addEventListener("click", (event) => {
      const row = event.target.closest(".row");
      if (!row) return;
      const r = Number(row.dataset.row);
      if (event.shiftKey) {
        compareFrom = r;
        showTab("compare");
        renderList(null, true);
        return;
      }
      select(r, { scroll: false });
    });
    ui.track.addEventListener("click", (event) => {
      const bounds = ui.track.getBoundingClientRect();
      select(rowAtX(event.clientX - bounds.left, bounds.width), { scroll: true });
    });
    ui.treeLines.addEventListener("click", onTreeClick);
    ui.tree.addEventListener("scroll", () => paintTree(false));
    let searchTimer = 0;
    ui.search.addEventListener("input", () => {
      clearTimeout(searchTimer);
      searchTimer = setTimeout(runSearch, 120);
    });
    ui.search.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      clearTimeout(searchTimer);
      runSearch();
      const first = ui.searchResults.querySelector(".search-hit");
      if (first) first.click();
    });
    document.addEventListener("keydown", onKey);
    window.addEventListener("hashchange", () => {
      const row = rowFromFragment();
      if (row !== null && row !== current) select(row, { scroll: true });
    });
    let resizeTimer = 0;
    window.addEventListener("resize", () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => {
        drawTrack();
        drawPlots();
        updateCursors();
        renderList(null, true);
      }, 100);
    });
    const initial = rowFromFragment();
    select(initial === null ? Math.min(1, n) : initial, { scroll: true });
    document.body.dataset.ready = "true";
    performance.mark("replay-first-entry");
  }

  start();
})();
