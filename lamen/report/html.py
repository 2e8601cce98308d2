"""HTML for the report page. Every text goes through `tag`, which escapes whatever is not already
`Markup`, so text from the store (model-written or not) can only ever be text."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import math
from collections.abc import Iterable, Mapping
from typing import Any

import pandas as pd

from lamen.report.assets import CSS, SCRIPT


class Markup(str):
    """HTML this module built itself: inserted as is, never escaped again."""


def escape(value: object) -> Markup:
    return Markup(html.escape(str(value), quote=True))


def tag(element: str, /, *children: Markup | str | int | float | None | Iterable[Markup], **attributes: Any) -> Markup:
    """<element attributes>children</element>; `class_` is `class`, `data_x` is `data-x`; None drops an
    attribute or child; strings are escaped unless they are Markup."""
    attrs = "".join(f' {key.rstrip("_").replace("_", "-")}="{html.escape(str(value), quote=True)}"'
                    for key, value in attributes.items() if value is not None and value is not False)
    inner = []
    for child in children:
        if child is None:
            continue
        if isinstance(child, Iterable) and not isinstance(child, str):
            inner.extend(item if isinstance(item, Markup) else escape(item) for item in child)
        else:
            inner.append(child if isinstance(child, Markup) else escape(child))
    if element in ("img", "meta", "link", "br"):
        return Markup(f"<{element}{attrs}>")
    return Markup(f"<{element}{attrs}>{''.join(inner)}</{element}>")


def script_json(payload: object) -> Markup:
    """JSON safe inside <script type="application/json">: no '<', '>' or '&' can close the tag or
    start markup (they only occur inside JSON strings, where \\u escapes mean the same)."""
    text = json.dumps(payload, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    for raw, escaped in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"), ("\u2028", "\\u2028"),
                         ("\u2029", "\\u2029")):
        text = text.replace(raw, escaped)
    return Markup(text)


def format_value(value: Any, digits: int) -> str:
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if isinstance(value, float):
        return f"{value:,.{digits}f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def frame_table(frame: pd.DataFrame, *, headers: Mapping[str, str] | None = None,
                digits: Mapping[str, int] | None = None, default_digits: int = 3, index: bool = False,
                id_: str | None = None, wrap_headers: bool = False) -> Markup:
    """A DataFrame as an HTML table; text columns left-aligned, numbers right-aligned; long headers
    wrap onto several lines when `wrap_headers`. The first column stays in view when it scrolls."""
    headers, digits = headers or {}, digits or {}
    if index:
        # An unnamed index would come back as a column called "index".
        names = [name if name is not None else "" for name in frame.index.names]
        data = frame.rename_axis(names).reset_index() if len(names) > 1 or names[0] else frame.reset_index(names=[""])
    else:
        data = frame
    text_columns = {column for column in data.columns if data[column].map(lambda v: isinstance(v, str)).any()}
    def header_class(column: object) -> str | None:
        classes = ["text"] * (column in text_columns) + ["wrap"] * wrap_headers
        return " ".join(classes) or None

    head = tag("tr", [tag("th", headers.get(str(c), str(c)), class_=header_class(c), scope="col")
                      for c in data.columns])
    rows = []
    for record in data.itertuples(index=False):
        cells = []
        for column, value in zip(data.columns, record):
            cells.append(tag("td", format_value(value.item() if hasattr(value, "item") else value,
                                                digits.get(str(column), default_digits)),
                             class_="text" if column in text_columns else None))
        rows.append(tag("tr", cells))
    table = tag("table", tag("thead", head), tag("tbody", rows), class_="data", id=id_)
    return tag("div", table, class_="table-wrap")


def downloads(csv: str, tex: str | None) -> Markup:
    links = [tag("a", "CSV", href=csv)] + ([tag("a", "LaTeX", href=tex)] if tex else [])
    return tag("div", "download: ", links, class_="downloads")


def figure(path: str, title: str, caption: str, vectors: tuple[str, ...] = ()) -> Markup:
    """The PNG with its title as alternative text, the caption, and links to the SVG and PDF."""
    links = [tag("a", path.rsplit(".", 1)[-1].upper(), href=path) for path in vectors]
    also = tag("span", " · also as ", Markup(", ".join(links)), class_="formats") if links else None
    return tag("figure", tag("img", src=path, alt=title, loading="eager"), tag("figcaption", caption, also))


def _hash(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def page(title: str, subtitle: str, sections: list[tuple[str, str, Markup]], payload: object) -> str:
    """The whole document. The content security policy admits only this page's own script and
    style (by hash), the scripts it loads itself, and local images: even a markup-injection bug
    could not run a script."""
    # 'strict-dynamic' lets that script add the transcript files' <script> elements; markup
    # written into the page (parser-inserted) still cannot load or run one.
    policy = (f"default-src 'none'; img-src 'self' file: data:; style-src '{_hash(CSS)}'; "
              f"script-src '{_hash(SCRIPT)}' 'strict-dynamic'; base-uri 'none'; form-action 'none'")
    nav = tag("nav", [tag("a", heading, href=f"#{anchor}") for anchor, heading, _ in sections])
    body = [tag("section", tag("h2", heading), content, id=anchor) for anchor, heading, content in sections]
    head = tag("head", tag("meta", charset="utf-8"),
               tag("meta", http_equiv="Content-Security-Policy", content=policy),
               tag("meta", name="viewport", content="width=device-width, initial-scale=1"),
               tag("title", title), tag("link", rel="icon", href="data:,"), tag("style", Markup(CSS)))
    document = tag("html", head, tag("body", tag("header", tag("h1", title), tag("p", subtitle)), nav,
                                     tag("main", body),
                                     tag("script", script_json(payload), type="application/json", id="report-data"),
                                     tag("script", Markup(SCRIPT))), lang="en")
    return "<!DOCTYPE html>\n" + document + "\n"
