"""Self-play datasets at scale on Ray: ``generate`` plays N games of any game
on Ray actors and writes them as sharded numpy files with their records.

Each actor wraps :class:`shogi_variants.Episodes` (the batched self-play of
whole games with chosen seats). The run is cut into shards of
``shard_games`` games; game ``i``'s seed is ``episode_seed(seed, i)``, so a
run gives the same games whatever the number of workers or restarts.

On disk, in ``out``::

    manifest.json               settings, seeds, counts (rewritten every 10 s
                                while a run goes on, and when it stops)
    shards/shard-00000.npz      per-decision arrays of games 0..shard_games-1
    records/shard-00000.jsonl   one line per game: index, seed, result, the
                                saved game (to_json) and, for the
                                perfect-information games, its KIF
    training/shard-00000.hcpe   with training=True (standard shogi): every
    training/shard-00000.psv    position of the shard's games, with the move
                                played and the result, as cshogi's HCPE and
                                YaneuraOu's PSV (Board.hcpe(), Board.psv())

Workers play and pack their shards (arrays compressed, records as text);
the driver only writes them. A shard's ``.npz`` is written last, to a temporary name and renamed into
place: a shard is done exactly when its ``.npz`` exists. A worker that dies
loses its shard in flight, which is played again from its seeds on another
worker; a run interrupted and started again with the same settings plays only
the shards that are missing.

Why ``.npz`` and not Parquet: the rows are fixed-shape tensors (an
observation is ``planes × ranks × files`` float32), which ``np.load`` hands
to PyTorch or JAX without conversion and which ``savez_compressed`` shrinks
well (observations are mostly zeros); Parquet would add pyarrow and store
each tensor as a nested list. The arrays of a shard, row ``k`` for decision
``k``: ``observations`` float32 ``(rows, planes, ranks, files)``, ``masks``
uint8 ``(rows, ceil(num_actions / 8))`` packed little-endian (``load``
unpacks them), ``actions`` int32, ``players`` uint8 (0 Black, 1 White),
``outcomes`` float32 (+1 / −1 / 0 for the player who decided), ``games``
int64 (the game's index in the run) and ``plies`` int32.

Command line::

    python -m shogi_variants.distributed generate --game minishogi --games 1000 \\
        --black random --white search:nodes=500 --out data/minishogi --workers 2
    python -m shogi_variants.distributed generate ... --address ray://head:10001

Variants registered in Python (``register_variant``) exist only in the
process that registered them: ``Episodes`` plays them there, but Ray's
workers do not know them; definitions (``settings={"definition": ...}``)
travel with the settings and play anywhere.

``ray.init()`` starts a local Ray by default (no cluster needed); pass
``address`` (``"auto"`` on a cluster node, or ``ray://host:10001``) to use a
running cluster.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
import zipfile
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence

import numpy as np

from . import Board, Episodes, MissingExtraError, SettingError, ShogiError, episode_seed, new_game

__all__ = ["EpisodeWorker", "RunSummary", "generate", "load", "main", "pack_shard", "play_shard", "records"]

FORMAT = "shogi-variants-selfplay/1"


def _ray():
    try:
        import ray  # noqa: PLC0415  (optional extra)
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise MissingExtraError(
            f"Ray is needed for distributed self-play ({e}): pip install shogi-variants[ray]"
        ) from e
    return ray


@dataclass
class RunSummary:
    """What a ``generate`` call did: counts, time and the output's place.
    ``games`` and ``positions`` count the whole run on disk; ``games_played``
    and ``positions_played`` what this call played (the rates are of those)."""

    out: str
    games: int
    positions: int
    shards: int
    shards_played: int
    shards_resumed: int
    workers: int
    seconds: float
    worker_failures: int
    games_played: int
    positions_played: int
    results: Dict[str, int] = field(default_factory=dict)

    @property
    def games_per_second(self) -> float:
        return self.games_played / self.seconds if self.seconds > 0 else 0.0

    @property
    def positions_per_second(self) -> float:
        return self.positions_played / self.seconds if self.seconds > 0 else 0.0

    def __str__(self) -> str:
        ends = ", ".join(f"{k} {v}" for k, v in sorted(self.results.items()))
        return (
            f"{self.games} games, {self.positions} positions in {self.shards} shards at {self.out} "
            f"({self.shards_played} played now, {self.shards_resumed} found on disk; "
            f"{self.workers} workers, {self.worker_failures} worker failures); "
            f"{self.games_per_second:.1f} games/s, {self.positions_per_second:,.0f} positions/s; {ends}"
        )


def _shard_ranges(games: int, shard_games: int) -> List[range]:
    return [range(s, min(s + shard_games, games)) for s in range(0, games, shard_games)]


def _result_name(result: Any) -> str:
    if result.truncated:
        return "truncated"
    o = result.outcome
    if o is None:
        return "on"
    who = "draw" if o.winner is None else ("black" if int(o.winner) == 0 else "white")
    reason = getattr(o.reason, "value", o.reason)
    return f"{who}:{reason}"


def play_shard(
    settings: Dict[str, Any], indices: Sequence[int], policy: Optional[Callable] = None
) -> Dict[str, Any]:
    """Plays the games ``indices`` of a run (seeds from the run's seed) and
    returns the shard: its arrays and one record per game. What each worker
    runs; callable without Ray to play a shard in this process."""
    seeds = [episode_seed(settings["seed"], i) for i in indices]
    batch = Episodes(
        settings["game"],
        seeds=seeds,
        black=settings["black"],
        white=settings["white"],
        max_plies=settings["max_plies"],
        threads=settings.get("threads", 1),
        observations=settings["observations"],
        **settings["settings"],
    )
    batch.run(policy)
    data = batch.decisions()
    data["games"] = np.asarray(indices, dtype=np.int64)[data["games"]]
    records = []
    hcpe: List[bytes] = []
    psv: List[bytes] = []
    for k, (index, result) in enumerate(zip(indices, batch.results())):
        game = batch.game_at(k)
        entry = {
            "index": int(index),
            "seed": int(result.seed),
            "plies": int(result.plies),
            "result": _result_name(result),
            "winner": None
            if result.outcome is None or result.outcome.winner is None
            else int(result.outcome.winner),
            "truncated": bool(result.truncated),
            "game": json.loads(game.to_json()),
        }
        if settings.get("training") and isinstance(game, Board):
            hcpe.append(game.hcpe())
            psv.append(game.psv())
        if settings["records"] and hasattr(game, "record"):
            try:
                entry["kif"] = game.record().kif()
            except Exception as e:  # noqa: BLE001 - a record is a courtesy
                entry["kif_error"] = str(e)
        records.append(entry)
    shard: Dict[str, Any] = {"arrays": data, "records": records}
    if settings.get("training"):
        shard["training"] = {"hcpe": b"".join(hcpe), "psv": b"".join(psv)}
    return shard


def _write_atomically(path: str, data: bytes) -> None:
    """Writes ``path`` whole or not at all: to a temporary name, flushed to
    the disk, then renamed (and the rename flushed), so that neither a
    killed process nor a power cut leaves a part of a file under its name."""
    tmp = f"{path}.tmp-{os.getpid()}"
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        _fsync_dir(os.path.dirname(path) or ".")
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def _fsync_dir(folder: str) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - a system without directory handles
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - a file system that cannot
        pass
    finally:
        os.close(fd)


def _shard_done(out: str, k: int) -> bool:
    """Whether shard ``k`` is on disk whole: its ``.npz`` exists and reads as
    a zip archive (a file that does not is played again)."""
    path = _shard_path(out, k)
    return os.path.exists(path) and zipfile.is_zipfile(path)


def _shard_path(out: str, k: int) -> str:
    return os.path.join(out, "shards", f"shard-{k:05d}.npz")


def _records_path(out: str, k: int) -> str:
    return os.path.join(out, "records", f"shard-{k:05d}.jsonl")


def pack_shard(shard: Dict[str, Any]) -> Dict[str, Any]:
    """A played shard ready to be written: its arrays as ``.npz`` bytes
    (deflate level 1: a third of level 6's time, for files 1.8 times as big
    on observations that are mostly zeros), its record lines and its row
    count. The workers pack, in parallel; the driver only writes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        for name, array in shard["arrays"].items():
            with z.open(f"{name}.npy", "w", force_zip64=True) as f:
                np.lib.format.write_array(f, np.ascontiguousarray(array), allow_pickle=False)
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in shard["records"])
    packed = {
        "npz": buffer.getvalue(),
        "records": lines,
        "positions": int(len(shard["arrays"]["actions"])),
        "results": _tally(shard["records"]),
    }
    if "training" in shard:
        packed["training"] = shard["training"]
    return packed


