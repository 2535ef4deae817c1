"""Unlock Tower: a paper-and-pencil race up six towers, one per die face.

Each round every player secretly picks a die face and uses that tower's
effects in phases 1–3; phase 4's coin effects are open to everyone. Reaching
a floor with an unlock mark unlocks one locked effect; coin marks give coins.
The rule model holds the towers (marks and effects), the round, the scoring
categories A–E, the tie-break order and the player sheets, and checks that
they make a game that can be played to its end.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, model_validator

from ..checks import check_permutation, check_unique_ids, check_unique_names
from ..components.kit import KitBase
from ..components.sheets import Gate, Letter, PadRegion, Sheet, check_sheets, regions
from ..components.table import Need
from ..explanation import Explanation
from ..findings import Severity
from ..repeats import repeated
from ..types import Colour, Count, LocalText, NonNegative, RuleText, StrictModel

if TYPE_CHECKING:
    from ..checks import CheckContext

E = Severity.ERROR

CODES = {
    "UT001": (E, "floor outside the towers"),
    "UT002": (E, "more lock boxes than unlock marks"),
    "UT003": (E, "effect names a tower that does not exist"),
    "UT004": (E, "effect or round names a phase that does not fit"),
    "UT005": (Severity.WARNING, "row boxes that the towers' tops at the game's end cannot fill"),
    "UT006": (E, "scoring boxes that cannot be filled"),
    "UT007": (E, "end of the game cannot be reached"),
    "UT008": (E, "chained lock without a lock above it"),
    "UT009": (E, "free-phase effect without a coin cost"),
    "UT010": (E, "two marks on one floor"),
    "UT011": (E, "towers are not one per die face, numbered from 1"),
    "UT012": (E, "unlock bonus that no effect ticks"),
    "UT013": (E, "named-face effect in the wrong place"),
    "UT014": (E, "sheet lacks a part the game needs"),
    "UT015": (E, "sheet region too small for its cells or content"),
    "UT016": (E, "score pad has fewer rows than players"),
}

EXPLANATIONS = {
    "UT005": Explanation(
        "Rows of tower tops are counted at the game's end. Unless the rules keep every top symbol drawn, each tower "
        "has one top then, so six towers make at most one row of four and two rows of three: a category with more "
        "boxes than that has boxes no player can ever tick (a warning).",
        "scoring:\n  - {id: A, kind: row, run: 4, boxes: 2, vp: 2, name: {ja: 4連続セット, en: Row of four}}\n",
        "Print as many boxes as the tops can fill, or keep the old top symbols and say so in the rules "
        "(「古い記号は消さない」, 'Keep the old symbols').",
    ),
}
"""What this game's warnings mean, for `pnpkit codes CODE`."""

# ---------------------------------------------------------------- effects


class NamedFaceChosen(StrictModel):
    """Die-1 special: some player chose the face you named."""

    kind: Literal["named-face-chosen"]
    """named-face-chosen: some player chose the face you named."""


class Alone(StrictModel):
    """No other player chose your face this round."""

    kind: Literal["alone"]
    """alone: no other player chose your face this round."""


class TowerAtLeast(StrictModel):
    kind: Literal["tower-at-least"]
    """tower-at-least: a tower has reached a floor."""
    tower: int
    """The tower's number."""
    floor: int
    """The floor it must have reached."""


Condition = Annotated[NamedFaceChosen | Alone | TowerAtLeast, Field(discriminator="kind")]


class StepBase(StrictModel):
    when: Condition | None = Field(None, description="A condition: the step is printed on a shaded band.")


class Build(StepBase):
    """Tower N + floors."""

    kind: Literal["build"]
    """build: add floors to one tower."""
    tower: int
    """The tower's number."""
    floors: Count
    """How many floors to add."""


