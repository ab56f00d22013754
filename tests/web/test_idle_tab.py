"""An idle tab counts as absent (grimoire.web.table, socket message ``away``): a seat whose every page is hidden
or unused is away for the idle policy of an untimed game, and present again when a page is used."""

from __future__ import annotations

import time

import pytest
from test_table_endings import app_client, ended, join, new_game, tokens_of, until
from web_helpers import live

from grimoire.web.protocol import parse_message


def test_a_hidden_page_of_the_seat_to_move_lets_the_other_player_claim_the_win(db_path):
    with app_client(db_path, idle_claim=1) as c:
        data = new_game(c)
        gid, toks = data["id"], tokens_of(data)
        mover = live(c, gid).match.decision.player  # type: ignore[union-attr]
        with c.websocket_connect(f"/ws/{gid}") as here, c.websocket_connect(f"/ws/{gid}") as other:
            join(here, toks[mover])
            join(other, toks[1 - mover])
            until(other, lambda m: m["type"] == "table" and m["present"] == [True, True])
            here.send_json({"type": "away", "away": True, "idle": 0})
            table = until(other, lambda m: m["type"] == "table" and m["present"][mover] is False)
            assert table["idle"][mover] is True and table["idle"][1 - mover] is False
            assert 0 < table["claim_in"] <= 1
            other.send_json({"type": "claim"})
            assert until(other, lambda m: m["type"] == "error")["code"] == "not_yet"
            time.sleep(1.1)
            other.send_json({"type": "claim"})
            over = until(other, ended)
            assert over["outcome"]["reason"] == "abandoned" and over["outcome"]["winner"] == 1 - mover


def test_a_page_in_use_again_makes_its_seat_present_and_the_claim_is_refused(db_path):
    with app_client(db_path, idle_claim=1) as c:
        data = new_game(c)
        gid, toks = data["id"], tokens_of(data)
        mover = live(c, gid).match.decision.player  # type: ignore[union-attr]
        with c.websocket_connect(f"/ws/{gid}") as here, c.websocket_connect(f"/ws/{gid}") as other:
            join(here, toks[mover])
            join(other, toks[1 - mover])
            here.send_json({"type": "away", "away": True, "idle": 0})
            until(other, lambda m: m["type"] == "table" and m["present"][mover] is False)
            time.sleep(1.1)
            here.send_json({"type": "away", "away": False})
            table = until(other, lambda m: m["type"] == "table" and m["present"] == [True, True])
            assert table["claim_in"] is None and table["idle"] == [False, False]
            other.send_json({"type": "claim"})
            assert until(other, lambda m: m["type"] == "error")["code"] == "not_yet"
            assert live(c, gid).match.outcome is None


def test_a_seat_with_one_page_in_use_stays_present(db_path):
    with app_client(db_path, idle_claim=1) as c:
        data = new_game(c)
        gid, toks = data["id"], tokens_of(data)
        mover = live(c, gid).match.decision.player  # type: ignore[union-attr]
        with c.websocket_connect(f"/ws/{gid}") as tab1, c.websocket_connect(f"/ws/{gid}") as tab2, \
                c.websocket_connect(f"/ws/{gid}") as other:
            join(tab1, toks[mover])
            join(tab2, toks[mover])
            join(other, toks[1 - mover])
            tab1.send_json({"type": "away", "away": True, "idle": 0})
            tab1.send_json({"type": "ping"})
            until(tab1, lambda m: m["type"] == "pong")
            game = live(c, gid)
            assert game.present(mover) and not game.idle(mover)
            tab2.send_json({"type": "away", "away": True, "idle": 0})
            until(other, lambda m: m["type"] == "table" and m["present"][mover] is False)
            assert game.idle(mover)


