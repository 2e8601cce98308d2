"""The report in a real browser (Debian's headless Chromium, driven by Playwright): the leaderboard,
every image, no console error, filtering by clicking, and hostile transcripts that stay text."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from lamen.report import WrittenReport, write_report
from tests.test_report import AGENTS, ATTRIBUTE, HOSTILE_AGENT, SCRIPT, hostile_db, imported_db, payload, played_db

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


def listed(page: object) -> list[tuple[str, str]]:
    """(side A, side B) of every match the viewer lists."""
    return [tuple(row) for row in page.eval_on_selector_all(
        "#match-list tbody tr", "rows => rows.map(r => [r.querySelector('.agent-a').textContent, "
                                "r.querySelector('.agent-b').textContent])")]


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> WrittenReport:
    # Playwright's sync API keeps an event loop running on this thread; the runner needs its own.
    with ThreadPoolExecutor(max_workers=1) as pool:
        db = pool.submit(played_db, tmp_path_factory.mktemp("small")).result()
    return write_report(db, replicates=100, orderings=10)


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
    page.locator("#match-list tbody tr td.outcome").first.click()
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


def test_hostile_transcript_runs_no_script(browser: object, tmp_path: Path) -> None:
    report = write_report(hostile_db(tmp_path), replicates=50, orderings=5)
    seen = visit(browser, report)
    page = seen.page
    page.select_option("#filter-agent", HOSTILE_AGENT)  # the option text is the raw name
    assert len(listed(page)) == 3
    assert page.text_content("#match-count") == "3 of 3 matches; 1 pending matches are not played yet"
    for row in range(3):
        page.locator("#match-list tbody tr td.outcome").nth(row).click()
        page.wait_for_timeout(50)
    page.locator("#match-list tbody tr td.outcome").first.click()
    notes = page.eval_on_selector_all("#match-detail pre.note", "nodes => nodes.map(n => n.textContent)")
    messages = page.eval_on_selector_all("#match-detail pre.message", "nodes => nodes.map(n => n.textContent)")
    assert notes[0] == f'{SCRIPT} Acceptable offer: {{"rent": "{SCRIPT}"}}'
    assert messages[0] == f"{ATTRIBUTE} rent $1000"
    violation = page.locator("#match-detail .flag.violation").first.text_content()
    assert violation == f"rule violation: note: rent '{SCRIPT}' is not in the payoff table"
    injected = "document.querySelectorAll('#match-detail script, #match-detail img, img[src=\"x\"]').length"
    assert page.evaluate(injected) == 0
    assert page.evaluate("document.scripts.length") == 2
    assert HOSTILE_AGENT in page.locator("#leaderboard-table").text_content()
    shot = tmp_path / "hostile.png"
    page.screenshot(path=str(shot))
    print(f"screenshot: {shot}")
    assert seen.dialogs == [] and seen.errors == [] and seen.network == []


def test_imported_results_say_what_is_missing(browser: object, tmp_path: Path) -> None:
    report = write_report(imported_db(tmp_path), replicates=50, orderings=5)
    seen = visit(browser, report)
    page = seen.page
    assert page.locator("#leaderboard-table tbody tr").count() == 3
    page.locator("#match-list tbody tr td.outcome").first.click()
    assert page.text_content("#match-detail .missing") == (
        "no transcripts: imported from lamen-evals:evals.csv (the source keeps outcomes only)")
    assert page.locator("#match-detail .turn").count() == 0
    assert page.evaluate("Array.from(document.images).every(i => i.naturalWidth > 0)")
    assert json.loads(json.dumps(seen.errors)) == [] and seen.dialogs == []
