"""Pictures from game-icons.net for a game's icon files (`pnp icons`).

The pictures come from the npm package @iconify-json/game-icons, pinned to one
version and checked against the registry's sha512, so that a game folder says
exactly where each of its pictures came from. Its icons.json is read from `--from`
(the file, the unpacked package, a node_modules folder or the .tgz) or from a
cache filled on first use; nothing else touches the network. The package holds
no author per picture (game-icons.net's authors are the folders of
github.com/game-icons/icons), so a picture is credited to `--author`, or to
"game-icons.net contributors" when none is given."""

from __future__ import annotations

import base64
import difflib
import hashlib
import io
import json
import math
import os
import re
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path

from pnp.author import svgpath

PREFIX = "game-icons"
PACKAGE = "@iconify-json/game-icons"
VERSION = "1.2.4"
TARBALL = f"https://registry.npmjs.org/{PACKAGE}/-/game-icons-{VERSION}.tgz"
INTEGRITY = ("sha512-/HDDZxowXgDJcOEwPspUCq5RuDdl25OyZKdtxqqiPJQNTrWIym7r4StLzIVs77DyNzOW"
             "WhH5wDqwYR3WHeDfkg==")
SOURCE = "game-icons.net"
LICENCE = "CC BY 3.0"
LICENCE_URL = "https://creativecommons.org/licenses/by/3.0/"
ANYONE = "game-icons.net contributors"
TOLERANCE = 0.1  # how far a flattened curve may stray, in the 100 x 100 icon box
MAX_FILL_DIFFERENCE = 0.5  # box units squared that even-odd may leave unpainted
FAR = 10_000  # a view box, or a fitted point in the 100 x 100 box, no icon goes beyond
SPEC = re.compile(r"(?P<name>[a-z0-9][a-z0-9-]*)=(?P<prefix>[a-z0-9-]+):(?P<id>[a-z0-9-]+)")
PATH_DATA = re.compile(r"""\sd\s*=\s*["']([^"']*)["']""")


class LibraryError(Exception):
    """The icon data cannot be had or read: a plain message for the user."""


@dataclass(frozen=True)
class Picture:
    """One library picture as an icon file's shape, and what its credit says."""

    id: str
    rings: list  # the `path:` rings in the 100 x 100 box
    source: str = SOURCE
    licence: str = LICENCE


class Library:
    """An icon set in the iconify JSON format: {prefix, icons: {id: {body}}, aliases,
    width, height}."""

    def __init__(self, data: dict, where: str):
        if not isinstance(data, dict) or not isinstance(data.get("icons"), dict):
            raise LibraryError(f"{where} is not an iconify icon set (no 'icons' mapping)")
        self.data, self.where = data, where
        self.prefix = data.get("prefix", PREFIX)

    def ids(self) -> list[str]:
        return sorted(set(self.data["icons"]) | set(self.data.get("aliases") or {}))

    def search(self, word: str) -> list[str]:
        """Ids with every one of the words in them (`pnp icons search tank`)."""
        words = word.lower().split()
        return [i for i in self.ids() if all(w in i for w in words)]

    def near(self, icon_id: str) -> list[str]:
        return difflib.get_close_matches(icon_id, self.ids(), n=3)

    def picture(self, icon_id: str) -> Picture:
        """The picture as `path:` rings; KeyError for an id the set lacks, LibraryError
        for one this reader cannot draw faithfully."""
        icons, aliases = self.data["icons"], self.data.get("aliases") or {}
        seen, entry = [icon_id], None
        while entry is None:
            if seen[-1] in icons:
                entry = icons[seen[-1]]
            elif seen[-1] in aliases and len(seen) < 8:
                seen.append((aliases[seen[-1]] or {}).get("parent", ""))
            else:
                raise KeyError(icon_id)
        box = self.box(icon_id, entry)
        body = entry.get("body", "")
        if re.search(r"<(?!path\b|/)", body) or "transform" in body:
            raise LibraryError(f"'{icon_id}' holds more than plain paths; this reader "
                               "draws only <path> data")
        found = PATH_DATA.findall(body)
        if not found:
            raise LibraryError(f"'{icon_id}' has no path data")
        try:
            raw = [ring for d in found for ring in
                   svgpath.rings(d, TOLERANCE * max(box[2], box[3]) / 100)]
        except svgpath.PathError as exc:
            raise LibraryError(f"'{icon_id}': {exc}") from None
        rings = svgpath.fitted(raw, box)
        if not rings:
            raise LibraryError(f"'{icon_id}' draws nothing")
        if any(abs(v) > FAR for ring in rings for point in ring for v in point):
            raise LibraryError(f"'{icon_id}' draws far outside its view box")
        even_odd = re.search(r"fill-rule\s*=\s*[\"']evenodd", body)  # else SVG's nonzero
        if not even_odd and svgpath.fill_difference(rings) > MAX_FILL_DIFFERENCE:
            raise LibraryError(f"'{icon_id}' has parts that overlap without cutting a hole: "
                               "an icon file's even-odd fill would print them hollow")
        return Picture(icon_id, rings)


    def box(self, icon_id: str, entry: dict) -> tuple:
        """The picture's view box (left, top, width, height), each checked to be a number
        of a real size before it is used: the set may come from any file (--from)."""
        box = []
        for key, default in (("left", 0), ("top", 0), ("width", 512), ("height", 512)):
            value = entry.get(key, self.data.get(key, default))
            number = isinstance(value, (int, float)) and not isinstance(value, bool)
            real = number and abs(value) <= FAR and math.isfinite(value)  # size first: 10**400
            if not real or (key in ("width", "height") and value <= 0):
                shown = f"a number beyond {FAR:,}" if number and isinstance(value, int) and \
                    not real else repr(value)[:40]
                raise LibraryError(f"'{icon_id}': its view box's {key} is {shown}, not "
                                   f"{'a size' if key in ('width', 'height') else 'a place'}")
            box.append(float(value))
        return tuple(box)


