"""Reusable field types: the strict base model, lengths, colours, ids, localised text.

Units are parsed once, here; everything downstream works in millimetres.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    StringConstraints,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import PydanticCustomError, core_schema

from .language_tags import LANGUAGE_TAG_PATTERN, complex_script, right_to_left, tag_problem


class StrictModel(BaseModel):
    """Every model forbids unknown fields and never coerces types behind the user's back."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False, defer_build=True)


Ident = Annotated[
    str,
    StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64),
    Field(description="A lower-case id: letters, digits, '-' and '_'."),
]
MAX_COUNT = 1000
"""The most any one count may say (copies of a card, tokens, boxes, rungs, rows): a typo's extra zeros are
caught where they are written, before anything is laid out. Totals have their own bounds, checked before layout
(KitBase.within_bounds, and the validators of boards, token sheets and sheet regions)."""
MAX_LENGTH_MM = 1000.0
"""The longest length a kit may give (a metre): no card, token, hex or sheet measure comes near it."""

Count = Annotated[int, Field(ge=1, le=MAX_COUNT, description=f"A whole number from 1 to {MAX_COUNT}.")]
NonNegative = Annotated[int, Field(ge=0, le=MAX_COUNT, description=f"A whole number from 0 to {MAX_COUNT}.")]

MM_PER_INCH = 25.4
MM_PER_PT = MM_PER_INCH / 72
"""A PostScript point in millimetres: the one conversion every part of pnpkit uses."""

_UNITS_MM = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, "pt": MM_PER_PT}
_LENGTH = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*(mm|cm|in|pt)\s*$")

LENGTH_PATTERN = r"^\s*[0-9]+(?:\.[0-9]+)?\s*(?:mm|cm|in|pt)\s*$"
"""What `parse_length` reads, for JSON Schema: a number and a unit (mm, cm, in or pt)."""
POSITIVE_LENGTH_PATTERN = r"^(?!\s*0+(?:\.0+)?\s*(?:mm|cm|in|pt)\s*$)" + LENGTH_PATTERN[1:]
"""The same, less the lengths that are zero."""


def written_as(pattern: str, *examples: str, description: str | None = None) -> WithJsonSchema:
    """The JSON Schema of a value the loader converts before validating it (a length becomes millimetres):
    what the designer writes, for editors, rather than what it becomes. Used only when a schema is generated."""
    schema: dict[str, Any] = {"type": "string", "pattern": pattern, "examples": list(examples)}
    if description is not None:
        schema["description"] = description
    return WithJsonSchema(schema, mode="validation")


def parse_length(value: Any) -> Any:
    """`"63mm"`, `"2.5in"`, `"10pt"` → millimetres. Bare numbers are refused: units matter in print."""
    if isinstance(value, str):
        match = _LENGTH.match(value)
        if not match:
            raise ValueError(f"{value!r} is not a length; write a number with a unit, e.g. '63mm' or '2.5in'")
        return float(match.group(1)) * _UNITS_MM[match.group(2)]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        raise ValueError(f"{value} has no unit; write e.g. '{value}mm'")
    return value


Length = Annotated[
    float,
    BeforeValidator(parse_length),
    Field(gt=0, le=MAX_LENGTH_MM, description="A length with its unit: mm, cm, in or pt, e.g. '63mm' or '2.5in'."),
    written_as(POSITIVE_LENGTH_PATTERN, "63mm", "2.5in"),
]

_NAMED_COLOURS = {
    "black": "#000000",
    "white": "#ffffff",
    "grey": "#808080",
    "gray": "#808080",
    "red": "#d62728",
    "blue": "#1f77b4",
    "green": "#2ca02c",
    "yellow": "#f2c500",
}
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def _any_case(word: str) -> str:
    return "".join(f"[{ch}{ch.upper()}]" if ch.isalpha() else re.escape(ch) for ch in word)


COLOUR_PATTERN = (
    r"^\s*(?:#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})|" + "|".join(map(_any_case, sorted(_NAMED_COLOURS))) + r")\s*$"
)
"""What `parse_colour` reads, for JSON Schema (whose patterns have no ignore-case flag)."""


def parse_colour(value: Any) -> Any:
    """`#rgb`, `#rrggbb` or a few names → `#rrggbb`."""
    if not isinstance(value, str):
        return value
    text = value.strip().lower()
    if text in _NAMED_COLOURS:
        return _NAMED_COLOURS[text]
    if not _HEX.match(text):
        raise ValueError(f"{value!r} is not a colour; write '#rrggbb' or one of {', '.join(sorted(_NAMED_COLOURS))}")
    if len(text) == 4:
        text = "#" + "".join(ch * 2 for ch in text[1:])
    return text


Colour = Annotated[
    str,
    BeforeValidator(parse_colour),
    Field(description=f"'#rrggbb', '#rgb' or a colour name: {', '.join(sorted(_NAMED_COLOURS))}."),
    written_as(COLOUR_PATTERN, "#3a3a48", "#fff", *sorted(_NAMED_COLOURS)),
]


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("text is empty")
    return value


