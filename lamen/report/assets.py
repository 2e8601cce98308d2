"""The report page's stylesheet and its transcript viewer script, inlined into index.html (the
report works offline, from file://). The script builds every node with textContent: data from
the store never becomes markup."""

CSS = """
:root { --ink: #1d1d1f; --muted: #5f6368; --line: #d9d9de; --soft: #f5f5f7; --accent: #0072B2; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
header { padding: 24px 32px 12px; border-bottom: 1px solid var(--line); }
header h1 { margin: 0 0 4px; font-size: 26px; }
header p { margin: 0; color: var(--muted); }
nav { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid var(--line); padding: 8px 32px; }
nav a { margin-right: 18px; color: var(--accent); text-decoration: none; font-weight: 600; }
main { padding: 8px 32px 48px; max-width: 1500px; }
section { margin-top: 28px; scroll-margin-top: 48px; }
h2 { font-size: 21px; border-bottom: 2px solid var(--ink); padding-bottom: 4px; }
h3 { font-size: 17px; margin-bottom: 6px; }
p.note, p.caption, .muted { color: var(--muted); }
p.fact { margin: 2px 0; font-size: 14px; }
p.caption { margin-top: 4px; font-size: 13px; max-width: 900px; }
.missing { border-left: 4px solid #E69F00; background: #fff8e6; padding: 8px 12px; }
.warning { border-left: 4px solid #D55E00; background: #fdeee6; padding: 8px 12px; }
.table-wrap { overflow-x: auto; max-width: 100%; }
table.data { border-collapse: collapse; font-size: 13px; margin: 6px 0; }
table.data th, table.data td {
  padding: 4px 10px; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap;
}
table.data th { background: var(--soft); position: sticky; top: 0; z-index: 1; }
table.data td.text, table.data th.text { text-align: left; }
table.data tbody tr:nth-child(even) td { background: #fafafa; }
table.data tbody tr td { background: #fff; }
/* A table wider than the page scrolls sideways with its first column (the agent) kept in view. */
table.data th:first-child, table.data td:first-child {
  position: sticky; left: 0; z-index: 1; box-shadow: inset -1px 0 0 var(--line);
}
table.data thead th:first-child { z-index: 2; }
#leaderboard-table th, #leaderboard-table td { padding: 4px 7px; }
table.data th.group { text-align: center; background: #fff; border-bottom: 2px solid var(--line); font-weight: 600; }
table.data td.group { border-bottom: 0; }
table.data th.wrap { white-space: normal; min-width: 4.5em; vertical-align: bottom; }
.table-wrap + .downloads, .table-wrap + .caption { margin-top: 2px; }
.pairings summary { font-size: 13px; color: var(--accent); cursor: pointer; }
.hatched { background: repeating-linear-gradient(45deg, #e0e0e0 0 3px, #fff 3px 6px); padding: 0 6px; }
.formats a { color: var(--accent); }
.downloads { font-size: 13px; }
.downloads a { color: var(--accent); margin-right: 10px; }
.figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(560px, 1fr)); gap: 24px; align-items: start; }
figure { margin: 0; }
figure img { max-width: 100%; height: auto; border: 1px solid var(--line); }
figcaption { font-size: 13px; color: var(--muted); }
details pre, pre.text {
  white-space: pre-wrap; word-break: break-word; background: var(--soft); padding: 8px 10px; margin: 4px 0;
  font-size: 13px;
}
.filters { display: flex; flex-wrap: wrap; gap: 12px; align-items: end; margin-bottom: 10px; }
.filters label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); }
.filters select, .filters input { font-size: 14px; padding: 3px; max-width: 340px; }
.viewer { display: grid; grid-template-columns: minmax(0, 11fr) minmax(380px, 8fr); gap: 20px; align-items: start; }
#match-list th, #match-list td { padding: 3px 6px; }
#match-list td:nth-child(2) { white-space: normal; min-width: 9em; }
#match-list tbody tr.selected td { background: #dbeefa; }
th button.sort { border: 0; background: none; padding: 0; font: inherit; font-weight: 700; cursor: pointer; color: inherit; }
th[aria-sort="ascending"] button.sort::after { content: " ▲"; font-size: 10px; }
th[aria-sort="descending"] button.sort::after { content: " ▼"; font-size: 10px; }
.list-pane { max-height: 80vh; overflow: auto; border: 1px solid var(--line); }
#match-list { width: 100%; margin: 0; }
#match-list tbody tr { cursor: pointer; }
#match-list button.agent-link {
  border: 0; background: none; color: var(--accent); padding: 0; font: inherit; cursor: pointer; text-align: left;
}
.detail-pane {
  border: 1px solid var(--line); padding: 12px 16px; min-height: 200px; position: sticky; top: 48px;
  max-height: 85vh; overflow: auto;
}
.turn { border-top: 1px solid var(--line); padding: 8px 0; }
.turn.side-1 { padding-left: 24px; }
.turn-head { font-weight: 600; }
.label { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; margin-top: 6px; }
.offers { font-size: 13px; }
.move { display: flex; gap: 8px; align-items: baseline; margin-top: 4px; }
.move-kind { font-size: 12px; font-weight: 600; min-width: 5.5em; text-transform: uppercase; color: var(--accent); }
.move pre { margin: 0; }
.thread { border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; margin: 8px 0; }
.thread-head { margin: 2px 0 6px; font-size: 14px; }
.thread-entry { border-top: 1px dotted var(--line); padding: 4px 0; }
.thread-who { font-size: 12px; color: var(--muted); }
.tool-call { color: var(--accent); }
.private { border-left: 3px dashed var(--muted); padding-left: 8px; margin-top: 6px; font-style: italic; }
.flag {
  display: inline-block; font-size: 12px; border-radius: 10px; padding: 1px 8px; margin: 2px 4px 2px 0;
  background: #eee;
}
.flag.violation { background: #D55E00; color: #fff; }
.flag.unfaithful { background: #CC79A7; color: #fff; }
.flag.limit, .flag.format { background: #E69F00; }
.flag.info { background: #dbeefa; }
/* Tabs (per-game and per-class leaderboards): a strip of buttons, one panel shown. */
.tablist { display: flex; flex-wrap: wrap; gap: 4px; border-bottom: 1px solid var(--line); margin-top: 6px; }
.tablist button {
  font: inherit; font-size: 13px; padding: 4px 12px; border: 1px solid var(--line); border-bottom: 0;
  border-radius: 6px 6px 0 0; background: var(--soft); color: var(--ink); cursor: pointer; margin-bottom: -1px;
}
.tablist button[aria-selected="true"] { background: #fff; font-weight: 700; border-bottom: 1px solid #fff; }
.tablist button:focus-visible, .tabpanel:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.tabpanel { padding-top: 4px; }
@media (max-width: 900px) {
  .viewer { grid-template-columns: 1fr; }
  main, header, nav { padding-left: 12px; padding-right: 12px; }
}
"""

