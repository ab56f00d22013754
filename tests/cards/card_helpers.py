"""Helpers of the card tests: golden files, the seed's printed cards, both games' pools."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from grimoire.core.game import Game
from grimoire.core.registry import load_game

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
REGEN = os.environ.get("GRIMOIRE_REGEN_GOLDEN") == "1"
GAMES = ("chant", "destiny")
LANGS = ("ja", "en")
SEED = ROOT.parent / "shared" / "seeds" / "000_6069a7e417a4847c.txt"

# The seed's three printed cards (000_6069a7e417a4847c.txt, 【カード作成例】), line for line as printed.
SEED_CARDS = {
    "fireball": """\
〇火球<ファイアー・ボール>
区分：書庫 属性：幻想 詠唱値：2 威力：1
『フレーバーテキスト』
「火の玉が当たったら大ケガするに決まってんだろ！」―火球の過小評価に憤る魔術師
""",
    "unfinished_thesis": """\
〇書きかけの魔術研究論文
区分：書庫 属性：幻想 詠唱値：4 威力：--
『発動効果』
・自身のメインデッキから同名ではないカードを3枚まで選択し相手に見せる。
相手はその中から1枚選択し、選択した1枚を手札に加える。それ以外のカードはメインデッキに戻しシャッフルする。
『フレーバーテキスト』
「……寝てる間に妖精とかが論文仕上げてくれねぇかなぁ……」―寝不足で憤る元気もない魔術師
""",
    "heavenly_conflagration": """\
〇天上の劫火
区分：禁書 属性：幻想 詠唱値：6 威力：8 要求枚数：3
『詠唱効果』
・このカードの詠唱開始時に使用できる。
自身はライフを6まで支払う。支払ったライフだけこのカードの詠唱を進めて良い。
『発動効果』
・自身の空書置場に存在する「火球」「火焔球」「煉獄球」と名のつくカード1種類につき
このカードの威力を1加えてダメージ処理を行う。
・このカードが場から離れる際に発動する。
互いのプレイヤーは1のダメージを受ける。
『フレーバーテキスト』
火属性魔法の極致として伝説で語られる魔法。地上に熾きた神の焔は万物を分け隔てなく呑み込み、焼き尽くす。
""",
}

_GAMES: dict[str, Game[Any]] = {}


def game(name: str) -> Game[Any]:
    """Game ``name`` with its built-in cards (loaded once)."""
    if name not in _GAMES:
        _GAMES[name] = load_game(name)
    return _GAMES[name]


def shipped() -> list[tuple[str, str]]:
    """``(game, card id)`` of every shipped card."""
    return [(name, cid) for name in GAMES for cid in sorted(game(name).pool.by_id)]


def compare_golden(path: Path, text: str) -> None:
    """Assert ``text`` equals the golden file (write it with GRIMOIRE_REGEN_GOLDEN=1)."""
    if REGEN:
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"{path} is missing: regenerate with GRIMOIRE_REGEN_GOLDEN=1"
    want = path.read_text(encoding="utf-8").splitlines()
    got = text.splitlines()
    for i, (a, b) in enumerate(zip(got, want, strict=False)):
        if a != b:
            pytest.fail(f"{path.name} differs at line {i + 1}:\n  expected: {b}\n  got:      {a}")
    assert len(got) == len(want), f"{path.name}: {len(got)} lines, expected {len(want)}"
