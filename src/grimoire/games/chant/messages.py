"""The message catalog of 詠唱 Chant: option labels, decision prompts and event lines.

Keys are ``opt.<key>`` (option labels, arguments as in the option), ``ask.<kind>``
(decision prompts, arguments ``prompt_args``) and ``ev.<kind>`` (events, rendered with
``(player number 1-based, *event.args)``). ``{cN}`` renders argument N as a card name.
Word arguments (attributes, coin sides, reasons, operations) are localized through
:data:`WORDS` (the catalog's terms).

>>> from grimoire.core.i18n import Catalog
>>> cat = Catalog(MESSAGES)
>>> cat.render("ev.damage", (2, 3, "x1.5", 4, 16), "en", lambda c, l: c)
'P2 takes 4 damage (3 x1.5); life 16'
>>> Catalog(MESSAGES, WORDS).render("ev.boost", (1, "fantasy"), "ja", lambda c, l: c).count("幻想")
1
"""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # ----- options
    "opt.end": {"ja": "フェイズを終了する", "en": "End the phase"},
    "opt.done": {"ja": "決定", "en": "Done"},
    "opt.cancel": {"ja": "やめる", "en": "Cancel"},
    "opt.place": {"ja": "{c0}を詠唱開始する", "en": "Place {c0}"},
    "opt.book": {"ja": "禁書{c0}の詠唱を開始する", "en": "Place the forbidden book {c0}"},
    "opt.advance": {"ja": "{c0}の詠唱を1進める（P{1}、{2}/{3}）", "en": "Advance {c0} by 1 (P{1}, {2}/{3})"},
    "opt.discard": {"ja": "{c0}を捨てて{1}の詠唱を操作する", "en": "Discard {c0} to use its attribute ({1})"},
    "opt.ability": {"ja": "{c0}の能力を使う（ライフ{1}）", "en": "Use the ability of {c0} (life {1})"},
    "opt.activate": {"ja": "{c0}を発動する", "en": "Activate {c0}"},
    "opt.counter": {"ja": "{c0}で反撃する（威力{1}）", "en": "Counter with {c0} (power {1})"},
    "opt.nocounter": {"ja": "反撃しない", "en": "Do not counter"},
    "opt.spend": {"ja": "下地の{c0}を空書置場へ", "en": "Spend the underlay card {c0}"},
    "opt.under": {"ja": "{c0}（詠唱値{1}）を下地にする", "en": "Put {c0} (chant {1}) under the book"},
    "opt.boost": {"ja": "自分の{0}のカードの詠唱を1進める", "en": "Advance your {0} cards by 1"},
    "opt.hinder": {"ja": "相手の{0}のカードの詠唱を1戻す", "en": "Rewind your opponent's {0} cards by 1"},
    "opt.pay": {"ja": "ライフを{0}支払う", "en": "Pay {0} life"},
    "opt.target": {"ja": "{c0}（P{1}、{2}/{3}）", "en": "{c0} (P{1}, {2}/{3})"},
    "opt.reveal": {"ja": "{c0}を見せる", "en": "Show {c0}"},
    "opt.pick": {"ja": "{c0}を選ぶ", "en": "Pick {c0}"},
    "opt.discard_card": {"ja": "{c0}を捨てる", "en": "Discard {c0}"},
    # ----- prompts
    "ask.chant": {"ja": "チャントフェイズ：行動を選んでください", "en": "C phase: choose an action"},
    "ask.underlay": {"ja": "禁書{c0}の下地を選んでください（{1}枚・詠唱値計{2}／要求{3}枚・{4}以上）",
                     "en": "Choose underlay for {c0} ({1} cards, chant sum {2}; needs {3} cards and {4})"},
    "ask.discard_mode": {"ja": "捨てた{c0}の属性（{1}）で：", "en": "With the attribute of {c0} ({1}):"},
    "ask.activate": {"ja": "アクティベートフェイズ：発動するカードを選んでください",
                     "en": "A phase: choose a card to activate"},
    "ask.counter": {"ja": "相手の{c0}（威力{1}）に反撃しますか？", "en": "Counter the opponent's {c0} (power {1})?"},
    "ask.spend_underlay": {"ja": "{c0}の下地から空書置場へ送るカードを選んでください",
                           "en": "Choose an underlay card of {c0} to spend"},
    "ask.spread": {"ja": "暴走反応：詠唱中のカードを進めてください（残り{0}）",
                   "en": "Runaway: advance your chanting cards ({0} left)"},
    "ask.pay_life": {"ja": "{c0}：支払うライフを選んでください（0〜{1}）",
                     "en": "{c0}: choose how much life to pay (0 to {1})"},
    "ask.target": {"ja": "{c0}：{1}（{2}）する対象を選んでください", "en": "{c0}: choose a card to {1} by {2}"},
    "ask.reveal": {"ja": "{c0}：相手に見せるカードを選んでください（あと{1}枚まで）",
                   "en": "{c0}: choose cards to show (up to {1} more)"},
    "ask.pick": {"ja": "{c0}：相手の手札に加えるカードを1枚選んでください",
                 "en": "{c0}: pick the card your opponent puts into their hand"},
    "ask.discard_cards": {"ja": "{c0}：捨てるカードを選んでください（あと{1}枚）",
                          "en": "{c0}: choose a card to discard ({1} left)"},
    # ----- events
    "ev.first": {"ja": "P{0}が先攻（{1}）", "en": "P{0} goes first ({1})"},
    "ev.turn": {"ja": "――― 第{1}ターン：P{0} ―――", "en": "--- Turn {1}: P{0} ---"},
    "ev.phase": {"ja": "P{0}の{1}フェイズ", "en": "P{0}'s {1} phase"},
    "ev.draw": {"ja": "P{0}が1枚引いた：{c1}", "en": "P{0} draws a card: {c1}"},
    "ev.draw.hidden": {"ja": "P{0}が1枚引いた", "en": "P{0} draws a card"},
    "ev.deck_out": {"ja": "P{0}の書庫が尽きた", "en": "P{0} must draw from an empty library"},
    "ev.place": {"ja": "P{0}が{c1}の詠唱を開始", "en": "P{0} places {c1}"},
    "ev.tutor_place": {"ja": "P{0}が書庫から{c1}の詠唱を開始", "en": "P{0} places {c1} from the library"},
    "ev.tutor_hand": {"ja": "P{0}が書庫から{c1}を手札に加えた", "en": "P{0} puts {c1} from the library into hand"},
    "ev.tutor_miss": {"ja": "P{0}の書庫に{c1}はなかった", "en": "P{0} finds no {c1} in the library"},
    "ev.book": {"ja": "P{0}が禁書{c1}の詠唱を開始", "en": "P{0} places the forbidden book {c1}"},
    "ev.underlay": {"ja": "P{0}の{c1}が{c3}の下地になった", "en": "P{0}'s {c1} goes under {c3}"},
    "ev.advance": {"ja": "P{0}の{c1}の詠唱が{3}進んだ（{4}）", "en": "P{0}'s {c1} advances by {3} (to {4})"},
    "ev.rewind": {"ja": "P{0}の{c1}の詠唱が{3}戻った（{4}）", "en": "P{0}'s {c1} is rewound by {3} (to {4})"},
    "ev.ready": {"ja": "P{0}の{c1}が発動待ちになった", "en": "P{0}'s {c1} is ready"},
    "ev.chanting": {"ja": "P{0}の{c1}が詠唱中に戻った", "en": "P{0}'s {c1} is chanting again"},
    "ev.discard": {"ja": "P{0}が{c1}を捨てた", "en": "P{0} discards {c1}"},
    "ev.boost": {"ja": "P{0}が自分の{1}のカードの詠唱を進める", "en": "P{0} advances their {1} cards"},
    "ev.hinder": {"ja": "P{0}が相手の{1}のカードの詠唱を戻す", "en": "P{0} rewinds the opponent's {1} cards"},
    "ev.ability": {"ja": "P{0}が{c1}の能力を使う", "en": "P{0} uses the ability of {c1}"},
    "ev.activate": {"ja": "P{0}が{c1}を発動", "en": "P{0} activates {c1}"},
    "ev.attack": {"ja": "P{0}の{c1}が威力{3}で攻撃", "en": "P{0}'s {c1} attacks with power {3}"},
    "ev.counter": {"ja": "P{0}が{c1}で反撃", "en": "P{0} counters with {c1}"},
    "ev.nocounter": {"ja": "P{0}は反撃しない", "en": "P{0} does not counter"},
    "ev.clash": {"ja": "威力比較：{c1} {2} 対 {c3} {4}", "en": "Powers compared: {c1} {2} against {c3} {4}"},
    "ev.damage": {"ja": "P{0}が{3}のダメージ（{1} {2}）：ライフ{4}", "en": "P{0} takes {3} damage ({1} {2}); life {4}"},
    "ev.pay_life": {"ja": "P{0}がライフを{1}支払った：ライフ{2}", "en": "P{0} pays {1} life; life {2}"},
    "ev.gain_life": {"ja": "P{0}がライフを{1}回復：ライフ{2}", "en": "P{0} gains {1} life; life {2}"},
    "ev.power_bonus": {"ja": "P{0}の{c1}の威力+{2}", "en": "P{0}'s {c1} gets power +{2}"},
    "ev.leave": {"ja": "P{0}の{c1}が場を離れ空書置場へ", "en": "P{0}'s {c1} leaves the field for the blank pile"},
    "ev.to_blank": {"ja": "P{0}の下地の{c1}が空書置場へ", "en": "P{0}'s underlay card {c1} goes to the blank pile"},
    "ev.reveal": {"ja": "P{0}が{c1}を見せた", "en": "P{0} shows {c1}"},
    "ev.pick": {"ja": "P{0}が{c1}を選んだ（相手の手札へ）", "en": "P{0} picks {c1} for the opponent's hand"},
    "ev.shuffle": {"ja": "P{0}が書庫をシャッフル", "en": "P{0} shuffles their library"},
    "ev.runaway": {"ja": "暴走判定：発動待ち{1}枚、コインは{2}",
                   "en": "Runaway check: {1} ready cards, the coin shows {2}"},
    "ev.runaway_damage": {"ja": "暴走反応！P1は{1}枚、P2は{2}枚を空書置場へ",
                          "en": "Runaway! P1 blanks {1} cards, P2 blanks {2}"},
    "ev.game_won": {"ja": "P{0}の勝利（{1}）", "en": "P{0} wins ({1})"},
    "ev.game_drawn": {"ja": "引き分け（{1}）", "en": "The game is a draw ({1})"},
}

WORDS: dict[str, tuple[str, str]] = {
    "science": ("科学", "science"),
    "fantasy": ("幻想", "fantasy"),
    "matter": ("物質", "matter"),
    "spirit": ("精神", "spirit"),
    "heads": ("表", "heads"),
    "tails": ("裏", "tails"),
    "chosen": ("指定", "chosen"),
    "life": ("ライフ", "life"),
    "deck_out": ("ライブラリアウト", "deck out"),
    "turn_limit": ("ターン上限", "turn limit"),
    "advance": ("詠唱を進める", "advance"),
    "rewind": ("詠唱を戻す", "rewind"),
}
