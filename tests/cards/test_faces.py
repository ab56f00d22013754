"""Card faces as SVG (issue 9, item 3): valid, escaped, deterministic, every text inside its box.

The checks here use the face's own width model (:func:`grimoire.core.cardface.text_width`);
``test_faces_browser.py`` measures the same faces in Chromium.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from card_helpers import LANGS, game, shipped

from grimoire.core.cardface import ASCENT, DESCENT, HEIGHT, WIDTH, text_width
from grimoire.core.cardtools import face_svg
from grimoire.core.registry import plugin
from grimoire.games.chant.cards import load_pool, parse_card, with_text
from grimoire.games.destiny.cards import read_card

SVG = "{http://www.w3.org/2000/svg}"


def texts_outside_their_boxes(svg: str) -> list[str]:
    """Every text line of the face that the width model puts outside its box (or the card)."""
    root = ET.fromstring(svg)
    bad = []
    for box in root.iter(f"{SVG}g"):
        if "data-box" not in box.attrib:
            continue
        bx, by, bw, bh = (float(box.attrib[f"data-{k}"]) for k in "xywh")
        for node in box.iter(f"{SVG}text"):
            x, y, size = float(node.attrib["x"]), float(node.attrib["y"]), float(node.attrib["font-size"])
            width = text_width(node.text or "", size)
            anchor = node.attrib.get("text-anchor", "start")
            left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
            top, bottom = y - size * ASCENT, y + size * DESCENT
            inside = (bx - 0.5 <= left and left + width <= bx + bw + 0.5 and by - 0.5 <= top and bottom <= by + bh + 0.5
                      and left >= 0 and left + width <= WIDTH and top >= 0 and bottom <= HEIGHT)
            if not inside:
                bad.append(f"{box.attrib['data-box']}: {node.text!r} at {left:.1f},{top:.1f} w={width:.1f}")
    return bad


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "cid"), shipped())
def test_every_shipped_face_is_valid_svg_with_every_text_inside_its_box(name: str, cid: str, lang: str) -> None:
    svg = face_svg(game(name), cid, lang)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.attrib["viewBox"] == f"0 0 {WIDTH} {HEIGHT}"
    assert texts_outside_their_boxes(svg) == []
    shown = "".join(node.text or "" for node in root.iter(f"{SVG}text"))
    card = game(name).pool[cid]
    assert "".join(card.name.get(lang).split()) in "".join(shown.split())
    for line in card.text.get(lang).replace("・", "\n").split("\n"):
        assert "".join(line.split())[:12] in "".join(shown.split())


def test_the_face_shows_the_numbers_of_its_game() -> None:
    chant = ET.fromstring(face_svg(game("chant"), "heavenly_conflagration", "ja"))
    badges = {g.attrib["data-box"]: [t.text for t in g.iter(f"{SVG}text")] for g in chant.iter(f"{SVG}g")
              if g.attrib.get("data-box", "").startswith("badge")}
    assert badges == {"badge-tl": ["6", "詠唱値"], "badge-br": ["8", "威力"], "badge-bl": ["3", "要求枚数"]}
    destiny = ET.fromstring(face_svg(game("destiny"), "fox_fire", "en"))
    badges = {g.attrib["data-box"]: [t.text for t in g.iter(f"{SVG}text")] for g in destiny.iter(f"{SVG}g")
              if g.attrib.get("data-box", "").startswith("badge")}
    assert badges == {"badge-tl": ["1", "Power"], "badge-tr": ["Lucky!"]}
    assert destiny.attrib["data-attribute"] == "shinpi" and destiny.attrib["data-lucky"] == "true"


def test_the_frame_is_coloured_by_attribute() -> None:
    frames = {}
    for cid in ("railgun", "fireball", "longbow", "deep_breath"):
        root = ET.fromstring(face_svg(game("chant"), cid, "ja"))
        frames[root.attrib["data-attribute"]] = next(iter(root.iter(f"{SVG}rect"))).attrib["fill"]
    assert len(set(frames.values())) == 4


def emblem_of(svg: str) -> str:
    """The emblem's drawing, its element ids (unique per face) left out."""
    return re.sub(r"\bf[0-9a-f]{10}-", "ID-", svg.split("<defs>")[1].split("</g>")[0])