Text = Annotated[
    str, AfterValidator(_not_blank), WithJsonSchema({"type": "string", "pattern": r"\S"}, mode="validation")
]


def _check_tag(value: str) -> str:
    """A language tag as a key of a text or an item of `languages:`: well formed (BCP 47), kept as written."""
    problem = tag_problem(value)
    if problem is not None:
        raise PydanticCustomError("pk450", problem)
    return value


def _script_pnpkit_sets(value: str) -> str:
    """A kit's edition in a script pnpkit cannot set would print garbled: refused where `languages:` names it,
    once per edition (PK451 right to left, PK452 a script that needs shaping)."""
    if right_to_left(value):
        raise PydanticCustomError(
            "pk451",
            "'{tag}' is written right to left: right-to-left scripts are not supported yet; "
            "pnpkit would print a garbled page",
            {"tag": value},
        )
    script = complex_script(value)
    if script is not None:
        raise PydanticCustomError(
            "pk452",
            "'{tag}' is written in {script}, whose letters join and reorder as they are set: pnpkit cannot shape "
            "{script} yet and would print broken words",
            {"tag": value, "script": script},
        )
    return value


LanguageTag = Annotated[
    str,
    AfterValidator(_check_tag),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": LANGUAGE_TAG_PATTERN,
            "examples": ["en", "ja", "de", "fr", "es", "pt-BR", "ko", "zh-Hans", "zh-Hant"],
            "description": "A language tag (BCP 47), e.g. 'en', 'de', 'pt-BR' or 'zh-Hans'.",
        },
        mode="validation",
    ),
]
"""A language as written in a kit: any well-formed BCP 47 tag (`de`, `pt-BR`, `zh-Hans`), case as written."""

EditionLanguage = Annotated[LanguageTag, AfterValidator(_script_pnpkit_sets)]
"""A language the kit prints an edition in: a tag whose script pnpkit can set (left to right, unshaped)."""


class EditionOptions(StrictModel):
    """How one edition prints, beyond its language: `{fallback: en}`."""

    fallback: LanguageTag | None = None
    """The language a text prints in when this edition has no translation of it, e.g. 'en': one of the kit's
    languages. Without it, 'en' where the kit ships it, else the kit's first language."""


def _one_edition(value: dict[str, Any]) -> dict[str, Any]:
    if len(value) != 1:
        raise ValueError(
            f"an item of `languages:` names one edition, not {len(value)}; write each as its own item, as in "
            "[ja, {de: {fallback: en}}, {fr: {fallback: en}}]"
        )
    return value


NamedEdition = Annotated[
    dict[EditionLanguage, EditionOptions | None],
    AfterValidator(_one_edition),
    Field(
        description="One edition and how it prints: {de: {fallback: en}}.",
        json_schema_extra={"minProperties": 1, "maxProperties": 1},
    ),
]
"""An item of `languages:` written as a mapping of one tag to its options."""


class Edition(str):
    """One item of a kit's `languages:`: the edition's tag (this string itself, so a kit's languages read as the
    tags they always were) and the fallback it names, if any. Written `de`, or `{de: {fallback: en}}`."""

    fallback: str | None

    def __new__(cls, tag: str, fallback: str | None = None) -> Edition:
        edition = super().__new__(cls, tag)
        edition.fallback = fallback
        return edition

    def __reduce__(self) -> tuple[Any, ...]:
        return (Edition, (str(self), self.fallback))

    @classmethod
    def _named(cls, value: dict[str, EditionOptions | None]) -> Edition:
        ((tag, options),) = value.items()
        return cls(tag, options.fallback if options is not None else None)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        """A tag, or a mapping of one tag to its options: told apart by the value's type, so a mistake in
        either is reported as that form's mistake, never as "one of two"."""
        return core_schema.tagged_union_schema(
            {
                "tag": core_schema.no_info_after_validator_function(cls, handler.generate_schema(EditionLanguage)),
                "named": core_schema.no_info_after_validator_function(
                    cls._named, handler.generate_schema(NamedEdition)
                ),
            },
            discriminator=_edition_form,
            serialization=core_schema.to_string_ser_schema(),
        )


def _edition_form(value: Any) -> str:
    return "named" if isinstance(value, dict) else "tag"


def _blank(value: Any) -> bool:
    return value is None or (type(value) is str and not value.strip())


_READING: ContextVar[tuple[str, ...]] = ContextVar("pnpkit_reading", default=())


@contextmanager
def reading_in(order: tuple[str, ...]) -> Iterator[None]:
    """Inside the block, `LocalText.get(order[0])` reads an untranslated text in the first of the other
    languages that has it: the edition being laid out, then its fallbacks (KitBase.reading_order)."""
    token = _READING.set(order)
    try:
        yield
    finally:
        _READING.reset(token)


