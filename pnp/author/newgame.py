"""`pnp new NAME [--from STARTER]`: a working game to start from, named after NAME.

The game's id (its output folder) is made from the folder's name, so two new
games never build into the same out/ folder; its title is NAME made readable.
Starters are small complete games: the plain example (section 11 of the format),
one whose cards live in a spreadsheet, one with art.
"""

from __future__ import annotations

import re
import shutil
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from pnp import ASSETS

EXAMPLE = ASSETS / "example"
STARTERS_DIR = ASSETS / "starters"
DEFAULT = "example"
DEFAULT_DESCRIPTION = "a deck from a YAML file, a rules sheet, tokens and a die"
FALLBACK_ID = "my-game"
MAX_ID = 60  # characters; an id is a folder name, so keep it short
# Words YAML reads as something other than text (true, null...): quote such a title.
YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}


@dataclass
class Created:
    path: Path
    id: str
    name: str
    starter: str
    notes: list[str] = field(default_factory=list)


def starters() -> dict[str, Path]:
    """Every starter by name, the plain example first, then the simplest."""
    found = {DEFAULT: EXAMPLE}
    if STARTERS_DIR.is_dir():
        for folder in sorted(STARTERS_DIR.iterdir(), key=lambda p: (p.name != "csv", p.name)):
            if (folder / "game.yaml").is_file():
                found[folder.name] = folder
    return found


def describe(folder: Path) -> str:
    """A starter's one-line `description:` from its game.yaml (read as text: cheap)."""
    if folder == EXAMPLE:  # it is section 11 of the format, and has none
        return DEFAULT_DESCRIPTION
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    line = re.search(r"^description:\s*(.+)$", text, re.MULTILINE)
    return line.group(1).strip().strip("\"'") if line else ""


def starters_help() -> str:
    """The starters with what each holds, for --help and for a mistyped name."""
    return "; ".join(f"{name}: {describe(path)}" for name, path in starters().items())


def slugify(name: str) -> str:
    """An id as game.yaml's `id` wants it: lowercase a-z, digits and hyphens,
    starting with a letter or digit ("My Game" -> "my-game", "Über" -> "uber")."""
    flat = unicodedata.normalize("NFKD", name.casefold())
    flat = "".join(ch for ch in flat if not unicodedata.combining(ch))
    slug = re.sub(r"[^a-z0-9]+", "-", flat).strip("-")
    if len(slug) > MAX_ID:
        slug = slug[:MAX_ID].rsplit("-", 1)[0] if "-" in slug[:MAX_ID] else slug[:MAX_ID]
    return slug.strip("-")


def title(name: str) -> str:
    """A readable title: separators become spaces, each lowercase word capitalised
    ("my-game" -> "My Game"; "UFO hunt" keeps its UFO)."""
    words = re.sub(r"[-_.\s]+", " ", name).split()
    return " ".join(w[:1].upper() + w[1:] if w.islower() else w for w in words)


def yaml_text(value: str, plain: str = r"[A-Za-z][A-Za-z0-9 ]*") -> str:
    """`value` as a YAML scalar that reads back as that text: plain when it matches
    `plain` and is no word YAML reads otherwise (an id `yes`, a title `No`)."""
    if re.fullmatch(plain, value) and value.lower() not in YAML_WORDS:
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def named(text: str, game_id: str, name: str) -> str:
    """game.yaml's text with its top-level `id:` and `name:` lines replaced,
    everything else (comments, order) as the starter has it."""
    for key, value in (("id", yaml_text(game_id, r"[a-z][a-z0-9-]*")),
                       ("name", yaml_text(name))):
        text, count = re.subn(rf"^{key}:.*$", lambda _m, k=key, v=value: f"{k}: {v}",
                              text, count=1, flags=re.MULTILINE)
        if count != 1:
            raise ValueError(f"the starter's game.yaml has no top-level '{key}:' line")
    return text


def create(target: Path, starter: str = DEFAULT) -> Created:
    """Copy `starter` into `target` (absent or empty) with an id and name made
    from the folder's name. Raises KeyError for an unknown starter."""
    source = starters()[starter]
    if target.exists() and any(target.iterdir()):
        raise FileExistsError(f"{target} exists and is not empty")
    base = target.resolve().name
    game_id, notes = slugify(base), []
    if not game_id:
        game_id = FALLBACK_ID
        notes.append(f"'{base}' has no letters or digits an id can use; the game's id is "
                     f"'{game_id}' (change `id:` in game.yaml: lowercase a-z, digits, hyphens)")
    name = title(base) or game_id
    text = named((source / "game.yaml").read_text(encoding="utf-8"), game_id, name)
    target.mkdir(parents=True, exist_ok=True)
    shutil.copytree(source, target, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__", ".*"))
    (target / "game.yaml").write_text(text, encoding="utf-8")
    return Created(target, game_id, name, starter, notes)
