"""Harvest training data from simulations (FAMILIES.md §6, JOSH): a beam of branched episodes per
instance (`tree`), stored as trees and nodes, exported for SFT, KTO and DPO."""
