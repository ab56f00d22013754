"""The rules pages: each game's numbered rules, rendered, with an anchor per rule number.

Routes::

    GET  /rules/{game}?lang=ja|en    the game's rules page (``#r-3.2.1``: rule 3.2.1)

Each game ships its rules in its own package (``rules_docs`` of its plugin: ``<game>.md``
in English, ``<game>.ja.md`` in Japanese); a plugin's rules page is served like the
built-in games'. The built-in games' files are links to ``docs/rules/``, the one copy
(the wheel holds the files themselves; docs/server.md).

Markdown is rendered by markdown-it-py with raw HTML disabled: no HTML written in a
rules file reaches the page. Every numbered rule (a heading ``### 3.2 …``, a list item
``- 3.2.1 …`` or a paragraph ``5.4.1. …``) gets the id ``r-<number>``.

Each game names the rule a decision applies (``rule_refs`` of its plugin); the table
shows it as a link next to the prompt (:func:`decision_refs`).

>>> rule_numbers("### 3.2 Actions\\n- 3.2.1 Place cards.\\n  - 3.2.1.1 More.\\n5.4. Text\\n")
['3.2', '3.2.1', '3.2.1.1', '5.4']
>>> 'id="r-3.2.1"' in render_markdown("- 3.2.1 Place <b>cards</b>.")
True
>>> "<b>" in render_markdown("- 3.2.1 Place <b>cards</b>.")
False
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from grimoire.core.decision import Decision
from grimoire.core.errors import GrimoireError
from grimoire.core.i18n import LANGS, Texts, rule_note
from grimoire.core.registry import plugin

__all__ = ["decision_refs", "has_rules_page", "render_markdown", "rule_numbers", "rule_text", "rules_routes",
           "rules_source"]

_NUMBER = re.compile(r"^(\d+(?:\.\d+)*)\.?(?=\s|$)")
_LINE = re.compile(r"^(?:#{2,6}\s+(\d+(?:\.\d+)*)|\s*(?:-\s+)?(\d+(?:\.\d+)+))\.?(?=\s)", re.MULTILINE)
_WORDS = {
    "ja": {"rules": "ルール", "lobby": "ロビーへ", "other": "English"},
    "en": {"rules": "Rules", "lobby": "Back to lobby", "other": "日本語"},
}


def rules_source(game: str, lang: str) -> str | None:
    """The Markdown of ``game``'s rules in ``lang`` (None: the game has no rules page)."""
    if lang not in LANGS:
        return None
    try:
        found = plugin(game).rules_document(lang)
    except GrimoireError:  # not a game
        return None
    return None if found is None else found.read_text(encoding="utf-8")


def rule_numbers(text: str) -> list[str]:
    """The rule numbers of a rules file in order: headings, list items and paragraphs that start with one."""
    seen: list[str] = []
    for m in _LINE.finditer(text):
        number = m.group(1) or m.group(2)
        if number not in seen:
            seen.append(number)
    return seen


def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _anchor_target(tokens: list[Token], i: int) -> Token | None:
    """The block token that opens the numbered rule whose text is ``tokens[i]`` (an inline token)."""
    opener = tokens[i - 1] if i > 0 else None
    if opener is None:
        return None
    if opener.type == "heading_open":
        return opener
    if opener.type == "paragraph_open":
        before = tokens[i - 2] if i > 1 else None
        return before if before is not None and before.type == "list_item_open" else opener
    return None


def _add_anchors(tokens: list[Token]) -> None:
    given: set[str] = set()
    for i, token in enumerate(tokens):
        if token.type != "inline":
            continue
        m = _NUMBER.match(token.content)
        target = _anchor_target(tokens, i)
        if m is None or target is None or m.group(1) in given:
            continue
        if target.type != "heading_open" and "." not in m.group(1):
            continue
        given.add(m.group(1))
        target.attrSet("id", f"r-{m.group(1)}")
        target.attrSet("class", "rule")


_CJK_BREAK = re.compile(r"(?<=[^\x00-\x7f])\n\s*(?=[^\x00-\x7f])")


def _join_lines(text: str) -> str:
    """Line breaks inside a paragraph: none between Japanese characters, else a space."""
    return _CJK_BREAK.sub("", text).replace("\n", " ")


def _soft_breaks(tokens: list[Token]) -> None:
    """A soft line break between Japanese characters shows no space (a browser would show one)."""
    for token in tokens:
        children = token.children or []
        for i, child in enumerate(children):
            if child.type != "softbreak":
                continue
            before = children[i - 1].content[-1:] if i > 0 else ""
            after = children[i + 1].content[:1] if i + 1 < len(children) else ""
            if before and after and not before.isascii() and not after.isascii():
                child.type, child.content = "text", ""


def _local_links(tokens: list[Token]) -> None:
    """Links to other repository files (``chant-cards.md``) become plain text: the page has no such route."""
    for token in tokens:
        if token.type != "inline" or not token.children:
            continue
        kept: list[Token] = []
        skipping = 0
        for child in token.children:
            href = str(child.attrGet("href") or "")
            if child.type == "link_open" and not href.startswith(("http://", "https://", "#")):
                skipping += 1
                continue
            if child.type == "link_close" and skipping:
                skipping -= 1
                continue
            kept.append(child)
        token.children = kept


