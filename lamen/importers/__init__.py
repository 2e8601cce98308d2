"""Bring results produced elsewhere into a lamen store (with their provenance)."""
