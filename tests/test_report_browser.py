"""The report in a real browser (Debian's headless Chromium, driven by Playwright) at 1400 px: the
leaderboard, every image, no console error, filtering, searching and sorting the transcript list,
permalinks, tables that fit or scroll with their first column frozen, alternative text and table
headers, hostile transcripts that stay text, and a 10,000-match report that opens one transcript."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
import pytest

from bench.scale_db import scale_db
from lamen.report import WrittenReport, write_report
from tests.test_report import (
    AGENTS,
    ATTRIBUTE,
    HOSTILE_AGENT,
    SCRIPT,
    listing,
    payload,
    transcript_files,
)

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.browser
sync_api = pytest.importorskip("playwright.sync_api",
                               reason="Playwright for Python is not installed (pip install playwright)")
if not CHROMIUM.is_file():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)


@dataclass
class Visit:
    """A page opened on a report, with everything that went wrong while it was open."""

    page: object
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    network: list[str] = field(default_factory=list)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    profile = Path(tempfile.mkdtemp(prefix="lamen-chromium-"))
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), headless=True, args=ARGS,
            viewport={"width": 1400, "height": 1000})
        yield context
        context.close()
    shutil.rmtree(profile, ignore_errors=True)


def visit(context: object, report: WrittenReport) -> Visit:
    page = context.new_page()
    seen = Visit(page)
    page.on("console", lambda message: seen.errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: seen.errors.append(str(error)))
    page.on("requestfailed", lambda request: seen.errors.append(f"failed: {request.url}"))
    page.on("request", lambda request: None if request.url.startswith(("file:", "data:"))
            else seen.network.append(request.url))

    def on_dialog(dialog: object) -> None:
        seen.dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.goto(report.index.as_uri())
    page.wait_for_load_state("load")
    return seen


def open_match(page: object, locator: object) -> str:
    """Click (in) a row and wait until that match's transcript file has loaded and shows."""
    match_id = locator.evaluate("node => node.closest('tr').dataset.matchId")
    locator.click()
    page.wait_for_selector(f'#match-detail[data-state=shown][data-match="{match_id}"]')
    return match_id


def listed(page: object) -> list[tuple[str, str]]:
    """(side A, side B) of every match the viewer lists."""
    return [tuple(row) for row in page.eval_on_selector_all(
        "#match-list tbody tr", "rows => rows.map(r => [r.querySelector('.agent-a').textContent, "
                                "r.querySelector('.agent-b').textContent])")]


@pytest.fixture(scope="module")
def small(small_report: WrittenReport) -> WrittenReport:
    return small_report  # played_db's report, written once per session (conftest), as test_report reads it


def test_played_report(browser: object, small: WrittenReport, tmp_path: Path) -> None:
    seen = visit(browser, small)
    page = seen.page
    board = page.eval_on_selector_all("#leaderboard-table tbody tr", "rows => rows.map(r => r.cells[0].textContent)")
    assert sorted(board) == sorted(AGENTS)
    images = page.eval_on_selector_all(
        "img", "images => images.map(i => [i.getAttribute('src'), i.complete, i.naturalWidth])")
    assert [src for src, _, _ in images] == [f.path for f in small.figures]
    assert all(complete and width > 0 for _, complete, width in images), images
    everything = payload(small.index)["matches"]
    assert len(listed(page)) == len(everything) == 48
    # Filter by clicking an agent's name in the list.
    page.locator("#match-list tbody tr .agent-b button", has_text="bot:boulware").first.click()
    boulware = [(m["a"], m["b"]) for m in everything if "bot:boulware" in (m["a"], m["b"])]
    # per game: 4 self-play (2 sides × 2 start orders) + 2 opponents × 4
    assert listed(page) == boulware and len(boulware) == 24
    assert page.input_value("#filter-agent") == "bot:boulware"
    page.select_option("#filter-game", "rental-2-mixture")
    assert len(listed(page)) == 12
    assert page.text_content("#match-count") == "12 of 48 matches"
    # Read one match.
    open_match(page, page.locator("#match-list tbody tr td.outcome").first)
    selected = page.get_attribute("#match-list tbody tr.selected", "data-match-id")
    chosen = next(m for m in everything if m["id"] == selected)
    assert page.locator("#match-detail .turn").count() == len(chosen["turns"])
    assert page.locator("#match-detail pre.note").first.text_content() == chosen["turns"][0]["note"]
    page.click("#filter-reset")
    assert len(listed(page)) == 48
    shot = tmp_path / "report.png"
    page.screenshot(path=str(shot), full_page=True)
    print(f"screenshot: {shot}")
    assert shot.stat().st_size > 10_000
    assert seen.errors == [] and seen.dialogs == [] and seen.network == []


