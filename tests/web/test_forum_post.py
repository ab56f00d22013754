"""The table's "copy for the forum": a seat's public post for the thread from /api/games/<id>/forum."""

from __future__ import annotations

from web_helpers import client, create, live

from grimoire.core.thread import forum_post


def test_the_forum_post_is_the_public_account_and_the_next_starts_after_it(db_path) -> None:
    with client(db_path) as c:
        gid = create(c, "chant")["id"]
        first = c.get(f"/api/games/{gid}/forum?seat=1&since=0&lang=en").json()
        match = live(c, gid).match
        assert first["text"] == forum_post(match.game, match.state, match.log, 0, 1, "en")
        assert first["next"] == len(match.log) and first["text"].startswith("[Chant] P2 — post")
        again = c.get(f"/api/games/{gid}/forum?seat=1&since={first['next']}&lang=ja").json()
        assert "・（なし）" in again["text"]
        for bad in ("seat=2", "seat=0&since=x"):
            res = c.get(f"/api/games/{gid}/forum?{bad}")
            assert res.status_code == 400 and "\n" not in res.json()["error"]["message"]
