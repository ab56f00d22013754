"""The decision protocol's value objects and message rendering."""

import copy
import pickle

from grimoire.core.decision import Decision, Event, Option, Outcome
from grimoire.core.i18n import Catalog
from grimoire.core.rng import Chance

D = Decision(1, "counter", (Option("nocounter", "opt.nocounter"), Option("counter:7", "opt.counter", ("fireball",))))


def test_resolve_by_id_or_number() -> None:
    assert D.resolve("counter:7") == D.options[1]
    assert D.resolve("1") == D.options[0]
    assert D.resolve("3") is None
    assert D.resolve("0") is None
    assert D.resolve("counter") is None


def test_private_events_are_redacted_for_other_seats() -> None:
    e = Event("draw", 0, ("fireball",), 0)
    assert e.redacted_for(0) is e
    assert e.redacted_for(1).args == ()
    assert e.redacted_for(None).args == ()
    public = Event("damage", 0, (3,))
    assert public.redacted_for(1) is public


def test_catalog_renders_card_names_in_both_languages() -> None:
    cat = Catalog({"opt.counter": {"ja": "{c0}で反撃（威力{1}）", "en": "Counter with {c0} (power {1})"}})
    names = {"fireball": {"ja": "火球", "en": "Fireball"}}
    def name(cid: str, lang: str) -> str:
        return names[cid][lang]
    assert cat.render("opt.counter", ("fireball", 1), "ja", name) == "火球で反撃（威力1）"
    assert cat.render("opt.counter", ("fireball", 1), "en", name) == "Counter with Fireball (power 1)"


def test_value_objects_survive_pickle_and_copy_as_worker_processes_send_them() -> None:
    """Decisions go to search worker processes (web, sim) by pickle, compiled build included."""
    option = Option("place:1", "opt.place", ("fireball", 2))
    values = [option, Decision(1, "main", (option, Option("end", "opt.end")), ("x",)), Outcome(None, "turn_limit"),
              Outcome(0, "threads"), Event("draw", 1, ("fireball",), 1)]
    for value in values:
        for twin in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value), copy.copy(value)):
            assert twin == value and type(twin) is type(value) and repr(twin) == repr(value)
    chance = Chance.seeded(7)
    chance.below(10)
    twin_chance = pickle.loads(pickle.dumps(chance))
    assert [twin_chance.below(1000) for _ in range(5)] == [chance.below(1000) for _ in range(5)]
