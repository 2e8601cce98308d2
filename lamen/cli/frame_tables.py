"""A data frame as terminal tables that fit the console: the self-play summary and the cross-play
matrices of `lamen run` and `lamen ratings --matrices`.

A frame that does not fit is narrowed in steps, each keeping every name whole: headers wrap at
their spaces; a matrix of agent against agent numbers its columns by the rows (1, 2, ... with the
number before each row's name); what is still too wide is stacked, the columns split over tables
that each repeat the row names. A name longer than the row-name column folds onto a second line,
never cut to an ellipsis. Without a width (`--wide`) every column is in one table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich import box
from rich.table import Table
from rich.text import Text

from lamen.cli.rating_tables import missing, name, number

if TYPE_CHECKING:
    import pandas as pd
    from rich.console import Console

# The row names may take up to this share of the width (at least LABEL_MIN columns); longer
# names fold onto more lines.
LABEL_SHARE = 3
LABEL_MIN = 16


@dataclass(frozen=True)
class _Column:
    header: str
    cells: list[str]
    wrap_header: bool  # the header may wrap at its spaces

    @property
    def width(self) -> int:
        cell_width = max((len(cell) for cell in self.cells), default=0)
        words = self.header.split() if self.wrap_header else [self.header]
        return max(cell_width, *(len(word) for word in words), 1)


def cell_texts(frame: pd.DataFrame, digits: int) -> dict[str, list[str]]:
    """Every cell as printed: integer columns as integers (also pandas' Int64 with gaps), other
    numbers with `digits` decimals, missing values as a dash, anything else on one line."""
    from pandas.api.types import is_bool_dtype, is_integer_dtype, is_numeric_dtype

    texts = {}
    for column in frame.columns:
        values = frame[column]
        if is_integer_dtype(values) and not is_bool_dtype(values):
            texts[str(column)] = [number(v) if missing(v) else str(int(v)) for v in values]
        elif is_numeric_dtype(values) and not is_bool_dtype(values):
            texts[str(column)] = [number(v, digits) if missing(v) else f"{float(v):.{digits}f}" for v in values]
        else:
            texts[str(column)] = [number(v, digits) if missing(v) or not isinstance(v, str) else name(v).plain
                                  for v in values]
    return texts


def _columns(frame: pd.DataFrame, texts: dict[str, list[str]], wrap_header: bool) -> list[_Column]:
    return [_Column(str(column), texts[str(column)], wrap_header) for column in frame.columns]


def _is_matrix(frame: pd.DataFrame) -> bool:
    return len(frame.columns) > 1 and list(map(str, frame.index)) == list(map(str, frame.columns))


@dataclass(frozen=True)
class _Rows:
    labels: list[Text]
    header: str
    numbered: bool = False  # a "#" column first: a matrix's columns are named by these numbers

    @property
    def natural_width(self) -> int:
        return max([len(self.header), *(label.cell_len for label in self.labels)])

    @classmethod
    def of(cls, frame: pd.DataFrame, label_header: str | None) -> _Rows:
        """The frame's row names, under `label_header` (default: the index's name)."""
        header = label_header if label_header is not None else (str(frame.index.name) if frame.index.name else "")
        return cls([name(index) for index in frame.index], header)


def _table(rows: _Rows, columns: list[_Column], label_width: int | None) -> Table:
    # No title inside: a title wider than its table would widen it or wrap; it is printed above.
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    if rows.numbered:
        table.add_column("#", justify="right", no_wrap=True)
    table.add_column(rows.header, overflow="fold", max_width=label_width, no_wrap=label_width is None)
    for column in columns:
        table.add_column(column.header, justify="right", no_wrap=not column.wrap_header,
                         width=column.width if column.wrap_header else None, overflow="fold")
    for row, label in enumerate(rows.labels):
        table.add_row(*([str(row + 1)] if rows.numbered else []), label, *(column.cells[row] for column in columns))
    return table


def _fits(table: Table, console: Console, width: int) -> bool:
    return console.measure(table, options=console.options.update(width=10_000)).maximum <= width


def _widest(console: Console, rows: _Rows, columns: list[_Column], floor: int, width: int) -> Table:
    """The table with its row names as wide as fits (whole when they can be): folding only what
    the columns leave no room for."""
    low, high = floor, max(floor, rows.natural_width)
    while low < high:  # the widest label width in [floor, natural] that fits
        middle = (low + high + 1) // 2
        if _fits(_table(rows, columns, middle), console, width):
            low = middle
        else:
            high = middle - 1
    return _table(rows, columns, low)


def fitted_tables(console: Console, frame: pd.DataFrame, title: str, digits: int = 2, width: int | None = None,
                  label_header: str | None = None) -> list[tuple[str, Table]]:
    """`frame` (rows: agents or agent pairs) as titled tables at most `width` columns wide
    (default: the console's width)."""
    width = console.width if width is None else width
    texts = cell_texts(frame, digits)
    rows = _Rows.of(frame, label_header)
    # While deciding the columns, row names get at most a third of the width; then what is left.
    floor = min(rows.natural_width, max(LABEL_MIN, width // LABEL_SHARE))
    full, wrapped = _columns(frame, texts, False), _columns(frame, texts, True)
    for columns in (full, wrapped):
        if _fits(_table(rows, columns, floor), console, width):
            return [(title, _widest(console, rows, columns, floor, width))]
    if _is_matrix(frame):
        # Columns named by the rows' numbers: a matrix of n agents needs n short columns, all of
        # one width so that the grid reads as a grid.
        rows = _Rows(rows.labels, rows.header, numbered=True)
        same = max(len(str(len(wrapped))), *(len(cell) for column in wrapped for cell in column.cells))
        wrapped = [_Column(str(i).rjust(same), column.cells, False) for i, column in enumerate(wrapped, 1)]
        title = f"{title} (columns numbered as the rows)"
        if _fits(_table(rows, wrapped, floor), console, width):
            return [(title, _widest(console, rows, wrapped, floor, width))]
    chunks = _chunks(console, rows, wrapped, floor, width)
    return [(f"{title} — part {index} of {len(chunks)}", _widest(console, rows, chunk, floor, width))
            for index, chunk in enumerate(chunks, 1)]


def _chunks(console: Console, rows: _Rows, columns: list[_Column], floor: int, width: int) -> list[list[_Column]]:
    """The columns in order, split over as few tables as fit and as evenly as that allows (a
    column too wide even alone gets a table of its own, its cells folded)."""
    def fits(chunk: list[_Column]) -> bool:
        return _fits(_table(rows, chunk, floor), console, width)

    greedy: list[list[_Column]] = [[]]
    for column in columns:
        if greedy[-1] and not fits([*greedy[-1], column]):
            greedy.append([])
        greedy[-1].append(column)
    size = -(-len(columns) // len(greedy))  # the same number of tables, each about as full
    even = [columns[start:start + size] for start in range(0, len(columns), size)]
    return even if len(even) == len(greedy) and all(fits(chunk) for chunk in even) else greedy


def print_frame(console: Console, frame: pd.DataFrame, title: str, digits: int = 2, wide: bool = False,
                label_header: str | None = None) -> None:
    """Print `frame` fitted to the console, or whole (`wide`), each table under its title."""
    if wide:
        columns = _columns(frame, cell_texts(frame, digits), False)
        tables = [(title, _table(_Rows.of(frame, label_header), columns, None))]
    else:
        tables = fitted_tables(console, frame, title, digits, label_header=label_header)
    for table_title, table in tables:
        console.print(Text(table_title, style="table.title"))
        console.print(table)