def _save_shard(out: str, k: int, packed: Dict[str, Any]) -> int:
    """Writes a packed shard: its records, then its arrays (the mark that it is done)."""
    _write_atomically(_records_path(out, k), packed["records"].encode("utf-8"))
    for ext, data in packed.get("training", {}).items():
        os.makedirs(os.path.join(out, "training"), exist_ok=True)
        _write_atomically(os.path.join(out, "training", f"shard-{k:05d}.{ext}"), data)
    _write_atomically(_shard_path(out, k), packed["npz"])
    return int(packed["positions"])


def _manifest(out: str) -> Optional[Dict[str, Any]]:
    path = os.path.join(out, "manifest.json")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _write_manifest(out: str, manifest: Dict[str, Any]) -> None:
    text = json.dumps(manifest, indent=1, ensure_ascii=False)
    _write_atomically(os.path.join(out, "manifest.json"), text.encode("utf-8"))


#: Seconds between two writes of the manifest while a run goes on: it grows
#: with the shards, and a resume counts the shards from disk anyway.
MANIFEST_EVERY = 10.0


class EpisodeWorker:
    """What each Ray actor is: it plays the shards it is given (each with
    ``play_shard``, wrapping ``Episodes``) and returns them packed to the
    driver. Actors outlive a ``generate`` call: the next call reuses them
    (a Ray worker takes seconds to start), whatever its settings."""

    def play(self, settings: Dict[str, Any], indices: List[int], policy: Optional[Callable] = None) -> Dict[str, Any]:
        return pack_shard(play_shard(settings, indices, policy))