def test_hostile_transcript_runs_no_script(browser: object, hostile_report: WrittenReport, tmp_path: Path) -> None:
    report = hostile_report  # hostile_db's report, written once per session (conftest)
    seen = visit(browser, report)
    page = seen.page
    page.select_option("#filter-agent", HOSTILE_AGENT)  # the option text is the raw name
    assert len(listed(page)) == 3
    assert page.text_content("#match-count") == "3 of 3 matches; 1 pending matches are not played yet"
    for row in (1, 2, 0):
        open_match(page, page.locator("#match-list tbody tr td.outcome").nth(row))
    notes = page.eval_on_selector_all("#match-detail pre.note", "nodes => nodes.map(n => n.textContent)")
    messages = page.eval_on_selector_all("#match-detail pre.message", "nodes => nodes.map(n => n.textContent)")
    assert notes[0] == f'{SCRIPT} Acceptable offer: {{"rent": "{SCRIPT}"}}'
    assert messages[0] == f"{ATTRIBUTE} rent $1000"
    violation = page.locator("#match-detail .flag.violation").first.text_content()
    assert violation == f"rule violation: note: rent '{SCRIPT}' is not in the payoff table"
    injected = "document.querySelectorAll('#match-detail script, #match-detail img, img[src=\"x\"]').length"
    assert page.evaluate(injected) == 0
    assert page.evaluate("document.scripts.length") == 2  # transcript files leave no script behind
    assert HOSTILE_AGENT in page.locator("#leaderboard-table").text_content()
    shot = tmp_path / "hostile.png"
    page.screenshot(path=str(shot))
    print(f"screenshot: {shot}")
    assert seen.dialogs == [] and seen.errors == [] and seen.network == []


def test_imported_results_say_what_is_missing(browser: object, imported_report: WrittenReport) -> None:
    report = imported_report  # imported_db's report, written once per session (conftest)
    seen = visit(browser, report)
    page = seen.page
    assert page.locator("#leaderboard-table tbody tr").count() == 3
    open_match(page, page.locator("#match-list tbody tr td.outcome").first)
    assert page.text_content("#match-detail .missing") == (
        "no transcripts: imported from lamen-evals:evals.csv (the source keeps outcomes only)")
    assert page.locator("#match-detail .turn").count() == 0
    assert page.evaluate("Array.from(document.images).every(i => i.naturalWidth > 0)")
    assert json.loads(json.dumps(seen.errors)) == [] and seen.dialogs == []


