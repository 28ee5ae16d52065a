"""The import-time CPU check (``shogi_variants._cpu``): a wheel built for
x86-64-v3 refuses, with a message, a CPU that lacks one of its features,
instead of dying of an illegal instruction."""

from __future__ import annotations

import doctest
import pathlib

import pytest

from shogi_variants import _cpu

V3 = "x86_64\navx,avx2,bmi1,bmi2,cmpxchg16b,f16c,fma,fxsr,lzcnt,movbe,popcnt,sse,sse2,sse3,sse4.1,sse4.2,ssse3,xsave\n"
HASWELL = "processor\t: 0\nflags\t\t: fpu sse sse2 pni ssse3 fma cx16 sse4_1 sse4_2 movbe popcnt xsave avx f16c abm bmi1 avx2 bmi2\n"
# A 2010 Westmere: SSE4.2 and POPCNT, but no AVX, BMI or LZCNT.
WESTMERE = "processor\t: 0\nflags\t\t: fpu sse sse2 pni ssse3 cx16 sse4_1 sse4_2 popcnt\n"


def files(tmp_path: pathlib.Path, target: str, cpuinfo: str) -> tuple[pathlib.Path, pathlib.Path]:
    (tmp_path / "target").write_text(target)
    (tmp_path / "cpuinfo").write_text(cpuinfo)
    return tmp_path / "target", tmp_path / "cpuinfo"


def test_the_doctests_pass() -> None:
    assert doctest.testmod(_cpu).failed == 0


def test_a_cpu_with_every_feature_passes(tmp_path: pathlib.Path) -> None:
    _cpu.check(*files(tmp_path, V3, HASWELL))


def test_an_older_cpu_is_refused_naming_what_it_lacks(tmp_path: pathlib.Path) -> None:
    with pytest.raises(ImportError) as e:
        _cpu.check(*files(tmp_path, V3, WESTMERE))
    assert "avx, avx2, bmi1, bmi2, f16c, fma, lzcnt, movbe" in str(e.value)
    assert "pip install --no-binary shogi-variants shogi-variants" in str(e.value)


def test_a_plain_x86_64_build_runs_on_an_older_cpu(tmp_path: pathlib.Path) -> None:
    _cpu.check(*files(tmp_path, "x86_64\nfxsr,sse,sse2\n", WESTMERE))


def test_nothing_is_checked_without_a_record_or_off_x86_64(tmp_path: pathlib.Path) -> None:
    _cpu.check(tmp_path / "absent", tmp_path / "absent")
    _cpu.check(*files(tmp_path, "aarch64\nneon\n", WESTMERE))
    _cpu.check(*files(tmp_path, V3, "no flags here\n"))


def test_this_build_records_its_target_and_this_machine_passes() -> None:
    # The installed package carries the record its build wrote (build.rs).
    record = pathlib.Path(_cpu.__file__).with_name("_build_target.txt")
    arch, features = record.read_text().splitlines()[:2]
    assert arch and features
    _cpu.check()
