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


@pytest.mark.parametrize(("options", "lang", "said"), [
    ({"colour": "red"}, "ja", "知らないルールオプションです: colour（オプション: exclusive_placement, "),
    ({"colour": "red"}, "en", "unknown rules option 'colour'; options: exclusive_placement, "),
    ({"depth_damage": "some"}, "ja", "ルールオプション depth_damage に some は使えません（使える値: a_phase / all）"),
    ({"chant_cap": 99}, "en", "rules option 'chant_cap' cannot be '99' (allowed: 1–40)"),
    ({"first_turn_draw": "maybe"}, "ja",
     "ルールオプション first_turn_draw に maybe は使えません（使える値: true / false）"),
])
def test_bad_rules_options_are_refused_in_the_pages_language(db_path, options: dict[str, object], lang: str,
                                                             said: str) -> None:
    with app_client(db_path) as c:
        checked = c.post("/api/decks/check", json={"game": "chant", "text": "3 火球\n", "lang": lang,
                                                   "options": options}).json()["error"]
        created = c.post("/api/games", json={"game": "chant", "deck": {"starter": "fire"}, "lang": lang,
                                             "options": options, "opponent": {"kind": "ai", "level": "easy",
                                                                              "deck": {"starter": "fire"}}}).json()
    for error in (checked, created["error"]):
        assert error["code"] == "bad_message" and error["message"].startswith(said), error


@pytest.mark.parametrize(("lang", "said"), [
    ("ja", "このルールオプションの値は使えません（ルールページのオプションの説明を見てください）"),
    ("en", "these rules options cannot be used (see the options on the rules page)")])
def test_rules_options_the_games_set_up_refuses_are_refused_in_the_pages_language(db_path, lang: str,
                                                                                   said: str) -> None:
    with app_client(db_path) as c:
        res = c.post("/api/games", json={"game": "chant", "deck": {"starter": "fire"}, "lang": lang,
                                         "options": {"depth_multipliers": "1,1"},
                                         "opponent": {"kind": "ai", "level": "easy", "deck": {"starter": "fire"}}})
    assert res.status_code == 400 and res.json()["error"]["message"] == said


@pytest.mark.parametrize(("lang", "said"), [
    ("ja", "このルールオプションの値は使えません（ルールページのオプションの説明を見てください）"),
    ("en", "these rules options cannot be used (see the options on the rules page)")])
def test_an_invitation_with_options_the_set_up_refuses_is_refused_in_the_pages_language(db_path, lang: str,
                                                                                         said: str) -> None:
    """The same refusal by the invitation's path: when it is made, or at the latest when the friend joins."""
    with app_client(db_path) as c:
        res = c.post("/api/invites", json={"game": "chant", "deck": {"starter": "fire"}, "lang": lang,
                                           "options": {"depth_multipliers": "1,1"}})
        if res.status_code == 201:
            invite = res.json()
            friend = invite["links"]["seats"][1].split("#seat=")[1]
            res = c.post(f"/api/invites/{invite['id']}/accept",
                         json={"token": friend, "deck": {"starter": "science"}, "lang": lang})
    assert res.status_code == 400 and res.json()["error"]["message"] == said, res.text
