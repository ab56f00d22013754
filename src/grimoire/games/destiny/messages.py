"""Destiny's message catalog: Japanese and English templates.

Keys: ``opt.*`` (option labels, args as listed by the option), ``ask.<kind>`` (decision
prompts, args ``Decision.prompt_args``) and ``ev.<kind>`` (events, args
``(player_number_1_based, *event.args)``; ``ev.<kind>.hidden`` renders an event whose
private args were redacted). ``{cN}`` renders argument N as a name: a card, or one of
the :data:`TERMS` (forecast abilities, timings, operations, outcome reasons).

>>> from grimoire.core.i18n import Catalog
>>> Catalog(CATALOG).render("ev.lose", (2, 3, 12), "en", lambda c, lang: c)
'P2 loses 3 (threads: 12)'
"""

from __future__ import annotations

TERMS: dict[str, tuple[str, str]] = {
    "chimyaku_houki": ("地脈蜂起", "Ley Uprising"),
    "chimyaku_kijutsu": ("地脈記述", "Ley Inscription"),
    "chimyaku_kanchi": ("地脈感知", "Ley Sense"),
    "chimyaku_no_hako": ("地脈の函", "Ley Box"),
    "none": ("なし", "none"),
    "main": ("メイン", "Main"),
    "battle": ("バトル", "Battle"),
    "response": ("応答", "Response"),
    "attack": ("攻撃", "Attack"),
    "strengthen": ("強化", "strengthen"),
    "weaken": ("弱体", "weaken"),
    "destroy": ("破壊", "destroy"),
    "ready": ("エフェクト使用可能化", "make effect-ready"),
    "kiryoku": ("気魄", "kiryoku"),
    "jutsushiki": ("術式", "jutsushiki"),
    "shinpi": ("神秘", "shinpi"),
    "zenno": ("全能", "zenno"),
    "no_lucky": ("Lucky! が出なかった", "no Lucky! was revealed"),
    "empty_deck_at_reveal": ("山札が無く引けなかった", "the deck was empty at the reveal"),
    "second_zero": ("この周期で２度目の糸切れ", "threads reached 0 a second time this cycle"),
    "deck_out": ("ドローステップに山札が無い", "no card to draw at the draw step"),
    "turn_limit": ("ターン上限", "the turn limit"),
}


def _m(ja: str, en: str) -> dict[str, str]:
    return {"ja": ja, "en": en}


