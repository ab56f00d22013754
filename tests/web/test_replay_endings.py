"""The web replay names how a game ended when it ended other than by the rules (a concession here):
its last step carries the winner and the reason, the steps before it none."""

from __future__ import annotations

from test_analysis_route import concede
from web_helpers import client, create, token


def test_the_replays_last_step_names_a_concession(db_path):  # type: ignore[no-untyped-def]
    with client(db_path) as c:
        data = create(c, "chant")
        gid, toks = data["id"], [token(link) for link in data["links"]["seats"]]
        concede(c, gid, toks[0])
        last = c.get(f"/api/games/{gid}/replay", params={"lang": "ja"}).json()
        assert last["step"] == last["steps"]
        assert last["outcome"] == {"winner": 1, "reason": "concession", "text": "投了"}
        english = c.get(f"/api/games/{gid}/replay", params={"lang": "en"}).json()
        assert english["outcome"]["text"] == "concession"
        if last["steps"]:
            before = c.get(f"/api/games/{gid}/replay", params={"step": last["steps"] - 1}).json()
            assert before["outcome"] is None
