"""Game families beyond two-sided negotiation (FAMILIES.md §2).

Each subpackage holds one family's pure parts: instances, rules, scoring and scripted players.
Families on `lamen.core` register here until pyproject's entry points list them (a later
change); `lamen.core.registry` calls `register_all` on first use.
"""

from __future__ import annotations


def register_all() -> None:
    from lamen.core.registry import register_builtin

    def optimization():  # imported lazily: scipy and the shipped games load only when used
        from lamen.families.optimization import FAMILY

        return FAMILY

    register_builtin("dialop.optimization", optimization)

    def adventurers():
        from lamen.families.adventurers.family import FAMILY

        return FAMILY

    register_builtin("adventurers", adventurers)

    def negotiation():  # today's LAMEN engine behind the core (spec, judge, prompts, bots)
        from lamen.families.negotiation import FAMILY

        return FAMILY

    register_builtin("negotiation", negotiation)
