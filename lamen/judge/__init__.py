"""The judge: from a transcript and its game to an Outcome — offers read from notes and
messages, agreement, utilities, faithfulness and instruction following. Pure functions."""

from lamen.judge.extraction import Extraction
from lamen.judge.judging import judge, read_turn, word_count
from lamen.judge.outcome import Outcome, SideFigures, TurnReading

__all__ = ["Extraction", "Outcome", "SideFigures", "TurnReading", "judge", "read_turn", "word_count"]
