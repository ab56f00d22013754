"""Typed errors sent to web clients, in the client's language.

Every refusal is a :class:`ClientError`: a ``code`` from :data:`ERROR_CODES` (what a
client program switches on), a message key and its parameters; the message is rendered
in Japanese or English when sent. HTTP answers carry the status of :data:`STATUS`.

>>> e = ClientError("stale", "pending", seq=3, pending=4)
>>> e.payload("en", seq=4)
{'type': 'error', 'code': 'stale', 'message': 'decision 3 is no longer pending; the pending decision is 4', 'seq': 4}
>>> e.message("ja")
'決定 3 はもう受け付けていません（いま待っているのは 4）'
>>> ClientError("bad_message", "field", field="step", what="an integer 0–{n}", n=12).message("ja")
"'step' は 0〜12 の整数 でなければなりません"
>>> pick_lang("en-GB,en;q=0.9"), pick_lang("fr"), pick_lang(None)
('en', 'ja', 'ja')
"""

from __future__ import annotations

from typing import Any

from grimoire.core.content import Localized
from grimoire.core.i18n import LANGS

#: Every error code the server may send.
ERROR_CODES = ("bad_json", "bad_message", "stale", "illegal", "not_your_turn", "bad_token", "not_found", "internal",
               "deck", "too_large", "timeout", "rate", "overloaded", "too_many_games", "bad_origin",
               "unsupported_media", "unavailable", "taken", "invalid_card", "not_yet", "bad_host", "not_owner")

#: The HTTP status of each code (a WebSocket error carries only the code).
STATUS = {"bad_json": 400, "bad_message": 400, "stale": 409, "illegal": 400, "not_your_turn": 403, "bad_token": 403,
          "not_found": 404, "internal": 500, "deck": 400, "too_large": 413, "timeout": 408, "rate": 429,
          "overloaded": 503, "too_many_games": 429, "bad_origin": 403, "unsupported_media": 415,
          "unavailable": 503, "taken": 409, "invalid_card": 400, "not_yet": 409, "bad_host": 421,
          "not_owner": 403}

