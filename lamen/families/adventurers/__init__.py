"""Traveling Adventurers (seed 001, Jeknić et al. 2025): a two-player travelling-salesman game.

Both players see the same complete graph of rooms; each holds private integer coin weights on
its edges and the team scores the sum of both players' coins along one agreed round trip.
Everything here is pure (no I/O outside `boards_file`) so a family wrapper on `lamen.core` can sit
on top: `board` (instances), `solver` (exact tours), `scoring`, `ibp`, `protocol` (actions and
observations), `policies` (scripted players) and `sim` (a minimal turn simulator for tests).
"""