def render_markdown(text: str) -> str:
    """The HTML of a rules text: no raw HTML passes, every numbered rule gets ``id="r-<number>"``."""
    md = _parser()
    tokens = md.parse(text)
    _add_anchors(tokens)
    _local_links(tokens)
    _soft_breaks(tokens)
    return str(md.renderer.render(tokens, md.options, {}))


@lru_cache(maxsize=16)
def _rendered(game: str, lang: str) -> str | None:
    source = rules_source(game, lang)
    return None if source is None else render_markdown(source)


@lru_cache(maxsize=16)
def _texts(game: str, lang: str) -> dict[str, str]:
    """Rule number → the rule's own text, plain (Markdown marks removed but the backquotes of ids)."""
    source = rules_source(game, lang) or ""
    out: dict[str, str] = {}
    for token in _parser().parse(source):
        if token.type != "inline":
            continue
        m = _NUMBER.match(token.content)
        if m is None or m.group(1) in out:
            continue
        plain = "".join("\n" if c.type == "softbreak" else f"`{c.content}`" if c.type == "code_inline" else c.content
                        for c in token.children or [] if c.type in ("text", "code_inline", "softbreak"))
        plain = re.sub(r"\s+", " ", _join_lines(plain)).strip()
        out[m.group(1)] = _NUMBER.sub("", plain, count=1).strip()
    return out


@lru_cache(maxsize=16)
def has_rules_page(game: str) -> bool:
    """Whether ``game`` has a rules page (its package ships its rules in every language)."""
    return all(rules_source(game, lang) is not None for lang in LANGS)


def rule_text(game: str, lang: str, number: str) -> str | None:
    """The text of rule ``number`` of ``game`` in ``lang``, plain (None: no such rule)."""
    text = _texts(game, lang).get(number)
    return None if text is None else text.replace("`", "")


@lru_cache(maxsize=16)
def _refs(game: str) -> Mapping[str, str]:
    try:
        return plugin(game).rule_map()
    except GrimoireError:
        return {}


def decision_refs(game: str, decision: Decision, lang: str, texts: Texts | None = None) -> dict[str, Any]:
    """What the decision payload says of the rules: ``rule`` (the rule the decision applies, or None)
    and ``notes`` (option id → ``{"rule", "text"}`` for options with a rule of their own; the text
    without its title and its interpretations, which the option and the rules page give). With the
    game's ``texts``, a note speaks the player's words, not the rules document's ids
    (:meth:`~grimoire.core.i18n.Texts.rule_words`).
    """
    refs = _refs(game)
    notes: dict[str, dict[str, str]] = {}
    for option in decision.options:
        number = refs.get(f"{decision.kind} {option.id}")
        if number is not None:
            text = rule_note(_texts(game, lang).get(number, ""))
            text = texts.rule_words(text, lang) if texts is not None else text.replace("`", "")
            notes[option.id] = {"rule": number, "text": text}
    return {"rule": refs.get(decision.kind), "notes": notes}


LangOf = Callable[[Request], str]


def _page(game: str, title: str, lang: str, body: str) -> str:
    words = _WORDS[lang]
    other = "en" if lang == "ja" else "ja"
    name = html.escape(title)
    return (f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            '<meta name="referrer" content="no-referrer">\n'
            f'<title>{name} — {words["rules"]}</title>\n<link rel="icon" href="data:,">\n'
            '<link rel="stylesheet" href="/static/style.css">\n</head>\n'
            f'<body class="rules-page" data-game="{html.escape(game)}">\n<header class="top">\n'
            f'  <h1><a href="/">グリモア</a> <small>{name} — {words["rules"]}</small></h1>\n'
            f'  <nav class="nav"><a href="/" id="rules-lobby">{words["lobby"]}</a>'
            f'<a href="?lang={other}" id="rules-other" hreflang="{other}">{words["other"]}</a></nav>\n'
            f'</header>\n<main class="rules-main panel">\n{body}</main>\n</body>\n</html>\n')


async def _rules_page(game_names: Callable[[], tuple[str, ...]], lang_of: LangOf, request: Request) -> Response:
    game = request.path_params["game"]
    lang = lang_of(request)
    body = _rendered(game, lang) if game in game_names() else None
    if body is None:
        return HTMLResponse("<!doctype html><title>404</title><p>no such rules page</p>", status_code=404)
    title = plugin(game).title
    return HTMLResponse(_page(game, title.ja if lang == "ja" else title.en, lang, body),
                        headers={"Cache-Control": "no-cache"})


def rules_routes(game_names: Callable[[], tuple[str, ...]], lang_of: LangOf) -> list[BaseRoute]:
    """The routes of the module docstring; ``game_names`` gives the games the server serves."""
    async def page(request: Request) -> Response:
        return await _rules_page(game_names, lang_of, request)

    return [Route("/rules/{game}", page)]
