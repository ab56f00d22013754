"""Rules text generated from effect data (issue 9, item 1): golden texts, the seed's wording, the grammar's inverse.

Every shipped card's generated text in both languages is in ``tests/golden/cards-<game>.txt``;
after an intended change of the wording, regenerate and review the diff::

    GRIMOIRE_REGEN_GOLDEN=1 .venv/bin/pytest tests/cards
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from card_helpers import GAMES, GOLDEN, LANGS, SEED, SEED_CARDS, compare_golden, game, shipped

from grimoire.core.cardtools import rules_text, text_warnings
from grimoire.core.effects import Effect, Param
from grimoire.core.phrases import normalize, same_text
from grimoire.core.registry import load_game, plugin
from grimoire.games.chant import cardtext as chant_text
from grimoire.games.chant.cards import REGISTRY, load_pool
from grimoire.games.destiny import cardtext as destiny_text
from grimoire.games.destiny.cards import VOCABULARY


def golden_text(name: str) -> str:
    g = game(name)
    out = []
    for cid in sorted(g.pool.by_id):
        card = g.pool[cid]
        out.append(f"## {cid} {card.name.ja} / {card.name.en}")
        out.extend(f"{lang}: {rules_text(g, cid, lang)}" for lang in LANGS)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", GAMES)
def test_every_shipped_cards_generated_text_is_the_reviewed_golden_text(name: str) -> None:
    compare_golden(GOLDEN / f"cards-{name}.txt", golden_text(name))


@pytest.mark.parametrize(("name", "cid"), shipped())
def test_a_card_shows_the_text_generated_from_its_effects(name: str, cid: str) -> None:
    g = game(name)
    card = g.pool[cid]
    for lang in LANGS:
        assert card.text.get(lang) == rules_text(g, cid, lang) == plugin(name).text_tools().rules_text(  # type: ignore[union-attr]
            card, lang, g.pool)
        assert card.text.get(lang).strip()


def _seed_sentences(block: str) -> dict[str, list[str]]:
    """The seed's effect bullets by section, continuation lines joined."""
    sections: dict[str, list[str]] = {}
    current = None
    for line in block.splitlines():
        if line.startswith("『"):
            current = line
            sections[current] = []
        elif current and line.startswith("・"):
            sections[current].append(line[1:])
        elif current and sections[current] and current != "『フレーバーテキスト』":
            sections[current][-1] += line
    return {k: v for k, v in sections.items() if k != "『フレーバーテキスト』"}


@pytest.mark.parametrize("cid", SEED_CARDS)
def test_the_seeds_printed_cards_come_out_in_the_seeds_wording(cid: str) -> None:
    text = rules_text(game("chant"), cid, "ja")
    seed = _seed_sentences(SEED_CARDS[cid])
    if not seed:
        assert text == "効果なし。"
        return
    printed = "".join(label + "".join("・" + s for s in bullets) for label, bullets in seed.items())
    assert same_text(text, printed), (text, printed)


def test_the_seed_lines_of_the_printed_cards_are_the_seeds_own() -> None:
    if not SEED.exists():
        pytest.skip(f"the seed document is not at {SEED}")
    seed = SEED.read_text(encoding="utf-8")
    for cid, block in SEED_CARDS.items():
        assert block in seed, cid


# ----------------------------------------------------------------------------- the grammar is the inverse
COST = {"cost_life": Param("int", required=False, default=0, minimum=1)}
POOL = load_pool()


def _chant_effect(key: tuple[Any, ...], trigger: str, n: int) -> Effect:
    values = {"n": n, "max": n + 1, "card": "fireball", "names": ["火球", "煉獄球"]}
    table = chant_text.effect_table(trigger, key, values, lambda name: "fireball")
    if key[0] == "power_per_blank_name":
        table["n"] = n
    extra = COST if trigger == "c_phase" else None
    return REGISTRY.validate("t", "t", 0, table, extra)


def _chant_triggers(op: str) -> tuple[str, ...]:
    return REGISTRY.ops[op].triggers or REGISTRY.triggers


CHANT_KEYS = list(chant_text.all_op_keys())


