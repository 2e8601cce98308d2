"""The game-family core: roles, seeded instances, immutable states, events with visibility, the
agenda, codecs, the proposal board, scripted players and the one `play` loop for every family.

Nothing here knows negotiation: a family (lamen/families/...) plugs in through `Family` and the
entry-point group `lamen.families` (see FAMILIES.md §2).
"""