def parse_spec(text: str) -> tuple[str, str, str]:
    """NAME=game-icons:ICON-ID as (name, prefix, icon id)."""
    found = SPEC.fullmatch(text.strip())
    if not found:
        raise LibraryError(f"'{text}' is not NAME={PREFIX}:ICON-ID (lowercase letters, "
                           "digits and hyphens, e.g. tank=game-icons:tank)")
    return found["name"], found["prefix"], found["id"]


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "dossier"


def load(source: str | None = None, download=None) -> Library:
    """The icon set from `source` (a path), else from the cache, else downloaded into
    it (`download(url) -> bytes`, urllib's by default)."""
    if source is not None:
        return Library(_read_source(Path(source)), source)
    cached = cache_dir() / f"{PREFIX}-{VERSION}.json"
    if cached.is_file():
        return Library(_json(cached.read_bytes(), str(cached)), str(cached))
    packed = (download or _download)(TARBALL)
    digest = "sha512-" + base64.b64encode(hashlib.sha512(packed).digest()).decode()
    if digest != INTEGRITY:
        raise LibraryError(f"{TARBALL} does not match its registry checksum; nothing cached")
    data = _from_tarball(packed, TARBALL)
    try:
        _write_atomic(cached, data)
    except OSError as exc:  # no cache this time: the pictures are still there
        print(f"note: cannot cache {cached}: {exc.strerror or exc}", file=sys.stderr)
    return Library(_json(data, TARBALL), str(cached))


def _read_source(path: Path) -> dict:
    try:
        if path.is_dir():
            for inner in (path / "icons.json", path / "package" / "icons.json",
                          path / "@iconify-json" / PREFIX / "icons.json",
                          path / "node_modules" / "@iconify-json" / PREFIX / "icons.json"):
                if inner.is_file():
                    return _json(inner.read_bytes(), str(inner))
            raise LibraryError(f"--from {path}: no icons.json in it (give the file, the "
                               f"unpacked package or its node_modules folder)")
        data = path.read_bytes()
    except OSError as exc:
        raise LibraryError(f"--from {path}: {exc.strerror or exc}") from None
    if path.name.endswith((".tgz", ".tar.gz")):
        return _json(_from_tarball(data, str(path)), str(path))
    return _json(data, str(path))


def _json(data: bytes, where: str) -> dict:
    try:
        return json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise LibraryError(f"{where} is not JSON: {exc}") from None


def _from_tarball(packed: bytes, where: str) -> bytes:
    try:
        with tarfile.open(fileobj=io.BytesIO(packed), mode="r:gz") as archive:
            member = archive.extractfile("package/icons.json")
            if member is None:
                raise KeyError
            return member.read()
    except (tarfile.TarError, KeyError, OSError, EOFError):
        raise LibraryError(f"{where}: no package/icons.json in this archive") from None


def _download(url: str) -> bytes:
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.read()
    except OSError as exc:
        raise LibraryError(f"cannot download {url} ({getattr(exc, 'reason', exc)}); "
                           f"give --from PATH: the icons.json of `npm pack {PACKAGE}@"
                           f"{VERSION}`, unpacked, or the .tgz itself") from None


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)
