"""The decision protocol's value objects and message rendering."""

from grimoire.core.decision import Decision, Event, Option
from grimoire.core.i18n import Catalog

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
