"""Language variants: one game folder, several languages (docs/format.md, section 2.1)."""

from __future__ import annotations

import json

import pytest
from conftest import EXAMPLE, edit
from pypdf import PdfReader

from pnp import BUNDLED_GAMES
from pnp.cli.main import main
from pnp.load.errors import InvalidInput
from pnp.load.game import load_game
from pnp.load.langs import UnknownLanguage
from pnp.sheets.build import Options, build_game
from tests.pdfread import print_files


def bilingual(game_dir):
    """The example game declared in English and German, with translations of every kind."""
    yaml = game_dir / "game.yaml"
    edit(yaml, "language: en", "languages: [en, de]\ninclude: {words: words.yaml}")
    edit(yaml, "name: Star Patrol", "name: {en: Star Patrol, de: Sternpatrouille}")
    edit(game_dir / "game.yaml", "back_color:", 'motto: {en: "Fly safe", de: "Guten Flug"}\n'
         "  back_color:")
    edit(game_dir / "game.yaml", '"How to play"', '{en: "How to play", de: "Spielablauf"}')
    edit(game_dir / "game.yaml", "- {id: power-die, size: 18, faces: [1, 2, 3, 4, 5, 6]}",
         "- {id: power-die, size: 18, faces: [1, 2, 3, 4, 5, {en: Six, de: Sechs}]}")
    edit(game_dir / "crew.yaml", "name: Navigator,", "name: {en: Navigator, de: Navigatorin},")
    edit(game_dir / "crew.yaml", "power: 3,", "power: {en: 3, de: 4},")
    edit(game_dir / "layouts.yaml", 'text: "{title}"', 'text: {en: "{title}!", de: "{title}:"}')
    (game_dir / "words.yaml").write_text("{en: {hello: Hello}, de: {hello: Hallo}}\n")
    return game_dir


def problems(game_dir, **kwargs) -> list[str]:
    with pytest.raises(InvalidInput) as caught:
        load_game(game_dir, **kwargs)
    return [str(p) for p in caught.value.problems]


def where(path, needle) -> str:
    """'file:line:col' of the first occurrence of `needle` in a file, as errors name it."""
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if needle in line:
            return f"{path}:{number}:{line.index(needle) + 1}"
    raise AssertionError(needle)


def line_of(path, needle) -> int:
    return int(where(path, needle).rsplit(":", 2)[1])


# -- resolution ---------------------------------------------------------------

def test_a_game_without_languages_has_its_one_language(example_game):
    assert example_game.languages == ("en",) and example_game.language == "en"
    assert not example_game.translated and example_game.folder == "star-patrol"


def test_each_language_gets_its_own_values_and_plain_ones_stay(game):
    bilingual(game)
    en, de = load_game(game), load_game(game, lang="de")
    assert (en.language, de.language, en.languages) == ("en", "de", ("en", "de"))
    assert (en.name, de.name) == ("Star Patrol", "Sternpatrouille")
    assert (en.vars["motto"], de.vars["motto"]) == ("Fly safe", "Guten Flug")
    assert (en.vars["words"], de.vars["words"]) == ({"hello": "Hello"}, {"hello": "Hallo"})
    crew_en, crew_de = en.component("crew").items, de.component("crew").items
    assert (crew_en[0].fields["name"], crew_de[0].fields["name"]) == ("Navigator", "Navigatorin")
    assert (crew_en[1].fields["power"], crew_de[1].fields["power"]) == (3, 4)
    assert crew_en[2].fields["name"] == crew_de[2].fields["name"] == "Pilot"  # plain
    assert [i.fields["title"] for i in de.component("rules").items] == ["Spielablauf"]
    assert de.component("dice").items[0].faces[5] == "Sechs"
    title_en = [e for e in en.layouts["rules-sheet"].elements if e["type"] == "text"][0]
    title_de = [e for e in de.layouts["rules-sheet"].elements if e["type"] == "text"][0]
    assert (title_en["text"], title_de["text"]) == ("{title}!", "{title}:")
    assert (en.folder, de.folder) == ("star-patrol", "star-patrol/de")


def test_a_value_error_points_at_the_chosen_translation(game):
    bilingual(game)
    edit(game / "crew.yaml", "power: {en: 3, de: 4}", "power: {en: 3, de: 12}")
    load_game(game)  # the English value is fine
    assert problems(game, lang="de") == [
        f"{where(game / 'crew.yaml', '12}')}: 12 is above the maximum 9"]


