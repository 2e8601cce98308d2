"""lamen: measure how well language-model agents negotiate.

Games, issues and protocols are YAML (LAMEN-compatible); `lamen.space` analyses outcome spaces.
"""

__version__ = "0.1.0"
