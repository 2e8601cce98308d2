"""`write_report`: one tournament database → a folder with index.html, its figures (PNG) and
every table as CSV and LaTeX. Reads the store; never writes to it."""

from __future__ import annotations

import datetime
import json
import time
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from lamen.leaderboard import Leaderboard
from lamen.report import figures as fig
from lamen.report.board import estimate, leaderboard_section
from lamen.report.data import ReportData, read_report_data
from lamen.report.export import (
    ExportedTable,
    latex_available,
    parquet_available,
    write_match_table,
    write_table,
)
from lamen.report.partners import COMMON_PAYOFF, partner_sections, relation_of
from lamen.report.html import Markup, downloads, figure, frame_table, page, slug, tag
from lamen.report.tables import (
    GAME_KINDS,
    MATRIX_VALUES,
    Ratings,
    effects_table,
    games_table,
    matrices,
    rate,
    self_play_tables,
    status_table,
    usage_table,
)
from lamen.report.transcripts import CHUNK_FILES, viewer_data, write_chunks
from lamen.space import outcome_space

# Headers for people where a file's column name is not one.
WORDS = {"input_tokens": "input tokens", "output_tokens": "output tokens", "cached_tokens": "cached tokens",
         "cached_calls": "cached calls", "cost_usd": "spend (USD)", "agreement_rate": "agreement rate"}
MATRIX_COLOURS = {"u_star": "U* of the row agent (its utility over agreed games, 0–1)",
                  "soft": "soft completion rate (share of games with aligned notes, 0–1)",
                  "hard": "hard completion rate (share of games both sides declared agreed, 0–1)"}


@dataclass(frozen=True)
class WrittenReport:
    """What `write_report` wrote: the page, its figures and tables, the match table's files, the
    transcript files, and how long it took."""

    index: Path
    figures: tuple[fig.FigureFile, ...]
    tables: tuple[ExportedTable, ...]
    files: tuple[Path, ...]
    transcripts: tuple[Path, ...]  # the viewer's transcript files, CHUNK matches each
    seconds: float


class _Writer:
    """Collects the tables and figures of one report while its sections are built."""

    def __init__(self, data: ReportData, folder: Path) -> None:
        self.data = data
        self.folder = folder
        self.figure_folder = folder / "figures"
        self.table_folder = folder / "tables"
        self.tables: list[ExportedTable] = []
        self.figures: list[fig.FigureFile] = []

    def export(self, frame: pd.DataFrame, name: str, caption: str, *, index: bool = False) -> Markup:
        table = write_table(frame, self.table_folder, name, caption, index=index)
        self.tables.append(table)
        return downloads(f"tables/{table.csv.name}", f"tables/{table.tex.name}" if table.tex else None)

    def figure(self, made: fig.FigureFile) -> Markup:
        self.figures.append(made)
        return figure(made.path, made.title, made.caption, made.vectors)


def _missing(text: str) -> Markup:
    return tag("p", text, class_="missing")