#: Message templates by key: (Japanese, English).
MESSAGES: dict[str, tuple[str, str]] = {
    "bad_json": ("JSON として読めません", "not JSON"),
    "utf8": ("UTF-8 のテキストではありません", "the text is not UTF-8"),
    "depth": ("JSON の入れ子が深すぎます（最大 {limit} 段）", "JSON nested deeper than {limit} levels"),
    "digits": ("JSON の数の桁が多すぎます（最大 {limit} 桁）", "a JSON number has more than {limit} digits"),
    "range": ("JSON の数が範囲外です（Infinity や NaN は使えません）",
              "a JSON number is out of range (no Infinity or NaN)"),
    "items": ("JSON の項目が多すぎます（最大 {limit} 個）", "JSON with more than {limit} items"),
    "surrogate": ("JSON の文字列に単独のサロゲート（Unicode の文字でないもの）があります",
                  "a JSON string holds a lone surrogate (not Unicode text)"),
    "not_object": ("メッセージは JSON オブジェクトでなければなりません", "a message must be a JSON object"),
    "too_long": ("メッセージが長すぎます（最大 {limit} バイト）", "message longer than {limit} bytes"),
    "field": ("'{field}' は {what} でなければなりません", "'{field}' must be {what}"),
    "unknown_type": ("知らないメッセージの種類です: {kind}", "unknown message type {kind}"),
    "hello_first": ("まず hello を送ってください", "say hello first"),
    "bad_token": ("このリンクではこのゲームの席を開けません", "this link does not open a seat of this game"),
    "private_game": ("人どうしのゲームの記録は、その席のリンクからだけ取り出せます",
                     "the record of a game between people is for its players: open it from your seat's link"),
    "spectator": ("観戦者は答えられません", "spectators cannot answer"),
    "over": ("ゲームは終わっています", "the game is over"),
    "not_yet": ("まだできません", "not yet"),
    "claim_early": ("まだ勝ちを申し立てられません（相手が席を離れて {limit} 秒たってから）",
                    "you cannot claim the win yet (only once the other player has been away for {limit} s)"),
    "rematch_early": ("再戦はゲームが終わってからです", "a rematch can be offered once the game is over"),
    "takeback_none": ("取り消せる選択がありません（あなたの前の選択のあとに新しい情報が出ています）",
                      "nothing to take back: something new came after your last answer"),
    "takeback_shared": ("このサーバー（複数のプロセスで1つのデータベース）では取り消しを使えません",
                        "this server (several processes, one database) does not offer taking answers back"),
    "takeback_no_request": ("取り消しの申し出はありません", "there is no request to take an answer back"),
    "pending": ("決定 {seq} はもう受け付けていません（いま待っているのは {pending}）",
                "decision {seq} is no longer pending; the pending decision is {pending}"),
    "answered": ("決定 {seq} にはもう答えがあります", "decision {seq} was already answered"),
    "not_your_turn": ("席 {seat} の番です（あなたは席 {mine}）", "seat {seat} must answer, not seat {mine}"),
    "illegal": ("{option} は決定 {seq}（{kind}）の選択肢ではありません",
                "{option} is not an option of decision {seq} ({kind})"),
    "internal": ("サーバーがこの答えを適用できませんでした（{detail}）。ゲームを読み込み直しました",
                 "the server could not apply this answer ({detail}); the game was reloaded"),
    "not_found": ("そのゲームはありません", "no such game"),
    "unknown_game": ("知らないゲームです: {name}（ゲーム: {known}）", "unknown game {name!r}; games: {known}"),
    "unknown_option": ("知らないルールオプションです: {name}（オプション: {known}）",
                       "unknown rules option {name!r}; options: {known}"),
    "bad_option": ("ルールオプション {name} に {value} は使えません（使える値: {allowed}）",
                   "rules option {name!r} cannot be {value!r} (allowed: {allowed})"),
    "bad_options": ("このルールオプションの値は使えません（ルールページのオプションの説明を見てください）",
                    "these rules options cannot be used (see the options on the rules page)"),
    "analysis_live": ("人どうしの対局中は解析できません（終わってから使えます）",
                      "no analysis while a game between people is being played (it opens when the game ends)"),
    "analysis_own": ("対局中に解析できるのは、コンピューター相手のゲームのあなた自身の判断だけです",
                     "during a game against the computer, only your own decisions can be analysed"),
    "analysis_over": ("その手順ではゲームが終わっています。解析する判断がありません",
                      "the game is over at that step: there is no decision to analyse"),
    "board_unknown": ("局面: '{zone}' の {line} 行目: 知らないカードです: {name}",
                      "board: {zone} line {line}: unknown card {name!r}"),
    "board_progress": ("局面: '{zone}' の {line} 行目: {mark}", "board: {zone} line {line}: {mark}"),
    "board_count": ("局面: '{zone}' の {line} 行目: 枚数は 1 以上です",
                    "board: {zone} line {line}: a count is at least 1"),
    "board_lines": ("局面: '{zone}' の行が多すぎます（最大 {n} 行）", "board: {zone}: more than {n} lines"),
    "board_game": ("局面: {game} の局面エディターはありません", "board: no board editor for {game}"),
    "board_seat": ("局面: 席は 0 か 1 です", "board: the seat is 0 or 1"),
    "board_turn": ("局面: ターンは 1〜{n} です", "board: the turn is 1–{n}"),
    "board_life": ("局面: 席 {seat} の{life}は {low}〜{high} です", "board: seat {seat}'s {life} is {low}–{high}"),
    "board_hand": ("局面: 相手の手札の枚数は 0〜40 です", "board: the other side's hand is 0–40 cards"),
    "board_zone": ("局面: 席 {seat} の '{zone}' には置けません（置けるのは {zones}）",
                   "board: seat {seat} has no zone {zone!r} to fill ({zones})"),
    "board_library": ("局面: 相手の山札に残りが {n} 枚しかありません",
                      "board: the other side's library has only {n} cards left"),
    "board_position": ("局面の表記が読めません: {text}", "the position cannot be read: {text}"),
    "board_no_decision": ("この局面には解析する判断がありません（ゲームが終わっています）",
                          "the position has no decision to analyse (the game is over)"),
    "webhooks_off": ("このサーバーは webhook を送りません（--limit webhooks=0）",
                     "this server sends no webhooks (--limit webhooks=0)"),
    "not_finished": ("このゲームはまだ終わっていません。記録は終了後に取り出せます",
                     "this game is not over yet: its record is available when it ends"),
    "branch_of_branch": ("ある局面から始めたゲームを、さらに別の局面から始めることはできません",
                         "a game that was itself played from a position cannot be branched again"),
    "game_error": ("{text}", "{text}"),
    "deck": ("デッキ: {text}", "deck: {text}"),
    "too_large": ("リクエストが大きすぎます（最大 {limit} バイト）", "request body larger than {limit} bytes"),
    "timeout": ("リクエストの送信に時間がかかりすぎました", "the request took too long to arrive"),
    "rate": ("メッセージが多すぎます（毎秒 {rate} まで）。接続を閉じます",
             "too many messages (at most {rate} a second); closing the connection"),
    "queue": ("受け取られていない更新が多すぎます。接続を閉じます",
              "too many updates are waiting to be read; closing the connection"),
    "connections": ("このアドレスからの接続が多すぎます（最大 {limit}）",
                    "too many connections from this address (at most {limit})"),
    "sockets": ("このアドレスからの接続の開始が多すぎます（1 分に {limit} まで）。少し待ってください",
                "too many connections opened from this address (at most {limit} a minute); wait a little"),
    "creates": ("ゲームの作成が多すぎます（1 分に {limit} まで）。少し待ってください",
                "too many games created (at most {limit} a minute); wait a little"),
    "open_games": ("終わっていないゲームが多すぎます（最大 {limit}）",
                   "too many unfinished games (at most {limit})"),
    "bad_origin": ("別のサイトからのリクエストは受け付けません", "requests from another site are refused"),
    "bad_host": ("このサーバーの名前ではありません（Host ヘッダー）", "the Host header does not name this server"),
    "json_only": ("本文は JSON（Content-Type: application/json）で送ってください",
                  "the body must be JSON (Content-Type: application/json)"),
    "unavailable": ("データベースに書き込めません。しばらくしてからもう一度試してください",
                    "the database cannot be written; try again in a moment"),
    "computes": ("リクエストが多すぎます（1 分に {limit} まで）。少し待ってください",
                 "too many requests (at most {limit} a minute); wait a little"),
    "saves": ("保存が多すぎます（1 分に {limit} まで）。少し待ってください",
              "too many saves (at most {limit} a minute); wait a little"),
    # the card editor
    "card_long": ("長すぎます（最大 {limit} 文字）", "too long (at most {limit} characters)"),
    "card_markup": ("記号 < > & は使えません", "the characters < > & are not allowed"),
    "card_control": ("制御文字は使えません", "control characters are not allowed"),
    "card_no_name": ("カード名を入れてください", "the card needs a name"),
    "card_id": ("ID は英小文字・数字・_ だけで、英小文字か数字で始めます",
                "an ID is lowercase letters, digits and _, starting with a letter or digit"),
    "card_taken": ("ID {id} のカードはもうあります。別の ID にしてください",
                   "a card with the id {id} exists already; choose another ID"),
    "card_invalid": ("カードに誤りがあります（{n} か所）", "the card has {n} error(s)"),
    "no_card": ("そのカードはありません: {id}", "no such card: {id}"),
    "author": ("作者名を入れてください（最大 {limit} 文字、< > & なし）",
               "give an author name (at most {limit} characters, no < > &)"),
    "name_chars": ("見えない文字・制御文字・書字方向を変える文字は使えません",
                   "invisible, control or text-direction characters are not allowed"),
    "name_mixed": ("ラテン文字とキリル文字・ギリシャ文字を混ぜた名前は使えません",
                   "a name may not mix Latin letters with Cyrillic or Greek ones"),
    "name_like": ("既にあるカード「{name}」と見分けがつきません", "looks like the existing card \"{name}\""),
    "deck_name": ("デッキ名を入れてください（最大 {limit} 文字、< > & なし）",
                  "give the deck a name (at most {limit} characters, no < > &)"),
    "deck_taken": ("「{name}」という名前のデッキはもうあります", "a deck named \"{name}\" exists already"),
    "not_owner_card": ("このカードを差し替え・取り下げできるのは、保存したブラウザ（その復元コード）だけです",
                       "only the browser that saved this card (its recovery code) may replace or withdraw it"),
    "not_owner_deck": ("このデッキを差し替え・取り下げできるのは、保存したブラウザ（その復元コード）だけです",
                       "only the browser that saved this deck (its recovery code) may replace or withdraw it"),
    "card_used": ("カード {id} はもう対局で使われたので差し替えられません。取り下げて別の ID で保存してください",
                  "the card {id} has been played in a game and cannot be replaced: withdraw it and save it "
                  "under another ID"),
    "card_withdrawn": ("カード {id} は作者が取り下げました。新しいゲームには使えません",
                       "the card {id} was withdrawn by its author: new games cannot use it"),
    "card_proposed": ("カード {id} は提案中（サーバーの管理者の承認待ち）です。承認までは、提案した人がコンピューター"
                      "との対局で、または両方のプレイヤーが提案中のカードを認めた友だちとの対局でだけ使えます",
                      "the card {id} is a proposal waiting for the server owner's approval: until then only its "
                      "author uses it, in games against the computer, or a friend game where both players accept "
                      "proposed cards"),
    "proposal_needs_both": ("相手のデッキに提案中のカード {id} があります。「提案中のカードを使ってよい」に"
                            "チェックするとこのゲームで使えます",
                            "the other player's deck holds the proposed card {id}: tick \"Accept proposed cards\" to "
                            "play this game with it"),
    "review_off": ("このサーバーには管理者のトークンがなく、保存されたカードはすぐに承認されます（審査はありません）",
                   "this server has no owner token: saved cards are approved at once (there is no review)"),
    "not_server_owner": ("審査できるのはサーバーの管理者（起動時のトークン）だけです",
                         "only the server owner (the token given at start) may review cards"),
    "not_in_discussion": ("このカードの話し合いに加われるのは、作者（保存したブラウザ）とサーバーの管理者だけです",
                          "only the card's author (the browser that saved it) and the server owner take part in "
                          "its discussion"),
    "drafts_full": ("下書きは {limit} 件までです。古いものを消してから保存してください",
                    "at most {limit} drafts: delete an old one first"),
    "verdict_fits_none": ("このカードはどのスターターデッキにも入れられない（入れ替える同じ区分のカードがないか、"
                          "入れるとデッキの条件を満たさない）ので判定できません",
                          "this card fits no starter deck (none holds a card of its kind to replace, or the deck "
                          "breaks its rules with it), so it cannot be judged"),
    "verdicts_off": ("このサーバーではカードの判定を行いません", "this server does not run card verdicts"),
    "verdict_running": ("判定を 1 つ実行中です。終わるか止めてから次を始めてください",
                        "a verdict of yours is running: let it end or stop it before starting another"),
    "verdicts_busy": ("サーバーがほかの判定を実行中です。少し待ってからもう一度どうぞ",
                      "the server is running other verdicts: try again in a little while"),
    "verdict_not_confirmable": ("確かめられるのは、終わって判定の出た「強すぎる？」だけです",
                                "only an ended \"Is it too strong?\" verdict that reached a verdict can be confirmed"),
    "verdict_missing": ("その判定はありません（古くなって消えたか、サーバーが再起動しました）",
                        "no such verdict (it is old and gone, or the server restarted)"),
    "review_note": ("差し戻すときは理由を一言書いてください", "say why in a note when sending a card back"),
    "deck_saved_missing": ("保存されたデッキ「{name}」はありません", "no saved deck named \"{name}\""),
    # deck problems (the deck builder lists them all)
    "deck_syntax": ("「枚数 カード名」の形ではありません: {text}", "expected '<count> <card name>', got {text!r}"),
    "deck_section": ("知らない区分 [{header}]（区分: {known}）", "unknown section [{header}]; sections: {known}"),
    "deck_count": ("枚数は {most} 桁までです", "a count has at most {most} digits"),
    "deck_long": ("デッキリストが長すぎます（最大 {chars} 文字・{lines} 行）",
                  "the deck list is too long (at most {chars} characters in {lines} lines)"),
    "deck_unknown": ("知らないカード: {name}", "unknown card {name!r}"),
    "deck_unknown_near": ("知らないカード: {name}（もしかして「{near}」？）",
                          "unknown card {name!r}; did you mean {near!r}?"),
    "deck_kind": ("「{name}」は{section}に入れられません", "{name!r} cannot be in the {section} section"),
    "deck_copies": ("「{name}」が{section}に {n} 枚（最大 {most} 枚）", "{name!r}: {n} copies in {section}, at most "
                    "{most} allowed"),
    "deck_size": ("{section}はちょうど {want} 枚でなければなりません（いま {n} 枚）",
                  "{section} must have exactly {want} cards, has {n}"),
    "deck_few": ("{section}は {want} 枚以上必要です（いま {n} 枚）", "{section} needs at least {want} cards, has {n}"),
    "deck_many": ("{section}は {want} 枚までです（いま {n} 枚）", "{section} may have at most {want} cards, has {n}"),
}


