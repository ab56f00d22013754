"""Friend games where both players accept proposed cards (issue 30 item 3): on a reviewed server a card not
approved yet is played in a friend game by invitation only when the host ticked "accept proposed cards" in the
lobby and the friend ticked it on the join page; the host's tick is kept with the invitation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_card_review import OWNER, reviewed
from test_ownership import ALICE, MALLORY, SPARK_DECK, save_card
from web_helpers import hub, token

FIRE = {"starter": "fire"}


def invite(c: Any, deck: dict[str, Any], proposals: bool | None, owner: str = ALICE) -> Any:
    body: dict[str, Any] = {"game": "chant", "deck": deck, "lang": "en", "owner": owner}
    if proposals is not None:
        body["proposals"] = proposals
    return c.post("/api/invites", json=body)


def accept(c: Any, made: dict[str, Any], deck: dict[str, Any], proposals: bool | None) -> Any:
    body: dict[str, Any] = {"token": token(made["links"]["seats"][1]), "deck": deck, "lang": "en"}
    if proposals is not None:
        body["proposals"] = proposals
    return c.post(f"/api/invites/{made['id']}/accept", json=body)


def test_a_proposal_is_played_in_a_friend_game_only_when_both_players_accept(db_path: Path) -> None:
    with reviewed(db_path) as c:
        assert save_card(c, ALICE).json()["status"] == "proposed"
        spark = {"text": SPARK_DECK}
        refused = invite(c, spark, None)  # the host did not tick: refused as before
        assert refused.status_code == 400 and "proposal" in refused.json()["error"]["message"]
        made = invite(c, spark, True)
        assert made.status_code == 201, made.text
        shown = c.get(f"/api/invites/{made.json()['id']}").json()
        assert shown["proposals"] is True
        assert hub(c).store.load_invite(made.json()["id"])["proposals"] is True  # kept with the invitation
        for friend_ticks in (None, False):  # the friend did not tick: no game, one line saying why
            no = accept(c, made.json(), FIRE, friend_ticks)
            assert no.status_code == 400 and no.json()["error"]["code"] == "deck", no.text
            assert 'tick "Accept proposed cards"' in no.json()["error"]["message"]
            assert "little_spark" in no.json()["error"]["message"]
            assert c.get(f"/api/games/{made.json()['game_id']}").status_code == 404
        yes = accept(c, made.json(), FIRE, True)
        assert yes.status_code == 200, yes.text
        game = hub(c).games.loaded(made.json()["game_id"])
        assert game is not None and "little_spark" in game.match.setup.decks[0].all_cards()


def test_the_friend_plays_a_proposal_only_when_the_host_accepted_them_too(db_path: Path) -> None:
    with reviewed(db_path) as c:
        save_card(c, ALICE)
        spark = {"text": SPARK_DECK}
        made = invite(c, FIRE, None, owner=MALLORY).json()  # the host did not accept proposals
        assert c.get(f"/api/invites/{made['id']}").json()["proposals"] is False
        no = accept(c, made, spark, True)
        assert no.status_code == 400 and "is a proposal" in no.json()["error"]["message"], no.text
        both = invite(c, FIRE, True, owner=MALLORY).json()
        assert accept(c, both, spark, True).status_code == 200
        game = hub(c).games.loaded(both["game_id"])
        assert game is not None and "little_spark" in game.match.setup.decks[1].all_cards()


def test_an_approved_card_needs_no_tick_and_a_friend_game_without_invitation_still_refuses(db_path: Path) -> None:
    with reviewed(db_path) as c:
        save_card(c, ALICE)
        direct = c.post("/api/games", json={"game": "chant", "deck": {"text": SPARK_DECK}, "owner": ALICE,
                                            "proposals": True, "lang": "en",
                                            "opponent": {"kind": "friend", "deck": FIRE}})
        assert direct.status_code == 400  # one person chose both decks: nobody else accepted
        made = invite(c, {"text": SPARK_DECK}, True).json()
        c.post("/api/review/decide", json={"token": OWNER, "game": "chant", "id": "little_spark",
                                           "decision": "approve"})
        assert accept(c, made, FIRE, None).status_code == 200  # approved meanwhile: no tick needed