class _Card:
    def __init__(self, effects: list[Effect], attribute: str = "fantasy") -> None:
        self.effects = tuple(effects)
        self.attribute = attribute
        self.id = "t"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", CHANT_KEYS, ids=lambda k: "-".join(str(x) for x in k))
def test_every_chant_phrasing_reads_back_as_the_effect_it_prints(key: tuple[Any, ...], lang: str) -> None:
    triggers = _chant_triggers(key[0])
    trigger = triggers[CHANT_KEYS.index(key) % len(triggers)]
    n = 1 + CHANT_KEYS.index(key) % 3
    effect = _chant_effect(key, trigger, n)
    card = _Card([effect])
    names = chant_text.NameBook(POOL)
    sentence = chant_text.render_bullet(trigger, [effect], card, lang, names)
    section = chant_text.SECTION_OF[trigger]
    read_trigger, tables, cost = chant_text.read_bullet(sentence, lang, section, lambda name: "fireball")
    assert read_trigger == trigger, sentence
    assert len(tables) == 1, sentence
    back = REGISTRY.validate("t", "t", 0, tables[0], COST
                             if trigger == "c_phase" and cost else None)
    assert chant_text.op_key(back) == key, sentence
    assert {k: v for k, v in back.params.items() if k != "filter"} == \
        {k: v for k, v in effect.params.items() if k != "filter"}, sentence


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("trigger", ["chant_start", "activate", "c_phase", "leave", "end_phase"])
def test_a_bullet_of_several_effects_reads_back_in_order_with_its_opening(trigger: str, lang: str) -> None:
    effects = [REGISTRY.validate("t", "t", i, table, COST
                                 if trigger == "c_phase" else None)
               for i, table in enumerate([
                   {"on": trigger, "op": "pay_life", "n": 2, **({"cost_life": 3} if trigger == "c_phase" else {})},
                   {"on": trigger, "op": "draw", "n": 1},
                   {"on": trigger, "op": "rewind", "n": 2, "target": "all", "filter": {"owner": "opponent",
                                                                                        "state": "ready"}},
               ])]
    text = chant_text.render_bullet(trigger, effects, _Card(effects), lang, chant_text.NameBook())
    read_trigger, tables, cost = chant_text.read_bullet(text, lang, chant_text.SECTION_OF[trigger])
    assert read_trigger == trigger and [t["op"] for t in tables] == ["pay_life", "draw", "rewind"]
    assert cost == (3 if trigger == "c_phase" else 0)
    assert tables[2]["filter"] == {"owner": "opponent", "state": "ready"}


DESTINY_KEYS = list(destiny_text.all_op_keys())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", DESTINY_KEYS, ids=lambda k: "-".join(str(x) for x in k))
def test_every_destiny_phrasing_reads_back_as_the_effect_it_prints(key: tuple[Any, ...], lang: str) -> None:
    spec = VOCABULARY.ops[key[0]]
    timing = "attack" if key[1:2] == ("self",) else spec.triggers[DESTINY_KEYS.index(key) % len(spec.triggers)]
    n = 1 + DESTINY_KEYS.index(key) % 6
    table = destiny_text.effect_table(timing, key, {"n": n} if "n" in spec.params else {})
    effect = VOCABULARY.validate("t", "t", 0, table)
    sentence = destiny_text.sentence(effect, lang)
    assert destiny_text.read_sentences(sentence, lang, timing) == [table], sentence


def test_japanese_destiny_numbers_are_full_width_and_read_in_either_width() -> None:
    effect = VOCABULARY.validate("t", "t", 0, {"on": "main", "op": "draw", "n": 3})
    assert destiny_text.sentence(effect, "ja") == "カードを３枚引く。"
    assert destiny_text.read_sentences("カードを3枚引く。", "ja", "main") == [{"on": "main", "op": "draw", "n": 3}]


def test_english_plurals_and_articles_follow_the_numbers_and_names() -> None:
    g = game("chant")
    assert rules_text(g, "recon_drone", "en") == "Activation effect: draw 1 card."
    assert rules_text(g, "creative_urge", "en").endswith("Activation effect: draw 2 cards.")
    assert "search your library for a Fireball" in rules_text(g, "fireball_primer", "en")
    effect = REGISTRY.validate("t", "t", 0, {"on": "activate", "op": "tutor_chant", "card": "ice_lance"})
    text = chant_text.render_bullet("activate", [effect], _Card([effect]), "en", chant_text.NameBook(POOL))
    assert text.startswith("search your library for an Ice Lance")


