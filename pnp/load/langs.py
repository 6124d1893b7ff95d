"""Language variants: one game folder printed in several languages.

A game that declares `languages: [de, en]` may write a value as a mapping keyed by
those codes (`name: {de: Geheime Mission, en: Secret Mission}`). When the folder is
loaded for one language, every such mapping is replaced by that language's value,
with that value's file:line:col, before anything is validated; every later stage
sees plain values. Plain values stay valid: they are the same in every language.

A mapping counts as a translation only in a game that declares `languages`, and only
when every one of its keys looks like a language code (two or three lowercase
letters, optionally a region: `pt-br`) and at least one of them is a declared
language. Its keys must then be exactly the declared languages: a missing or an
undeclared one is an error at its place. Mappings whose keys are names (styles,
layouts, fonts, vars, include, fields) are never translations themselves (their
values may be), and `map` fields of items are data for programs, passed on as written.
"""

from __future__ import annotations

import re

from pnp.load.errors import Problems
from pnp.load.schema import ListOf, Str
from pnp.load.yamlload import YList, YMap

LANG_CODE = re.compile(r"^[a-z]{2,3}(-[a-z0-9]{2,8})?$")
LANGUAGES = ListOf(Str(pattern=LANG_CODE, expected="a language code like 'de' or 'pt-br'"),
                   min=1)
NAMES = "names"  # a mapping whose keys are names: never a translation itself
SKIP = "skip"  # left as written (resolved later, or not at all)
ANY = "*"  # in a shape: every key of a mapping, every entry of a list
# Where game.yaml and layout files hold mappings of names. Items are resolved per
# component, once their field types are known (Translator.item).
GAME_SHAPE = {"languages": SKIP, "language": SKIP, "vars": NAMES, "include": NAMES,
              "styles": NAMES, "fonts": NAMES,
              "components": {ANY: {"fields": NAMES, "vars": NAMES, "items": SKIP}}}
LAYOUT_SHAPE = {"styles": NAMES, "layouts": NAMES}


class UnknownLanguage(Exception):
    """A language asked for (`--lang`, `load_game(lang=...)`) that the game lacks."""


def declared(raw, problems: Problems) -> tuple[tuple, bool]:
    """The game's languages from its raw game.yaml, and whether it declares
    `languages` (a single `language:`, or none, is a one-language game)."""
    if not isinstance(raw, YMap):
        return ("en",), False
    if "languages" not in raw:
        single = raw.get("language")
        return ((single if isinstance(single, str) else "en"),), False
    if "language" in raw:
        problems.add(raw.key_mark("language"), "give 'languages' (the game's languages, "
                     "the first one the default) or 'language', not both")
    before = problems.raised
    codes = LANGUAGES.check(raw["languages"], raw.mark_of("languages"), problems)
    if problems.since(before) or codes is None:
        return ("en",), True
    marks = raw["languages"].marks
    for i, code in enumerate(codes):
        if code in codes[:i]:
            problems.add(marks[i], f"language '{code}' is listed twice")
    return tuple(dict.fromkeys(codes)), True


class Translator:
    """Resolves translation mappings in loaded YAML, in place, for one language."""

    def __init__(self, languages: tuple, lang: str, problems: Problems):
        self.languages, self.lang, self.problems = languages, lang, problems
        self.listed = ", ".join(languages)

    def is_translation(self, value) -> bool:
        return (isinstance(value, YMap) and bool(value)
                and all(isinstance(k, str) and LANG_CODE.match(k) for k in value)
                and any(k in self.languages for k in value))

    def resolve(self, value, shape=None):
        """The value with every translation in it resolved: (value, mark of the
        chosen translation, or None when the value itself was not one)."""
        if shape is SKIP:
            return value, None
        if isinstance(value, YMap):
            if shape is None and self.is_translation(value):
                return self.pick(value)
            for key in list(value):
                sub = shape.get(key, shape.get(ANY)) if isinstance(shape, dict) else None
                self._replace(value, key, value.value_marks, sub)
        elif isinstance(value, YList):
            sub = shape.get(ANY) if isinstance(shape, dict) else None
            for i in range(len(value)):
                self._replace(value, i, value.marks, sub)
        return value, None

    def _replace(self, container, key, marks, shape) -> None:
        new, mark = self.resolve(container[key], shape)
        container[key] = new
        if mark is not None:
            marks[key] = mark

    def pick(self, value: YMap):
        """One translation: every branch checked (so one pass finds every problem,
        whichever language is chosen), the chosen one returned."""
        for key in value:
            if key not in self.languages:
                self.problems.add(value.key_mark(key), f"unknown language '{key}' in a "
                                  f"translation (this game's languages: {self.listed})")
            elif value[key] is None:
                self.problems.add(value.mark_of(key), f"the '{key}' translation is empty")
            self._replace(value, key, value.value_marks, None)
        missing = [code for code in self.languages if code not in value]
        if missing:
            self.problems.add(value.mark, f"translation without {', '.join(map(repr, missing))}"
                              f": give every language of the game ({self.listed})")
        # a missing or empty translation is reported above; another language's value
        # stands in, so that it does not cause a second, confusing problem
        usable = [code for code in (self.lang, *self.languages)
                  if code in value and value[code] is not None]
        chosen = (usable or [self.lang if self.lang in value else next(iter(value))])[0]
        return value[chosen], value.mark_of(chosen)

    def item(self, entry, plain_fields: set) -> None:
        """An item's values, except those of `plain_fields` (its `map` fields)."""
        if isinstance(entry, YMap):
            for key in list(entry):
                if key not in plain_fields:
                    self._replace(entry, key, entry.value_marks, None)


def chosen_language(languages: tuple, lang: str | None, game_id: str) -> str:
    if lang is None:
        return languages[0]
    if lang not in languages:
        raise UnknownLanguage(f"{game_id} has no language '{lang}' "
                              f"(its languages: {', '.join(languages)})")
    return lang


def output_folder(game_id: str, languages: tuple, lang: str) -> str:
    """Where a build goes under --out: the default language in <game-id>/, every
    other language in <game-id>/<lang>/."""
    return game_id if lang == languages[0] else f"{game_id}/{lang}"


__all__ = ["GAME_SHAPE", "LAYOUT_SHAPE", "Translator", "UnknownLanguage", "chosen_language",
           "declared", "output_folder"]
