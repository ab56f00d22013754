"""The conventions a Python command line is expected to keep: --version, python -m, shell completion,
--json for scripts, environment variables, the language from the locale, and the server's logging."""

from __future__ import annotations

import json
import logging
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import grimoire
import grimoire.web.command as serve_mod
from cli_helpers import call
from grimoire.cli.choices import Lang, locale_lang
from grimoire.core.registry import load_game
from grimoire.extras import engine_build

FIRE = Path(grimoire.__file__).parent / "games" / "chant" / "data" / "decks" / "fire.txt"


def grimoire_process(*args: str, env: dict[str, str] | None = None, module: str = "grimoire"
                     ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, encoding="utf-8",
                          env={**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})}, timeout=120, check=False)


# ----------------------------------------------------------------------------- --version, python -m, completion
def test_version_names_the_distribution_the_version_and_the_engine_build(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, ["--version"])
    assert code == 0 and err == ""
    assert re.fullmatch(r"grimoire-cardgames (\S+) \(engine: (compiled(?: from \S+)?|pure Python); "
                        r"Python 3\.\d+\.\d+\S*\)\n", out)
    assert f" {grimoire.__version__} " in out and f"(engine: {engine_build()}" in out


def test_python_dash_m_grimoire_is_the_command() -> None:
    done = grimoire_process("--version")
    assert done.returncode == 0 and done.stdout.startswith("grimoire-cardgames "), done.stderr
    done = grimoire_process("sim", "nosuchgame")
    assert done.returncode == 2 and done.stderr.startswith("grimoire: error: ")
    assert len(done.stderr.splitlines()) == 1