#: The actors kept between calls, by Ray session (driver node and job) and
#: CPUs per actor: a Ray shut down and started again gets new actors.
_ACTORS: Dict[tuple, List[Any]] = {}


def _pool_key(ray: Any, threads: int) -> tuple:
    # A local Ray started again numbers its jobs from 1 again, on a new node.
    context = ray.get_runtime_context()
    return (context.get_node_id(), context.get_job_id(), threads)


def _new_actor(ray: Any, threads: int) -> Any:
    # No restarts by Ray: a dead worker's shard is given to a new actor by
    # the driver, which knows which shard it was.
    return ray.remote(num_cpus=threads, max_restarts=0)(EpisodeWorker).remote()


def _actor_pool(ray: Any, workers: int, threads: int) -> List[Any]:
    """``workers`` actors of ``threads`` CPUs: kept ones first, new ones for
    the rest. Kept actors of another size, and those beyond ``workers``, are
    killed: they hold CPUs the new ones may need."""
    key = _pool_key(ray, threads)
    for other in [k for k in _ACTORS if k != key]:
        for actor in _ACTORS.pop(other):
            _kill(ray, actor)
    kept = _ACTORS.get(key, [])
    for actor in kept[workers:]:
        _kill(ray, actor)
    pool = kept[:workers] + [_new_actor(ray, threads) for _ in range(workers - len(kept[:workers]))]
    _ACTORS[key] = pool
    return pool


def _kill(ray: Any, actor: Any) -> None:
    try:
        ray.kill(actor)
    except Exception:  # noqa: BLE001 - gone already, or of a Ray shut down
        pass


def _lost_worker_errors(ray: Any) -> tuple:
    """Ray's exceptions for a shard lost with its worker, node or object."""
    names = ("RayActorError", "WorkerCrashedError", "ObjectLostError", "OwnerDiedError",
             "OutOfMemoryError", "NodeDiedError", "ObjectReconstructionFailedError")
    return tuple(getattr(ray.exceptions, n) for n in names if hasattr(ray.exceptions, n))


#: Times a shard is given to a new actor after losing its worker, before the run stops.
MAX_SHARD_ATTEMPTS = 3


def _replace_actor(ray: Any, threads: int, dead: Any) -> Any:
    fresh = _new_actor(ray, threads)
    key = _pool_key(ray, threads)
    _ACTORS[key] = [fresh if a is dead else a for a in _ACTORS.get(key, [])]
    return fresh


