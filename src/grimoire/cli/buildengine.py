"""``grimoire build-engine``: compile the engine with mypyc into the per-user cache (or start that in the background).

Every later ``grimoire`` start runs the compiled engine while the installed sources are the
ones it was built from (``grimoire --version`` says which engine runs and from where).
"""

from __future__ import annotations

import time
from subprocess import CalledProcessError
from typing import Annotated

import typer

from grimoire.buildengine.build import build, build_in_background, missing
from grimoire.buildengine.cache import entry_for, read_stamp, source_digest

from .choices import DEFAULT_LANG
from .params import LangOpt

TEXT: dict[str, dict[str, str]] = {
    "cannot": {"ja": "コンパイル版エンジンはここでは作れません（{why}）。純 Python のエンジンで動きます。",
               "en": "The compiled engine cannot be built here ({why}); Grimoire runs the pure-Python engine."},
    "ready": {"ja": "コンパイル版エンジンは作成済みです: {entry}",
              "en": "The compiled engine is built: {entry}"},
    "compiling": {"ja": "エンジンを mypyc でコンパイルしています（数分かかります）…",
                  "en": "Compiling the engine with mypyc (this takes minutes)…"},
    "built": {"ja": "{seconds:.0f} 秒で完成しました: {entry}（次に起動した grimoire から使われます）",
              "en": "Built in {seconds:.0f} s: {entry} (every grimoire started from now on uses it)"},
    "busy": {"ja": "同じソースのコンパイルがすでに進行中です。",
             "en": "A build of the same sources is already running."},
    "failed": {"ja": "コンパイルに失敗しました（{why}）。純 Python のエンジンで動きます。",
               "en": "The build failed ({why}); Grimoire runs the pure-Python engine."},
    "background": {"ja": "エンジンのコンパイルをバックグラウンドで始めました（記録: {log}）。"
                         "完成までは純 Python で動き、完成後に起動した grimoire から速くなります。",
                   "en": "Compiling the engine in the background (log: {log}); Grimoire runs pure Python until "
                         "it is done, and every grimoire started after that uses it."},
}


def say(key: str, lang: str, **args: object) -> None:
    """Print one of :data:`TEXT` in ``lang``."""
    typer.echo(TEXT[key]["en" if lang == "en" else "ja"].format(**args))


def build_engine(
    background: Annotated[bool, typer.Option("--background", help="Start the build in a process of its own and "
                                             "return at once (make serve and make play do this).")] = False,
    lang: LangOpt = DEFAULT_LANG,
) -> None:
    """Compile the engine with mypyc into the per-user cache; later starts of grimoire run it."""
    language = lang.value
    why = missing()
    if why is not None:
        say("cannot", language, why=why)
        raise typer.Exit(0 if background else 1)
    entry = entry_for(source_digest())
    if read_stamp(entry) is not None:
        say("ready", language, entry=entry)
        return
    if background:
        say("background", language, log=build_in_background())
        return
    say("compiling", language)
    began = time.perf_counter()
    try:
        built = build()
    except (OSError, CalledProcessError) as exc:
        say("failed", language, why=" ".join(str(exc).split()))
        raise typer.Exit(1) from None
    if built is None:
        say("busy", language)
        raise typer.Exit(1)
    say("built", language, entry=built, seconds=time.perf_counter() - began)
