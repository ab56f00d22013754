"""The rules pages (grimoire.web.rules): both languages, one anchor per rule number, no raw HTML,
one copy of each rules file (the game's package links to docs/rules), a plugin's page from its own
package, and every decision a game can pose linked to an existing rule."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from web_helpers import client, create, hello, token

from grimoire.core.decision import Decision
from grimoire.core.game import Setup
from grimoire.core.play import RandomAgent, play
from grimoire.core.registry import plugin, register, unregister
from grimoire.core.rng import Chance
from grimoire.web.rules import decision_refs, has_rules_page, render_markdown, rule_numbers, rules_source

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules"
GAMES = ("chant", "destiny")


def _ids(page: str) -> list[str]:
    return re.findall(r'id="r-([0-9.]+)"', page)


@pytest.mark.parametrize("game", GAMES)
def test_both_languages_have_exactly_the_same_rule_numbers(game: str) -> None:
    en = rule_numbers((DOCS / f"{game}.md").read_text(encoding="utf-8"))
    ja = rule_numbers((DOCS / f"{game}.ja.md").read_text(encoding="utf-8"))
    assert len(en) > 50
    assert ja == en


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_each_rules_file_has_one_copy_the_games_package_links_to_docs_rules(game: str, lang: str) -> None:
    """The server reads the rules from the game's package; in the source tree that is a link to docs/rules
    itself (an installed wheel holds the file, with the same bytes)."""
    found = plugin(game).rules_document(lang)
    docs = DOCS / (f"{game}.md" if lang == "en" else f"{game}.{lang}.md")
    assert found is not None and found.parent.name == "docs" and "games" in found.parts
    assert found.read_bytes() == docs.read_bytes()
    packaged = ROOT / "src" / "grimoire" / "games" / game / "docs" / docs.name
    assert packaged.is_symlink() and packaged.resolve() == docs.resolve()  # one copy: the package links to it
    assert not (ROOT / "src" / "grimoire" / "web" / "rules").exists()  # no copy beside the server any more


def test_a_plugins_rules_page_is_served_from_its_own_package(tmp_path: Path) -> None:
    toy = plugin("toy")
    assert toy.rules_docs is not None and (toy.rules_docs / "toy.ja.md").is_file()
    with client(tmp_path / "g.db", ("toy",)) as c:
        ja, en = c.get("/rules/toy?lang=ja"), c.get("/rules/toy?lang=en")
    assert ja.status_code == en.status_code == 200
    assert _ids(ja.text) == _ids(en.text) == ["1", "2", "3", "4", "5", "6"]
    assert "足止め" in ja.text and "Tripping" in en.text and toy.title.ja in ja.text


def test_a_plugin_without_rules_documents_has_no_page() -> None:
    register(replace(plugin("toy"), name="bare", rules_docs=None))
    try:
        assert rules_source("bare", "en") is None and not has_rules_page("bare")
    finally:
        unregister("bare")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_rule_number_has_exactly_one_anchor(game: str, lang: str) -> None:
    source = rules_source(game, lang)
    assert source is not None
    ids = _ids(render_markdown(source))
    assert sorted(ids) == sorted(rule_numbers(source))
    assert len(ids) == len(set(ids))


def test_raw_html_in_a_rules_file_is_shown_as_text_never_passed_through() -> None:
    page = render_markdown('- 1.1 Text <script>alert(1)</script> <img src=x onerror="y">\n\n<div>block</div>\n')
    assert "<script" not in page and "<img" not in page and "<div" not in page
    assert "&lt;script&gt;" in page and 'id="r-1.1"' in page


def test_links_to_other_repository_files_become_plain_text() -> None:
    page = render_markdown("See [chant-cards.md](chant-cards.md) and [the site](https://example.org).")
    assert "chant-cards.md" in page and 'href="chant-cards.md"' not in page
    assert 'href="https://example.org"' in page


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_renders_in_both_languages(tmp_path: Path, game: str) -> None:
    with client(tmp_path / "g.db", GAMES) as c:
        ja = c.get(f"/rules/{game}?lang=ja")
        en = c.get(f"/rules/{game}?lang=en")
        assert c.head(f"/rules/{game}").status_code == 200  # the table asks whether a game has a page
    assert ja.status_code == en.status_code == 200
    assert ja.headers["content-type"].startswith("text/html")
    assert '<html lang="ja">' in ja.text and '<html lang="en">' in en.text
    title = plugin(game).title
    assert title.ja in ja.text and title.en in en.text
    assert _ids(ja.text) == _ids(en.text) and "3.2" in _ids(ja.text)
    assert "ルール" in ja.text and "Rules" in en.text
    for page in (ja.text, en.text):  # CSP-safe: no inline script or style
        assert "<script" not in page and "<style" not in page and " style=" not in page
    assert "script-src 'self'" in ja.headers["content-security-policy"]


def test_the_language_follows_accept_language_without_a_query(tmp_path: Path) -> None:
    with client(tmp_path / "g.db", GAMES) as c:
        page = c.get("/rules/chant", headers={"Accept-Language": "en-US,en;q=0.9"})
    assert '<html lang="en">' in page.text


@pytest.mark.parametrize("path", ["/rules/nosuchgame", "/rules/toy", "/rules/..%2Fchant", "/rules/chant-cards"])
def test_an_unknown_game_is_404(tmp_path: Path, path: str) -> None:
    with client(tmp_path / "g.db", GAMES) as c:
        res = c.get(path + "?lang=en")
    assert res.status_code == 404


def _kinds(game_name: str, games: int) -> set[str]:
    game = plugin(game_name).make_game()
    decks = [game.cards.starter_deck(n) for n in sorted(game.cards.starter_decks())]
    kinds: set[str] = set()

    def seen(state: Any, decision: Decision, answer: str) -> None:
        kinds.add(decision.kind)

    for seed in range(games):
        chance = Chance.seeded(seed)
        setup = Setup((decks[seed % len(decks)], decks[(seed // len(decks)) % len(decks)]), game.options({}),
                      seed=seed)
        play(game, setup, [RandomAgent(), RandomAgent()], [chance, chance], on_decision=seen)
    return kinds


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_kind_of_random_games_names_an_existing_rule(game: str) -> None:
    kinds = _kinds(game, 150)
    refs = plugin(game).rule_map()
    numbers = set(rule_numbers(rules_source(game, "en") or ""))
    assert len(kinds) >= 9  # Chant's starters reach 9 kinds (pay_life needs 天上の劫火, in no starter deck)
    assert kinds <= set(k for k in refs if " " not in k), f"decisions without a rule: {kinds - set(refs)}"
    for key, number in refs.items():
        assert number in numbers, f"{game}: {key!r} names rule {number}, which does not exist"


def test_the_toy_games_decisions_name_rules_of_its_own_page() -> None:
    refs = plugin("toy").rule_map()
    assert set(refs) == _kinds("toy", 20) == {"turn", "trip"}
    assert set(refs.values()) <= set(rule_numbers(rules_source("toy", "en") or ""))


def test_forecast_abilities_carry_their_rule_text_in_both_languages() -> None:
    game = plugin("destiny").make_game()
    decks = [game.cards.starter_deck(n) for n in sorted(game.cards.starter_decks())]
    state = game.new_state(Setup((decks[0], decks[1]), game.options({}), seed=1))
    decision = game.decision(state)
    assert decision is not None and decision.kind == "ability"
    ja = decision_refs("destiny", decision, "ja")
    en = decision_refs("destiny", decision, "en")
    assert ja["rule"] == "2.3"
    assert set(ja["notes"]) == {o.id for o in decision.options if o.id != "none"}
    assert ja["notes"]["ability:chimyaku_houki"]["rule"] == "9.1"
    assert "気魄" in ja["notes"]["ability:chimyaku_houki"]["text"]
    assert "summoning" in en["notes"]["ability:chimyaku_houki"]["text"]
    assert "クライシス場" in ja["notes"]["ability:chimyaku_no_hako"]["text"]


@pytest.mark.parametrize("game", GAMES)
def test_the_decision_message_names_its_rule(tmp_path: Path, game: str) -> None:
    with client(tmp_path / "g.db", GAMES) as c:
        data = create(c, game)
        tokens = [token(link) for link in data["links"]["seats"]]
        got = []
        for tok in tokens:
            with c.websocket_connect(f"/ws/{data['id']}") as ws:
                msg = hello(ws, tok, "en")
                while msg.get("type") != "state":
                    msg = ws.receive_json()
                got.append(msg)
    decisions = [m["decision"] for m in got if m["decision"] is not None]
    assert len(decisions) == 1
    decision = decisions[0]
    assert decision["rule"] == plugin(game).rule_map()[decision["kind"]]
    for option_id, note in decision["notes"].items():
        assert note["rule"] in rule_numbers(rules_source(game, "en") or "")
        assert note["text"] and option_id in {o["id"] for o in decision["options"]}
