"""The lobby API (rule W8) and the replay view (rule W7)."""

from __future__ import annotations

from web_helpers import client, create, hello, live, pick, token

from grimoire.core.match import Match
from grimoire.core.rng import Chance


def test_w8_pages_and_static_client_are_served(db_path):
    with client(db_path) as c:
        lobby = c.get("/")
        assert lobby.status_code == 200 and "lobby.js" in lobby.text
        table = c.get("/g/anything")
        assert table.status_code == 200 and "table.js" in table.text
        for path in ("/static/style.css", "/static/js/table.js", "/games/chant/render.js",
                     "/games/destiny/render.js", "/static/js/i18n.js"):
            assert c.get(path).status_code == 200, path


def test_w8_meta_lists_games_starter_decks_and_levels(db_path):
    with client(db_path) as c:
        meta = c.get("/api/meta").json()
        names = [g["name"] for g in meta["games"]]
        assert names == ["toy", "chant", "destiny"]
        chant = meta["games"][1]
        assert chant["title"] == {"ja": "詠唱", "en": "Chant"}
        fire = next(d for d in chant["starters"] if d["id"] == "fire")
        assert fire["name"] == {"ja": "炎の書", "en": "Book of Fire"} and "fireball" in fire["cards"]
        assert chant["levels"][0] == "easy"
        assert meta["langs"] == ["ja", "en"]


def test_w8_the_card_catalogue_has_names_attributes_and_numbers(db_path):
    with client(db_path) as c:
        cards = c.get("/api/cards/chant").json()["cards"]
        fireball = cards["fireball"]
        assert fireball["name"] == {"ja": "火球", "en": "Fireball"}
        assert (fireball["attribute"], fireball["chant"], fireball["power"]) == ("fantasy", 2, 1)
        assert "effects" not in fireball
        assert c.get("/api/cards/nope").status_code == 404


def test_w8_a_pasted_deck_list_is_checked_and_errors_name_the_line(db_path):
    with client(db_path) as c:
        good = "\n".join(["name: mine", "4 step1", "4 step2", "4 step3"])
        res = c.post("/api/decks/check", json={"game": "toy", "text": good})
        assert res.json() == {"ok": True, "name": "mine", "counts": {"library": 12}}
        bad = "name: mine\n4 step1\n4 nowhere\n4 step3\n"
        res = c.post("/api/decks/check", json={"game": "toy", "text": bad})
        assert res.status_code == 400
        err = res.json()["error"]
        assert err["code"] == "deck" and err["line"] == 3 and "nowhere" in err["message"]
        res = c.post("/api/games", json={"game": "toy", "deck": {"starter": "steady"},
                                         "opponent": {"kind": "friend", "deck": {"text": bad}}})
        assert res.status_code == 400
        assert res.json()["error"]["field"] == "opponent.deck" and res.json()["error"]["line"] == 3
        res = c.post("/api/games", json={"game": "toy", "deck": {"text": good},
                                         "opponent": {"kind": "ai", "level": "easy"}})
        assert res.status_code == 201


def test_w8_bad_create_requests_are_refused(db_path):
    with client(db_path) as c:
        json_type = {"Content-Type": "application/json"}
        assert c.post("/api/games", content=b"{nope", headers=json_type).json()["error"]["code"] == "bad_json"
        assert c.post("/api/games", content=b"{nope").json()["error"]["code"] == "unsupported_media"
        assert c.post("/api/games", json=[1]).status_code == 400
        assert c.post("/api/games", json={"game": "chess"}).status_code == 400
        res = c.post("/api/games", json={"game": "toy", "deck": {"starter": "steady"}, "opponent": {"kind": "x"}})
        assert res.status_code == 400
        res = c.post("/api/games", json={"game": "toy", "deck": {"starter": "nope"}, "opponent": {"kind": "friend"}})
        assert res.status_code == 400 and res.json()["error"]["code"] == "deck"


def test_w7_replay_recomputes_the_view_after_each_step(db_path):
    chance = Chance.seeded(4)
    with client(db_path) as c:
        data = create(c, "chant")
        gid = data["id"]
        tokens = [token(link) for link in data["links"]["seats"]]
        with c.websocket_connect(f"/ws/{gid}") as ws0, c.websocket_connect(f"/ws/{gid}") as ws1:
            msgs = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
            while msgs[0]["outcome"] is None:
                seat = 0 if msgs[0]["decision"] is not None else 1
                (ws0, ws1)[seat].send_json(
                    {"type": "answer", "seq": msgs[seat]["seq"], "option": pick(msgs[seat], chance)})
                msgs = [ws0.receive_json(), ws1.receive_json()]
        lg = live(c, gid)
        steps = len(lg.match.answers)
        oracle = Match(lg.game, lg.match.setup)
        for step in range(steps + 1):
            if step in (0, 1, steps // 2, steps - 1, steps):
                public = c.get(f"/api/games/{gid}/replay?step={step}&lang=en").json()
                own = c.get(f"/api/games/{gid}/replay?step={step}", headers={"X-Seat-Token": tokens[1]}).json()
                assert public["steps"] == steps and public["step"] == step
                assert public["view"] == lg.game.view(oracle.state, None)
                assert own["view"] == lg.game.view(oracle.state, 1)
                assert own["view"]["players"][1]["hand"] is not None and public["view"]["players"][1]["hand"] is None
                if step < steps and oracle.decision is not None:
                    assert public["next_actor"] == oracle.decision.player
                    assert public["next_answer"] is None  # the public never learns a seat's choice
            if step < steps:
                oracle.answer(lg.match.answers[step])
        last = c.get(f"/api/games/{gid}/replay?step=99999").json()
        assert last["step"] == steps and last["outcome"]["winner"] == lg.match.outcome.winner  # type: ignore[union-attr]
        assert c.get(f"/api/games/{gid}/replay?step=x").status_code == 400
        assert c.get(f"/api/games/{gid}/replay?step=-5").json()["step"] == 0
        # stepping backwards after forwards gives the same views
        back = c.get(f"/api/games/{gid}/replay?step=1").json()
        assert back["view"] == c.get(f"/api/games/{gid}/replay?step=1").json()["view"]