def generate(
    out: str,
    game: str = "standard",
    games: int = 1000,
    black: str = "random",
    white: str = "random",
    seed: int = 0,
    max_plies: Optional[int] = 512,
    shard_games: int = 64,
    workers: Optional[int] = None,
    threads_per_worker: int = 1,
    observations: bool = True,
    records: bool = True,
    training: bool = False,
    policy: Optional[Callable] = None,
    settings: Optional[Dict[str, Any]] = None,
    address: Optional[str] = None,
    progress: bool = True,
    on_shard: Optional[Callable[[int, List[Any]], None]] = None,
) -> RunSummary:
    """Plays ``games`` games of ``game`` on Ray actors and writes them to ``out``.

    ``black`` and ``white`` are seats as ``Episodes`` takes them (``"random"``,
    ``"search:nodes=500"``, ``"card"``, ``"belief"``, ``"naive"``, ``"policy"``);
    a ``"policy"`` seat plays ``policy(observations, masks) -> actions`` (any
    picklable callable: it is shipped to each worker). ``workers`` actors
    (default: the CPUs Ray reports, over ``threads_per_worker``) each take a
    shard of ``shard_games`` games at a time. Game ``i``'s seed is
    ``episode_seed(seed, i)``. ``ray.init(address=address)`` is called unless
    Ray is already running (``None``: a local Ray on this machine).

    ``training=True`` also writes each shard's positions as HCPE and PSV
    training data (``training/``; standard shogi only: another game raises
    ``SettingError``).

    Rerunning with the same settings resumes: shards on disk are kept, the
    missing ones played. Different settings in a non-empty ``out`` raise
    ``SettingError`` (a policy counts by the digest of its pickle: another
    network does not resume a run). ``workers`` is capped by the CPUs of the
    Ray cluster. A worker that dies is replaced and its shard replayed (a
    shard that loses its worker ``MAX_SHARD_ATTEMPTS`` times stops the run
    with ``ShogiError``; a shard that fails by itself, with the worker's
    exception). ``on_shard(k, busy)`` is called after shard ``k`` lands, with the actors
    that have a shard in flight: a hook for progress reports and for the
    fault test, which kills one. Returns a :class:`RunSummary`.
    """
    if games < 1 or shard_games < 1 or threads_per_worker < 1:
        raise SettingError("games, shard_games and threads_per_worker must be at least 1")
    run: Dict[str, Any] = {
        "format": FORMAT,
        "game": game,
        "settings": dict(settings or {}),
        "black": black,
        "white": white,
        "seed": int(seed),
        "games": int(games),
        "shard_games": int(shard_games),
        "max_plies": max_plies,
        "observations": bool(observations),
        "records": bool(records),
        "threads": int(threads_per_worker),
    }
    if training:
        # Only when asked, so that the runs written before it resume.
        run["training"] = True
        if getattr(new_game(game, **run["settings"]), "variant", None) != "standard":
            raise SettingError(f"training=True writes HCPE and PSV, which hold standard shogi, not {game!r}")
    # Check the settings here, before any worker starts (a bad seat or game
    # raises SettingError at once).
    Episodes(game, seeds=[0], black=black, white=white, max_plies=max_plies, **run["settings"])
    if "policy" in (black.split(":")[0], white.split(":")[0]) and policy is None:
        raise SettingError("a 'policy' seat needs generate(..., policy=...): a picklable callable (observations, masks) -> actions")
    if workers is not None and workers < 1:
        raise SettingError(f"workers must be at least 1, not {workers}")
    # Settings are compared as the text the rules read them as (5 and "5" agree),
    # and a policy by the digest of its pickle: resuming with another network
    # would mix its games with the first one's.
    run["policy"] = _digest(policy)
    manifest, ranges, done, todo = _plan(out, run)
    started = time.perf_counter()
    played = _Played()
    if todo:
        played = _play_shards(
            out, run, manifest, ranges, done, todo,
            address=address, workers=workers, policy=policy, progress=progress, on_shard=on_shard,
        )
    seconds = time.perf_counter() - started
    return _finish(out, manifest, ranges, done, todo, played, seconds)