def _tournament_section(writer: _Writer) -> Markup:
    data = writer.data
    spec = data.spec
    facts = [f"database: {data.db_path.name}"] + [f"{label}: {spec[key]}" for key, label in (
        ("family", "game family"), ("protocol", "protocol"), ("repetitions", "repetitions"), ("seed", "seed"), ("imported_from", "imported from"))
        if spec.get(key) is not None]
    if spec.get("budget_usd") is not None:
        facts.append(f"budget: ${spec['budget_usd']:.2f}")
    if spec.get("agents") is not None and "imported_from" not in spec:  # a tournament lamen played
        from lamen.designs import describe_design

        cross = data.matches[data.matches["stage"] == "cross"]
        facts.append(f"{describe_design(spec)}: {cross['block'].nunique()} cross-play blocks played")
    parts: list[Markup] = [tag("p", " · ".join(facts))]
    for source in data.imported_sources:
        count = int((data.matches["source"] == source).sum())
        parts.append(_missing(f"{count} matches imported from {source}: the source keeps outcomes only, so they have "
                              "no transcripts, turn readings or model calls; tokens and spend below do not count "
                              "them."))
    usage = usage_table(data)
    parts += [tag("h3", "Agents, tokens and spend"),
              tag("p", "From the model calls the store recorded (cached calls cost nothing again).", class_="note"),
              frame_table(usage, headers=WORDS, digits={"cost_usd": 4}),
              writer.export(usage, "usage", "Agents, tokens and spend")]
    for agent, reason in zip(data.agents["agent_id"], data.agents["disabled_reason"]):
        if reason:
            parts.append(_missing(f"{agent} was stopped: {reason}"))
    statuses = status_table(data.matches)
    parts += [tag("h3", "Matches by status"), frame_table(statuses, index=True),
              writer.export(statuses, "status", "Matches by stage and status", index=True)]
    games = games_table(data)
    parts += [tag("h3", "Games"), frame_table(games, headers=WORDS),
              writer.export(games, "games", "Games of the tournament")]
    parts.append(tag("details", tag("summary", "the tournament spec as stored"),
                     tag("pre", json.dumps(spec, indent=2, sort_keys=True, ensure_ascii=False))))
    return Markup("".join(parts))


def _heatmap(writer: _Writer, matrix: pd.DataFrame, name: str, title: str, colour_label: str, caption: str,
             counts: pd.DataFrame | None = None, no_games: pd.DataFrame | None = None,
             column_label: str = "column agent (opponent)") -> Markup:
    """A matrix as a heatmap, with its CSV and LaTeX beneath."""
    made = fig.heatmap_figure(matrix, title, colour_label, writer.figure_folder, name, caption, annotate_counts=counts,
                              no_games=no_games, column_label=column_label)
    return tag("div", writer.figure(made), writer.export(matrix, name, title, index=True))


# What an empty cell means, per matrix: U* has no value where no game reached agreement.
EMPTY_CELLS = {"u_star": "White (–): the pairing played but never agreed (U* is over agreements). Hatched grey: "
                         "no games (an agent never meets itself in cross-play).",
               "soft": "Hatched grey: no games (an agent never meets itself in cross-play).",
               "hard": "Hatched grey: no games (an agent never meets itself in cross-play)."}


def _head_to_head_section(writer: _Writer, ratings: Ratings | None) -> Markup:
    found = matrices(writer.data)
    if not found:
        return _missing("No cross-play matches: there is no head-to-head to show.")
    # A pairing has games of a kind exactly when its completion rate is defined.
    played = {kind: found[("soft", kind)].isna() for kind in GAME_KINDS}
    kinds = [kind for kind in GAME_KINDS if not played[kind].to_numpy().all()]
    absent = [kind for kind in GAME_KINDS if kind not in kinds]
    parts = [tag("p", "Row agent against column agent, from the row agent's side, debiased over sides and start "
                      "orders (paper Tables 11–14). Cooperative includes integrative games."
                      + (f" No {' or '.join(absent)} games were played in cross-play, so they have no panel."
                         if absent else ""), class_="note")]
    for value, label in MATRIX_VALUES.items():
        cells = [_heatmap(writer, found[(value, kind)], f"h2h_{value}_{kind}", f"{label}: row vs column, {kind} games",
                          MATRIX_COLOURS[value], f"{label} of the row agent against the column agent. "
                          f"{EMPTY_CELLS[value]}", no_games=played[kind])
                 for kind in kinds]
        parts += [tag("h3", label), tag("div", cells, class_="figures")]
    if ratings is not None:
        h2h = ratings.head_to_head
        cells = [_heatmap(writer, h2h.mean_score, "score_observed", "Observed mean score: row vs column",
                          "mean graded score of the row agent (0–1; 0.5 = even)",
                          "Observed mean graded score of the row agent over all games of the pairing; the number of "
                          "games in brackets. Hatched grey: no games.", counts=h2h.games, no_games=h2h.games == 0),
                 _heatmap(writer, h2h.predicted, "score_predicted", "Predicted score: row vs column",
                          "Bradley–Terry predicted score of the row agent (0–1)",
                          "σ(θ_row − θ_column) from the Bradley–Terry fit, for every pairing, played or not."),
                 tag("div", writer.figure(fig.calibration_figure(ratings, writer.figure_folder)),
                     writer.export(h2h.games, "score_games", "Games per pairing", index=True))]
        parts += [tag("h3", "Empirical vs predicted scores"), tag("div", cells, class_="figures")]
        p_stronger = ratings.bootstrap.p_stronger.rename_axis("row agent")
        parts += [tag("h3", "Probability that the row agent is stronger (bootstrap)"),
                  frame_table(p_stronger, index=True),
                  tag("p", "Share of bootstrap replicates in which the row agent's Bradley–Terry rating exceeds the "
                           "column agent's; –: an agent against itself.", class_="caption"),
                  writer.export(p_stronger, "p_stronger", "Bootstrap probability that the row agent is stronger",
                                index=True)]
    return Markup("".join(parts))