SCRIPT = r"""
"use strict";
// Tab strips (WAI-ARIA tabs, automatic activation): click or Enter/Space on a tab shows its
// panel; arrow keys, Home and End move between the tabs of a strip.
(function () {
  for (const list of document.querySelectorAll("[role=tablist]")) {
    const tabs = Array.from(list.querySelectorAll("[role=tab]"));
    const select = (chosen, focus) => {
      for (const tab of tabs) {
        const on = tab === chosen;
        tab.setAttribute("aria-selected", on ? "true" : "false");
        tab.tabIndex = on ? 0 : -1;
        document.getElementById(tab.getAttribute("aria-controls")).hidden = !on;
      }
      if (focus) chosen.focus();
    };
    for (const tab of tabs) {
      tab.addEventListener("click", () => select(tab, false));
      tab.addEventListener("keydown", (event) => {
        const at = tabs.indexOf(tab);
        const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
        if (to === undefined) return;
        event.preventDefault();
        select(tabs[(to + tabs.length) % tabs.length], true);
      });
    }
  }
})();
(function () {
  const data = JSON.parse(document.getElementById("report-data").textContent);
  const PAGE = 200;
  const col = Object.fromEntries(data.columns.map((name, i) => [name, i]));
  const all = data.matches.map((r, i) => ({
    position: i + 1, id: r[col.id], stage: data.stages[r[col.stage]], game: data.games[r[col.game]],
    game_class: data.game_classes[r[col.game]], a: data.agents[r[col.a]], b: data.agents[r[col.b]],
    starts: r[col.starts], repetition: r[col.repetition], outcome: data.outcomes[r[col.outcome]],
    u_a: r[col.u_a], u_b: r[col.u_b], rounds: r[col.rounds], chunk: r[col.chunk],
  }));
  for (const m of all) m.text = [m.id, m.game, m.a, m.b, m.outcome, m.stage].join(" ").toLowerCase();
  const byId = new Map(all.map((m) => [m.id, m]));
  const state = { agent: "", game: "", outcome: "", stage: "", query: "", sort: "position", descending: false,
                  limit: PAGE, selected: null };

  // Transcripts live in script files beside the page (file:// lets a page add script elements,
  // not fetch files):
  // each calls window.lamenTranscripts(number, matches) when it loads.
  const chunks = new Map();
  const waiting = new Map();
  window.lamenTranscripts = function (number, matches) {
    const resolve = waiting.get(number);
    if (resolve) resolve(matches);
  };
  function chunkFile(number) { return data.chunk_files + "/" + String(number).padStart(4, "0") + ".js"; }
  function loadChunk(number) {
    if (!chunks.has(number)) {
      chunks.set(number, new Promise((resolve, reject) => {
        const script = document.createElement("script");
        const done = () => { script.remove(); waiting.delete(number); };
        waiting.set(number, (matches) => { done(); resolve(matches); });
        script.onload = () => { if (waiting.has(number)) { done(); chunks.delete(number); reject(chunkFile(number)); } };
        script.onerror = () => { done(); chunks.delete(number); reject(chunkFile(number)); };
        script.src = chunkFile(number);
        document.head.appendChild(script);
      }));
    }
    return chunks.get(number);
  }

  function el(tag, options, children) {
    const node = document.createElement(tag);
    const o = options || {};
    if (o.cls) node.className = o.cls;
    if (o.text !== undefined && o.text !== null) node.textContent = String(o.text);
    if (o.attrs) for (const [name, value] of Object.entries(o.attrs)) node.setAttribute(name, String(value));
    for (const child of children || []) if (child) node.appendChild(child);
    return node;
  }
  function number(value, digits) { return value === null || value === undefined ? "–" : value.toFixed(digits); }
  function permalink(id) { return "#match=" + encodeURIComponent(id); }
  function offersText(reading) {
    if (!reading) return "not read";
    const parts = Object.entries(reading.offers).map(([issue, label]) => issue + ": " + label);
    for (const [issue, raw] of Object.entries(reading.invalid)) {
      parts.push(issue + ": " + raw + " (not in the payoff table)");
    }
    for (const issue of reading.unknown_issues) parts.push(issue + " (invented issue)");
    return (parts.length ? parts.join("; ") : "no offer found") + "  [extraction: " + reading.method + "]";
  }

  function fillSelect(id, values, label) {
    const select = document.getElementById(id);
    select.appendChild(new Option(label, ""));
    for (const value of values) select.appendChild(new Option(value, value));
    select.addEventListener("change", () => {
      state[select.dataset.key] = select.value; state.limit = PAGE; render();
    });
  }

  function compare(x, y) {
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;  // missing values last, either way
    if (y === null || y === undefined) return -1;
    return typeof x === "string" ? x.localeCompare(y) : x - y;
  }
  function matches() {
    const query = state.query.trim().toLowerCase();
    const shown = all.filter((m) =>
      (!state.agent || m.a === state.agent || m.b === state.agent) &&
      (!state.game || m.game === state.game) && (!state.outcome || m.outcome === state.outcome) &&
      (!state.stage || m.stage === state.stage) && (!query || m.text.includes(query)));
    const key = state.sort;
    const sign = state.descending ? -1 : 1;
    return shown.sort((x, y) => {
      const order = compare(x[key], y[key]);
      if (x[key] === null || y[key] === null) return order || x.position - y.position;
      return sign * order || x.position - y.position;
    });
  }

  function setAgent(agent) {
    state.agent = agent; state.limit = PAGE;
    document.getElementById("filter-agent").value = agent;
    render();
  }
  function agentCell(agent, cls) {
    const button = el("button", {
      cls: "agent-link", text: agent, attrs: { type: "button", title: "show only this agent's matches" } });
    button.addEventListener("click", (event) => { event.stopPropagation(); setAgent(agent); });
    return el("td", { cls: "text " + cls }, [button]);
  }

  function render() {
    const shown = matches();
    const body = document.querySelector("#match-list tbody");
    body.replaceChildren();
    for (const m of shown.slice(0, state.limit)) {
      const link = el("a", { text: m.position, attrs: { href: permalink(m.id), title: "permalink to match " + m.id } });
      const row = el("tr", { attrs: { "data-match-id": m.id } }, [
        el("td", {}, [link]), el("td", { cls: "text", text: m.game }),
        agentCell(m.a, "agent-a"), agentCell(m.b, "agent-b"),
        el("td", { cls: "first", text: "AB"[m.starts] }), el("td", { text: m.repetition }),
        el("td", { cls: "text outcome", text: m.outcome }),
        el("td", { text: number(m.u_a, 2) }), el("td", { text: number(m.u_b, 2) }),
        el("td", { text: m.rounds === null ? "–" : m.rounds }),
      ]);
      if (m.id === state.selected) row.classList.add("selected");
      row.addEventListener("click", () => { location.hash = permalink(m.id); });
      body.appendChild(row);
    }
    for (const th of document.querySelectorAll("#match-list th[data-sort]")) {
      const sorted = th.dataset.sort === state.sort;
      th.setAttribute("aria-sort", sorted ? (state.descending ? "descending" : "ascending") : "none");
    }
    document.getElementById("match-count").textContent =
      shown.length + " of " + all.length + " matches" +
      (shown.length > state.limit ? " (first " + state.limit + " listed)" : "") +
      (data.pending ? "; " + data.pending + " pending matches are not played yet" : "");
    const more = document.getElementById("show-more");
    more.hidden = shown.length <= state.limit;
    more.textContent = "show " + Math.min(PAGE, shown.length - state.limit) + " more";
    return shown;
  }

  function familyTurnNode(turn) {
    // A game family's turn: the moves the partner saw, one per tag, then the seat's private thoughts.
    // The role names the seat when a side fills several (Mediation's user-0 and user-1).
    const who = "Round " + turn.round + " · " + (turn.role ? turn.role + " (side " + "AB"[turn.side] + ")"
      : "side " + "AB"[turn.side]) + " · " + turn.agent;
    const parts = [el("div", { cls: "turn-head", text: who })];
    for (const move of turn.moves) {
      parts.push(el("div", { cls: "move move-" + move.kind }, [el("span", { cls: "move-kind", text: move.kind }),
        move.text ? el("pre", { cls: "text message", text: move.text }) : null]));
    }
    if (turn.private) {
      parts.push(el("div", { cls: "private" }, [el("div", { cls: "label", text: "private thoughts (not shown to the partner)" }),
        el("pre", { cls: "text note", text: turn.private })]));
    }
    return el("div", { cls: "turn side-" + turn.side }, parts);
  }

  function turnNode(turn) {
    if (turn.moves !== undefined) return familyTurnNode(turn);
    const who = "Round " + turn.round + " · " + turn.party + " (side " + "AB"[turn.side] + ") · " + turn.agent;
    const head = el("div", { cls: "turn-head", text: who });
    const flags = el("div", { cls: "flags" },
      turn.flags.map((f) => el("span", { cls: "flag " + f.kind, text: f.text })));
    const parts = [head, flags,
      el("div", { cls: "label", text: "note (private)" }), el("pre", { cls: "text note", text: turn.note }),
      el("div", { cls: "offers", text: "offers read from the note: " + offersText(turn.note_reading) }),
      el("div", { cls: "label", text: "message (public)" }), el("pre", { cls: "text message", text: turn.message }),
      el("div", { cls: "offers", text: "offers read from the message: " + offersText(turn.message_reading) })];
    if (turn.interrogation !== null) {
      parts.push(el("div", { cls: "label", text: "interrogation answer" }),
        el("pre", { cls: "text", text: turn.interrogation }));
    }
    return el("div", { cls: "turn side-" + turn.side }, parts);
  }

  function showDetail(pane, m, d) {
    const facts = [
      "side A (" + d.parties[0] + "): " + m.a + " · side B (" + d.parties[1] + "): " + m.b +
        " · side " + "AB"[m.starts] + " moved first",
      "outcome: " + m.outcome + (d.end_reason ? " (" + d.end_reason + ")" : "") +
        " · utilities " + number(d.u[0], 3) + " / " + number(d.u[1], 3) +
        (d.agreed_offer ? " · agreed: " + Object.entries(d.agreed_offer).map(([k, v]) => k + " " + v).join(", ") : ""),
      "source: " + d.source,
    ];
    if (d.error) facts.push("error: " + d.error);
    for (const fact of facts) pane.appendChild(el("p", { cls: "fact", text: fact }));
    if (d.missing) pane.appendChild(el("p", { cls: "missing", text: d.missing }));
    if (d.threads) { showThreads(pane, d.threads); return; }
    for (const turn of d.turns) pane.appendChild(turnNode(turn));
  }

  function threadEntry(e) {
    // One event of a thread: its number (to read threads against each other), who wrote it, the text.
    const who = "#" + e.index + " · " + (e.role === null ? "result" : e.role) + (e.agent ? " (" + e.agent + ")" : "");
    const parts = [el("span", { cls: "move-kind", text: e.kind.replace("_", " ") }),
      el("span", { cls: "thread-who", text: who })];
    const body = [el("div", { cls: "move" }, parts)];
    if (e.kind === "tool_call") {
      body.push(el("pre", { cls: "text tool-call", text: e.text + "(" + JSON.stringify(e.args || {}) + ")" }));
    } else if (e.text) {
      body.push(el("pre", { cls: "text " + (e.kind === "think" ? "note" : "message"), text: e.text }));
    }
    if (e.error) body.push(el("div", { cls: "flag format", text: "error: " + e.error }));
    if (e.reward) body.push(el("div", { cls: "flag info", text: "reward +" + e.reward.toFixed(3) }));
    return el("div", { cls: "thread-entry kind-" + e.kind + (e.kind === "think" ? " private" : "") }, body);
  }

  function showThreads(pane, threads) {
    // An agent among people: one thread per person it talked with, and its own lane of tool calls.
    pane.appendChild(el("p", { cls: "note", text: threads.length + " threads: one per person the agent talked " +
      "with, and its own tool calls with their results; #n numbers the events in the order they happened." }));
    for (const t of threads) {
      const entries = t.entries.map(threadEntry);
      pane.appendChild(el("section", { cls: "thread", attrs: { "data-thread": t.key } }, [
        el("h4", { cls: "thread-head", text: t.title + (t.agent ? " · " + t.agent : "") + " · " +
          t.entries.length + " events" }), ...entries]));
    }
  }

  function showMatch(m) {
    const pane = document.getElementById("match-detail");
    pane.replaceChildren();
    if (!m) {
      pane.dataset.state = "empty";
      pane.appendChild(el("p", { cls: "muted", text: "Select a match in the list to read its transcript." }));
      return;
    }
    pane.dataset.state = "loading";
    pane.dataset.match = m.id;
    pane.appendChild(el("h3", { text: m.a + " vs " + m.b + " — " + m.game }));
    pane.appendChild(el("p", { cls: "fact" }, [
      el("span", { text: "match " + m.id + " · " + m.stage + "-play · " + m.game_class + " · repetition " +
                         m.repetition + " · " }),
      el("a", { text: "permalink", attrs: { href: permalink(m.id) } })]));
    const loading = el("p", { cls: "muted", text: "loading the transcript…" });
    pane.appendChild(loading);
    loadChunk(m.chunk).then((chunk) => {
      if (state.selected !== m.id) return;
      loading.remove();
      showDetail(pane, m, chunk[m.id]);
      pane.dataset.state = "shown";
    }, (file) => {
      if (state.selected !== m.id) return;
      loading.replaceWith(el("p", { cls: "missing", text: "could not load " + file +
        ": keep the report's transcripts folder next to index.html" }));
      pane.dataset.state = "error";
    });
  }

  function fromHash() {
    const found = /^#match=(.+)$/.exec(location.hash);
    if (!found) return;
    const id = decodeURIComponent(found[1]);
    const m = byId.get(id);
    if (!m) {
      state.selected = null;
      render();
      const pane = document.getElementById("match-detail");
      pane.replaceChildren(el("p", { cls: "missing", text: "no match " + id + " in this report" }));
      pane.dataset.state = "error";
      return;
    }
    state.selected = id;
    let shown = matches();
    if (!shown.includes(m)) { resetFilters(); shown = matches(); }
    state.limit = Math.max(state.limit, Math.ceil((shown.indexOf(m) + 1) / PAGE) * PAGE);
    render();
    showMatch(m);
    const row = document.querySelector('#match-list tr[data-match-id="' + CSS.escape(id) + '"]');
    document.getElementById("transcripts").scrollIntoView();
    if (row) row.scrollIntoView({ block: "nearest" });
  }

  function resetFilters() {
    for (const key of ["agent", "game", "outcome", "stage", "query"]) state[key] = "";
    for (const select of document.querySelectorAll(".filters select")) select.value = "";
    document.getElementById("match-search").value = "";
    state.limit = PAGE;
  }

  fillSelect("filter-agent", data.agents, "all agents");
  fillSelect("filter-game", data.games, "all games");
  fillSelect("filter-outcome", data.outcomes, "all outcomes");
  fillSelect("filter-stage", data.stages.filter((s) => all.some((m) => m.stage === s)), "all stages");
  document.getElementById("match-search").addEventListener("input", (event) => {
    state.query = event.target.value; state.limit = PAGE; render();
  });
  document.getElementById("filter-reset").addEventListener("click", () => { resetFilters(); render(); });
  document.getElementById("show-more").addEventListener("click", () => { state.limit += PAGE; render(); });
  for (const button of document.querySelectorAll("#match-list th[data-sort] button")) {
    button.addEventListener("click", () => {
      const key = button.parentElement.dataset.sort;
      state.descending = state.sort === key ? !state.descending : false;
      state.sort = key;
      render();
    });
  }
  window.addEventListener("hashchange", fromHash);
  render();
  showMatch(null);
  fromHash();
})();
"""
