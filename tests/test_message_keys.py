"""Every message key of both games, the server, the command line and the web client, in both languages.

One language at a time (issue: no word from the other language): each key has a Japanese and an English
text; their placeholders agree; a Japanese text holds no English words or raw ids (beyond the games' own
Latin names, see :data:`message_tables.JA_LATIN`) and an English text no Japanese. Besides the templates,
games played with random answers render every prompt, option, event and reason in both languages, so an
argument that reaches the text as an id is caught too.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from grimoire.balance.verdict import VERDICT_WORDS
from grimoire.cli import boardplay, review, text
from grimoire.core import forum, thread
from grimoire.core.game import Setup
from grimoire.core.i18n import LANGS
from grimoire.core.play import RandomAgent, play
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance
from grimoire.games.chant import face as chant_face
from grimoire.games.destiny import face as destiny_face
from grimoire.web import errors
from grimoire.web.rules import _WORDS as RULES_WORDS
from message_tables import Table, en_problems, from_pairs, ja_problems, js_tables, placeholders

SRC = Path(__file__).resolve().parents[1] / "src" / "grimoire"
JS = sorted([*SRC.glob("web/static/js/*.js"), *SRC.glob("web/static/js/*/*.js"), *SRC.glob("games/*/web/*.js")])

#: Keys whose text holds the other language on purpose: the language switch names the other language; a forum
#: post's item names are written in Japanese in a post of either language, so the English message lists them so.
OTHER_LANGUAGE = frozenset({"other", "extra_item"})
#: Keys whose languages differ in placeholders on purpose: the English ordinal's suffix (1st, 2nd).
OWN_PLACEHOLDERS = frozenset({"nth"})
#: What a player types at the terminal, named in its Japanese prompts (commands, the option ids it accepts).
TYPED = ("f", "en", "play", "why", "id", "grimoire", "coin", "N", "n", "p", "q", "u", "y")


def _faces() -> Table:
    out: Table = {}
    for module in (chant_face, destiny_face):
        for name in ("WORDS", "TIMING_WORDS"):
            words = getattr(module, name, None)
            if words is None:
                continue
            for lang, table in words.items():
                for key, value in table.items():
                    out.setdefault(f"{module.__name__}.{name}.{key}", {})[lang] = value
    return out


def python_tables() -> dict[str, Table]:
    """The message tables of the Python side, by a name for the failure message."""
    tables: dict[str, Table] = {
        "web.errors.MESSAGES": from_pairs(errors.MESSAGES),
        "web.errors.FIELD_WHAT": from_pairs(errors.FIELD_WHAT),
        "web.rules._WORDS": {key: {lang: RULES_WORDS[lang][key] for lang in LANGS} for key in RULES_WORDS["ja"]},
        "cli.text.UI": text.UI,
        "cli.boardplay.BOARD_UI": boardplay.BOARD_UI,
        "cli.review.TEXTS": from_pairs(review.TEXTS),
        "core.forum.MESSAGES": from_pairs(forum.MESSAGES),
        "core.thread.WORDS": from_pairs(thread.WORDS),
        "balance.verdict.VERDICT_WORDS": VERDICT_WORDS,
        "games.*.face": _faces(),
    }
    for name in ("chant", "destiny"):
        catalog = load_game(name).text.catalog
        tables[f"{name} catalog"] = catalog.entries
        tables[f"{name} terms"] = from_pairs(catalog.terms)
    return tables


def js_message_tables() -> dict[str, Table]:
    """Every ``const NAME = {ja: …, en: …}`` of the web client's JavaScript, by file and name."""
    found: dict[str, Table] = {}
    for path in JS:
        for name, table in js_tables(path.read_text(encoding="utf-8")).items():
            found[f"{path.relative_to(SRC)} {name}"] = table
    return found


def table_problems(table: Table, typed: tuple[str, ...] = ()) -> list[str]:
    """What is wrong with a table: a missing language, placeholders that differ, words of the other language."""
    problems = []
    for key, by_lang in table.items():
        missing = [lang for lang in LANGS if not isinstance(by_lang.get(lang), str)]
        if missing:
            problems.append(f"{key}: no {'/'.join(missing)}")
            continue
        ja, en = by_lang["ja"], by_lang["en"]
        if placeholders(ja) != placeholders(en) and key not in OWN_PLACEHOLDERS:
            problems.append(f"{key}: placeholders {placeholders(ja)} (ja) vs {placeholders(en)} (en)")
        if key in OTHER_LANGUAGE:
            continue
        if ja_problems(ja, typed):
            problems.append(f"{key}: English in Japanese {ja!r}: {ja_problems(ja, typed)}")
        if en_problems(en):
            problems.append(f"{key}: Japanese in English {en!r}: {en_problems(en)}")
    return problems