def test_map_fields_are_data_and_pass_through_untranslated(game):
    bilingual(game)
    edit(game / "game.yaml", "      text: text\n", "      text: text\n      extra: {type: map, "
         "required: false}\n")
    edit(game / "crew.yaml", "name: Medic,", "name: Medic, extra: {en: 1, de: 2},")
    medic = load_game(game, lang="de").component("crew").items[3]
    assert medic.fields["extra"] == {"en": 1, "de": 2}


def test_names_are_never_translations(game):
    bilingual(game)
    edit(game / "game.yaml", "motto:", "de: {en: a, de: b}\n  en: plain\n  motto:")
    loaded = load_game(game, lang="de")
    assert loaded.vars["de"] == "b" and loaded.vars["en"] == "plain"


def test_without_languages_a_language_keyed_mapping_is_just_a_mapping(game):
    edit(game / "game.yaml", "back_color:", "motto: {en: Fly, de: Flieg}\n  back_color:")
    assert load_game(game).vars["motto"] == {"en": "Fly", "de": "Flieg"}


# -- errors, located, all in one pass ------------------------------------------

def test_translation_mistakes_are_located_and_reported_together(game):
    bilingual(game)
    crew = game / "crew.yaml"
    edit(crew, "name: Engineer,", "name: {en: Engineer},")
    edit(crew, "name: Pilot,", "name: {en: Pilot, de: Pilotin, fr: Pilote},")
    edit(crew, "name: Medic,", "name: {en: Medic, de: },")
    for lang in ("en", "de"):  # the same problems whichever language is loaded
        found = problems(game, lang=lang)
        assert found[:2] == [
            f"{where(crew, '{en: Engineer}')}: translation without 'de': give every language "
            "of the game (en, de)",
            f"{where(crew, 'fr: Pilote')}: unknown language 'fr' in a translation "
            "(this game's languages: en, de)"]
        assert len(found) == 3 and found[2].startswith(f"{crew}:{line_of(crew, 'Medic')}:")
        assert found[2].endswith(": the 'de' translation is empty")


@pytest.mark.parametrize("old, new, message", [
    ("language: en", "language: en\nlanguages: [en, de]",
     "give 'languages' (the game's languages, the first one the default) or 'language', not both"),
    ("language: en", "languages: [en, en]", "language 'en' is listed twice"),
    ("language: en", "languages: [EN]", "'EN' is not a language code like 'de' or 'pt-br'"),
    ("language: en", "languages: []", "needs at least 1 entries, has 0"),
    ("language: en", "languages: en", "expected a list, got text 'en'"),
])
def test_a_bad_languages_list_is_located(game, old, new, message):
    edit(game / "game.yaml", old, new)
    found = problems(game)
    assert any(message in p for p in found), found
    needle = "language: en" if "not both" in message else "languages:"
    assert any(p.startswith(f"{game / 'game.yaml'}:{line_of(game / 'game.yaml', needle)}:")
               for p in found), found


def test_a_language_the_game_lacks_is_refused(game):
    with pytest.raises(UnknownLanguage, match="has no language 'de' \\(its languages: en\\)"):
        load_game(game, lang="de")
    assert load_game(game, lang="en").language == "en"


# -- command line and output ------------------------------------------------------

def run(args, capsys):
    code = main(args)
    out = capsys.readouterr()
    assert "Traceback" not in out.err and "internal error" not in out.err, out.err
    return code, out.out, out.err


def test_build_lang_writes_each_language_to_its_folder(game, tmp_path, capsys):
    bilingual(game)
    out = tmp_path / "o"
    code, stdout, err = run(["build", str(game), "--out", str(out), "--lang", "all"], capsys)
    assert code == 0, err
    assert "star-patrol (en): crew (6 cards)" in err and "star-patrol (de): crew (6 cards)" in err
    assert f"star-patrol (de): 3 PDFs, 5 pages, 3 sheets of A4 -> {out / 'star-patrol' / 'de'}" \
        in stdout
    en = json.loads((out / "star-patrol" / "manifest.json").read_text())
    de = json.loads((out / "star-patrol" / "de" / "manifest.json").read_text())
    assert (en["language"], de["language"]) == ("en", "de")
    assert list(de)[:2] == ["game", "language"]
    rules_de = PdfReader(out / "star-patrol" / "de" / "rules.pdf")
    assert "Spielablauf:" in rules_de.pages[0].extract_text()
    assert rules_de.trailer["/Root"]["/Lang"] == "de"
    assert "How to play!" in PdfReader(out / "star-patrol" / "rules.pdf").pages[0].extract_text()
    # one language alone, and the default
    out2 = tmp_path / "p"
    assert run(["build", str(game), "--out", str(out2), "--lang", "de", "-q"], capsys)[0] == 0
    assert sorted(p.name for p in (out2 / "star-patrol").iterdir()) == ["de"]
    assert run(["build", str(game), "--out", str(out2), "-q"], capsys)[0] == 0
    assert (out2 / "star-patrol" / "crew.pdf").is_file()
    assert (out2 / "star-patrol" / "de" / "crew.pdf").is_file()  # left alone