class LocalText(StrictModel):
    """Text in each language the kit ships, keyed by language tag: `{ja: 火, en: Fire}`,
    `{en: Fire, de: Feuer, ko: 불, zh-Hans: 火}`."""

    # `ja` and `en` are fields (the seed games read `text.ja`); any other tag is an extra key, checked as a tag
    # (PK450) with its value as text, and read with `text(lang)`, `get(lang)` or `given()`.

    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={"propertyNames": {"pattern": LANGUAGE_TAG_PATTERN}},
    )

    ja: Text | None = None
    """The Japanese text."""
    en: Text | None = None
    """The English text."""
    __pydantic_extra__: dict[LanguageTag, Text]

    @model_validator(mode="before")
    @classmethod
    def _blank_is_untranslated(cls, data: Any) -> Any:
        """`de: ""` or a bare `de:` (a blank left for a translator) is untranslated, as a missing key or an empty
        cell is: the edition prints its fallback. A text blank in every language stays a finding."""
        if type(data) is dict and any(_blank(value) for value in data.values()):
            given = {lang: value for lang, value in data.items() if not _blank(value)}
            return given or data
        return data

    def get(self, lang: str) -> str:
        """The text edition `lang` prints: its own, else the first its fallbacks give (`reading_in`: set while
        an edition is laid out, from KitBase.reading_order), else English, else the first language given."""
        value = self.text(lang)
        if value is not None:
            return value
        order = _READING.get()
        if order and order[0] == lang:
            for other in order[1:]:
                value = self.text(other)
                if value is not None:
                    return value
        return self.en or self.ja or next(iter((self.__pydantic_extra__ or {}).values()), "")

    def text(self, lang: str) -> str | None:
        """The text in `lang`, or None when it has none."""
        if lang == "ja":
            return self.ja
        if lang == "en":
            return self.en
        return (self.__pydantic_extra__ or {}).get(lang)

    def given(self) -> list[tuple[str, str]]:
        """(language, text) for every language this text is given in: ja and en first, then the others as
        written. A check that reads every language reads them here, whatever the kit ships."""
        given = [(lang, value) for lang in ("ja", "en") if (value := getattr(self, lang)) is not None]
        return given + list((self.__pydantic_extra__ or {}).items())

    def missing(self, languages: tuple[str, ...] | list[str]) -> list[str]:
        return [lang for lang in languages if self.text(lang) is None]


class RuleText(LocalText):
    """Rule prose: a number that contradicts the model is a finding (PK346); a `{placeholder}` keeps them one number."""


KIT_FILE_MARK = {"kit_file": True}
KitFile = Annotated[
    str,
    StringConstraints(min_length=1, max_length=255),
    Field(description="A file inside the kit directory, e.g. 'art/cover.png'.", json_schema_extra=KIT_FILE_MARK),
]
"""A path the loader checks: inside the kit (no '..', no absolute path, no link out) and present."""


def _bare_unspecified(value: Any) -> Any:
    return {"unspecified": ""} if value == "unspecified" else value


class ReadingChoice(StrictModel):
    """One way to play an unclear rule: `{id: reshuffle, name: {ja: 捨て札を切り直す, en: Reshuffle the discards}}`."""

    id: Ident
    """The choice's id, as `pnpkit simulate --reading READING=CHOICE` names it."""
    name: LocalText
    """What the choice means at the table."""


class KitReading(StrictModel):
    """A rule the rulebook leaves open or states twice, its readings, and the one this edition plays.

        readings:
          - id: deck-exhaustion
            choices:
              - {id: no-reshuffle, name: {ja: 引けない分は失われる, en: Draws from an empty deck are lost}}
              - {id: reshuffle, name: {ja: 捨て札を切り直して山札にする, en: Shuffle the discards into a new deck}}
            default: reshuffle

    A playtest engine plays the reading ids it knows (`pnpkit simulate --reading`, `--all-readings`)."""

    id: Ident
    """The reading's id, unique in the kit: the engine's name for the open question."""
    question: LocalText | None = None
    """What is open, when the enclosing erratum or `unspecified` note does not say it already."""
    choices: list[ReadingChoice] = Field(min_length=2, max_length=20)
    """The ways to play it, the reading as written (or the literal one) first."""
    default: Ident
    """The choice this edition plays."""

    @model_validator(mode="after")
    def _default_is_a_choice(self) -> KitReading:
        ids = [c.id for c in self.choices]
        if len(set(ids)) != len(ids):
            raise ValueError(f"reading {self.id!r} lists a choice twice: {', '.join(ids)}")
        if self.default not in ids:
            raise ValueError(f"reading {self.id!r}: default {self.default!r} is not one of {', '.join(ids)}")
        return self


class Unspecified(StrictModel):
    """The rulebook says nothing here: `unspecified`, or `{unspecified: "what is open"}` with a note, and
    optionally the readings a playtest may try (`readings:`, see KitReading)."""

    unspecified: str = Field(max_length=500, description="What the rulebook leaves open, for the open-questions list.")
    readings: list[KitReading] = Field(default_factory=list, max_length=20)
    """The ways this open rule can be played, and the one this kit's playtests play."""


Open = Annotated[Unspecified, BeforeValidator(_bare_unspecified)]
"""`unspecified` where the rulebook is silent: a warning and an open question, never a guess."""