def test_a_page_unused_for_longer_than_the_policy_may_be_claimed_against_at_once(db_path):
    with app_client(db_path, idle_claim=30) as c:
        data = new_game(c)
        gid, toks = data["id"], tokens_of(data)
        game = live(c, gid)
        mover = game.match.decision.player  # type: ignore[union-attr]
        game.asked -= 60  # the decision was asked a minute ago
        with c.websocket_connect(f"/ws/{gid}") as here, c.websocket_connect(f"/ws/{gid}") as other:
            join(here, toks[mover])
            join(other, toks[1 - mover])
            here.send_json({"type": "away", "away": True, "idle": 45})
            table = until(other, lambda m: m["type"] == "table" and m["present"][mover] is False)
            assert table["claim_in"] == 0
            other.send_json({"type": "claim"})
            assert until(other, ended)["outcome"]["reason"] == "abandoned"


def test_a_hidden_page_that_reconnects_never_shows_its_seat_present(db_path):
    """The hello of a hidden page says it is away: the other player's mark goes from absent to away, never
    through present (no flicker), and the seat's idle time carries over."""
    with app_client(db_path, idle_claim=30) as c:
        data = new_game(c)
        gid, toks = data["id"], tokens_of(data)
        mover = live(c, gid).match.decision.player  # type: ignore[union-attr]
        live(c, gid).asked -= 60  # the decision was asked a minute ago
        with c.websocket_connect(f"/ws/{gid}") as other:
            join(other, toks[1 - mover])
            until(other, lambda m: m["type"] == "table" and m["present"] == [mover != 0, mover != 1])
            with c.websocket_connect(f"/ws/{gid}") as here:
                here.send_json({"type": "hello", "token": toks[mover], "lang": "en", "table": True, "away": True,
                                "idle": 45})
                until(here, lambda m: m["type"] == "state")
                other.send_json({"type": "ping"})
                seen = []
                while (msg := other.receive_json())["type"] != "pong":
                    seen.append(msg)
                tables = [m for m in seen if m["type"] == "table"]
                assert [(t["present"][mover], t["idle"][mover]) for t in tables] == [(False, True)]
                assert tables[0]["claim_in"] == 0  # unused for longer than the policy: at once
                game = live(c, gid)
                assert game.idle(mover) and not game.present(mover)
                here.send_json({"type": "away", "away": False})
                until(other, lambda m: m["type"] == "table" and m["present"] == [True, True])


def test_a_spectators_hidden_page_changes_nothing(db_path):
    with app_client(db_path, idle_claim=1) as c:
        data = new_game(c)
        gid, toks = data["id"], tokens_of(data)
        with c.websocket_connect(f"/ws/{gid}") as seat0, c.websocket_connect(f"/ws/{gid}") as seat1, \
                c.websocket_connect(f"/ws/{gid}") as watcher:
            join(seat0, toks[0])
            join(seat1, toks[1])
            join(watcher, None)
            watcher.send_json({"type": "away", "away": True, "idle": 0})
            watcher.send_json({"type": "ping"})
            until(watcher, lambda m: m["type"] == "pong")
            game = live(c, gid)
            assert game.present(0) and game.present(1)


@pytest.mark.parametrize(("raw", "lang", "said"), [
    ('{"type": "away", "away": "yes"}', "ja", "'away' は true / false でなければなりません"),
    ('{"type": "away", "away": true, "idle": -1}', "ja", "'idle' は 0 以上の秒数 でなければなりません"),
    ('{"type": "away", "away": true, "idle": "5"}', "en", "'idle' must be a number of seconds, 0 or more"),
    ('{"type": "hello", "token": null, "away": 1}', "en", "'away' must be true / false"),
    ('{"type": "hello", "token": null, "away": true, "idle": -2}', "ja", "'idle' は 0 以上の秒数 でなければなりません"),
])
def test_a_bad_away_message_is_refused_with_one_line(raw: str, lang: str, said: str) -> None:
    from grimoire.web.errors import ClientError

    with pytest.raises(ClientError) as refused:
        parse_message(raw)
    assert refused.value.message(lang) == said
