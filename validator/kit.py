"""Load a kit directory: `kit.yaml` plus the files it includes, validated as one model."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, cast

from pydantic import BaseModel, ValidationError

from . import codes, suppress
from .cardfiles import expand_card_files
from .checks import (
    CheckContext,
    check_credits,
    check_end_conditions,
    check_every_id,
    check_rule_tables,
    check_texts,
    told_at_headers,
)
from .components.kit import KitBase
from .findings import Finding, Location, Report
from .games import GAMES, AnyKitModel, kit_adapter, kit_model
from .kitpaths import display_path, safe_kit_path
from .proofread import proofread
from .repeats import repeated
from .schema_errors import findings_from
from .source import Limits, Source, format_path, load_file
from .tables import TABLE_SUFFIXES
from .types import KIT_FILE_MARK
from .walk import Walk

KIT_FILE = "kit.yaml"


@dataclass
class LoadedKit:
    """What the validator hands the generator: the kit's model (when it parsed), its source positions and findings."""

    root: Path
    kit: AnyKitModel | None = None
    source: Source = field(default_factory=Source)
    report: Report = field(default_factory=Report)
    suppressions: suppress.Suppressions = field(default_factory=suppress.Suppressions)
    """The kit's usable `ignore:` entries: validation findings are already silenced in `report`; the
    generator silences layout findings with them (validator.suppress.silence and unused)."""

    @property
    def model(self) -> AnyKitModel:
        """The validated kit model. The generator only ever sees kits that loaded; anything else is a bug."""
        if self.kit is None:
            raise RuntimeError(f"{self.root} did not load; check `ok` before using its model")
        return self.kit

    @property
    def ok(self) -> bool:
        return self.kit is not None and not self.report.has_errors


