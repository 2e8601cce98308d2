"""The tournament runner: limits, retries, response cache, budget, resume."""

from lamen.runner.run import Runner, RunState, plan, run_tournament

__all__ = ["RunState", "Runner", "plan", "run_tournament"]