def _self_play_section(writer: _Writer) -> Markup:
    found = self_play_tables(writer.data)
    if not found:
        return _missing("No self-play matches in this tournament.")
    overall, by_class = found["self_play"], found["self_play_by_class"]
    return Markup("".join([
        tag("p", "Each agent against an independent copy of itself, debiased over sides and start orders (paper "
                 "Tables 1–2): faithfulness, instruction following, soft and hard completion, U, U*, rounds.",
            class_="note"),
        tag("h3", "Overall"), frame_table(overall, index=True),
        writer.export(overall, "self_play", "Self-play summary", index=True),
        tag("h3", "By game class"), frame_table(by_class, index=True),
        writer.export(by_class, "self_play_by_class", "Self-play summary by game class", index=True)]))


def _effects_section(writer: _Writer, ratings: Ratings | None, board: Leaderboard) -> Markup:
    if ratings is None:
        return _missing("No ratings, hence no measured side or first-mover effect.")
    effects = effects_table(ratings, board)
    shown = pd.DataFrame({
        "effect": effects["effect"],
        "Elo points (95%)": [estimate(v, lo, hi, 1) for v, lo, hi in zip(effects["elo"], effects["lower"],
                                                                         effects["upper"])],
        "se": effects["se"], "mean score": effects["mean_score"],
        "utility (95%)": [estimate(v, lo, hi, 3) for v, lo, hi in zip(effects["utility"], effects["utility_lower"],
                                                                      effects["utility_upper"])],
        "mean utility gap": effects["mean_utility_gap"], "matches": effects["matches"]})
    return Markup("".join([
        frame_table(shown, digits={"se": 1}, groups=(("", 1), ("who gets the better side (Bradley–Terry)", 3),
                                                     ("what it obtains (utility model)", 2), ("", 1))),
        tag("p", "Elo points: the Bradley–Terry fixed effect with its 95% interval and standard error; mean "
                 "score: the mean graded score side A (or the first mover) actually got, 0.5 being no edge. "
                 "Utility: how much more utility side A (or the first mover) obtains in the utility model behind "
                 "gets and gives, with its 95% interval; mean utility gap: the mean of u_A − u_B (or first mover "
                 "minus second) it actually got, no agreement counting 0. –: unknown, or an interval the data "
                 "cannot narrow.", class_="caption"),
        writer.export(effects, "effects", "Side and first-mover effects"),
        writer.figure(fig.effects_figure(effects, writer.figure_folder))]))


def pairing_agreements(finished: pd.DataFrame) -> pd.DataFrame:
    """Per side-A agent and side-B agent of one game's finished matches: matches, agreements and
    the mean utilities the agreements gave each side."""
    agreed = finished[finished["agreement"]]
    table = finished.groupby(["agent_a", "agent_b"]).size().rename("matches").to_frame()
    table["agreements"] = agreed.groupby(["agent_a", "agent_b"]).size()
    table["mean u_A (agreed)"] = agreed.groupby(["agent_a", "agent_b"])["u_a"].mean()
    table["mean u_B (agreed)"] = agreed.groupby(["agent_a", "agent_b"])["u_b"].mean()
    table["agreements"] = table["agreements"].fillna(0).astype(int)
    return table.reset_index().rename(columns={"agent_a": "side A", "agent_b": "side B"})


