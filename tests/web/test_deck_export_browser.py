"""The deck builder exports a deck with the section names of the page's language ([書庫] on a Japanese
page, [library] on an English one), and the export reads back as the same deck."""

from __future__ import annotations

from typing import Any

from test_browser import browser, new_page  # noqa: F401
from test_cards_browser import CardServer, cards_server  # noqa: F401


def test_the_deck_export_speaks_the_pages_language(cards_server: CardServer, browser: Any) -> None:  # noqa: F811
    with new_page(browser, locale="ja-JP") as page:
        page.goto(cards_server.url + "/decks?game=chant")
        page.wait_for_selector("body[data-ready='1']")
        page.click("#pool li[data-id='fireball'] button")
        page.click("#export")
        text = page.input_value("#deck-text")
        assert "[書庫]" in text and "[library]" not in text and "火球" in text, text
        page.fill("#deck-text", "")
        page.click("#clear")
        page.fill("#deck-text", text)
        page.click("#import")
        page.click("#export")
        assert page.input_value("#deck-text") == text
        page.click("#lang button[data-lang='en']")
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        page.click("#export")
        english = page.input_value("#deck-text")
        assert "[library]" in english and "Fireball" in english, english


def test_the_deck_builder_starts_from_any_starter_deck(cards_server: CardServer, browser: Any) -> None:  # noqa: F811
    with new_page(browser, locale="ja-JP") as page:
        for game in ("chant", "destiny"):
            page.goto(cards_server.url + f"/decks?game={game}")
            page.wait_for_selector("body[data-ready='1']")
            starters = page.eval_on_selector_all("#starter option", "os => os.map(o => [o.value, o.textContent])")
            assert len(starters) > 2, starters
            for value, name in starters[1:]:
                page.select_option("#starter", value)
                page.wait_for_function("(name) => document.getElementById('deck-name').value === name", arg=name)
                page.click("#export")
                text = page.input_value("#deck-text")
                lines = [line for line in text.splitlines() if line[:1].isdigit()]
                assert sum(int(line.split(" ", 1)[0]) for line in lines) >= 20, (game, value, text)
                assert not any(line.startswith("[") and line.isascii() for line in text.splitlines()), text


def test_the_deck_builders_first_message_speaks_the_pages_language(cards_server: CardServer,  # noqa: F811
                                                                   browser: Any) -> None:  # noqa: F811
    for locale, words in (("ja-JP", "デッキにカードがありません"), ("en-GB", "The deck has no cards yet")):
        with new_page(browser, locale=locale) as page:
            page.goto(cards_server.url + "/decks?game=chant")
            page.wait_for_selector("body[data-ready='1']")
            page.wait_for_function("() => document.body.dataset.checked")
            first = page.text_content("#problems") or ""
            assert words in first and "starter" not in first.replace("starter deck", ""), first
