"""The game-family core: roles, seeded instances, immutable states, events with visibility, the
agenda, codecs, the proposal board, tools, scripted players and the one `play` loop.

Nothing here knows negotiation. A family is one `lamen.core.family.Family` value:

- `instances(config, seed)` → an `Instance` (pydantic; its id is a hash of its content);
- `rules`: `initial`, `agenda`, `view` (what one role observes), `legal`, `step` (pure; raises
  `IllegalMove`), `is_over` over a state extending `lamen.core.state.CoreState`;
- `codecs`: render a `ChatRequest` from an observation, parse a reply into actions (raising
  `FormatError` with feedback), render actions canonically; `feedback` says how often to retry;
- `score(instance, final_state)` → `Score` (pure, open named metrics);
- `players`: scripted policies, run as agents by `lamen.core.players.PolicyAgent`;
- `plant_canaries`, for the privacy check of tests/test_family_conformance.py.

Register it under the entry-point group `lamen.families` (`name = "package.module:FAMILY"`); every
registered family must pass tests/test_family_conformance.py. See FAMILIES.md §2.
"""