def _spaces_section(writer: _Writer) -> Markup:
    matches = writer.data.matches
    finished = matches[(matches["status"] == "finished") & matches["u_a"].notna()]
    cells = []
    for number, info in enumerate(writer.data.games, start=1):
        if info.game is None:
            unavailable = _missing(f"Outcome space unavailable: {info.missing_reason}.")
            cells.append(tag("div", tag("h3", info.name), unavailable))
            continue
        played = finished[finished["game"] == info.name]
        mine = played[played["agreement"]][["agent_a", "agent_b", "u_a", "u_b"]]
        made = fig.outcome_space_figure(info.game, outcome_space(info.game), mine, writer.figure_folder,
                                        f"space_{number:02d}_{slug(info.name)}")
        table = pairing_agreements(played)
        pairings = tag("details", tag("summary", f"agreements by pairing ({len(table)} pairings)"),
                       frame_table(table, digits={"mean u_A (agreed)": 3, "mean u_B (agreed)": 3}), class_="pairings")
        cells.append(tag("div", writer.figure(made), pairings))
    return tag("div", cells, class_="figures")


# The transcript list's columns: (sort key, header, left-aligned, what the header says on hover).
LIST_COLUMNS = (("position", "#", False, "order the tournament planned (and permalink)"),
                ("game", "game", True, None), ("a", "side A", True, None), ("b", "side B", True, None),
                ("starts", "first", False, "the side that moved first (start order)"),
                ("repetition", "rep.", False, "repetition"), ("outcome", "outcome", True, None),
                ("u_a", "u_A", False, "utility to side A"), ("u_b", "u_B", False, "utility to side B"),
                ("rounds", "rounds", False, None))


def _viewer_section(writer: _Writer) -> Markup:
    filters = [tag("label", "search", tag("input", type="search", id="match-search",
                                          placeholder="match id, game, agent, outcome"))]
    filters += [tag("label", label, tag("select", id=f"filter-{key}", data_key=key))
                for key, label in (("agent", "agent"), ("game", "game"), ("outcome", "outcome"), ("stage", "stage"))]
    filters += [tag("button", "reset", id="filter-reset", type="button"), tag("span", id="match-count", class_="muted")]
    head = tag("tr", [tag("th", tag("button", text, type="button", title=hint, class_="sort"), data_sort=key,
                          class_="text" if left else None, scope="col", aria_sort="none")
                      for key, text, left, hint in LIST_COLUMNS])
    listing = tag("div", tag("table", tag("thead", head), tag("tbody"), class_="data", id="match-list"),
                  tag("button", "show more", id="show-more", type="button", hidden="hidden"), class_="list-pane")
    return Markup("".join([
        tag("p", "Every match, filterable, searchable and sortable (click a header); click a row to read it, an "
                 "agent to keep only its matches; # links to the match (#match=ID opens it). Each turn shows the "
                 "private note, the public message, the offers the judge read from them and its flags.",
            class_="note"),
        tag("div", filters, class_="filters"),
        tag("div", listing, tag("div", id="match-detail", class_="detail-pane", aria_live="polite"),
            class_="viewer")]))


def _negotiation_sections(writer: _Writer, replicates: int, orderings: int) -> list[tuple[str, str, Markup]]:
    ratings, reason = None, ""
    try:
        ratings = rate(writer.data, replicates=replicates, orderings=orderings)
    except ValueError as exc:
        reason = str(exc).removeprefix("match table: ")
    tournament = _tournament_section(writer)
    leaderboard, board = leaderboard_section(writer, ratings, reason, replicates)
    return [
        ("tournament", "Tournament", tournament),
        ("leaderboard", "Leaderboard", leaderboard),
        ("head-to-head", "Head-to-head", _head_to_head_section(writer, ratings)),
        ("self-play", "Self-play", _self_play_section(writer)),
        ("effects", "Side and first-mover effects", _effects_section(writer, ratings, board)),
        ("outcome-spaces", "Outcome spaces", _spaces_section(writer)),
        ("transcripts", "Transcripts", _viewer_section(writer)),
    ]


