"""Refuses, at import, a CPU that lacks an instruction set this build uses.

The wheels are built for x86-64-v3 (AVX2, BMI1/2, LZCNT, MOVBE, FMA: Intel
Haswell, AMD Zen and later, 2013 on), where the bitboard code is about three
times faster than on plain x86-64. On an older CPU the extension would die of
an illegal instruction (SIGILL) at its first use, with no message; this
check, run before the extension is loaded, raises ``ImportError`` naming the
missing features and the way out (a build from the source distribution,
which targets plain x86-64). The build records its features in
``_build_target.txt`` (written by ``bindings-python/build.rs``); without that
file, or off x86-64 Linux, nothing is checked.
"""

from __future__ import annotations

import pathlib

# Rust's name of a feature -> the flag /proc/cpuinfo shows for it. Features
# without a flag here (the x86-64 baseline's, xsave's kin) are not checked.
CPUINFO_FLAG = {
    "avx": "avx",
    "avx2": "avx2",
    "bmi1": "bmi1",
    "bmi2": "bmi2",
    "f16c": "f16c",
    "fma": "fma",
    "lzcnt": "abm",
    "movbe": "movbe",
    "popcnt": "popcnt",
    "sse3": "pni",
    "ssse3": "ssse3",
    "sse4.1": "sse4_1",
    "sse4.2": "sse4_2",
}


def missing(build_features: list[str], cpu_flags: set[str]) -> list[str]:
    """The features the build uses that the CPU's flags lack, in order.

    >>> missing(["avx2", "bmi2", "sse2"], {"avx2", "sse2"})
    ['bmi2']
    """
    return [f for f in build_features if f in CPUINFO_FLAG and CPUINFO_FLAG[f] not in cpu_flags]


def cpu_flags(cpuinfo: str) -> set[str]:
    """The flags of the first processor in the text of ``/proc/cpuinfo``.

    >>> sorted(cpu_flags("processor : 0\\nflags : fpu avx2 abm\\n"))
    ['abm', 'avx2', 'fpu']
    """
    for line in cpuinfo.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "flags":
            return set(value.split())
    return set()


def check(
    target: pathlib.Path = pathlib.Path(__file__).with_name("_build_target.txt"),
    cpuinfo: pathlib.Path = pathlib.Path("/proc/cpuinfo"),
) -> None:
    """Raises ``ImportError`` if this CPU lacks a feature the build uses."""
    try:
        arch, features = target.read_text().splitlines()[:2]
        flags = cpu_flags(cpuinfo.read_text())
    except (OSError, ValueError):
        return  # no record of the build, or not Linux: nothing to check
    if arch != "x86_64" or not flags:
        return
    lacking = missing(features.split(","), flags)
    if lacking:
        raise ImportError(
            "shogi_variants was built for x86-64-v3 CPUs (Intel Haswell, AMD Zen "
            f"and later) and this CPU lacks {', '.join(lacking)}: it would stop "
            "with an illegal instruction. Build it from the source distribution, "
            "which targets any x86-64 (Rust needed): "
            "pip install --no-binary shogi-variants shogi-variants"
        )