class BuildAny(StepBase):
    """Any tower (X) + floors, or + floors~up_to."""

    kind: Literal["build-any"]
    """build-any: add floors to a tower of the player's choice."""
    floors: Count
    """How many floors to add."""
    up_to: Count | None = Field(None, description="'+1~2': the player adds floors or up_to.")

    @model_validator(mode="after")
    def _range(self) -> BuildAny:
        if self.up_to is not None and self.up_to <= self.floors:
            raise ValueError(f"up_to ({self.up_to}) must be more than floors ({self.floors})")
        return self


class Roll(StepBase):
    """Tower N (or any tower, chosen before rolling) + a die roll."""

    kind: Literal["roll"]
    """roll: add as many floors as a die roll."""
    tower: int | None = None
    """The tower's number; any tower (chosen before rolling) when not given."""


class Unlock(StepBase):
    kind: Literal["unlock"]
    """unlock: unlock one locked effect."""


class Coins(StepBase):
    kind: Literal["coins"]
    """coins: gain coins."""
    coins: Count
    """How many coins."""


class Bonus(StepBase):
    """Tick tower N's unlock bonus (category E)."""

    kind: Literal["bonus"]
    """bonus: tick the tower's unlock bonus (category E)."""
    tower: int
    """The tower's number."""


class BlockNamed(StepBase):
    """Die-1 special: players who chose the named face skip the rest of the round."""

    kind: Literal["block-named"]
    """block-named: players who chose the named face skip the rest of the round."""


Gain = Annotated[Build | BuildAny | Roll | Unlock | Bonus, Field(discriminator="kind")]


class Spend(StepBase):
    """Cross out coins to use the effect after the arrow."""

    kind: Literal["spend"]
    """spend: cross out coins to use the effect after the arrow."""
    coins: Count = 1
    """How many coins to cross out."""
    then: Gain
    """The effect the coins buy."""


Step = Annotated[Build | BuildAny | Roll | Unlock | Coins | Bonus | BlockNamed | Spend, Field(discriminator="kind")]


class TowerEffect(StrictModel):
    phase: int
    """The phase of the round the effect is used in."""
    lock: Gate = Field(
        "none", description="box: a lock checkbox; chain: a lock box joined by an arrow to the lock above it."
    )
    steps: list[Step] = Field(min_length=1, description="Used one at a time, from the top.")


class Tower(StrictModel):
    number: int = Field(description="The die face that builds this tower.")
    colour: Colour
    """The tower's colour on the sheet."""
    unlock: list[int] = Field(default_factory=list, description="Floors with an unlock mark.")
    coin: list[int] = Field(default_factory=list, description="Floors with a coin mark.")
    effects: list[TowerEffect] = Field(default_factory=list)
    """The tower's effects, one per row of the effects table."""


# ---------------------------------------------------------------- round, scoring


class Phase(StrictModel):
    phase: NonNegative
    """The phase's number in the round."""
    kind: Literal["choose", "chosen", "free"] = Field(
        description="choose: pick a face; chosen: use your face's effects; free: anyone uses any of them, any number of times."
    )
    name: LocalText
    """The phase's name."""
    text: RuleText
    """What happens in the phase; numbers come from `{placeholders}`."""


class RowScore(StrictModel):
    """Tower tops side by side on one floor."""

    id: Letter
    """The category's letter, A to E."""
    kind: Literal["row"]
    """row: tower tops side by side on one floor."""
    name: LocalText
    """The category's name."""
    run: Count = Field(description="How many adjacent towers.")
    boxes: Count
    """How many boxes the category has."""
    vp: Count
    """Victory points each box is worth."""


class TowerScore(StrictModel):
    """One box per tower."""

    id: Letter
    """The category's letter, A to E."""
    kind: Literal["fastest", "highest", "unlock-bonus"]
    """fastest, highest or unlock-bonus: one box per tower."""
    name: LocalText
    """The category's name."""
    vp: Count
    """Victory points each box is worth."""


Score = Annotated[RowScore | TowerScore, Field(discriminator="kind")]


