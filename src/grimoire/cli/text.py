"""Every string the terminal interface shows, in Japanese (default) and English.

>>> t("you_win", "en")
'You win!'
>>> t("pass_device", "ja", n=2)
'プレイヤー2に画面を渡してください。準備ができたら Enter を押してください。'
"""

from __future__ import annotations

from typing import Any

UI: dict[str, dict[str, str]] = {
    # play: screen furniture
    "turn": {"ja": "ターン {n}", "en": "Turn {n}"},
    "player": {"ja": "プレイヤー{n}", "en": "Player {n}"},
    "you": {"ja": "あなた", "en": "You"},
    "computer": {"ja": "コンピューター", "en": "Computer"},
    "log": {"ja": "ログ", "en": "Log"},
    "answer_prompt": {"ja": "番号を入力（? カード、なぜ N ログの理由、u 取り消し、f 掲示板、q 終了）",
                      "en": "Enter a number (? cards, why N: log line N, u: take back, f: forum, q: quit)"},
    "forum_copied": {"ja": "― ここまでを掲示板に貼ってください（f en で英語）―",
                     "en": "-- paste the lines above into the thread (f ja for Japanese) --"},
    "rule_number": {"ja": "ルール {n}", "en": "rule {n}"},
    "zone_hand": {"ja": "手札", "en": "hand"},
    "zone_area": {"ja": "場", "en": "area"},
    "zone_field": {"ja": "場", "en": "field"},
    "nth": {"ja": "{n}枚目", "en": "{n}{th}"},
    "at_place": {"ja": "（{zone}の{nth}）", "en": " ({zone}, {nth})"},
    "which": {"ja": "（{nth}）", "en": " ({nth})"},
    "options_page": {"ja": "選択肢 {first}〜{last}／全{n}（n 次のページ、p 前のページ）",
                     "en": "Options {first}–{last} of {n} (n: next page, p: previous page)"},
    "they_moved": {"ja": "{who}の手: {moves}", "en": "{who} played: {moves}"},
    "more_help": {"ja": "― 続き: Enter、戻る: q ―", "en": "— more: Enter, back: q —"},
    "quit_confirm": {"ja": "対局をやめますか？ y でやめる、ほかのキーで続ける",
                     "en": "Quit this game? y to quit, any other key to play on"},
    "undone": {"ja": "選択を1つ取り消しました（あと {n} 回取り消せます）。",
               "en": "One answer taken back ({n} more can be)."},
    "undo_new_info": {"ja": "取り消せません: 前の選択のあとに新しい情報"
                            "（ドロー、コイン、相手の選択など）があります。",
                      "en": "Cannot take back: something new (a card drawn, a coin, the opponent's answer…) "
                            "came after your last answer."},
    "undo_nothing": {"ja": "取り消せる選択がありません。", "en": "There is no answer of yours to take back."},
    "why_line": {"ja": "{i}: {line} ― 理由: {why}", "en": "{i}: {line} — why: {why}"},
    "why_none": {"ja": "{i}: {line} ― このゲームは理由を示していません。",
                 "en": "{i}: {line} — the game gives no reason for it."},
    "why_choice": {"ja": "{i} 行目はプレイヤーの選択です（ルールの出来事ではありません）。",
                   "en": "Line {i} is a player's choice, not an event of the rules."},
    "why_bad": {"ja": "「{line}」はログの行番号ではありません。why 1〜{n} のように入力してください。",
                "en": "{line!r} is not a log line number; type why 1–{n}."},
    "default_answer": {"ja": "Enter でデッキの指定「{label}」", "en": "Enter for the deck's own choice, {label}"},
    "cards_in_view": {"ja": "見えているカード（{n} 枚）", "en": "Cards in view ({n})"},
    "help_hint": {"ja": "「? カード名」で1枚を表示します。", "en": "Type \"? NAME\" to show one card."},
    "no_card_named": {"ja": "「{name}」という名前のカードはありません。", "en": "No card named {name!r}."},
    "no_text": {"ja": "（効果なし）", "en": "(no effects)"},
    "bad_answer": {"ja": "「{answer}」は選択肢にありません。1〜{n} の番号か id を入力してください。",
                   "en": "{answer!r} is not an option; type a number 1–{n} or an option id."},
    "pass_device": {"ja": "プレイヤー{n}に画面を渡してください。準備ができたら Enter を押してください。",
                    "en": "Pass the device to Player {n}, then press Enter."},
    "moved": {"ja": "{who} ▶ {label}", "en": "{who} ▶ {label}"},
    "game_start": {"ja": "{title} 開始 — シード {seed}", "en": "{title} begins — seed {seed}"},
    "decks_line": {"ja": "デッキ: {a} 対 {b}", "en": "Decks: {a} vs {b}"},
    "quit": {"ja": "対局を中断しました。", "en": "Game abandoned."},
    "you_win": {"ja": "あなたの勝ちです！", "en": "You win!"},
    "you_lose": {"ja": "あなたの負けです。", "en": "You lose."},
    "seat_wins": {"ja": "プレイヤー{n}の勝ちです！", "en": "Player {n} wins!"},
    "draw": {"ja": "引き分けです。", "en": "The game is a draw."},
    "reason": {"ja": "理由: {reason}", "en": "Reason: {reason}"},
    "record_saved": {"ja": "記録を保存しました: {path}", "en": "Record saved: {path}"},
    "deck": {"ja": "山札", "en": "Deck"},
    # replay
    "step": {"ja": "手順 {i}", "en": "Step {i}"},
    "setup_step": {"ja": "準備", "en": "Set-up"},
    "press_enter": {"ja": "Enter で次へ (q で終了)", "en": "Enter for the next step (q to quit)"},
    "verify_ok": {"ja": "検証成功: {steps} 手順すべて記録どおりに再現しました。",
                  "en": "Verified: all {steps} steps replay exactly as recorded."},
    "verify_bad": {"ja": "検証失敗: {message}", "en": "Verification failed: {message}"},
    "verify_setup_failed": {"ja": "準備に失敗しました: {error}", "en": "set-up failed: {error}"},
    "verify_setup_differs": {"ja": "手順 0（準備）: イベントが記録と違います",
                             "en": "step 0 (set-up): events differ from the record"},
    "verify_refused": {"ja": "手順 {step}: 回答 {answer!r} が受け付けられませんでした: {error}",
                       "en": "step {step}: answer {answer!r} was refused: {error}"},
    "verify_differs": {"ja": "手順 {step}: 回答 {answer!r} で記録と違うイベントが起きました",
                       "en": "step {step}: answer {answer!r} produced different events than recorded"},
    "verify_checks_count": {"ja": "記録には {answers} 個の回答に対して {checks} 個のチェック値があります",
                            "en": "record has {checks} checks for {answers} answers"},
    "verify_forfeit_late": {"ja": "記録は対局終了後の {reason} で終わっています",
                            "en": "record ends by {reason} after the game was over"},
    "verify_outcome_differs": {"ja": "最終結果 {got} が記録の {recorded} と違います",
                               "en": "final outcome {got} differs from recorded {recorded}"},
    "record_of": {"ja": "{game} の記録 (ルール {version}、シード {seed}、{n} 手順)",
                  "en": "Record of {game} (rules {version}, seed {seed}, {n} steps)"},
    "unfinished": {"ja": "未完了の対局", "en": "unfinished game"},
    # analyze: the search's view of one decision of a record
    "analysis_of": {"ja": "{game} の記録、手順 {step} のあと — {who} の判断: {prompt}",
                    "en": "{game} record, after step {step} — {who} decides: {prompt}"},
    "analysis_of_position": {"ja": "{game} の局面 — {who} の判断: {prompt}",
                             "en": "{game} position — {who} decides: {prompt}"},
    "analysis_view": {"ja": "{who} から見える情報だけで読んでいます（{n} 回の探索、{s:.1f} 秒、シード {seed}）",
                      "en": "Read from what {who} can see only ({n} iterations, {s:.1f} s, seed {seed})"},
    "analysis_option": {"ja": "選択肢", "en": "Option"},
    "analysis_rate": {"ja": "勝率", "en": "Win rate"},
    "analysis_visits": {"ja": "試行", "en": "Visits"},
    "analysis_best": {"ja": "おすすめ: {label}", "en": "Suggested: {label}"},
    "analysis_line": {"ja": "読み筋: {line}", "en": "Expected line: {line}"},
    "analysis_no_line": {"ja": "読み筋: （まだ定まりません）", "en": "Expected line: (not settled yet)"},
    "analysis_step_range": {"ja": "手順は 0 から {n} までです（{step} が指定されました）",
                            "en": "step must be between 0 and {n}, not {step}"},
    # sim
    "sim_games": {"ja": "対局数", "en": "Games"},
    "sim_agents": {"ja": "エージェント", "en": "Agents"},
    "sim_deck": {"ja": "席{seat}のデッキ", "en": "Deck at seat {seat}"},
    "sim_wins": {"ja": "勝利数 (席0 / 席1)", "en": "Wins (seat 0 / seat 1)"},
    "sim_agent_wins": {"ja": "エージェント別勝利数", "en": "Wins per agent"},
    "sim_draws": {"ja": "引き分け", "en": "Draws"},
    "sim_fp": {"ja": "先攻勝率", "en": "First-player win rate"},
    "sim_turns": {"ja": "平均ターン数", "en": "Mean turns"},
    "sim_speed": {"ja": "対局/秒", "en": "Games per second"},
    "sim_dps": {"ja": "決定/秒", "en": "Decisions per second"},
    "sim_reasons": {"ja": "終了理由", "en": "End reasons"},
    "sim_records": {"ja": "記録の保存先", "en": "Records written to"},
    # decks and cards
    "deck_ok": {"ja": "デッキ「{name}」({game}) は有効です。", "en": "Deck {name!r} ({game}) is valid."},
    "cards_total": {"ja": "{section}: {n} 枚", "en": "{section}: {n} cards"},
    "col_id": {"ja": "ID", "en": "id"},
    "col_name": {"ja": "名前", "en": "name"},
    "col_kind": {"ja": "区分", "en": "kind"},
    "col_stats": {"ja": "能力値", "en": "stats"},
    "card_count": {"ja": "{n} 種類", "en": "{n} cards"},
    "text": {"ja": "効果", "en": "text"},
    "flavor": {"ja": "フレーバー", "en": "flavor"},
    "check_summary": {"ja": "{n} 枚を確認しました（警告 {w} 件）。", "en": "{n} cards checked, {w} warnings."},
    "guideline_line": {"ja": "目安: {file}: カード {card}: {text} 「{quote}」（{source}）",
                       "en": "guideline: {file}: card '{card}': {text} 「{quote}」 ({source})"},
    "guideline_summary": {"ja": "設計の目安から外れる点: {g} 件（警告です。カードは使えます）。",
                          "en": "{g} points outside the seed's design guidelines (warnings: the cards still load)."},
    "imported": {"ja": "{game}のカード {n} 枚を書き出しました: {path}", "en": "Imported {n} {game} cards: {path}"},
    "rendered": {"ja": "{n} 個のファイルを書き出しました: {path}", "en": "Wrote {n} files: {path}"},
    # check
    "check_ok": {"ja": "合格", "en": "ok"},
    "check_written": {"ja": "書き出しました", "en": "written"},
    "check_differs": {"ja": "不一致", "en": "differs"},
    "check_missing": {"ja": "ありません", "en": "missing"},
    "check_failed": {"ja": "不合格", "en": "failed"},
    "check_line": {"ja": "{game}: {check} — {status}{detail}", "en": "{game}: {check} — {status}{detail}"},
    "check_summary_ok": {"ja": "{game}: {n} 件のチェックすべてに合格しました。",
                         "en": "{game}: all {n} checks passed."},
    "check_summary_bad": {"ja": "{game}: {n} 件中 {bad} 件のチェックに失敗しました。",
                          "en": "{game}: {bad} of {n} checks failed."},
}


def t(key: str, lang: str, **args: Any) -> str:
    """The UI string ``key`` in ``lang`` (Japanese unless ``en``), formatted with ``args``."""
    entry = UI.get(key)
    if entry is None:
        return key
    template = entry["en"] if lang == "en" else entry["ja"]
    return template.format(**args)