def _plan(out: str, run: Dict[str, Any]) -> tuple:
    """Plans a run in ``out`` and resumes the one there: the manifest (with
    the shards already on disk), the games of each shard, the shards done
    and those to play. A run with other settings in ``out`` raises
    ``SettingError``."""
    os.makedirs(os.path.join(out, "shards"), exist_ok=True)
    os.makedirs(os.path.join(out, "records"), exist_ok=True)
    found = _manifest(out)
    keys = [k for k in run if k != "threads"]
    mine, theirs = _comparable(run), _comparable(found.get("run", {}) if found else {})
    differ = [k for k in keys if theirs.get(k) != mine[k]]
    if found is not None and differ:
        raise SettingError(
            f"{out} holds a run with other settings ({', '.join(differ)}): "
            "use a new directory, or the same settings to resume it"
        )
    ranges = _shard_ranges(run["games"], run["shard_games"])
    done = {k for k in range(len(ranges)) if _shard_done(out, k)}
    todo = [k for k in range(len(ranges)) if k not in done]
    manifest: Dict[str, Any] = {
        "run": run,
        "seeds": "game i's seed is episode_seed(run.seed, i)",
        "shards": {},
        "started": found.get("started") if found else time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }
    if found:
        manifest["shards"] = {k: v for k, v in found.get("shards", {}).items() if int(k) in done}
    for k in done:
        manifest["shards"].setdefault(str(k), _count_shard(out, k))
    _write_manifest(out, manifest)
    return manifest, ranges, done, todo


@dataclass
class _Played:
    """What the Ray loop played: its actors, the workers it lost, the games
    and positions."""

    workers: int = 0
    failures: int = 0
    games: int = 0
    positions: int = 0