@contextmanager
def _no_cyclic_gc():
    """Loading builds a large acyclic graph; the cyclic collector would walk it again and again
    (half the time of validating 10,000 cards) and find nothing to free."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def load_kit(root: Path, limits: Limits = Limits(), *, strict_translations: bool = False) -> LoadedKit:
    """Read, merge and validate a kit; every problem lands in `loaded.report`. `strict_translations`: every
    text an edition lacks is an error (PK301), for a release build, rather than one warning per edition (PK372)."""
    with _no_cyclic_gc():
        return _load_kit(root, limits, strict_translations)


def _load_kit(root: Path, limits: Limits, strict_translations: bool = False) -> LoadedKit:
    loaded = LoadedKit(root=root)
    report = loaded.report
    kit_path = root / KIT_FILE
    try:
        exists = kit_path.is_file()
    except OSError as exc:  # a directory that cannot be searched (mode 000) says so when asked for a file in it
        report.extend(
            [
                codes.make(
                    "PK107",
                    f"cannot read the kit directory {display_path(root)}: {exc.strerror or type(exc).__name__}",
                    Location(display_path(kit_path)),
                    hint="check that the directory exists and that you may read it",
                )
            ]
        )
        return loaded
    if exists:
        _path, problem = safe_kit_path(root, KIT_FILE, Location(display_path(kit_path), 1, 1), "")
        if problem is not None and problem.code == "PK108":
            report.extend([problem])
            return loaded
    if not exists:
        report.extend(
            [
                codes.make(
                    "PK107",
                    f"no {KIT_FILE} in {display_path(root)}",
                    Location(display_path(kit_path)),
                    hint="a kit is a directory with a kit.yaml",
                )
            ]
        )
        return loaded
    main, problems = load_file(kit_path, display_path(kit_path), limits)
    report.extend(problems)
    if main is None:
        return loaded
    if not isinstance(main.data, dict):
        report.extend([codes.make("PK109", "kit.yaml must be a mapping of fields", main.locate(()))])
        return loaded
    data: dict[str, Any] = dict(main.data)
    combined = Source(data=data)
    combined.merge(main)
    includes = data.get("include", [])
    if isinstance(includes, list):
        for _i, name, path in _each_file_once(root, kit_path, includes, main, report):
            _merge_include(name, path, data, combined, report, limits.left_after(combined))
    combined.data = data
    loaded.source = combined

    game = data.get("game")
    if isinstance(game, str) and game not in GAMES:
        report.extend(
            [
                codes.make(
                    "PK204",
                    f"unknown game {game!r}",
                    combined.locate(("game",)),
                    "game",
                    f"use one of {', '.join(sorted(GAMES))}",
                )
            ]
        )
        return loaded
    if isinstance(game, str):  # decks may name files that hold their cards: read them in, with their positions
        report.extend(expand_card_files(root, data, combined, kit_model(game), limits.left_after(combined)))
    if report.has_errors:
        return loaded
    try:
        # a known game validates against its own model alone; anything else gets the union's message
        kit = kit_model(game).model_validate(data) if isinstance(game, str) else kit_adapter().validate_python(data)
    except ValidationError as exc:
        report.extend(findings_from(exc, data, combined))
        return loaded
    ctx = CheckContext(combined, tuple(kit.languages), strict_translations=strict_translations)
    if not kit.within_bounds(ctx):  # the checks below count and lay out what the kit holds: not past its bounds
        report.extend(ctx.findings)
        return loaded
    check_texts(ctx, kit, kit.placeholder_values())
    check_end_conditions(ctx, kit)
    check_credits(ctx, kit)
    check_rule_tables(ctx, kit)
    check_kit_files(ctx, kit, root)
    kit.check(ctx)
    proofread(ctx, kit)
    check_every_id(ctx, kit)
    told_at_headers(ctx)
    report.extend(ctx.findings)
    _silence(loaded, kit, combined, root)
    loaded.kit = cast("AnyKitModel", kit)  # the model `game:` names, so one member of the union
    return loaded


def _silence(loaded: LoadedKit, kit: KitBase, source: Source, root: Path) -> None:
    """Apply the kit's `ignore:` entries to its validation findings: a PK331 for each entry that cannot be
    used, a PK330 for each that silenced nothing (but for layout codes, which the generator settles)."""
    if not kit.ignore:
        return
    rules, problems = suppress.read(kit.ignore, source, root, kit)
    kept, silenced, unused = suppress.apply(loaded.report.findings, rules, "load")
    loaded.report.findings = kept + silenced + unused + problems
    loaded.suppressions = replace(rules, used=frozenset(f.suppressed.location for f in silenced if f.suppressed))


def _each_file_once(
    root: Path, kit_path: Path, includes: list, main: Source, report: Report
) -> Iterator[tuple[int, Any, Path]]:
    """(index, name, path) of each file `include:` lists, once, in order. A file listed again, under any
    spelling that leads to it, is a PK112 at the first repeat, once per file (and kit.yaml itself at its entry):
    5,000 copies of an entry are one finding and one read, not 5,000 reads that each clash with the first."""
    kit_file = kit_path.resolve()
    checked: dict[str, tuple[Path | None, Path | None, Finding | None]] = {}  # a name listed again: resolved once
    files: list[tuple[Path, int, Any, Path]] = []
    for i, name in enumerate(includes):
        where = main.locate(("include", i))
        # a table holds the cards of one deck, so the deck names it (`cards: cards.csv`), not `include:`
        if isinstance(name, str) and name.lower().endswith(TABLE_SUFFIXES):
            report.extend(
                [
                    codes.make(
                        "PK544",
                        f"{name!r} is a table of cards, not a component file",
                        where,
                        f"include[{i}]",
                        f"name it in its deck instead: `cards: {name}`",
                    )
                ]
            )
            continue
        if isinstance(name, str) and name in checked:
            path, file, problem = checked[name]
            problem = problem and replace(problem, location=where, path=f"include[{i}]")
        else:
            path, problem = safe_kit_path(root, name, where, f"include[{i}]")
            file = path.resolve() if path is not None else None
            if isinstance(name, str):
                checked[name] = (path, file, problem)
        if problem:
            report.extend([problem])
        elif file == kit_file:
            report.extend(
                [
                    codes.make(
                        "PK112",
                        f"{name!r} is kit.yaml itself, which is read first",
                        where,
                        f"include[{i}]",
                        "remove it from `include:`",
                    )
                ]
            )
        elif path is not None and file is not None:
            files.append((file, i, name, path))
    for group in repeated((file, ("include", i)) for file, i, _name, _path in files):
        i = group.places[1][1]
        report.extend(
            [
                codes.make(
                    "PK112",
                    f"{includes[i]!r} is included {group.times} ({group.where(main)}); it is read once",
                    main.locate(group.places[1]),
                    f"include[{i}]",
                    "list each file once",
                )
            ]
        )
    first: dict[Path, int] = {}
    for file, i, name, path in files:
        if first.setdefault(file, i) == i:
            yield i, name, path


def _merge_include(name: Any, path: Path, data: dict, combined: Source, report: Report, limits: Limits) -> None:
    part, problems = load_file(path, display_path(path), limits)
    report.extend(problems)
    if part is None:
        return
    if part.data is None:
        return
    if not isinstance(part.data, dict):
        hint = f"a list of cards belongs to its deck: `cards: {name}`" if isinstance(part.data, list) else ""
        report.extend([codes.make("PK109", "a component file must be a mapping of fields", part.locate(()), hint=hint)])
        return
    for key, value in part.data.items():
        if key in data or key in ("include", "game", "id"):
            first = combined.locate((key,), key=True)
            report.extend(
                [
                    codes.make(
                        "PK110",
                        f"{key!r} is already defined at {first}",
                        part.locate((key,), key=True),
                        str(key),
                        "define each top-level field in one file",
                    )
                ]
            )
            continue
        data[key] = value
    combined.merge(part)


IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")


def _kit_file_fields(walked: Walk) -> Iterator[tuple[tuple, str]]:
    """Every KitFile value of a walked model tree, with its path."""
    for path, model in walked.models:
        for name in _file_fields(type(model)):
            value = getattr(model, name)
            if isinstance(value, str):
                yield path + (name,), value


@cache
def _file_fields(cls: type[BaseModel]) -> tuple[str, ...]:
    """The fields of a model class that name a kit file, worked out once per class."""
    return tuple(name for name, info in cls.model_fields.items() if _is_kit_file(info.annotation))


def _is_kit_file(annotation: Any) -> bool:
    """True when the annotation is KitFile, also inside Optional[...]."""
    for meta in getattr(annotation, "__metadata__", ()):
        if getattr(meta, "json_schema_extra", None) == KIT_FILE_MARK:
            return True
    return any(_is_kit_file(arg) for arg in getattr(annotation, "__args__", ()) or ())


def check_kit_files(ctx: CheckContext, kit: KitBase, root: Path) -> None:
    """Files the kit names exist, stay inside the kit directory, and are images pnpkit can place."""
    from .images import check_images, header_pixels_problem

    for path, name in _kit_file_fields(ctx.walk(kit)):  # the kit's models, read once for every check
        full, problem = safe_kit_path(root, name, ctx.source.locate(path), format_path(path))
        if problem is not None:
            ctx.findings.append(problem)
        elif not name.lower().endswith(IMAGE_SUFFIXES):
            ctx.add("PK321", path, f"{name!r} is not a PNG or JPEG image", "convert it to PNG")
        elif full is not None and (too_large := header_pixels_problem(full)) is not None:
            ctx.add(too_large.code, path, f"{name!r} {too_large.message}", too_large.hint)
    check_images(ctx, kit, root, safe_kit_path)  # pictures on cards: every file checked once, before any is drawn