CATALOG: dict[str, dict[str, str]] = {
    # ----- options
    "opt.ability": _m("予報能力「{c0}」を選ぶ", "Choose the forecast ability {c0}"),
    "opt.none": _m("予報能力なし", "No forecast ability"),
    "opt.keep": _m("この手札で始める", "Keep this hand"),
    "opt.mulligan": _m("全て戻して引き直す", "Shuffle the hand back and draw 7 again"),
    "opt.pay": _m("{c0}の維持に糸を{1}払う", "Pay {1} threads to keep {c0}"),
    "opt.release": _m("{c0}を手放す（捨て札へ）", "Let {c0} go (to the discard pile)"),
    "opt.summon": _m("{c0}を召喚する", "Summon {c0}"),
    "opt.effect": _m("{c0}のエフェクトを使う（コスト{1}）", "Use {c0}'s effect (cost {1})"),
    "opt.user_effect": _m("能力者{c0}自身のエフェクトを使う（コスト{1}）", "Use user {c0}'s own effect (cost {1})"),
    "opt.response": _m("{c0}で応答する（コスト{1}）", "Respond with {c0} (cost {1})"),
    "opt.done_summon": _m("召喚ステップを終える", "End the summon step"),
    "opt.done_attackers": _m("攻撃宣言を終える", "Done declaring attackers"),
    "opt.done": _m("終える", "Done"),
    "opt.pass": _m("パス", "Pass"),
    "opt.skip": _m("しない", "Skip"),
    "opt.fate": _m("{c0}を捨てて糸を{1}得る", "Discard {c0} to gain {1} threads"),
    "opt.houki": _m("{c0}を捨ててエフェクト使用可能状態で召喚", "Discard {c0}: the user enters effect-ready"),
    "opt.sense": _m("{c0}を捨てて対象を「全て」にする", "Discard {c0}: the effect targets all"),
    "opt.use_main": _m("{c0}の【メイン】を同時に使う（コスト{1}）", "Also use {c0}'s [Main] now (cost {1})"),
    "opt.use_battle": _m("{c0}の【バトル】を同時に使う（コスト{1}）", "Also use {c0}'s [Battle] now (cost {1})"),
    "opt.target": _m("{c0}（P{1}）を対象にする", "Target {c0} (P{1})"),
    "opt.attack": _m("{c0}で攻撃する", "Attack with {c0}"),
    "opt.block": _m("{c0}で防御する", "Block with {c0}"),
    # ----- prompts
    "ask.ability": _m("予報能力を選んでください", "Choose a forecast ability"),
    "ask.mulligan": _m("手札を引き直しますか？", "Keep your hand or draw a new one?"),
    "ask.upkeep": _m("維持：{c0}（パワー{1}）", "Upkeep: {c0} (power {1})"),
    "ask.summon": _m("召喚ステップ（召喚 {0}/2）", "Summon step ({0}/2 summoned)"),
    "ask.houki": _m("地脈蜂起：{c0}のために気魄のカードを捨てますか？",
                    "Ley Uprising: discard a kiryoku card for {c0}?"),
    "ask.kijutsu": _m("地脈記述：{c0}のエフェクトを同時に使いますか？", "Ley Inscription: use {c0}'s effect now?"),
    "ask.sense": _m("地脈感知：{c0}の対象を「全て」にしますか？", "Ley Sense: make {c0} target all?"),
    "ask.target": _m("{c0}（{c1}）の対象を選んでください", "Choose the target of {c0} ({c1})"),
    "ask.response": _m("{c0}に応答しますか？", "Respond to {c0}?"),
    "ask.attackers": _m("攻撃する能力者を宣言してください（{0}体宣言済み）", "Declare attackers ({0} declared)"),
    "ask.block": _m("{c0}の攻撃を防御する能力者を選んでください", "Choose a blocker for {c0}'s attack"),
    "ask.window": _m("エフェクト発動タイミング（{c0}の攻撃）", "Effect window ({c0} attacking)"),
    "ask.fate": _m("運命の選別：カードを１枚捨てて糸を得ますか？", "Fate selection: discard a card for threads?"),
    # ----- events
    "ev.ability": _m("P{0}の予報能力：{c1}", "P{0}'s forecast ability: {c1}"),
    "ev.coin": _m("コイントス：P{0}が先攻", "Coin toss: P{0} goes first"),
    "ev.first": _m("先攻はP{0}", "P{0} goes first"),
    "ev.shuffle": _m("P{0}が山札をシャッフル", "P{0} shuffles their deck"),
    "ev.draw": _m("P{0}が{c2}を引いた", "P{0} draws {c2}"),
    "ev.draw.hidden": _m("P{0}がカードを１枚引いた", "P{0} draws a card"),
    "ev.mulligan": _m("P{0}が手札を引き直した", "P{0} shuffles the hand back and draws again"),
    "ev.keep": _m("P{0}は手札をキープ", "P{0} keeps their hand"),
    "ev.turn": _m("―― ターン{1}：P{0} ――", "-- Turn {1}: P{0} --"),
    "ev.recover": _m("P{0}が糸を{1}回復（{2}）", "P{0} recovers {1} (threads: {2})"),
    "ev.gain": _m("P{0}が糸を{1}得た（{2}）", "P{0} gains {1} (threads: {2})"),
    "ev.lose": _m("P{0}が糸を{1}失った（残り{2}）", "P{0} loses {1} (threads: {2})"),
    "ev.pay": _m("P{0}が糸を{1}支払った（残り{2}）", "P{0} pays {1} (threads: {2})"),
    "ev.upkeep": _m("P{0}が{c2}を維持（{3}）", "P{0} keeps {c2} (upkeep {3})"),
    "ev.veteran": _m("{c2}は古参になった", "{c2} is now a veteran"),
    "ev.release": _m("P{0}の{c2}は運命の糸が切れた（捨て札へ）", "P{0}'s {c2} leaves (its threads are cut)"),
    "ev.summon": _m("P{0}が{c2}を召喚", "P{0} summons {c2}"),
    "ev.houki": _m("地脈蜂起：P{0}が{c2}を捨て、{c4}はエフェクト使用可能状態",
                   "Ley Uprising: P{0} discards {c2}; {c4} is effect-ready"),
    "ev.kijutsu": _m("地脈記述：P{0}が{c2}のエフェクトを召喚と同時に使う",
                     "Ley Inscription: P{0} uses {c2}'s effect as it is summoned"),
    "ev.use": _m("P{0}が{c2}の【{c3}】を使う", "P{0} uses {c2} [{c3}]"),
    "ev.use_user": _m("P{0}の能力者{c2}が【{c3}】を使う", "P{0}'s user {c2} uses [{c3}]"),
    "ev.sense": _m("地脈感知：P{0}が{c2}を捨て、対象は「全て」",
                   "Ley Sense: P{0} discards {c2}; the effect targets all"),
    "ev.target": _m("対象：{c2}", "Target: {c2}"),
    "ev.no_response": _m("P{0}は応答しない", "P{0} does not respond"),
    "ev.cancel": _m("相殺：{c2}のエフェクトは打ち消された", "Cancel: {c2}'s effect does not resolve"),
    "ev.power": _m("{c2}のパワー{3:+d}（現在{4}）", "{c2} gets {3:+d} power (now {4})"),
    "ev.destroyed": _m("P{0}の{c2}は捨て札に", "P{0}'s {c2} is destroyed"),
    "ev.ready": _m("{c2}はエフェクト使用可能状態になった", "{c2} becomes effect-ready"),
    "ev.ja": _m("JA：このバトルでは防御側は相性の＋１を得ない", "JA: the blocker gets no attribute +1 this battle"),
    "ev.ca": _m("CA：勝てば追加で糸を{3}", "CA: a win takes {3} extra threads"),
    "ev.hako": _m("地脈の函（{c1}）：P{0}が山札からクライシス場へ４枚引く",
                  "Ley Box ({c1}): P{0} draws up to 4 cards into the crisis zone"),
    "ev.crisis": _m("クライシス場へ：{c2}", "To the crisis zone: {c2}"),
    "ev.crisis_back": _m("P{0}のクライシス場の{1}枚が山札の下へ", "P{0}'s {1} crisis-zone cards go under the deck"),
    "ev.no_attack": _m("P{0}の最初のターンなので攻撃できない", "P{0}'s first turn: no attack"),
    "ev.attack": _m("P{0}が{c2}で攻撃を宣言", "P{0} declares {c2} as an attacker"),
    "ev.attackers_done": _m("攻撃宣言終了（{1}体）", "Attackers declared ({1})"),
    "ev.attack_skipped": _m("{c2}は場にいないので攻撃しない", "{c2} is no longer on the field and does not attack"),
    "ev.battle": _m("バトル：P{0}の{c2}の攻撃", "Battle: P{0}'s {c2} attacks"),
    "ev.block": _m("P{0}が{c2}で防御", "P{0} blocks with {c2}"),
    "ev.unblocked": _m("P{0}には能力者がいない：直接攻撃", "P{0} has no users: a direct attack"),
    "ev.pass": _m("P{0}はパス", "P{0} passes"),
    "ev.clash": _m("ダメージ計算：{c2} {3} 対 {c5} {6}", "Damage: {c2} {3} vs {c5} {6}"),
    "ev.direct": _m("直接攻撃：{c2}のパワー{3}", "Direct attack: {c2} with power {3}"),
    "ev.leave": _m("P{0}の{c2}は運命の糸が切れて捨て札に", "P{0}'s {c2} is cut and goes to the discard pile"),
    "ev.battle_void": _m("攻撃側か防御側が場を離れた：ダメージなし", "The attacker or blocker left: no damage"),
    "ev.reveal": _m("P{0}が山札の上を公開：{c2}（Lucky! ではない）", "P{0} reveals {c2}: no Lucky!"),
    "ev.lucky": _m("P{0}が山札の上を公開：{c2} Lucky!――能力者として場に出る",
                   "P{0} reveals {c2}: Lucky! It enters the field"),
    "ev.fate": _m("運命の選別：P{0}が{c2}を公開して捨てる", "Fate selection: P{0} reveals and discards {c2}"),
    "ev.fate_skip": _m("P{0}は運命の選別をしない", "P{0} skips fate selection"),
    "ev.game_lost": _m("P{0}の予報が終了した（{c1}）", "P{0}'s forecast ends ({c1}): P{0} loses"),
    "ev.game_drawn": _m("引き分け（{c1}）", "The game is a draw ({c1})"),
}