def test_shell_completion_completes_commands_games_and_options() -> None:
    def complete(words: str) -> list[str]:
        done = grimoire_process(env={"_GRIMOIRE_COMPLETE": "complete_bash", "COMP_WORDS": words,
                                     "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))})
        assert done.returncode == 0, done.stderr
        return done.stdout.split()

    assert complete("grimoire ca") == ["cards"]
    assert set(complete("grimoire sim ")) >= {"chant", "destiny"}
    assert "--json" in complete("grimoire deck check --j")
    # --show-completion names the shell it is run from (found by walking up the processes): run it
    # from bash (not exec-ed: bash stays the parent), whatever runs the tests (make uses sh)
    script = subprocess.run(["bash", "-c", f"{shlex.quote(sys.executable)} -m grimoire --show-completion; exit $?"],
                            capture_output=True, text=True, encoding="utf-8", timeout=120, check=False,
                            env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert script.returncode == 0, script.stderr
    assert "complete -o default -F _grimoire_completion grimoire" in script.stdout


# ----------------------------------------------------------------------------- --json
def test_deck_check_json_gives_the_deck_section_by_section(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, ["deck", "check", str(FIRE), "--json"])
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {"ok", "file", "game", "name", "total", "sections"}
    assert data["ok"] is True and data["game"] == "chant" and data["file"] == str(FIRE)
    deck = load_game("chant").cards.deck_from_file(FIRE)
    assert data["name"] == deck.name and list(data["sections"]) == list(deck.sections)
    assert data["total"] == sum(c["count"] for cards in data["sections"].values() for c in cards)
    assert data["total"] == sum(len(ids) for ids in deck.sections.values()) > 40  # the library and its books
    first = data["sections"]["library"][0]
    assert set(first) == {"id", "name", "count"} and set(first["name"]) == {"ja", "en"}


def test_deck_check_json_of_a_bad_deck_names_the_line_and_still_fails(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.txt"
    bad.write_text("name: x\n[書庫]\n3 火球\n1 nosuchcard\n", encoding="utf-8")
    code, out, err = call(capsys, monkeypatch, ["deck", "check", str(bad), "--game", "chant", "--json"])
    assert code == 2 and err.startswith("grimoire: error: ") and len(err.splitlines()) == 1
    data = json.loads(out)
    assert data == {"ok": False, "file": str(bad), "game": "chant", "line": 4,
                    "error": f"{bad}:4: unknown card 'nosuchcard'"}


def test_cards_show_json_is_the_card_as_cards_list_gives_it(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, ["cards", "show", "火球", "--json"])
    assert code == 0, err
    shown = json.loads(out)
    code, out, _ = call(capsys, monkeypatch, ["cards", "list", "chant", "--json"])
    listed = {card["id"]: card for card in json.loads(out)}
    assert [card["game"] for card in shown] == ["chant"]
    assert {k: v for k, v in shown[0].items() if k != "game"} == listed["fireball"]
    code, out, err = call(capsys, monkeypatch, ["cards", "show", "no such card", "--json"])
    assert code == 2 and out == "" and len(err.splitlines()) == 1


def test_cards_check_json_lists_every_warning(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, ["cards", "check", "--game", "chant", "--json"])
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {"ok", "checked", "games", "warnings", "guidelines"} and data["games"] == ["chant"]
    for note in data["guidelines"]:  # the seed's designer guidelines: warnings, never failures (docs/cli.md)
        assert {"game", "card", "key", "level", "text", "quote", "source"} <= set(note) and note["game"] == "chant"
    assert data["checked"] == len(load_game("chant").pool.by_id)
    assert data["ok"] is (not data["warnings"])
    for warning in data["warnings"]:
        assert set(warning) == {"game", "file", "card", "lang", "written", "generated"}
        assert warning["written"] != warning["generated"] and warning["lang"] in ("ja", "en")
    code, plain, _ = call(capsys, monkeypatch, ["cards", "check", "--game", "chant", "--lang", "en"])
    assert f"{data['checked']} cards checked, {len(data['warnings'])} warnings." in plain


def record_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Path:
    code, _, err = call(capsys, monkeypatch, ["sim", "destiny", "--games", "1", "--workers", "1", "--records",
                                              str(tmp_path), "--json"])
    assert code == 0, err
    return next(tmp_path.glob("*.json"))


def test_replay_verify_json_says_ok_with_the_step_count(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = record_file(tmp_path, capsys, monkeypatch)
    code, out, err = call(capsys, monkeypatch, ["replay", str(path), "--verify", "--json"])
    assert code == 0, err
    data = json.loads(out)
    steps = len(json.loads(path.read_text(encoding="utf-8"))["answers"])
    assert data == {"ok": True, "file": str(path), "game": "destiny", "rules_version": data["rules_version"],
                    "steps": steps, "first_bad_step": None, "error": None}


def test_replay_verify_json_names_the_first_step_that_differs(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = record_file(tmp_path, capsys, monkeypatch)
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    record["checks"][5] = "0" * len(record["checks"][5])  # step 5's events (0 is the set-up) no longer match
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    code, out, _ = call(capsys, monkeypatch, ["replay", str(path), "--verify", "--json", "--lang", "en"])
    data = json.loads(out)
    assert code == 1 and data["ok"] is False and data["first_bad_step"] == 5
    assert data["error"]["key"] == "differs" and data["error"]["message"].startswith("step 5: answer ")
    code, out, err = call(capsys, monkeypatch, ["replay", str(path), "--json"])
    assert code == 2 and out == "" and err == ("grimoire: error: --json needs --verify (the JSON is the "
                                               "verification's result)\n")


# ----------------------------------------------------------------------------- language
def test_grimoire_lang_sets_the_language_and_lang_overrides_it(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GRIMOIRE_LANG", "en")
    code, out, _ = call(capsys, monkeypatch, ["deck", "check", str(FIRE)])
    assert code == 0 and "is valid." in out
    code, out, _ = call(capsys, monkeypatch, ["deck", "check", str(FIRE), "--lang", "ja"])
    assert code == 0 and "は有効です。" in out
    monkeypatch.setenv("GRIMOIRE_LANG", "fr")
    code, out, err = call(capsys, monkeypatch, ["deck", "check", str(FIRE)])
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "GRIMOIRE_LANG" in err and "'fr'" in err


@pytest.mark.parametrize(("environ", "lang"), [
    ({}, Lang.ja), ({"LANG": "C.UTF-8"}, Lang.ja), ({"LANG": "POSIX"}, Lang.ja),
    ({"LANG": "ja_JP.UTF-8"}, Lang.ja), ({"LANG": "en_US.UTF-8"}, Lang.en), ({"LANG": "de_DE"}, Lang.en),
    ({"LANG": "ja_JP.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, Lang.en),
    ({"LANG": "en_US.UTF-8", "LC_ALL": "ja_JP.eucJP"}, Lang.ja),
])
def test_the_default_language_comes_from_the_locale(environ: dict[str, str], lang: Lang) -> None:
    assert locale_lang(environ) is lang


def test_an_english_locale_gets_english_output_without_any_option() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("GRIMOIRE_LANG", "LC_ALL", "LC_MESSAGES")}
    english = subprocess.run([sys.executable, "-m", "grimoire", "deck", "check", str(FIRE)], capture_output=True,
                             text=True, encoding="utf-8", env={**env, "LANG": "en_US.UTF-8"}, timeout=120,
                             check=False)
    assert english.returncode == 0 and "is valid." in english.stdout, english.stderr
    japanese = subprocess.run([sys.executable, "-m", "grimoire", "deck", "check", str(FIRE)], capture_output=True,
                              text=True, encoding="utf-8", env={**env, "LANG": "ja_JP.UTF-8"}, timeout=120,
                              check=False)
    assert japanese.returncode == 0 and "は有効です。" in japanese.stdout, japanese.stderr


# ----------------------------------------------------------------------------- serve: environment and logging
def capture_serve(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def fake(host: str, port: int, db: str | None, ai_delay: float, **settings: Any) -> None:
        seen.update(host=host, port=port, db=db, **settings)

    monkeypatch.setattr(serve_mod, "serve", fake)
    return seen


def test_serve_takes_its_deployment_settings_from_grimoire_variables(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    seen = capture_serve(monkeypatch)
    for name, value in {"GRIMOIRE_HOST": "0.0.0.0", "GRIMOIRE_PORT": "8123", "GRIMOIRE_DB": "games.db",
                        "GRIMOIRE_PUBLIC_URL": "http://192.168.1.20:8123", "GRIMOIRE_LOG_LEVEL": "debug",
                        "GRIMOIRE_ACCESS_LOG": "1"}.items():
        monkeypatch.setenv(name, value)
    code, _, err = call(capsys, monkeypatch, ["serve"])
    assert code == 0, err
    assert (seen["host"], seen["port"], seen["db"]) == ("0.0.0.0", 8123, "games.db")
    assert seen["public_url"] == "http://192.168.1.20:8123" and seen["log_level"] == "debug"
    assert seen["access_log"] is True
    code, _, err = call(capsys, monkeypatch, ["serve", "--port", "9000", "--log-level", "error"])
    assert code == 0 and seen["port"] == 9000 and seen["log_level"] == "error"  # the command line wins


def test_serve_defaults_and_bad_variables(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    seen = capture_serve(monkeypatch)
    code, _, _ = call(capsys, monkeypatch, ["serve"])
    assert code == 0 and (seen["host"], seen["port"], seen["db"]) == ("127.0.0.1", 8000, None)
    assert seen["log_level"] is None and seen["access_log"] is False
    for name, value in (("GRIMOIRE_PORT", "eighty"), ("GRIMOIRE_LOG_LEVEL", "loud")):
        with monkeypatch.context() as env:
            env.setenv(name, value)
            code, _, err = call(capsys, monkeypatch, ["serve"])
            assert code == 2 and err.startswith("grimoire: error: ") and name in err and len(err.splitlines()) == 1


def test_the_server_logs_at_the_level_asked_with_the_access_log(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    uvicorn = pytest.importorskip("uvicorn")
    from grimoire.web import server

    configs: list[Any] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: configs.append(self.config))
    monkeypatch.setattr(server.Collector, "tune", lambda self: None)  # keep this test process's collector as it was
    for logger in ("grimoire", "uvicorn.access", "uvicorn.error"):
        monkeypatch.setattr(logging.getLogger(logger), "level", logging.getLogger(logger).level)
    server.serve("127.0.0.1", 8765, str(tmp_path / "a.db"), think_workers=0)
    assert configs[-1].access_log is False and logging.getLogger("uvicorn.error").level == logging.WARNING
    assert logging.getLogger("grimoire").level == logging.INFO
    server.serve("127.0.0.1", 8765, str(tmp_path / "b.db"), think_workers=0, log_level="error", access_log=True)
    assert configs[-1].access_log is True and logging.getLogger("uvicorn.error").level == logging.ERROR
    assert logging.getLogger("uvicorn.access").level == logging.INFO  # access lines are logged whatever the level
    assert logging.getLogger("grimoire").level == logging.ERROR


# ----------------------------------------------------------------------------- a missing extra
def test_a_missing_web_extra_is_one_line_naming_the_extra(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(sys.modules, "grimoire.web.server", None)
    code, out, err = call(capsys, monkeypatch, ["serve", "--port", "8765"])
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "(extra 'web'): pip install 'grimoire-cardgames[web]'" in err


def test_the_command_line_and_its_serve_command_load_without_the_web_extra() -> None:
    """``grimoire`` registers ``serve`` from grimoire.web.command, which imports no Starlette or Uvicorn."""
    code = ("import sys; sys.modules['starlette'] = sys.modules['uvicorn'] = None\n"
            "from grimoire.cli.main import run\n"
            "sys.exit(run(['serve', '--help']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "COLUMNS": "200"})
    assert done.returncode == 0, done.stderr
    assert "--port" in done.stdout and "--owner-token" in done.stdout


def test_python_m_grimoire_web_refuses_bad_input_in_the_words_of_grimoire_serve() -> None:
    for bad in (["--durability", "fast"], ["--port", "0"], ["--bogus"]):
        alone = subprocess.run([sys.executable, "-m", "grimoire.web", *bad], capture_output=True, text=True,
                               timeout=60)
        command = subprocess.run([sys.executable, "-m", "grimoire", "serve", *bad], capture_output=True,
                                 text=True, timeout=60)
        assert (alone.returncode, alone.stderr) == (command.returncode, command.stderr) == (2, alone.stderr)
        assert alone.stderr.startswith("grimoire: error: ") and len(alone.stderr.splitlines()) == 1


def test_a_missing_ray_is_one_line_naming_the_extra(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(sys.modules, "ray", None)
    code, out, err = call(capsys, monkeypatch, ["sim", "toy", "--games", "1", "--backend", "ray"])
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "(extra 'ray'): pip install 'grimoire-cardgames[ray]'" in err


# ----------------------------------------------------------------------------- the documentation
def test_docs_cli_documents_every_json_key_verify_error_and_variable() -> None:
    from grimoire.cli.main import app
    from grimoire.core.replay import VERIFY_MESSAGES

    docs = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    keys = {"ok", "file", "game", "name", "total", "sections", "line", "error", "checked", "games", "warnings",
            "card", "lang", "written", "generated", "rules_version", "steps", "first_bad_step", "key", "message",
            "args", "count", "id"}
    assert [k for k in sorted(keys) if f'"{k}"' not in docs and f"`{k}`" not in docs] == []
    assert [k for k in VERIFY_MESSAGES if f"`{k}`" not in docs] == []
    import typer.main

    command = typer.main.get_command(app)
    variables = {param.envvar for sub in command.commands.values() for param in getattr(sub, "params", [])
                 if isinstance(param.envvar, str)}
    assert "GRIMOIRE_PORT" in variables and "GRIMOIRE_LANG" in variables
    assert [v for v in sorted(variables) if f"`{v}`" not in docs] == []


def test_balance_json_prints_the_reports_data(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, ["balance", "toy", "-n", "2", "--agent", "random", "--workers", "1",
                                                "--out", str(tmp_path), "--json"])
    assert code == 0, err
    assert json.loads(out) == json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))
    assert "report:" not in out and (tmp_path / "report.html").is_file()


def test_serve_takes_the_owner_token_from_the_option_or_grimoire_owner_token(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    seen = capture_serve(monkeypatch)
    code, _, err = call(capsys, monkeypatch, ["serve"])
    assert code == 0 and seen["owner_token"] is None and seen["review"] is False, err
    monkeypatch.setenv("GRIMOIRE_OWNER_TOKEN", "t" * 30)
    code, _, err = call(capsys, monkeypatch, ["serve"])
    assert code == 0 and seen["owner_token"] == "t" * 30, err
    code, _, err = call(capsys, monkeypatch, ["serve", "--owner-token", "short"])
    assert code == 2 and "--owner-token must be 24 to 200 characters" in err and len(err.splitlines()) == 1