def _play_shards(
    out: str,
    run: Dict[str, Any],
    manifest: Dict[str, Any],
    ranges: List[range],
    done: set,
    todo: List[int],
    address: Optional[str],
    workers: Optional[int],
    policy: Optional[Callable],
    progress: bool,
    on_shard: Optional[Callable[[int, List[Any]], None]],
) -> _Played:
    """Plays the shards ``todo`` on Ray actors, saving each as it lands (and
    the manifest now and then): a shard whose worker dies is replayed by a
    new actor, up to ``MAX_SHARD_ATTEMPTS`` times; a shard that fails by
    itself stops the run with its exception."""
    threads_per_worker = run["threads"]
    started = time.perf_counter()
    played = _Played()
    ray = _ray()
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    # Never more actors than the cluster has CPUs for: an actor that
    # cannot get its CPUs never starts, and its shard would never come.
    cpus = int(ray.cluster_resources().get("CPU", 1))
    if threads_per_worker > cpus:
        raise SettingError(f"threads_per_worker={threads_per_worker}, but the Ray cluster has {cpus} CPUs")
    fit = max(1, cpus // threads_per_worker)
    played.workers = workers = max(1, min(workers or fit, fit, len(todo)))
    actors = _actor_pool(ray, workers, threads_per_worker)
    # The policy is shipped once to Ray's object store, not with every shard.
    policy_ref = ray.put(policy) if policy is not None else None
    bar = _progress_bar(progress, run["games"], sum(len(ranges[k]) for k in done))
    pending: Dict[Any, tuple] = {}
    attempts: Dict[int, int] = {}
    written = time.perf_counter()
    queue = list(todo)

    def submit(actor: Any) -> None:
        if queue:
            k = queue.pop(0)
            pending[actor.play.remote(run, list(ranges[k]), policy_ref)] = (k, actor)

    for actor in actors:
        submit(actor)
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            ref = ready[0]
            k, actor = pending.pop(ref)
            try:
                shard = ray.get(ref)
            except _lost_worker_errors(ray):
                # The worker (or its node, or the shard on its way) was
                # lost: the shard is replayed from its seeds by a new
                # actor, a few times; a shard that keeps killing its
                # workers (a policy that crashes, memory) stops the run.
                played.failures += 1
                attempts[k] = attempts.get(k, 0) + 1
                if attempts[k] >= MAX_SHARD_ATTEMPTS:
                    raise ShogiError(
                        f"shard {k} (games {ranges[k].start}..{ranges[k].stop - 1}) lost its worker "
                        f"{attempts[k]} times: the run stops (the shards on disk stay; fix the cause and rerun)"
                    ) from None
                queue.insert(0, k)
                actors[actors.index(actor)] = actor = _replace_actor(ray, threads_per_worker, actor)
                submit(actor)
                continue
            except ray.exceptions.RayTaskError as e:
                # The shard itself failed (a policy's bad answer, a variant
                # the worker does not know): playing it again would fail
                # again. The run stops with the worker's exception; the
                # shards written so far stay, for a rerun to resume.
                cause = getattr(e, "cause", None)
                raise (cause if isinstance(cause, BaseException) else e.as_instanceof_cause()) from None
            positions = _save_shard(out, k, shard)
            manifest["shards"][str(k)] = {
                "games": len(ranges[k]),
                "positions": positions,
                "first_game": ranges[k].start,
                "results": shard["results"],
            }
            if time.perf_counter() - written >= MANIFEST_EVERY:
                _write_manifest(out, manifest)
                written = time.perf_counter()
            played.games += len(ranges[k])
            played.positions += positions
            if bar is not None:
                elapsed = max(time.perf_counter() - started, 1e-9)
                bar.update(len(ranges[k]))
                bar.set_postfix(
                    games_s=f"{played.games / elapsed:.1f}",
                    positions_s=f"{played.positions / elapsed:,.0f}",
                )
            submit(actor)
            if on_shard is not None:
                on_shard(k, [a for _, a in pending.values()])
    except BaseException:
        _write_manifest(out, manifest)  # the shards that landed, for whoever looks
        raise
    finally:
        if bar is not None:
            bar.close()
        # After an error or Ctrl-C, the kept actors drop the shards
        # still queued for them (one already running finishes).
        for ref in pending:
            try:
                ray.cancel(ref)
            except Exception:  # noqa: BLE001 - already done or gone
                pass
    return played


def _finish(
    out: str,
    manifest: Dict[str, Any],
    ranges: List[range],
    done: set,
    todo: List[int],
    played: _Played,
    seconds: float,
) -> RunSummary:
    """Writes the run's totals (of every shard, resumed ones too) to the
    manifest and returns its summary."""
    totals: Dict[str, int] = {}
    for entry in manifest["shards"].values():
        for k, v in entry.get("results", {}).items():
            totals[k] = totals.get(k, 0) + v
    manifest["finished"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
    manifest["totals"] = {
        "games": sum(e["games"] for e in manifest["shards"].values()),
        "positions": sum(e["positions"] for e in manifest["shards"].values()),
        "results": totals,
    }
    _write_manifest(out, manifest)
    return RunSummary(
        out=out,
        games=manifest["totals"]["games"],
        positions=manifest["totals"]["positions"],
        shards=len(ranges),
        shards_played=len(todo),
        shards_resumed=len(done),
        workers=played.workers if todo else 0,
        seconds=seconds,
        worker_failures=played.failures,
        games_played=played.games,
        positions_played=played.positions,
        results=totals,
    )


def _comparable(run: Dict[str, Any]) -> Dict[str, Any]:
    """A run's settings for the resume test: game settings as the text the
    rules read them as (``5`` and ``"5"``, ``True`` and ``"true"`` agree)."""
    out = dict(run)
    out["settings"] = {k: _setting_text(v) for k, v in (run.get("settings") or {}).items()}
    return out


def _setting_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _digest(policy: Optional[Callable]) -> Optional[str]:
    """A short digest of a policy's pickle (as Ray ships it), or ``None``."""
    if policy is None:
        return None
    import hashlib  # noqa: PLC0415

    try:
        from ray import cloudpickle  # noqa: PLC0415
    except ImportError:  # pragma: no cover - Ray is needed anyway
        import pickle as cloudpickle  # type: ignore[no-redef]  # noqa: PLC0415
    return hashlib.sha256(cloudpickle.dumps(policy)).hexdigest()[:16]


def _tally(records: List[Dict[str, Any]]) -> Dict[str, int]:
    out: Dict[str, int] = {}
    for r in records:
        out[r["result"]] = out.get(r["result"], 0) + 1
    return out


def _count_shard(out: str, k: int) -> Dict[str, Any]:
    """The manifest entry of a shard found on disk."""
    with np.load(_shard_path(out, k)) as z:
        positions = int(len(z["actions"]))
        games = np.unique(z["games"])
    results: Dict[str, int] = {}
    first = None
    if os.path.exists(_records_path(out, k)):
        with open(_records_path(out, k), encoding="utf-8") as f:
            recs = [json.loads(line) for line in f if line.strip()]
        results = _tally(recs)
        first = min((r["index"] for r in recs), default=None)
        n = len(recs)
    else:
        n = len(games)
    return {"games": n, "positions": positions, "first_game": first, "results": results}


def _progress_bar(progress: bool, total: int, initial: int) -> Any:
    if not progress:
        return None
    try:
        from tqdm.auto import tqdm  # type: ignore[import-untyped]  # noqa: PLC0415
    except ImportError:
        return None
    return tqdm(total=total, initial=initial, unit="game", desc="self-play")


def _shard_number(name: str) -> int:
    """The shard number in ``shard-00042.npz`` (past 99,999 the names grow a
    digit, so names do not sort as numbers)."""
    digits = name.split("-", 1)[-1].split(".", 1)[0]
    return int(digits) if digits.isdigit() else -1


def load(out: str, unpack_masks: bool = True) -> Dict[str, np.ndarray]:
    """Every shard of a run, concatenated in game order: the arrays of the
    module documentation, with ``masks`` unpacked to bool ``(rows,
    num_actions)`` unless ``unpack_masks=False``."""
    manifest = _manifest(out)
    if manifest is None:
        raise SettingError(f"{out} has no manifest.json: not a self-play run directory")
    paths = [
        os.path.join(out, "shards", p)
        for p in sorted(
            (p for p in os.listdir(os.path.join(out, "shards")) if p.endswith(".npz")),
            key=_shard_number,
        )
        if _shard_done(out, _shard_number(p))
    ]
    parts: Dict[str, List[np.ndarray]] = {}
    for p in paths:
        with np.load(p) as z:
            for name in z.files:
                parts.setdefault(name, []).append(z[name])
    data = {k: np.concatenate(v) for k, v in parts.items()}
    if unpack_masks and "masks" in data and "actions" in data:
        run = manifest["run"]
        probe = Episodes(run["game"], seeds=[0], **run["settings"])
        data["masks"] = np.unpackbits(
            data["masks"], axis=1, count=probe.num_actions, bitorder="little"
        ).astype(bool)
    return data


def records(out: str) -> List[Dict[str, Any]]:
    """Every game's record line of a run, in game order."""
    lines: List[Dict[str, Any]] = []
    folder = os.path.join(out, "records")
    for p in sorted((p for p in os.listdir(folder) if p.endswith(".jsonl")), key=_shard_number):
        if not _shard_done(out, _shard_number(p)):
            continue  # records written, arrays not: the shard is not done
        with open(os.path.join(folder, p), encoding="utf-8") as f:
            lines.extend(json.loads(line) for line in f if line.strip())
    return sorted(lines, key=lambda r: r["index"])


def _setting_value(text: str) -> Any:
    """A ``--set`` value: a number, ``true``/``false`` or ``null`` as JSON
    reads them, otherwise the text itself (``base=minishogi``)."""
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if isinstance(value, (int, float, bool)) or value is None else text


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m shogi_variants.distributed",
        description="Self-play datasets on Ray (see the module documentation).",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="play games and write shards")
    g.add_argument("--out", required=True, help="output directory (resumed if it holds this run)")
    g.add_argument("--game", default="standard")
    g.add_argument("--games", type=int, default=1000)
    g.add_argument("--black", default="random", help="seat: random, search[:nodes=N], card, belief, naive")
    g.add_argument("--white", default="random")
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--max-plies", type=int, default=512)
    g.add_argument("--shard-games", type=int, default=64)
    g.add_argument("--workers", type=int, default=None)
    g.add_argument("--threads-per-worker", type=int, default=1)
    g.add_argument("--no-observations", action="store_true")
    g.add_argument("--no-records", action="store_true", help="no KIF in the record lines")
    g.add_argument("--training", action="store_true", help="also write HCPE and PSV training data (standard shogi)")
    g.add_argument("--address", default=None, help="a Ray cluster (default: a local Ray)")
    g.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="a game setting")
    g.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    settings = {}
    for pair in args.set:
        key, sep, value = pair.partition("=")
        if not sep:
            parser.error(f"--set {pair!r}: expected KEY=VALUE")
        settings[key] = _setting_value(value)
    try:
        summary = generate(
            args.out,
            game=args.game,
            games=args.games,
            black=args.black,
            white=args.white,
            seed=args.seed,
            max_plies=args.max_plies,
            shard_games=args.shard_games,
            workers=args.workers,
            threads_per_worker=args.threads_per_worker,
            observations=not args.no_observations,
            records=not args.no_records,
            training=args.training,
            settings=settings,
            address=args.address,
            progress=not args.quiet,
        )
    except (SettingError, MissingExtraError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
