"""Refusals in the page's language: a refused deck list's own message (not only its ``problems``)
names the problem at the refused line as the deck builder words it, never the game's English; an unknown game
is named in the page's language too."""

from __future__ import annotations

import pytest
from test_table_endings import app_client

BAD = "3 火球\n2 nothing here\n"


@pytest.mark.parametrize(("lang", "said"), [("ja", "デッキ: 知らないカード: nothing here"),
                                            ("en", "deck: unknown card 'nothing here'")])
def test_a_refused_deck_list_speaks_the_pages_language(db_path, lang: str, said: str) -> None:
    with app_client(db_path) as c:
        checked = c.post("/api/decks/check", json={"game": "chant", "text": BAD, "lang": lang}).json()["error"]
        created = c.post("/api/games", json={"game": "chant", "deck": {"text": BAD}, "lang": lang,
                                             "opponent": {"kind": "ai", "deck": {"starter": "fire"}}}).json()["error"]
    for error in (checked, created):
        assert error["code"] == "deck" and error["line"] == 2
        assert error["message"] == said  # the card name is the player's own words


@pytest.mark.parametrize(("lang", "said"), [("ja", "知らないゲームです: nogame（ゲーム: "),
                                            ("en", "unknown game 'nogame'; games: ")])
@pytest.mark.parametrize("url", ["/api/cards/nogame", "/api/catalog/nogame", "/cards/nogame/x.svg"])
def test_an_unknown_game_is_refused_in_the_pages_language(db_path, url: str, lang: str, said: str) -> None:
    with app_client(db_path) as c:
        res = c.get(url, headers={"Accept-Language": lang})
    assert res.status_code == 404 and res.json()["error"]["message"].startswith(said)