def test_tables_fit_1400px_or_scroll_with_the_first_column_frozen(browser: object, small: WrittenReport) -> None:
    page = visit(browser, small).page
    tables = page.eval_on_selector_all(".table-wrap", """wraps => wraps.map(w => ({
        id: w.querySelector('table').id, fits: w.scrollWidth <= w.clientWidth,
        sticky: getComputedStyle(w.querySelector('tbody td, tbody th')).position}))""")
    assert len(tables) >= 8
    assert all(t["fits"] or t["sticky"] == "sticky" for t in tables), tables
    assert next(t for t in tables if t["id"] == "leaderboard-table")["fits"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 1400
    # The P(stronger) table names its rows; no pandas "index" header anywhere.
    headers = page.eval_on_selector_all("th", "cells => cells.map(c => c.textContent)")
    assert "index" not in headers and "row agent" in headers


def test_accessibility_alt_text_headers_and_labels(browser: object, small: WrittenReport) -> None:
    page = visit(browser, small).page
    alts = page.eval_on_selector_all("img", "images => images.map(i => (i.getAttribute('alt') || '').trim())")
    assert alts and all(alts), alts
    # Every column has a header cell (in the last header row; a row above may group them), and
    # every header cell says something and what it heads.
    tables = page.eval_on_selector_all("table", """tables => tables.map(t => {
        const last = t.tHead ? t.tHead.rows[t.tHead.rows.length - 1] : null;
        const body = t.tBodies[0] && t.tBodies[0].rows[0];
        return [last ? Array.from(last.cells).filter(c => c.tagName === 'TH' && c.scope === 'col').length : 0,
                body ? body.cells.length : (last ? last.cells.length : -1),
                Array.from(t.querySelectorAll('thead th')).every(th => th.textContent.trim()
                    && (th.scope === 'col' || th.scope === 'colgroup'))]; })""")
    assert tables and all(headers > 0 and headers == cells and named for headers, cells, named in tables), tables
    # Tabs are buttons named by their text, each controlling a labelled panel.
    tabs = page.eval_on_selector_all("[role=tab]", """tabs => tabs.map(t => [t.tagName, t.textContent.trim() !== '',
        document.getElementById(t.getAttribute('aria-controls')).getAttribute('aria-labelledby') === t.id])""")
    assert tabs and all(tab == ["BUTTON", True, True] for tab in tabs), tabs
    unlabelled = page.evaluate("Array.from(document.querySelectorAll('input, select')).filter(e => !e.closest('label'))"
                               ".length")
    assert unlabelled == 0


def test_transcript_list_sorts_searches_and_links(browser: object, small: WrittenReport) -> None:
    page = visit(browser, small).page
    everything = payload(small.index)["matches"]
    headers = page.eval_on_selector_all("#match-list thead th", "cells => cells.map(c => c.textContent)")
    assert headers == ["#", "game", "side A", "side B", "first", "rep.", "outcome", "u_A", "u_B", "rounds"]
    column = "rows => rows.map(r => r.cells[{}].textContent)"
    assert page.eval_on_selector_all("#match-list tbody tr", column.format(4)) == ["AB"[m["starts"]] for m in everything]
    assert page.eval_on_selector_all("#match-list tbody tr", column.format(5)) == [str(m["repetition"])
                                                                                   for m in everything]
    # Sort by u_A: ascending, then descending; ties keep the planned order.
    page.click("#match-list th[data-sort=u_a] button")
    order = sorted(range(len(everything)), key=lambda i: (everything[i]["u_a"], i))
    assert page.eval_on_selector_all("#match-list tbody tr", "rows => rows.map(r => r.dataset.matchId)") == [
        everything[i]["id"] for i in order]
    assert page.get_attribute("#match-list th[data-sort=u_a]", "aria-sort") == "ascending"
    page.click("#match-list th[data-sort=u_a] button")
    order = sorted(range(len(everything)), key=lambda i: (-everything[i]["u_a"], i))
    assert page.eval_on_selector_all("#match-list tbody tr", "rows => rows.map(r => r.dataset.matchId)") == [
        everything[i]["id"] for i in order]
    # Search: by agent, then by a match id.
    page.fill("#match-search", "BOULWARE")
    assert page.text_content("#match-count") == "24 of 48 matches"
    target = everything[29]
    page.fill("#match-search", target["id"][:12])
    assert [row for row in page.eval_on_selector_all("#match-list tbody tr", "rows => rows.map(r => r.dataset.matchId)")
            ] == [m["id"] for m in everything if m["id"].startswith(target["id"][:12])]
    # Each row's number is its permalink; a fresh page opened on it shows that match.
    href = page.get_attribute(f'#match-list tr[data-match-id="{target["id"]}"] a', "href")
    assert href == f"#match={target['id']}"
    fresh = visit(browser, small)
    fresh.page.goto(small.index.as_uri() + href)
    fresh.page.wait_for_selector(f'#match-detail[data-state=shown][data-match="{target["id"]}"]')
    assert fresh.page.get_attribute("#match-list tr.selected", "data-match-id") == target["id"]
    assert fresh.page.locator("#match-detail .turn").count() == len(target["turns"])
    assert fresh.page.text_content("#match-detail h3") == f"{target['a']} vs {target['b']} — {target['game']}"
    fresh.page.goto(small.index.as_uri() + "#match=no-such-match")
    fresh.page.wait_for_selector("#match-detail[data-state=error]")
    assert fresh.page.text_content("#match-detail") == "no match no-such-match in this report"
    assert fresh.errors == []


def test_leaderboard_leads_with_gets_and_shows_the_strategy_picture(
        browser: object, small: WrittenReport, tmp_path: Path) -> None:
    board = pd.read_csv(small.index.parent / "tables" / "leaderboard.csv")
    page = visit(browser, small).page
    scatter = page.evaluate("""(() => { const i = document.querySelector('img[src="figures/strategy.png"]');
        return [i.naturalWidth, i.getAttribute('alt')]; })()""")
    assert scatter[0] > 0 and scatter[1] == "What each agent gets and gives"
    groups = page.eval_on_selector_all("#leaderboard-table thead tr:first-child th",
                                       "cells => cells.map(c => [c.textContent, c.colSpan, c.scope])")
    assert groups == [["what it obtains (utility 0–1): the headline", 3, "colgroup"],
                      ["who gets the better side of a deal", 5, "colgroup"], ["means over its games", 5, "colgroup"]]
    headers = page.eval_on_selector_all("#leaderboard-table thead tr:last-child th",
                                        "cells => cells.map(c => c.textContent)")
    assert headers[:8] == ["agent", "gets: U vs an average opponent (95%)", "rank by gets (95%)",
                           "gives: opponents' U (95%)", "BT Elo (95%)", "BT rank (95%)", "ranks differ", "Elo (95%)"]
    rows = page.eval_on_selector_all("#leaderboard-table tbody tr",
                                     "rows => rows.map(r => Array.from(r.cells, c => c.textContent))")
    assert [row[0] for row in rows] == board["agent"].tolist()  # best gets first
    for row, agent in zip(rows, board.itertuples(index=False)):
        assert row[1] == f"{agent.gets:.3f} ({agent.gets_low:.2f}–{agent.gets_high:.2f})"
        assert row[2] == (f"{agent.gets_rank_low}" if agent.gets_rank_low == agent.gets_rank_high
                          else f"{agent.gets_rank_low}–{agent.gets_rank_high}")
        assert row[6] == ("yes" if agent.rank_flag else "")
    wrap = page.evaluate("""(() => { const w = document.querySelector('#leaderboard-table').parentElement;
        return [w.scrollWidth <= w.clientWidth, getComputedStyle(w.querySelector('td')).position]; })()""")
    assert wrap == [True, "sticky"]  # fits at 1400 px, and would scroll with the agent in view
    page.locator("#leaderboard").screenshot(path=str(tmp_path / "leaderboard.png"))
    print(f"screenshot: {tmp_path / 'leaderboard.png'}")


def test_per_game_and_per_class_tabs_switch_by_click_and_keys(browser: object, small: WrittenReport) -> None:
    page = visit(browser, small).page

    def shown(by: str) -> list[str]:
        return page.eval_on_selector_all(f"[id^=panel-{by}-]:not([hidden])", "panels => panels.map(p => p.id)")

    def selected(by: str) -> list[str]:
        return page.eval_on_selector_all(f"[id^=tab-{by}-][aria-selected=true]", "tabs => tabs.map(t => t.id)")

    tabs = page.eval_on_selector_all("[id^=tab-game-]", "tabs => tabs.map(t => [t.textContent, t.tabIndex])")
    assert tabs == [["rental-1-distributive", 0], ["rental-2-mixture", -1]]
    assert shown("game") == ["panel-game-1"] and shown("class") == ["panel-class-1"]
    page.click("#tab-game-2")
    assert shown("game") == ["panel-game-2"] and selected("game") == ["tab-game-2"]
    assert shown("class") == ["panel-class-1"]  # the other strip is left alone
    rows = page.eval_on_selector_all("#leaderboard-game-2 tbody tr", "rows => rows.map(r => r.cells[0].textContent)")
    exported = pd.read_csv(small.index.parent / "tables" / "leaderboard_game_02_rental-2-mixture.csv")
    assert rows == exported["agent"].tolist() and exported["gets"].is_monotonic_decreasing
    assert list(exported.columns) == ["agent", "gets", "gets_low", "gets_high", "gives", "gives_low", "gives_high",
                                      "agreement", "U", "games"]
    links = page.eval_on_selector_all("#panel-game-2 .downloads a", "links => links.map(a => a.getAttribute('href'))")
    assert links == ["tables/leaderboard_game_02_rental-2-mixture.csv",
                     "tables/leaderboard_game_02_rental-2-mixture.tex"]
    # The keyboard: arrows move (and wrap), Home and End jump; the chosen tab has the focus.
    page.focus("#tab-game-2")
    page.keyboard.press("ArrowRight")
    assert shown("game") == ["panel-game-1"] and page.evaluate("document.activeElement.id") == "tab-game-1"
    page.keyboard.press("End")
    assert shown("game") == ["panel-game-2"] and page.evaluate("document.activeElement.id") == "tab-game-2"
    page.focus("#tab-class-1")
    page.keyboard.press("ArrowLeft")
    assert selected("class") == ["tab-class-2"] and shown("class") == ["panel-class-2"]
    page.keyboard.press("Home")
    assert selected("class") == ["tab-class-1"]
    classes = page.eval_on_selector_all("[id^=tab-class-]", "tabs => tabs.map(t => t.textContent)")
    assert classes == ["competitive", "cooperative"]


@pytest.mark.slow
def test_a_10000_match_report_opens_and_shows_one_transcript(browser: object, tmp_path_factory) -> None:
    folder = tmp_path_factory.mktemp("scale")
    with ThreadPoolExecutor(max_workers=1) as pool:  # the runner needs an event loop of its own
        db = pool.submit(scale_db, folder, 10_000).result()
    report = write_report(db, replicates=100, orderings=10)
    assert report.index.stat().st_size < 5_000_000
    assert len(report.transcripts) == 100  # 100 matches per file
    seen = visit(browser, report)
    page = seen.page
    assert page.text_content("#match-count") == "10000 of 10000 matches (first 200 listed)"
    assert page.locator("#match-list tbody tr").count() == 200
    last = listing(report.index)["matches"][-1][0]
    page.goto(report.index.as_uri() + f"#match={last}")
    page.wait_for_selector(f'#match-detail[data-state=shown][data-match="{last}"]')
    assert page.locator("#match-detail .turn").count() == len(transcript_files(report.index.parent)[last]["turns"]) > 0
    assert page.get_attribute("#match-list tr.selected", "data-match-id") == last
    assert seen.errors == [] and seen.network == []


@pytest.fixture(scope="module")
def cooperative(tmp_path_factory: pytest.TempPathFactory) -> WrittenReport:
    """A Traveling Adventurers tournament's report: the solver writes its planned tour as a thought."""
    from lamen.cli import main

    folder = tmp_path_factory.mktemp("cooperative")
    spec = folder / "t.yaml"
    spec.write_text("name: coop\nfamily: adventurers\nagents: [player:share-all-solver, player:agreeable]\n"
                    "instances: {config: {n_rooms: 5}, seeds: [4]}\n")
    # In a thread of its own: the run's asyncio loop cannot start inside Playwright's.
    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(main, ["run", str(spec), "--db", str(folder / "t.db"), "--quiet", "--yes"]).result() == 0
        return pool.submit(write_report, folder / "t.db", folder / "report", replicates=50).result()


def test_a_cooperative_transcript_shows_moves_and_private_thoughts(browser: object, cooperative: WrittenReport,
                                                                   tmp_path: Path) -> None:
    seen = visit(browser, cooperative)
    page = seen.page
    details = transcript_files(cooperative.index.parent)
    match_id, detail = next((i, d) for i, d in details.items() if any(t["private"] for t in d["turns"]))
    page.goto(cooperative.index.as_uri() + f"#match={match_id}")
    page.wait_for_selector(f'#match-detail[data-state=shown][data-match="{match_id}"]')
    turns = page.locator("#match-detail .turn")
    assert turns.count() == len(detail["turns"])
    kinds = page.eval_on_selector_all("#match-detail .move-kind", "nodes => nodes.map(n => n.textContent)")
    assert kinds == [move["kind"] for turn in detail["turns"] for move in turn["moves"]]
    assert "think" not in kinds and {"inform", "suggest"} <= set(kinds)
    private = [turn["private"] for turn in detail["turns"] if turn["private"]]
    assert page.eval_on_selector_all("#match-detail .private pre.note", "nodes => nodes.map(n => n.textContent)") == private
    labels = page.eval_on_selector_all("#match-detail .private .label", "nodes => nodes.map(n => n.textContent)")
    assert labels == ["private thoughts (not shown to the partner)"] * len(private)
    text = page.text_content("#match-detail")
    assert "note (private)" not in text and "message (public)" not in text and "offers read from" not in text
    shot = tmp_path / "cooperative.png"
    page.locator("#match-detail").screenshot(path=str(shot))
    print(f"screenshot: {shot}")
    assert seen.errors == [] and seen.dialogs == [] and seen.network == []


def test_a_mediation_transcript_names_which_user_wrote_each_turn(browser: object,
                                                                tmp_path_factory: pytest.TempPathFactory) -> None:
    """Both Mediation user seats are side B: each turn's heading names its seat (user-0, user-1)."""
    from lamen.cli import main

    folder = tmp_path_factory.mktemp("mediation")
    spec = folder / "t.yaml"
    spec.write_text("name: med\nfamily: dialop.mediation\nagents: [player:shared-view]\n"
                    "instances: {config: {source: human}, count: 1}\n")
    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(main, ["run", str(spec), "--db", str(folder / "t.db"), "--quiet", "--yes"]).result() == 0
        report = pool.submit(write_report, folder / "t.db", folder / "report", replicates=50).result()
    seen = visit(browser, report)
    match_id, detail = next(iter(transcript_files(report.index.parent).items()))
    seen.page.goto(report.index.as_uri() + f"#match={match_id}")
    seen.page.wait_for_selector(f'#match-detail[data-state=shown][data-match="{match_id}"]')
    heads = seen.page.eval_on_selector_all("#match-detail .turn-head", "nodes => nodes.map(n => n.textContent)")
    expected = [f"Round {t['round']} · {t['role']} (side {'AB'[t['side']]}) · player:shared-view"
                for t in detail["turns"]]
    assert heads == expected and {t["role"] for t in detail["turns"]} == {"assistant", "user-0", "user-1"}
    assert seen.errors == [] and seen.network == []
