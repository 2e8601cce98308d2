"""The agents-vs-people report in Chromium: a PeopleJoin session opens as one thread per person the
hub talked with (the user who asked, each colleague) and the hub's own lane of tool calls with
their results; a ToolWOZ episode as the customer's thread and the agent's API calls with results;
the agent × simulator matrices, rankings with τ and ratings are on the page; no console error."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from lamen.cli import main
from lamen.report import WrittenReport, write_report
from tests.test_report import transcript_files
from tests.test_report_browser import browser, visit  # noqa: F401  (the Chromium fixture)

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, WrittenReport]]:
    folder = tmp_path_factory.mktemp("agents-vs-people-browser")
    spec = folder / "agents-vs-people.yaml"
    shutil.copy(ROOT / "tournaments" / "agents-vs-people.yaml", spec)
    database = folder / "reports" / "agents-vs-people" / "tournament.db"

    def run() -> dict[str, WrittenReport]:
        here = Path.cwd()
        os.chdir(folder)  # the file's database is reports/NAME/, under the working directory
        try:
            assert main(["run", str(spec), "--yes", "--quiet"]) == 0
        finally:
            os.chdir(here)
        return {part: write_report(database, folder / part, tournament=part, replicates=50)
                for part in ("people-peoplejoin", "people-toolwoz")}

    # In a thread of its own: the run's asyncio loop cannot start inside Playwright's.
    with ThreadPoolExecutor(1) as pool:
        yield pool.submit(run).result()


def _open(browser: object, report: WrittenReport, match_id: str) -> object:  # noqa: F811
    seen = visit(browser, report)
    page = seen.page
    page.goto(report.index.as_uri() + f"#match={match_id}")
    page.wait_for_selector(f'#match-detail[data-state=shown][data-match="{match_id}"]')
    return seen


def test_a_peoplejoin_session_shows_a_thread_per_colleague_and_the_tool_calls(
        browser: object, reports: dict[str, WrittenReport], tmp_path: Path) -> None:  # noqa: F811
    report = reports["people-peoplejoin"]
    details = transcript_files(report.index.parent)
    # ask-everyone with table-dump colleagues: the session with the most people, each in a thread.
    match_id, detail = max(details.items(), key=lambda item: len(item[1]["threads"] or ()))
    seen = _open(browser, report, match_id)
    page = seen.page
    keys = page.eval_on_selector_all("#match-detail section.thread", "nodes => nodes.map(n => n.dataset.thread)")
    assert keys == [t["key"] for t in detail["threads"]] and "primary" in keys
    colleagues = [k for k in keys if k.startswith("colleague:")]
    assert len(colleagues) >= 2 and len(set(colleagues)) == len(colleagues)
    for key in colleagues:  # each colleague's thread holds only the hub's messages to it and its replies
        roles = page.eval_on_selector_all(f'#match-detail section.thread[data-thread="{key}"] .thread-who',
                                          "nodes => nodes.map(n => n.textContent.split(' · ')[1].split(' (')[0])")
        assert set(roles) == {"hub", key}
    shot = tmp_path / "peoplejoin-threads.png"
    page.locator("#match-detail").screenshot(path=str(shot))
    print(f"screenshot: {shot}")
    # message-none searches its user's documents: the hub's lane shows the call and its result.
    searched = next(i for i, d in details.items()
                    if any(e["kind"] == "tool_call" for t in d["threads"] or () for e in t["entries"]))
    page.goto(report.index.as_uri() + f"#match={searched}")
    page.wait_for_selector(f'#match-detail[data-state=shown][data-match="{searched}"]')
    keys = page.eval_on_selector_all("#match-detail section.thread", "nodes => nodes.map(n => n.dataset.thread)")
    assert keys[0] == "tools"
    calls = page.locator('#match-detail section.thread[data-thread="tools"] .kind-tool_call pre.tool-call')
    results = page.locator('#match-detail section.thread[data-thread="tools"] .kind-tool_result pre')
    assert calls.count() >= 1 and calls.count() == results.count()
    assert calls.first.text_content().startswith("search_documents({\"query\":")
    text = page.text_content("body")
    assert "Kendall" in text and "sees everything" in text and "P-Rec" in text
    assert page.locator("#rating-table-match").count() == 1
    assert seen.errors == [] and seen.dialogs == [] and seen.network == []


def test_a_toolwoz_episode_shows_the_customer_thread_and_the_api_calls_with_results(
        browser: object, reports: dict[str, WrittenReport]) -> None:  # noqa: F811
    report = reports["people-toolwoz"]
    details = transcript_files(report.index.parent)
    match_id, detail = next((i, d) for i, d in details.items()
                            if any(e["kind"] == "reward" for t in d["threads"] for e in t["entries"]))
    seen = _open(browser, report, match_id)
    page = seen.page
    keys = page.eval_on_selector_all("#match-detail section.thread", "nodes => nodes.map(n => n.dataset.thread)")
    assert keys == ["tools", "user"]
    calls = page.eval_on_selector_all('#match-detail [data-thread="tools"] .kind-tool_call pre',
                                      "nodes => nodes.map(n => n.textContent)")
    expected = [f"{e['text']}(" for t in detail["threads"] for e in t["entries"] if e["kind"] == "tool_call"]
    assert [c.split("(")[0] + "(" for c in calls] == expected and all(c.startswith(("search_", "book_")) for c in calls)
    assert page.locator('#match-detail [data-thread="tools"] .kind-reward').count() >= 1
    assert page.locator("#tau-reward").count() == 1 and page.locator("#ranks-reward").count() == 1
    assert seen.errors == [] and seen.dialogs == [] and seen.network == []