def test_a_power_modifier_says_whether_it_includes_the_card_itself() -> None:
    mod = {"on": "static", "op": "power_mod", "n": 1, "filter": {"attribute": "fantasy"}}
    effect = REGISTRY.validate("t", "t", 0, mod)
    fantasy = chant_text.rules_text(_Card([effect], "fantasy"), "ja")
    science = chant_text.rules_text(_Card([effect], "science"), "ja")
    assert "（このカードを含む）" in fantasy and "（このカードを含む）" not in science
    weaken = REGISTRY.validate("t", "t", 0, {**mod, "n": -2, "filter": {"owner": "opponent"}})
    assert chant_text.rules_text(_Card([weaken]), "ja") == \
        "『詠唱効果』・このカードが場にある間、相手のカードの威力を-2する（0未満にはならない）。"


def test_a_c_phase_ability_without_a_cost_says_so() -> None:
    free = REGISTRY.validate("t", "t", 0, {"on": "c_phase", "op": "draw", "n": 1}, COST)
    assert chant_text.rules_text(_Card([free]), "ja") == \
        "『詠唱効果』・このカードが場にある間、自身のCフェイズに1ターンに1度使用できる。カードを1枚ドローする。"


# ----------------------------------------------------------------------------- hand-written text is checked
def test_the_shipped_cards_whose_hand_written_text_differs_are_the_known_four() -> None:
    warned = {(w.card, w.lang) for name in GAMES for w in text_warnings(game(name))}
    assert warned == {("abyssal_meditation", "en"), ("embers", "ja"), ("powder_keg", "en"),
                      ("starfall_night", "ja"), ("starfall_night", "en")}


CARD = """
[[cards]]
id = "test_spark"
kind = "library"
name.ja = "試しの火花"
name.en = "Test Spark"
attribute = "fantasy"
chant = 1
power = 1
{text}
[[cards.effects]]
on = "activate"
op = "draw"
n = 1
"""


def test_a_card_file_may_leave_the_text_out(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(CARD.format(text=""), encoding="utf-8")
    g = load_game("chant", card_paths=[path])
    assert g.pool["test_spark"].text.ja == "『発動効果』・カードを1枚ドローする。"
    assert text_warnings(g, ["test_spark"]) == []


def test_hand_written_text_that_differs_is_a_warning_naming_file_and_card(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    written = 'text.ja = "カードを１枚 ドローする？"\ntext.en = "Activation effect: draw 1 card."'
    path.write_text(CARD.format(text=written), encoding="utf-8")
    g = load_game("chant", card_paths=[path])
    warnings = text_warnings(g, ["test_spark"])
    assert [(w.card, w.lang) for w in warnings] == [("test_spark", "ja")]
    assert str(path) in str(warnings[0]) and "'test_spark'" in str(warnings[0])
    assert g.pool["test_spark"].text.ja == "『発動効果』・カードを1枚ドローする。"  # what the card shows


def test_width_and_spacing_do_not_make_a_text_differ() -> None:
    assert same_text("【バトル】相手の能力者１体を選ぶ。そのパワー－１。",
                     "【バトル】相手の能力者1体を選ぶ。 そのパワー-1。")
    assert normalize("Ａ　Ｂ") == "A B"
    assert not same_text("カードを1枚ドローする。", "カードを2枚ドローする。")


def test_a_game_without_a_text_generator_shows_its_cards_own_text() -> None:
    toy = load_game("toy")
    cid = sorted(toy.pool.by_id)[0]
    assert rules_text(toy, cid, "en") == toy.pool[cid].text.en
    assert text_warnings(toy) == []


def test_the_golden_files_list_every_shipped_card() -> None:
    for name in GAMES:
        text = (GOLDEN / f"cards-{name}.txt").read_text(encoding="utf-8")
        assert len(re.findall(r"^## ", text, re.M)) == len(game(name).pool)
