"""Ships the top-level built-in YAML folders inside the wheel as `lamen._builtin.*`.

The product fixes `games/ issues/ protocols/ tournaments/ harvests/` at the repository's top
level; an installed `lamen` run from another directory must still find them, so the build maps each folder
into the package (pyproject.toml cannot list mapped packages next to automatic discovery).
"""

from setuptools import find_packages, setup

BUILTIN_FOLDERS = ("games", "issues", "protocols", "tournaments", "harvests")

setup(
    packages=find_packages(include=["lamen", "lamen.*"])
    + [f"lamen._builtin.{folder}" for folder in BUILTIN_FOLDERS],
    package_dir={f"lamen._builtin.{folder}": folder for folder in BUILTIN_FOLDERS},
)
