"""Game families beyond two-sided negotiation (FAMILIES.md §2).

Each subpackage holds one family's pure parts: instances, rules, scoring and scripted players.
Families on `lamen.core` register here until pyproject's entry points list them (a later
change); `lamen.core.registry` calls `register_all` on first use.
"""

from __future__ import annotations

# What `lamen games list` prints of each built-in family, known without importing it (a family
# module loads pydantic models, scipy, shipped data). tests/test_games_listing_families.py checks
# that each line says what the loaded family says.
BUILTIN_FAMILIES: tuple[tuple[str, str, str], ...] = (  # (name, relation, description)
    ("negotiation", "mixed-motive",
     "LAMEN negotiation: two sides trade offers on issues with private payoff tables."),
    ("dialop.optimization", "common-payoff",
     "DialOp Optimization: assign reviewers to papers from two partial, privately scaled views."),
    ("dialop.mediation", "common-payoff",
     "DialOp Mediation: an agent books a flight for each of two friends who each talk only to it."),
    ("adventurers", "common-payoff",
     "Traveling Adventurers: agree on one round trip through a house; each player knows only its own coins."),
    ("dialop.planning", "common-payoff",
     "DialOp Planning: an assistant with a site database and a search tool plans a three-stop itinerary "
     "for a user who alone knows their preferences."),
    ("peoplejoin.qa", "agent-vs-env",
     "PeopleJoin-QA: an agent answers its user's question by finding and messaging the colleagues "
     "who hold the tables it needs."),
    ("toolwoz", "agent-vs-env",
     "ToolWOZ: an agent serves a simulated customer by calling search and booking APIs over the "
     "MultiWOZ databases, which answer adversarially."),
)


def register_all() -> None:
    from lamen.core.registry import register_builtin

    def optimization():  # imported lazily: scipy and the shipped games load only when used
        from lamen.families.optimization import FAMILY

        return FAMILY

    register_builtin("dialop.optimization", optimization)

    def mediation():
        from lamen.families.mediation import FAMILY

        return FAMILY

    register_builtin("dialop.mediation", mediation)

    def planning():
        from lamen.families.planning import FAMILY

        return FAMILY

    register_builtin("dialop.planning", planning)

    def adventurers():
        from lamen.families.adventurers.family import FAMILY

        return FAMILY

    register_builtin("adventurers", adventurers)

    def peoplejoin():
        from lamen.families.peoplejoin import FAMILY

        return FAMILY

    register_builtin("peoplejoin.qa", peoplejoin)

    def negotiation():  # today's LAMEN engine behind the core (spec, judge, prompts, bots)
        from lamen.families.negotiation import FAMILY

        return FAMILY

    register_builtin("negotiation", negotiation)

    def toolwoz():
        from lamen.families.toolwoz import FAMILY

        return FAMILY

    register_builtin("toolwoz", toolwoz)