@pytest.mark.parametrize("name", sorted(python_tables()))
def test_every_message_key_has_both_languages_with_the_same_placeholders_and_no_other_language(name: str) -> None:
    assert table_problems(python_tables()[name], TYPED if name.startswith("cli.") else ()) == []


def test_the_web_clients_message_tables_are_all_read() -> None:
    tables = js_message_tables()
    files = {name.split(" ")[0] for name in tables}
    assert {"web/static/js/i18n.js", "web/static/js/tablewords.js", "web/static/js/takeback.js"} <= files
    assert len(tables["web/static/js/i18n.js TEXTS"]) > 150


@pytest.mark.parametrize("name", sorted(js_message_tables()))
def test_every_web_client_message_key_has_both_languages_and_no_other_language(name: str) -> None:
    assert table_problems(js_message_tables()[name]) == []


def _field_whats() -> list[tuple[str, int, ast.expr]]:
    """Each ``what=`` of a ``ClientError(..., "field", ...)`` in the server's sources."""
    found = []
    for path in sorted(SRC.glob("web/*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ClientError" and any(
                    isinstance(a, ast.Constant) and a.value == "field" for a in node.args):
                for kw in node.keywords:
                    if kw.arg == "what":
                        found.append((path.name, node.lineno, kw.value))
    return found


def test_every_field_error_says_what_the_field_must_be_in_both_languages() -> None:
    whats = _field_whats()
    assert len(whats) > 30
    wrong = []
    for where, line, value in whats:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            said = value.value
            if said in errors.FIELD_WHAT or (" / " in said and all(re.fullmatch(r"'?[\w.]+'?", part)
                                                                   for part in said.split(" / "))):
                continue  # a template both languages have, or the accepted values themselves: "0 / 1"
        elif isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "join":
            continue  # the accepted values themselves: "easy / normal / hard"
        wrong.append(f"{where}:{line}: {ast.unparse(value)}")
    assert wrong == []


def test_the_deck_field_error_speaks_only_japanese_on_a_japanese_page() -> None:
    e = errors.ClientError("bad_message", "field", field="deck", what="a 'starter' deck or a deck list 'text'")
    assert e.message("ja") == "'deck' は 構築済みデッキの 'starter' かデッキリストの 'text' でなければなりません"
    assert e.message("en") == "'deck' must be a 'starter' deck or a deck list 'text'"


def _rendered(name: str, games: int) -> dict[tuple[str, str], str]:
    """Every prompt, option label, event line and reason of ``games`` random games, by (key, language)."""
    game = load_game(name)
    decks = [game.cards.starter_deck(deck) for deck in sorted(game.cards.starter_decks())]
    seen: dict[tuple[str, str], str] = {}

    def said(key: str, lang: str, line: str) -> None:
        bad = ja_problems(line) if lang == "ja" else en_problems(line)
        if bad:
            seen.setdefault((key, lang), line)

    def on_decision(state: Any, decision: Any, pick: str) -> None:
        for lang in LANGS:
            said("ask." + decision.kind, lang, game.text.prompt(decision, lang))
            for option in decision.options:
                said(option.key, lang, game.text.label(option, lang))

    def on_events(state: Any, events: list[Any]) -> None:
        for event in events:
            for lang in LANGS:
                said("ev." + event.kind, lang, game.text.describe(event, lang))
                said("why." + event.kind, lang, game.text.why(event, lang))

    for seed in range(games):
        setup = Setup((decks[seed % len(decks)], decks[(seed // len(decks)) % len(decks)]), game.options({}),
                      seed=seed)
        chooser = Chance.seeded(seed)
        play(game, setup, [RandomAgent(), RandomAgent()], [chooser, chooser], on_decision=on_decision,
             on_events=on_events)
    return seen


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_every_rendered_prompt_option_event_and_reason_speaks_one_language(name: str) -> None:
    assert _rendered(name, 24) == {}


def _ability_decision() -> tuple[Any, Any]:
    game = load_game("destiny")
    decks = [game.cards.starter_deck(deck) for deck in sorted(game.cards.starter_decks())]
    decision = game.decision(game.new_state(Setup((decks[0], decks[1]), game.options({}), seed=1)))
    assert decision is not None and decision.kind == "ability"
    return game, decision


def test_rule_9_each_forecast_abilitys_note_at_the_table_speaks_the_players_words() -> None:
    from grimoire.web.rules import decision_refs

    game, decision = _ability_decision()
    ja = decision_refs("destiny", decision, "ja", game.text)["notes"]
    en = decision_refs("destiny", decision, "en", game.text)["notes"]
    assert len(ja) == len(en) == 4
    for option, note in ja.items():
        assert ja_problems(note["text"]) == [], option
        assert en_problems(en[option]["text"]) == [], option
    kijutsu = "ability:chimyaku_kijutsu"
    assert "【メイン】か【バトル】のまとまり" in ja[kijutsu]["text"]
    assert "[Main] or [Battle] groups" in en[kijutsu]["text"]
    assert "A cancel effect cannot cancel this use" in en[kijutsu]["text"]
    assert "自分の能力者、相手の能力者、どちらかの能力者のエフェクト" in ja["ability:chimyaku_kanchi"]["text"]
    assert "kiryoku card" in en["ability:chimyaku_houki"]["text"]


@pytest.mark.parametrize("lang", LANGS)
def test_rule_9_asking_the_terminal_about_an_ability_speaks_one_language(lang: str) -> None:
    from grimoire.cli.cardhelp import term_help

    game, _ = _ability_decision()
    for asked in ("地脈蜂起", "地脈記述", "地脈感知", "地脈の函"):
        lines = term_help(game, asked, lang)
        assert lines is not None
        said = lines[1].plain
        assert (ja_problems(said) if lang == "ja" else en_problems(said)) == [], said


def _broken_tables(name: str) -> list[dict[str, Any]]:
    """Cards of ``name`` broken in every way a forum post can break them past its reader (which reads only known
    items and words, numbers as numbers, effects from sentences): each number of the card and of each kind of
    effect out of range, each item missing."""
    game = load_game(name)
    by_op: dict[str, dict[str, Any]] = {}
    for cid in sorted(game.pool.tables):
        table = game.pool.tables[cid]
        for effect in table.get("effects", []):
            by_op.setdefault(str(effect.get("op")), table)
    out: list[dict[str, Any]] = []
    for source in [game.pool.tables[cid] for cid in sorted(game.pool.tables)[:8]] + list(by_op.values()):
        table = {k: v for k, v in source.items() if k != "text"}
        for key, value in table.items():
            if key in ("id", "name", "flavor", "effects"):
                continue
            numbers: list[object] = [-1, 999] if isinstance(value, int) and not isinstance(value, bool) else []
            out += [{**table, key: b} for b in numbers] + [{k: v for k, v in table.items() if k != key}]
        for i, effect in enumerate(table.get("effects", [])):
            for key, value in effect.items():
                if isinstance(value, int) and not isinstance(value, bool):
                    for b in (-1, 0, 999):
                        effects = [dict(e) for e in table["effects"]]
                        effects[i][key] = b
                        out.append({**table, "effects": effects})
    return out


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_every_card_check_refusal_the_editor_shows_speaks_one_language(name: str) -> None:
    """The card checks' refusals (the editor and ``grimoire cards import`` show them) come in the language asked:
    a new check without Japanese words for it (:data:`grimoire.core.forum.CHECKS_JA` or the game's own) fails."""
    from grimoire.core.cardtools import check_words
    from grimoire.core.errors import ContentError

    game = load_game(name)
    seen: dict[str, tuple[str, str]] = {}
    refused = 0
    for table in _broken_tables(name):
        table = {**table, "id": "broken_card", "name": {"ja": "壊れた札", "en": "Broken Card"}}
        try:
            load_game(name, tables={"broken_card": table})
        except ContentError as exc:
            refused += 1
            words = check_words(game, exc)
            ja = re.sub(r"「[^」]*」|\d+", " ", words.ja)
            en = re.sub(r"'[^']*'|「[^」]*」", " ", words.en)
            if ja_problems(ja) or en_problems(en) or "field '" in words.en:  # no table field ids either
                seen.setdefault(re.sub(r"\d+", "N", str(exc)), (words.ja, words.en))
    assert refused > 20
    assert seen == {}
    other = game.pool.tables[sorted(game.pool.tables)[0]]
    with pytest.raises(ContentError) as taken:
        load_game(name, tables={"broken_card": {**other, "id": "broken_card"}})
    words = check_words(game, taken.value)
    assert words.ja == f"この名前はもうカード「{other['name']['ja']}」が使っています"
    assert words.en == f"the name is already used by card 「{other['name']['en']}」"