#: What a field must be (the ``what`` of the ``field`` message), by its English template: (Japanese, English).
#: A ``what`` not listed here is a list of the accepted values themselves ("0 / 1", "'ai' / 'friend'"), shown as is.
FIELD_WHAT: dict[str, tuple[str, str]] = {w[1]: w for w in (
    ("カードの項目のオブジェクト", "an object of the card's fields"),
    ("差し替えるカードの ID", "the id of the card to replace"),
    ("デッキ名", "a deck name"),
    ("{n} 文字までのデッキリスト", "a deck list of at most {n} characters"),
    ("カードの ID", "a card id"),
    ("カード名", "a card name"),
    ("文のリスト", "a list of sentences"),
    ("復元コード（24〜200 文字）", "a recovery code (24–200 letters)"),
    ("文字列か null", "a string or null"),
    ("整数", "an integer"),
    ("空でない文字列", "a non-empty string"),
    ("前のページの 'next'", "the 'next' of the page before"),
    ("0〜{n} の整数", "an integer 0–{n}"),
    ("< > を含まない {n} 文字までのメモ", "a note of at most {n} characters without < >"),
    ("< > を含まない 1〜{n} 文字のメモ", "a note of 1 to {n} characters without < >"),
    ("{n} 文字までの http か https の URL", "an http(s) URL of at most {n} characters"),
    ("'prng'（コンピューターが相手のとき）", "'prng' with a computer opponent"),
    ("21:03:58 のような書き込み時刻", "a post time such as 21:03:58"),
    ("普通の値（文字列や数）のオブジェクト", "an object of plain values"),
    ("'starter' か 'text' を持つオブジェクト", "an object with 'starter' or 'text'"),
    ("構築済みデッキの 'starter' かデッキリストの 'text'", "a 'starter' deck or a deck list 'text'"),
    ("文字列", "a string"),
    ("オブジェクト", "an object"),
    ("ログの行番号", "a log line number"),
    ("0 以上の秒数", "a number of seconds, 0 or more"),
    ("0 より大きく {n} 以下の数", "a number above 0, at most {n}"),
    ("{n} 個までのゲームのリスト", "a list of at most {n} games"),
    ("'id' と 'token' を持つオブジェクト", "objects with 'id' and 'token'"),
    ("{low}〜{high} の整数", "an integer {low}–{high}"),
    ("構築済みデッキの名前 2 つ（{names}）", "two starter deck names ({names})"),
    ("ゲームの局面の表記", "a position in the game's notation"),
    ("2 つの整数（各席のライフ）", "two integers (each seat's life)"),
    ("領域ごとのテキストのオブジェクト 2 つ（席ごと）", "two objects of zone texts (one per seat)"),
)}