def test_lang_a_game_lacks_is_exit_2_and_writes_nothing(game, tmp_path, capsys):
    out = tmp_path / "o"
    code, _, err = run(["build", str(game), "--out", str(out), "--lang", "fr"], capsys)
    assert code == 2 and not out.exists()
    assert err.strip() == "pnp build: star-patrol has no language 'fr' (its languages: en)"
    code, _, err = run(["check", str(game), "--lang", "fr"], capsys)
    assert code == 2 and "has no language 'fr'" in err


def test_check_lang_and_list(game, capsys):
    bilingual(game)
    code, stdout, _ = run(["check", str(game), "--lang", "de"], capsys)
    assert code == 0 and stdout.startswith("star-patrol (de): OK (4 components")
    code, stdout, _ = run(["check", str(game), "--lang", "all"], capsys)
    assert code == 0 and "star-patrol (en): OK" in stdout and "star-patrol (de): OK" in stdout
    code, stdout, _ = run(["list"], capsys)
    assert code == 0 and "Above Top Secret [en]:" in stdout
    if (BUNDLED_GAMES / "geheime-mission").is_dir():
        assert "Geheime Mission [de, en]:" in stdout


def test_a_bad_translation_stops_the_build_with_its_place(game, tmp_path, capsys):
    bilingual(game)
    edit(game / "game.yaml", "de: Sternpatrouille", "fr: Patrouille")
    out = tmp_path / "o"
    code, _, err = run(["build", str(game), "--out", str(out)], capsys)
    assert code == 2 and not out.exists()
    assert f"{where(game / 'game.yaml', 'fr: Patrouille')}: unknown language 'fr'" in err
    assert "unknown language 'fr'" in err and "translation without 'de'" in err


# -- games without languages are untouched -----------------------------------------

def pdf_bytes(folder) -> dict:
    return {p.name: p.read_bytes() for p in print_files(folder)}


def test_a_game_without_languages_builds_byte_identically(game, tmp_path):
    """A mapping keyed like a translation means nothing in a game without `languages`;
    its manifest has no language and its PDFs no /Lang."""
    plain = build_game(load_game(EXAMPLE), tmp_path / "a", Options())
    edit(game / "game.yaml", "back_color:", "unused: {en: Fly, de: Flieg}\n  back_color:")
    build_game(load_game(game), tmp_path / "b", Options())
    assert pdf_bytes(plain.folder) == pdf_bytes(tmp_path / "b" / "star-patrol")
    manifest = json.loads((plain.folder / "manifest.json").read_text())
    assert "language" not in manifest
    assert "/Lang" not in PdfReader(plain.folder / "crew.pdf").trailer["/Root"]


def test_declaring_languages_changes_nothing_on_the_page(game, tmp_path):
    """The same game with `languages: [en, de]` and only plain values draws every page
    exactly as before (only the catalog's /Lang and the manifest's language differ)."""
    plain = build_game(load_game(EXAMPLE), tmp_path / "a", Options())
    edit(game / "game.yaml", "language: en", "languages: [en, de]")
    both = build_game(load_game(game), tmp_path / "b", Options())
    for name in ("crew.pdf", "rules.pdf", "tokens-and-dice.pdf"):
        before, after = PdfReader(plain.folder / name), PdfReader(both.folder / name)
        assert [p.get_contents().get_data() for p in before.pages] == \
               [p.get_contents().get_data() for p in after.pages]
    old = json.loads((plain.folder / "manifest.json").read_text())
    new = json.loads((both.folder / "manifest.json").read_text())
    assert new.pop("language") == "en" and new == old