def test_the_emblem_is_drawn_from_the_card_id_alone() -> None:
    g = game("chant")
    assert face_svg(g, "fireball", "ja") == face_svg(g, "fireball", "ja")
    assert emblem_of(face_svg(g, "fireball", "ja")) != emblem_of(face_svg(g, "ice_lance", "ja"))
    assert emblem_of(face_svg(g, "fireball", "ja")) == emblem_of(face_svg(g, "fireball", "en"))
    ids = [re.findall(r'id="([^"]+)"', face_svg(g, "fireball", lang)) for lang in LANGS]
    assert not set(ids[0]) & set(ids[1])  # faces of both languages can share a page


HOSTILE = {
    "id": "hostile", "kind": "forbidden", "name": {"ja": "<script>alert('x')</script>&amp;" * 3,
                                                    "en": "Supercalifragilisticexpialidocious " * 6},
    "ruby": "</text><script>", "attribute": "spirit", "chant": 20, "power": 99, "required": 20,
    "flavor": {"ja": "「" + "長い長いフレーバー。\u0007" * 40 + "」", "en": "A" * 400},
    "effects": [{"on": "activate", "op": "power_per_blank_name", "names": ["<b>" * 10, "&" * 30], "n": 9},
                {"on": "activate", "op": "reveal_pick", "n": 20},
                {"on": "c_phase", "op": "rewind", "n": 20, "target": "all", "cost_life": 20,
                 "filter": {"owner": "any", "state": "any", "attribute": "science"}}],
}


def hostile_card() -> Any:
    return with_text(parse_card("h.toml", HOSTILE), load_pool())


@pytest.mark.parametrize("lang", LANGS)
def test_hostile_text_is_escaped_and_long_text_is_wrapped_not_cut(lang: str) -> None:
    face = plugin("chant").face_renderer()
    assert face is not None
    svg = face(hostile_card(), lang, load_pool())
    root = ET.fromstring(svg)  # well-formed: every character escaped or dropped
    assert not [e for e in root.iter() if e.tag.endswith("script")]
    assert "<script" not in svg and "\u0007" not in svg
    assert texts_outside_their_boxes(svg) == []
    name_box = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-box") == "name")
    lines = [t.text or "" for t in name_box.iter(f"{SVG}text")]
    name = HOSTILE["name"][lang]
    assert "".join(lines[1:] if HOSTILE["ruby"] else lines).replace(" ", "") == name.replace(" ", "")
    assert len(lines) >= 3


def test_a_destiny_card_with_every_group_fits_its_face() -> None:
    table = {"id": "big", "name": {"ja": "全部入りの大予報士と九つの封印と百の鏡",
                                   "en": "The Great Forecaster of Everything"},
             "attribute": "zenno", "power": 6, "lucky": True,
             "effects": [{"on": "main", "op": "destroy", "target": "any_user", "attribute": "kiryoku", "n": 6},
                         {"on": "main", "op": "draw", "n": 6},
                         {"on": "battle", "op": "weaken", "target": "opponent_user", "attribute": "shinpi", "n": 6},
                         {"on": "attack", "op": "onslaught", "n": 6}, {"on": "attack", "op": "ja"},
                         {"on": "attack", "op": "ca", "n": 6},
                         {"on": "response", "op": "cancel"}, {"on": "response", "op": "gain_threads", "n": 6}],
             "flavor": {"ja": "祭りの全てを知る者。" * 6, "en": "The one who knows every festival. " * 6}}
    face = plugin("destiny").face_renderer()
    assert face is not None
    for lang in LANGS:
        assert texts_outside_their_boxes(face(read_card("b.toml", table), lang, None)) == []
