"""Game families beyond two-sided negotiation (FAMILIES.md §2).

Each subpackage holds one family's pure parts: instances, rules, scoring and scripted players.
"""