class Parameters(StrictModel):
    towers: Count
    """How many towers (one per die face)."""
    die_faces: Count
    """Faces of the die."""
    floors: Count
    """Floors of each tower."""
    naming_face: int = Field(description="The face whose player names another face in phase 1.")
    named_min: int = Field(description="The lowest face that may be named.")
    fastest_floor: int = Field(description="C: the first to reach this floor in a tower ticks its box.")
    end_towers: Count
    """Towers a player needs at `end_floor` to end the game."""
    end_floor: int = Field(
        description="The game ends after the round in which a player has end_towers towers at this floor or higher."
    )


SOURCES = {
    "ladders": {"towers"},
    "effects": {"towers"},
    "scoring": {"scoring"},
    "pad": {"scoring"},
    "flow": {"round"},
    "legend": {"symbols"},
}
"""The sheet regions this game fills from its model."""

OLD_TOPS_KEPT = {
    "ja": re.compile(r"古い(?:タワートップの)?記号(?:は|を)(?:消さない|消さず|残す)"),
    "en": re.compile(
        r"\bkeep (?:the |all )?old (?:tower-top )?symbols\b|\bold (?:tower-top )?symbols (?:stay|remain)", re.I
    ),
}
"""Rules that keep every top symbol drawn: rows may then be counted on any floor."""

NEEDED = (("ladders", "towers"), ("effects", "towers"), ("scoring", "scoring"))
"""What a tower sheet must show to be played."""


