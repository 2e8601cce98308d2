"""Ratings for a cross-play tournament: the utility an agent obtains (the headline, `utility`),
Bradley–Terry (who gets the better side of a deal), Elo and TrueSkill (requested, order-dependent
views), head-to-head matrices and the per-agent outcome summary.

Every function takes the same table, one row per finished cross-play match:

=============  ======  ==============================================================
column         type    meaning
=============  ======  ==============================================================
match_id       str     unique per match
game           str     the game played
agent_a        str     the agent on side A (side index 0)
agent_b        str     the agent on side B (side index 1)
first          str     "a" or "b": which side moved first
u_a, u_b       float   utilities in [0, 1]; both 0 when there is no agreement
agreement      bool    whether the match ended in an agreement
block          str     the debiasing block: all side × start-order replays of one pairing,
                       game and repetition share it. Optional: when missing it is the game
                       plus the unordered pair (all repetitions in one block).
status         str     optional: rows whose status is not "finished" are ignored
=============  ======  ==============================================================

Rows with agent_a == agent_b (self-play) are not rated. `validate_matches` raises ValueError
on a malformed table; the rating functions call it themselves.

Common-payoff games (two agents share one team score) have their own table and rating,
`rate_partners` (see `lamen.ratings.partner`); with asymmetric roles (an assistant and a user),
`rate_roles` (see `lamen.ratings.roles`); every rating is a design of the fractional-logit
engine in `lamen.ratings.design`.
"""

from lamen.ratings.bradley_terry import (
    DEFAULT_L2,
    ELO_BASE,
    ELO_PER_LOGIT,
    AgentRating,
    BradleyTerryFit,
    Effect,
    fit_bradley_terry,
)
from lamen.ratings.bt_bootstrap import BootstrapRating, BradleyTerryBootstrap, bootstrap_bradley_terry
from lamen.ratings.compare import Comparison, PairedDifference, compare_agents
from lamen.ratings.elo import EloRating, EloRatings, elo_expected_score, elo_in_order, elo_update, fit_elo
from lamen.ratings.head_to_head import HeadToHead, head_to_head
from lamen.ratings.matches import REQUIRED_COLUMNS, rated_matches, validate_matches
from lamen.ratings.partner import (
    TEAM_COLUMNS,
    FirstMoverEffect,
    PartnerRating,
    PartnerRatings,
    rate_partners,
    team_matches,
)
from lamen.ratings.partner_simulate import simulate_team_matches
from lamen.ratings.roles import ROLE_TABLE_COLUMNS, RoleMatrix, RoleRating, RoleRatings, rate_roles, role_matches
from lamen.ratings.roles_simulate import simulate_role_matches
from lamen.ratings.scores import graded_score
from lamen.ratings.simulate import additive_truth, simulate_matches, simulate_utilities
from lamen.ratings.summary import AgentSummary, summarize_agents
from lamen.ratings.utility import (
    UtilityBootstrap,
    UtilityEffect,
    UtilityFit,
    UtilityRank,
    UtilityRating,
    bootstrap_utility,
    competition_ranks,
    fit_utility,
)
from lamen.ratings.trueskill_ratings import (
    TrueSkillRating,
    TrueSkillRatings,
    fit_trueskill,
    trueskill_outcomes,
    trueskill_win_probability,
)

__all__ = [
    "DEFAULT_L2",
    "ELO_BASE",
    "ELO_PER_LOGIT",
    "REQUIRED_COLUMNS",
    "ROLE_TABLE_COLUMNS",
    "TEAM_COLUMNS",
    "AgentRating",
    "AgentSummary",
    "BootstrapRating",
    "BradleyTerryBootstrap",
    "BradleyTerryFit",
    "Comparison",
    "Effect",
    "EloRating",
    "EloRatings",
    "FirstMoverEffect",
    "HeadToHead",
    "PairedDifference",
    "PartnerRating",
    "PartnerRatings",
    "RoleMatrix",
    "RoleRating",
    "RoleRatings",
    "TrueSkillRating",
    "TrueSkillRatings",
    "UtilityBootstrap",
    "UtilityEffect",
    "UtilityFit",
    "UtilityRank",
    "UtilityRating",
    "additive_truth",
    "bootstrap_bradley_terry",
    "bootstrap_utility",
    "compare_agents",
    "competition_ranks",
    "elo_expected_score",
    "elo_in_order",
    "elo_update",
    "fit_bradley_terry",
    "fit_elo",
    "fit_trueskill",
    "fit_utility",
    "graded_score",
    "head_to_head",
    "rate_partners",
    "rate_roles",
    "rated_matches",
    "role_matches",
    "simulate_matches",
    "simulate_role_matches",
    "simulate_team_matches",
    "simulate_utilities",
    "summarize_agents",
    "team_matches",
    "trueskill_outcomes",
    "trueskill_win_probability",
    "validate_matches",
]