def refused_json(exc: Any, limits: Any) -> ClientError:
    """The ``bad_json`` error for a :class:`~grimoire.web.safejson.JSONRefused` under ``limits``."""
    kind = getattr(exc, "kind", "syntax")
    limit = {"depth": limits.json_depth, "items": limits.json_items}.get(kind, limits.json_digits)
    return ClientError("bad_json", "bad_json" if kind == "syntax" else kind, limit=limit)


def pick_lang(value: str | None) -> str:
    """The language for a client: the first of ours named in ``value`` (a lang or an Accept-Language), else ja."""
    for part in (value or "").split(","):
        tag = part.split(";")[0].strip().lower().split("-")[0]
        if tag in LANGS:
            return tag
    return LANGS[0]


class ClientError(Exception):
    """A refused request or message: a ``code`` (see :data:`ERROR_CODES`), a message key and parameters."""

    def __init__(self, code: str, key: str | None = None, **params: Any) -> None:
        self.code = code
        self.key = key or code
        self.params = params
        super().__init__(f"{code}: {self.message('en')}")

    def message(self, lang: str) -> str:
        """The message in ``lang`` (``ja`` or ``en``)."""
        ja, en = MESSAGES.get(self.key, ("{text}", "{text}"))
        template = en if lang == "en" else ja
        params = {k: v.get(lang) if isinstance(v, Localized) else v for k, v in self.params.items()}
        what = FIELD_WHAT.get(str(params.get("what")))
        try:
            if what is not None:
                params = {**params, "what": what[1 if lang == "en" else 0].format(**params)}
            return template.format(**params)
        except (KeyError, IndexError):
            return template

    @property
    def status(self) -> int:
        """The HTTP status of this error."""
        return STATUS.get(self.code, 400)

    def payload(self, lang: str = "ja", seq: int | None = None) -> dict[str, Any]:
        """The error message sent to the client."""
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message(lang)}
        if seq is not None:
            out["seq"] = seq
        return out