class UnlockTowerKit(KitBase):
    game: Literal["unlock-tower"]
    """unlock-tower: this kit follows the Unlock Tower rule model."""
    parameters: Parameters
    """The numbers the rulebook states; rule text names them as `{placeholders}`."""
    round: list[Phase] = Field(min_length=1)
    """The phases of a round, in order."""
    towers: list[Tower] = Field(min_length=1)
    """The towers: their marks and effects."""
    scoring: list[Score] = Field(min_length=1)
    """The scoring categories A–E."""
    tie_break: list[str] = Field(min_length=1, description="Scoring letters, most important first.")
    sheets: list[Sheet] = Field(min_length=1)
    """The player sheets; regions may be filled from the model with `source:`."""

    # ------------------------------------------------------------ derived numbers

    def lock_boxes(self) -> list[tuple[int, int]]:
        """(tower index, effect index) of every locked effect, in file order."""
        return [
            (t, e)
            for t, tower in enumerate(self.towers)
            for e, effect in enumerate(tower.effects)
            if effect.lock != "none"
        ]

    def unlock_marks(self) -> int:
        return sum(len(tower.unlock) for tower in self.towers)

    def category(self, kind: str) -> Score | None:
        return next((c for c in self.scoring if c.kind == kind), None)

    def max_vp(self) -> int:
        total = 0
        for cat in self.scoring:
            total += cat.vp * (cat.boxes if isinstance(cat, RowScore) else len(self.towers))
        return total

    def tie_order(self) -> str:
        """The tie-break letters as printed: "A → B → C"."""
        return " → ".join(self.tie_break)

    def phase(self, number: int) -> Phase | None:
        return next((p for p in self.round if p.phase == number), None)

    def implied_needs(self) -> list[Need]:
        """Each player hides a die turned to a face, and fills in a sheet in pencil."""
        return [
            Need(item="dice", sides=self.parameters.die_faces, per="player"),
            Need(item="pencil", per="player"),
            Need(item="eraser", per="player"),
        ]

    def placeholder_values(self) -> dict[str, int | float | str]:  # type: ignore[override]
        values: dict[str, int | float | str] = {**super().placeholder_values(), **self.parameters.model_dump()}
        values["tie_order"] = self.tie_order()
        values["lock_boxes"] = len(self.lock_boxes())
        values["unlock_marks"] = self.unlock_marks()
        values["coin_marks"] = sum(len(tower.coin) for tower in self.towers)
        values["max_vp"] = self.max_vp()
        values["first_phase"] = min(p.phase for p in self.round)
        values["last_phase"] = max(p.phase for p in self.round)
        chosen = [p.phase for p in self.round if p.kind == "chosen"]
        if chosen:
            values["first_chosen_phase"], values["last_chosen_phase"] = min(chosen), max(chosen)
        blocks = [
            effect.phase
            for tower in self.towers
            for effect in tower.effects
            if any(isinstance(x, BlockNamed) for x in effect.steps)
        ]
        if blocks:
            values["block_phase"] = min(blocks)
        free = [p.phase for p in self.round if p.kind == "free"]
        if free:
            values["free_phase"] = free[0]
        for cat in self.scoring:
            key = cat.id.lower()
            values[f"{key}_vp"] = cat.vp
            if isinstance(cat, RowScore):
                values[f"{key}_run"] = cat.run
                values[f"{key}_boxes"] = cat.boxes
        return values

    # ------------------------------------------------------------ checks

    def check(self, ctx: CheckContext) -> None:
        check_unique_ids(ctx, self.scoring, ("scoring",), "scoring category")
        check_unique_names(ctx, self.scoring, ("scoring",), "scoring category")
        check_sheets(ctx, self.sheets, SOURCES)
        self._check_towers(ctx)
        self._check_round(ctx)
        numbers = {tower.number for tower in self.towers}
        for path, step in self._steps():
            self._check_step(ctx, path, step, numbers)
        self._check_locks(ctx)
        self._check_scoring(ctx)
        self._check_end(ctx)
        self._check_sheets(ctx)

    def _steps(self) -> Iterator[tuple[tuple, Step]]:
        for t, tower in enumerate(self.towers):
            for e, effect in enumerate(tower.effects):
                for s, step in enumerate(effect.steps):
                    yield ("towers", t, "effects", e, "steps", s), step

    def _floor(self, ctx: CheckContext, path: tuple, floor: int, what: str) -> None:
        top = self.parameters.floors
        if not 1 <= floor <= top:
            ctx.add(
                "UT001",
                path,
                f"{what} is on floor {floor}, but towers have floors 1–{top}",
                f"use a floor from 1 to {top}",
            )

    def _check_towers(self, ctx: CheckContext) -> None:
        p = self.parameters
        if p.towers != p.die_faces:
            ctx.add(
                "UT011",
                ("parameters", "towers"),
                f"{p.towers} towers for a die with {p.die_faces} faces",
                "one tower per die face",
            )
        if len(self.towers) != p.towers:
            ctx.add(
                "UT011",
                ("towers",),
                f"{len(self.towers)} towers listed, but parameters.towers is {p.towers}",
                "list one tower per die face",
            )
        numbers = repeated((tower.number, ("towers", t, "number")) for t, tower in enumerate(self.towers))
        for group in numbers:
            ctx.add(
                "UT011",
                group.places[1],
                f"tower {group.key} is listed {group.times} ({group.where(ctx.source)})",
                "number the towers 1, 2, 3, ... once each",
            )
        seen: set[int] = set()
        for t, tower in enumerate(self.towers):
            if tower.number in seen:
                pass  # a number given again: reported above, once
            elif tower.number != t + 1:
                ctx.add(
                    "UT011",
                    ("towers", t, "number"),
                    f"tower {t + 1} in the list is numbered {tower.number}",
                    "list the towers in order: 1, 2, 3, ...",
                )
            seen.add(tower.number)
            marked: dict[int, str] = {}
            for kind in ("unlock", "coin"):
                for k, floor in enumerate(getattr(tower, kind)):
                    mark = ("towers", t, kind, k)
                    self._floor(ctx, mark, floor, f"tower {tower.number}'s {kind} mark")
                    if floor in marked:
                        ctx.add(
                            "UT010",
                            mark,
                            f"tower {tower.number}, floor {floor} already has a{'n' if marked[floor] == 'unlock' else ''} {marked[floor]} mark",
                            "a cell holds one mark; move one of them",
                        )
                    marked[floor] = kind
            phases: dict[int, int] = {}
            for e, effect in enumerate(tower.effects):
                path = ("towers", t, "effects", e, "phase")
                phase = self.phase(effect.phase)
                if phase is None or phase.kind == "choose":
                    usable = ", ".join(str(x.phase) for x in self.round if x.kind != "choose")
                    why = "the round has no such phase" if phase is None else "players only choose a face in it"
                    ctx.add(
                        "UT004",
                        path,
                        f"tower {tower.number} has an effect for phase {effect.phase}, but {why}",
                        f"use one of phases {usable}",
                    )
                elif effect.phase in phases:
                    ctx.add(
                        "UT004",
                        path,
                        f"tower {tower.number} has two effects for phase {effect.phase}",
                        "put both steps into one effect",
                    )
                phases[effect.phase] = e

    def _check_round(self, ctx: CheckContext) -> None:
        numbers = [p.phase for p in self.round]
        for i, phase in enumerate(self.round):
            if phase.phase != numbers[0] + i:
                ctx.add(
                    "UT004",
                    ("round", i, "phase"),
                    f"phase {phase.phase} is out of order",
                    f"number the phases {numbers[0]}, {numbers[0] + 1}, ... in order",
                )
        if self.round[0].kind != "choose":
            ctx.add(
                "UT004",
                ("round", 0, "kind"),
                "a round starts with the phase in which players choose a face",
                "make the first phase `kind: choose`",
            )
        p = self.parameters
        naming = p.naming_face
        if not 1 <= naming <= p.die_faces:
            ctx.add(
                "UT013",
                ("parameters", "naming_face"),
                f"a die with {p.die_faces} faces has no face {naming}",
                f"use a face from 1 to {p.die_faces}",
            )
        elif p.named_min <= naming:
            ctx.add(
                "UT013",
                ("parameters", "named_min"),
                f"a player on face {naming} could name face {naming} itself",
                f"use a value from {naming + 1} to {p.die_faces}",
            )
        elif p.named_min > p.die_faces:
            ctx.add(
                "UT013",
                ("parameters", "named_min"),
                f"a die with {p.die_faces} faces has no face {p.named_min} or higher to name",
                f"use a value from {naming + 1} to {p.die_faces}",
            )

    def _check_step(self, ctx: CheckContext, path: tuple, step: Step, numbers: set[int]) -> None:
        t, e = path[1], path[3]
        tower, effect = self.towers[t], self.towers[t].effects[e]

        def tower_ref(where: tuple, number: int | None) -> None:
            if number is not None and number not in numbers:
                ctx.add("UT003", where, f"there is no tower {number}", f"use a tower from 1 to {len(self.towers)}")

        if isinstance(step, (Build, Roll, Bonus)):
            tower_ref(path + ("tower",), step.tower)
        if isinstance(step, Spend):
            tower_ref(path + ("then", "tower"), getattr(step.then, "tower", None))
        if isinstance(step.when, TowerAtLeast):
            tower_ref(path + ("when", "tower"), step.when.tower)
            self._floor(ctx, path + ("when", "floor"), step.when.floor, "the condition's floor")
        named = isinstance(step, BlockNamed) or isinstance(step.when, NamedFaceChosen)
        if named and tower.number != self.parameters.naming_face:
            ctx.add(
                "UT013",
                path + ("kind",) if isinstance(step, BlockNamed) else path + ("when",),
                f"only the naming face ({self.parameters.naming_face}) names a face, so tower {tower.number} cannot refer to it",
                f"move this step to tower {self.parameters.naming_face}",
            )
        if isinstance(step, BlockNamed):
            phase = self.phase(effect.phase)
            first_chosen = min((x.phase for x in self.round if x.kind == "chosen"), default=effect.phase)
            if phase is not None and effect.phase <= first_chosen:
                ctx.add(
                    "UT013",
                    path + ("kind",),
                    f"the face is named in phase {first_chosen}, so it cannot be blocked before phase {first_chosen + 1}",
                    "put this step in a later phase",
                )
        phase = self.phase(effect.phase)
        if phase is not None and phase.kind == "free" and not isinstance(step, Spend):
            ctx.add(
                "UT009",
                path + ("kind",),
                f"phase {effect.phase} effects can be used any number of times, so a free '{step.kind}' never runs out",
                "make it a `spend` step: coins → effect",
            )

    def _check_locks(self, ctx: CheckContext) -> None:
        for t, tower in enumerate(self.towers):
            for e, effect in enumerate(tower.effects):
                if effect.lock != "chain":
                    continue
                above = [x for x in tower.effects if x.phase < effect.phase]
                nearest = max(above, key=lambda x: x.phase, default=None)
                if nearest is None or nearest.lock == "none":
                    ctx.add(
                        "UT008",
                        ("towers", t, "effects", e, "lock"),
                        f"tower {tower.number}'s phase {effect.phase} lock is chained, but the effect above it has no lock",
                        "use `lock: box`, or lock the effect above",
                    )
        boxes = self.lock_boxes()
        marks = self.unlock_marks()
        for n, (t, e) in enumerate(boxes[marks:], start=marks + 1):
            ctx.add(
                "UT002",
                ("towers", t, "effects", e, "lock"),
                f"lock box {n} of {len(boxes)}: the sheet has only {marks} unlock marks",
                "add an unlock mark to a tower, or remove a lock",
            )

    def _check_scoring(self, ctx: CheckContext) -> None:
        towers, floors = len(self.towers), self.parameters.floors
        for c, cat in enumerate(self.scoring):
            if isinstance(cat, RowScore):
                if cat.run > towers:
                    ctx.add(
                        "UT006",
                        ("scoring", c, "run"),
                        f"{cat.id}: a row of {cat.run} needs {cat.run} towers, but there are {towers}",
                        f"use a run of {towers} or fewer",
                    )
                    continue
                per_floor = (towers + 1) // (cat.run + 1)
                if cat.boxes > per_floor * floors:
                    ctx.add(
                        "UT006",
                        ("scoring", c, "boxes"),
                        f"{cat.id}: at most {per_floor * floors} rows of {cat.run} fit on {floors} floors",
                        "use fewer boxes",
                    )
        self._check_rows_of_tops(ctx)
        check_permutation(ctx, ("tie_break",), self.tie_break, [cat.id for cat in self.scoring], "the tie-break")
        bonus = self.category("unlock-bonus")
        ticked = {step.tower for _path, step in self._steps() if isinstance(step, Bonus)}
        ticked |= {
            step.then.tower for _path, step in self._steps() if isinstance(step, Spend) and isinstance(step.then, Bonus)
        }
        if bonus is None:
            for path, step in self._steps():
                if isinstance(step, Bonus):
                    ctx.add(
                        "UT012",
                        path,
                        "this step ticks an unlock bonus, but the scoring has no unlock-bonus category",
                        "add a category of kind unlock-bonus",
                    )
            return
        for t, tower in enumerate(self.towers):
            if tower.number not in ticked:
                ctx.add(
                    "UT012",
                    ("towers", t, "number"),
                    f"no effect ticks tower {tower.number}'s unlock bonus ({bonus.id})",
                    f"add a `bonus` step for tower {tower.number}",
                )

    def _check_rows_of_tops(self, ctx: CheckContext) -> None:
        """Rows are counted at the game's end from the tower tops: one per tower unless the rules keep the old
        top symbols, so six towers make one row of four and two of three, whatever the boxes printed (UT2)."""
        if any(OLD_TOPS_KEPT[lang].search(unicodedata.normalize("NFKC", value)) for lang, value in self._rule_texts()):
            return
        towers = len(self.towers)
        for c, cat in enumerate(self.scoring):
            if not isinstance(cat, RowScore) or cat.run > towers or cat.boxes <= towers // cat.run:
                continue
            if cat.boxes > (towers + 1) // (cat.run + 1) * self.parameters.floors:  # UT006 says more
                continue
            most = towers // cat.run
            where = ctx.locate(("parameters", "towers")).brief()
            ctx.add(
                "UT005",
                ("scoring", c, "boxes"),
                f"{cat.id}: {cat.boxes} boxes, but rows are counted from the tower tops at the game's end and the "
                f"rules never keep the old top symbols: each of the {towers} towers ({where}) has one top, so at most {most} row{'s' if most != 1 else ''} of {cat.run} can be counted: "
                f"box{'es' if cat.boxes - most > 1 else ''} {', '.join(str(n) for n in range(most + 1, cat.boxes + 1))} "
                "can never be filled",
                f"use {most} box{'es' if most != 1 else ''}, or keep the old top symbols and say so in the rules "
                "(「古い記号は消さない」)",
            )

    def _rule_texts(self) -> Iterator[tuple[str, str]]:
        """(language, text) of every rule section's text, steps and bullets."""
        if self.rules is None:
            return
        for section in self.rules.sections:
            for text in [section.text, *section.steps, *section.bullets]:
                if text is not None:
                    yield from ((lang, value) for lang, value in text.given() if lang in OLD_TOPS_KEPT and value)

    def _check_end(self, ctx: CheckContext) -> None:
        p = self.parameters
        self._floor(ctx, ("parameters", "fastest_floor"), p.fastest_floor, "the fastest bonus")
        self._floor(ctx, ("parameters", "end_floor"), p.end_floor, "the end trigger")
        if p.end_towers > len(self.towers):
            ctx.add(
                "UT007",
                ("parameters", "end_towers"),
                f"the game ends with {p.end_towers} towers at floor {p.end_floor}, but there are {len(self.towers)} towers",
                f"use {len(self.towers)} or fewer",
            )
            return
        any_tower = any(
            isinstance(s, (BuildAny, Roll)) and getattr(s, "tower", None) is None for _p, s in self._all_gains()
        )
        built = {s.tower for _p, s in self._all_gains() if isinstance(s, (Build, Roll)) and s.tower is not None}
        if not any_tower and len(built) < p.end_towers:
            ctx.add(
                "UT007",
                ("parameters", "end_towers"),
                f"effects build only {len(built)} towers, so {p.end_towers} can never reach floor {p.end_floor}",
                "add build effects for more towers, or an any-tower effect",
            )

    def _all_gains(self) -> Iterator[tuple[tuple, Step | Gain]]:
        for path, step in self._steps():
            yield path, step
            if isinstance(step, Spend):
                yield path + ("then",), step.then

    def _check_sheets(self, ctx: CheckContext) -> None:
        shown = {
            (region.kind, getattr(region, "source", None))
            for sheet in self.sheets
            for region, _ in regions(sheet.layout, ())
        }
        for kind, source in NEEDED:
            if (kind, source) not in shown:
                ctx.add(
                    "UT014",
                    ("sheets",),
                    f"no sheet has a {kind} region with `source: {source}`",
                    f"add `{{kind: {kind}, source: {source}}}` to the tower sheet's layout",
                )
        for s, sheet in enumerate(self.sheets):
            for region, path in regions(sheet.layout, ("sheets", s, "layout")):
                if isinstance(region, PadRegion) and region.rows < self.players.max:
                    ctx.add(
                        "UT016",
                        path + ("rows",),
                        f"{region.rows} rows per game, but up to {self.players.max} players play",
                        f"use rows: {self.players.max}",
                    )


KIT_MODEL = UnlockTowerKit
