"""Shared helpers for benchmark scripts: machine description and report sections."""

from __future__ import annotations

import os
import platform
import re
from datetime import UTC, datetime
from pathlib import Path


def machine() -> str:
    """One line describing the machine the benchmark ran on."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kb = int(re.findall(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text())[0])
        mem = f", {kb / 1024 / 1024:.0f} GiB RAM"
    except (OSError, IndexError):
        pass
    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average {os.getloadavg()[0]:.1f} at the start"
    return (f"{cpu}, {os.cpu_count()} cores{mem}, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()} ({platform.python_implementation()}){load}")


def write_section(path: Path, name: str, body: str) -> None:
    """Replace (or append) the section between ``<!-- bench:NAME -->`` markers in ``path``."""
    start, end = f"<!-- bench:{name} -->", f"<!-- /bench:{name} -->"
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    block = f"{start}\n_Measured {stamp} on {machine()}._\n\n{body.strip()}\n{end}"
    text = path.read_text(encoding="utf-8") if path.exists() else "# Performance\n"
    if start in text and end in text:
        text = text[: text.index(start)] + block + text[text.index(end) + len(end):]
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")
