"""The load benchmark's attackers (issue 29 item 8): one scenario per item of the issue, each run alone,
must measure what it claims — its requests reach the endpoints it attacks and are answered by the limit or
check it is about, never by the per-address connection cap (an attacker holding more connections than
``conns_per_client`` used to get 503 before its floods and computations reached the server at all)."""

from __future__ import annotations

import asyncio
import json
import sys
import time
import urllib.request
from pathlib import Path

from server_helpers import Server, post

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _attack import SCENARIOS, Target, scenario

#: What each scenario's requests must be answered with (beyond what any may get: ``429`` rate, a closed socket).
EXPECTED = {
    "compute": {"200", "400"}, "bodies": {"413", "dropped"}, "create": {"201", "400"}, "replace": {"403", "200"},
    "inputs": {"400", "413", "421"}, "slowloris": {"held"}, "presence": {"joined"}, "lang": {"socket"},
    "unread": {"socket"},
}


def test_w8_each_attacker_scenario_reaches_what_it_attacks_within_the_connection_cap(tmp_path: Path) -> None:
    srv = Server(str(tmp_path / "g.db"))
    try:
        code, game = post(srv, "/api/games", {"game": "chant", "deck": {"starter": "fire"},
                                              "opponent": {"kind": "friend"}})
        assert code == 201, game
        tokens = [link.split("#seat=", 1)[1] for link in game["links"]["seats"]]
        assert post(srv, "/api/decks/save", {"game": "chant", "name": "victim", "author": "V", "text": "3 火球\n",
                                             "owner": "v" * 32})[0] == 201
        for i, name in enumerate(SCENARIOS):
            target = Target([srv.port], game["id"], tokens, f"127.0.0.{66 + i}")
            tally = asyncio.run(scenario(name, target, time.monotonic() + 1.5))
            assert tally.sent > 0, name
            assert "503" not in tally.answers and "refused" not in tally.answers, (name, tally.answers)
            assert EXPECTED[name] & set(tally.answers), (name, tally.answers)
        with urllib.request.urlopen(srv.url + "/api/decks/chant/victim") as res:
            assert json.loads(res.read())["text"] == "3 火球\n"  # the replace attacker changed nothing
    finally:
        srv.stop()