def write_report(db_path: str | Path, output: str | Path | None = None, tournament: str | None = None, *,
                 replicates: int = 1000, orderings: int = 100) -> WrittenReport:
    """Write the report of one tournament into `output` (default: the database's folder)."""
    started = time.perf_counter()
    data = read_report_data(db_path, tournament)
    folder = Path(output) if output is not None else data.db_path.parent
    folder.mkdir(parents=True, exist_ok=True)
    writer = _Writer(data, folder)
    if relation_of(data.spec) == "agent-vs-env":
        # An agent among simulated people: agent × simulator per metric, rankings and τ, ratings.
        from lamen.report.agent_env_sections import agent_env_sections

        def env_heatmap(matrix: pd.DataFrame, name: str, title: str, colour_label: str, caption: str,
                        column_label: str = "column: simulator") -> Markup:
            return _heatmap(writer, matrix, name, title, colour_label, caption, column_label=column_label)

        sections = [("tournament", "Tournament", _tournament_section(writer)),
                    *agent_env_sections(data, writer.export, env_heatmap, _missing, replicates),
                    ("transcripts", "Transcripts", _viewer_section(writer))]
    elif relation_of(data.spec) == COMMON_PAYOFF:
        # Sections by the family's relation: who is a good partner, not who gets the better deal.
        def heatmap(matrix: pd.DataFrame, name: str, title: str, colour_label: str, caption: str,
                    column_label: str = "column agent (partner)") -> Markup:
            return _heatmap(writer, matrix, name, title, colour_label, caption, column_label=column_label)

        sections = [("tournament", "Tournament", _tournament_section(writer)),
                    *partner_sections(data, writer.export, heatmap, _missing, replicates),
                    ("transcripts", "Transcripts", _viewer_section(writer))]
    else:
        sections = _negotiation_sections(writer, replicates, orderings)
    files = write_match_table(data.matches, writer.table_folder)
    viewer = viewer_data(data)
    transcripts = write_chunks(viewer, folder / CHUNK_FILES)
    formats = "CSV and Parquet" if parquet_available() else "CSV (Parquet needs pyarrow)"
    latex = "CSV and LaTeX (booktabs)" if latex_available() else "CSV (LaTeX needs jinja2: pip install jinja2)"
    exported = []
    for table in writer.tables:
        tex = [Markup(" ("), tag("a", "LaTeX", href=f"tables/{table.tex.name}"), Markup(")")] if table.tex else []
        exported.append(tag("li", tag("a", table.name, href=f"tables/{table.csv.name}"), f" — {table.caption}", tex))
    exported += [tag("li", tag("a", path.name, href=f"tables/{path.name}"), " — every match, one row each")
                 for path in files]
    intro = tag("p", f"Tables as {latex}; the match table as {formats}.")
    pictures = [tag("li", made.title, " — ", Markup(", ".join(
        tag("a", path.rsplit(".", 1)[-1].upper(), href=path) for path in (made.path, *made.vectors))))
        for made in writer.figures]
    sections.append(("files", "Files", Markup(
        intro + tag("ul", exported) + tag("p", "Figures as PNG (shown here), SVG and PDF (for papers), in figures/.")
        + tag("ul", pictures) + tag("p", f"Transcripts: {len(transcripts)} script files in {CHUNK_FILES}/, "
                                         f"loaded when a match is opened."))))
    generated = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    finished = int((data.matches["status"] == "finished").sum())
    subtitle = (f"{len(data.agent_ids)} agents · {len(data.games)} games · {finished}/{len(data.matches)} matches "
                f"finished · generated {generated}")
    index = folder / "index.html"
    html = page(f"lamen report: {data.tournament}", subtitle, sections, viewer.listing)
    index.write_text(html, encoding="utf-8")
    return WrittenReport(index=index, figures=tuple(writer.figures), tables=tuple(writer.tables),
                         files=tuple(files), transcripts=tuple(transcripts), seconds=time.perf_counter() - started)
