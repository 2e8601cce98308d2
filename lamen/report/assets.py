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
.table-wrap { overflow-x: auto; max-width: 100%; }
table.data { border-collapse: collapse; font-size: 13px; margin: 6px 0; }
table.data th, table.data td {
  padding: 4px 10px; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap;
}
table.data th { background: var(--soft); position: sticky; top: 0; }
table.data td.text, table.data th.text { text-align: left; }
table.data tbody tr:nth-child(even) { background: #fafafa; }
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
.filters select { font-size: 14px; padding: 3px; max-width: 340px; }
.viewer { display: grid; grid-template-columns: minmax(560px, 1fr) minmax(420px, 1fr); gap: 20px; align-items: start; }
.list-pane { max-height: 80vh; overflow: auto; border: 1px solid var(--line); }
#match-list { width: 100%; margin: 0; }
#match-list tbody tr { cursor: pointer; }
#match-list tbody tr.selected { background: #dbeefa; }
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
.flag {
  display: inline-block; font-size: 12px; border-radius: 10px; padding: 1px 8px; margin: 2px 4px 2px 0;
  background: #eee;
}
.flag.violation { background: #D55E00; color: #fff; }
.flag.unfaithful { background: #CC79A7; color: #fff; }
.flag.limit, .flag.format { background: #E69F00; }
.flag.info { background: #dbeefa; }
@media (max-width: 900px) {
  .viewer { grid-template-columns: 1fr; }
  main, header, nav { padding-left: 12px; padding-right: 12px; }
}
"""

SCRIPT = r"""
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("report-data").textContent);
  const PAGE = 200;
  const state = { agent: "", game: "", outcome: "", stage: "", limit: PAGE, selected: null };

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
  function offersText(reading) {
    if (!reading) return "not read";
    const parts = Object.entries(reading.offers).map(([issue, label]) => issue + ": " + label);
    for (const [issue, raw] of Object.entries(reading.invalid)) {
      parts.push(issue + ": " + raw + " (not in the payoff table)");
    }
    for (const issue of reading.unknown_issues) parts.push(issue + " (invented issue)");
    return (parts.length ? parts.join("; ") : "no offer found") + "  [extraction: " + reading.method + "]";
  }

  function fillSelect(id, values, all) {
    const select = document.getElementById(id);
    select.appendChild(new Option(all, ""));
    for (const value of values) select.appendChild(new Option(value, value));
    select.addEventListener("change", () => {
      state[select.dataset.key] = select.value; state.limit = PAGE; render();
    });
  }

  function matches() {
    return data.matches.filter((m) =>
      (!state.agent || m.a === state.agent || m.b === state.agent) &&
      (!state.game || m.game === state.game) && (!state.outcome || m.outcome === state.outcome) &&
      (!state.stage || m.stage === state.stage));
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
      const row = el("tr", { attrs: { "data-match-id": m.id } }, [
        el("td", { cls: "text", text: m.game }), agentCell(m.a, "agent-a"), agentCell(m.b, "agent-b"),
        el("td", { cls: "text outcome", text: m.outcome }),
        el("td", { text: number(m.u[0], 2) }), el("td", { text: number(m.u[1], 2) }),
        el("td", { text: m.rounds === null ? "–" : m.rounds }),
      ]);
      if (m.id === state.selected) row.classList.add("selected");
      row.addEventListener("click", () => { state.selected = m.id; render(); });
      body.appendChild(row);
    }
    document.getElementById("match-count").textContent =
      shown.length + " of " + data.matches.length + " matches" +
      (shown.length > state.limit ? " (first " + state.limit + " listed)" : "") +
      (data.pending ? "; " + data.pending + " pending matches are not played yet" : "");
    const more = document.getElementById("show-more");
    more.hidden = shown.length <= state.limit;
    more.textContent = "show " + Math.min(PAGE, shown.length - state.limit) + " more";
    showMatch(data.matches.find((m) => m.id === state.selected) || null);
  }

  function turnNode(turn) {
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

  function showMatch(m) {
    const pane = document.getElementById("match-detail");
    pane.replaceChildren();
    if (!m) {
      pane.appendChild(el("p", { cls: "muted", text: "Select a match in the list to read its transcript." }));
      return;
    }
    pane.appendChild(el("h3", { text: m.a + " vs " + m.b + " — " + m.game }));
    const facts = [
      "match " + m.id + " · " + m.stage + "-play · " + m.game_class + " · repetition " + m.repetition,
      "side A (" + m.parties[0] + "): " + m.a + " · side B (" + m.parties[1] + "): " + m.b +
        " · side " + "AB"[m.starts] + " moved first",
      "outcome: " + m.outcome + (m.end_reason ? " (" + m.end_reason + ")" : "") +
        " · utilities " + number(m.u[0], 3) + " / " + number(m.u[1], 3) +
        (m.agreed_offer ? " · agreed: " + Object.entries(m.agreed_offer).map(([k, v]) => k + " " + v).join(", ") : ""),
      "source: " + m.source,
    ];
    if (m.error) facts.push("error: " + m.error);
    for (const fact of facts) pane.appendChild(el("p", { cls: "fact", text: fact }));
    if (m.missing) pane.appendChild(el("p", { cls: "missing", text: m.missing }));
    for (const turn of m.turns) pane.appendChild(turnNode(turn));
  }

  fillSelect("filter-agent", data.agents, "all agents");
  fillSelect("filter-game", data.games, "all games");
  fillSelect("filter-outcome", data.outcomes, "all outcomes");
  const stages = ["cross", "self", "qualifier"].filter((s) => data.matches.some((m) => m.stage === s));
  fillSelect("filter-stage", stages, "all stages");
  document.getElementById("filter-reset").addEventListener("click", () => {
    for (const key of ["agent", "game", "outcome", "stage"]) state[key] = "";
    for (const select of document.querySelectorAll(".filters select")) select.value = "";
    state.limit = PAGE; render();
  });
  document.getElementById("show-more").addEventListener("click", () => { state.limit += PAGE; render(); });
  render();
})();
"""
