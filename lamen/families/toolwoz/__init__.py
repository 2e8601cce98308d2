"""ToolWOZ (JOSH paper, seed 004) as a lamen family."""
