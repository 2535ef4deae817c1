"""Start a new kit: a `game: generic` kit holding a tiny sample game that validates and builds as it is.

The kit is written into DIR, which must be new or empty: kit.yaml, the card template, a deck whose
cards are a spreadsheet (cards.csv), a player sheet, tokens with a track, the rule summary, a README
for the designer and editor support (JSON Schemas in .pnpkit/, wired up by a modeline in every YAML
file and by .vscode/settings.json). Every text is in the languages --lang names.
Exit status: 0 written, 2 usage errors (DIR not empty, an unknown game or language); nothing is left
behind when writing fails.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import re
import secrets
import shlex
import shutil
import sys
import unicodedata
from pathlib import Path

SCAFFOLD = Path(__file__).resolve().parent.parent / "assets" / "scaffold"
"""The kit's files, as package data (pnpkit.generator.assets.scaffold), in both languages."""

SCAFFOLD_LANGUAGES = ("ja", "en")
"""The languages the scaffold is written in; any other language takes its words from TRANSLATIONS, or English."""
TRANSLATIONS = "translations.yaml"
"""The sample's English texts and their translations by language tag (de, fr, es, ko, zh-Hans)."""
DEFAULT_LANGUAGES = "ja,en"
GAME = "generic"

KIT_FILES = (
    "kit.yaml",
    "parameters.yaml",
    "templates.yaml",
    "decks.yaml",
    "cards.csv",
    "sheets.yaml",
    "tokens.yaml",
    "rules.yaml",
)
"""Copied from the scaffold, with only the chosen languages' text."""
RENAMED = {"vscode-settings.json": ".vscode/settings.json"}
"""Package data cannot be a dotfile reliably: stored under one name, written under another."""
README = {lang: f"README.{lang}.md" for lang in SCAFFOLD_LANGUAGES}
SCHEMA_DIR = ".pnpkit"

ID_LIMIT = 64
TITLE_LIMIT = 60
TITLE_SIZE_PT, TITLE_WIDTH_MM = 15.0, 95.0
"""A title made from a directory name is at most this wide at this size: the width a sheet's heading leaves it."""
FALLBACK_ID = "my-kit"
FALLBACK_TITLE = "My Kit"
MARKUP_CHARS = set("*\\<>{}")
"""Kept out of a title made from a directory name: they are markup or placeholders in kit text."""


class NewError(Exception):
    """A one-line reason, printed as `pnpkit: error: …`; exit status 2."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("directory", type=Path, metavar="DIR", help="the kit directory to make (new or empty)")
    parser.add_argument(
        "--game",
        default=GAME,
        help="the kind of kit: only 'generic' (the seed games ship as finished kits in content/)",
    )
    parser.add_argument(
        "--lang",
        default=DEFAULT_LANGUAGES,
        metavar="LANGS",
        help="the kit's languages, comma-separated language tags in the order wanted, e.g. en,de,ko,zh-Hans "
        "(default: ja,en)",
    )


def run(args: argparse.Namespace) -> int:
    try:
        if args.game != GAME:
            raise NewError(
                f"--game {args.game!r}: the seed games ship as finished kits in content/ (copy one to change it); "
                f"pnpkit new makes {GAME} kits"
            )
        languages = parse_languages(args.lang)
        target: Path = args.directory
        check_target(target)
        name = target.resolve().name
        kit_id, title = kit_id_for(name), title_for(name)
        write_kit(target, render(kit_id, title, languages))
    except NewError as exc:
        print(f"pnpkit: error: {exc}", file=sys.stderr)
        return 2
    print(f"created {str(target)!r}: kit {kit_id!r} ({', '.join(languages)}), a sample game to make your own")
    print("next (README.md says what each file is):")
    where = str(target)
    print(f"  cd {shlex.quote(where) if where.isprintable() else repr(where)}")
    print("  pnpkit build . -o output      # writes output/" + kit_id + "/<language>/kit.pdf")
    print("  pnpkit watch . -o output      # rebuilds each time you save")
    return 0


# ---------------------------------------------------------------- what the user asked for


def parse_languages(text: str) -> tuple[str, ...]:
    """`en,de,zh-Hans` → ("en", "de", "zh-Hans"): the kit's languages in the order given, each a language tag
    (BCP 47) written left to right, none twice."""
    from pnpkit.validator.language_tags import complex_script, right_to_left, tag_problem

    parts = [part.strip() for part in text.split(",")]
    seen: set[str] = set()
    for part in parts:
        problem = tag_problem(part)
        if problem is not None:
            raise NewError(f"--lang {text!r}: {problem}; separate the languages by commas (en,de,zh-Hans)")
        if right_to_left(part):
            raise NewError(
                f"--lang {text!r}: {part!r} is written right to left: right-to-left scripts are not supported yet"
            )
        script = complex_script(part)
        if script is not None:
            raise NewError(f"--lang {text!r}: {part!r} is written in {script}, which pnpkit cannot shape yet")
        if part.lower() in seen:
            raise NewError(f"--lang {text!r}: {part!r} is given twice; name each language once")
        seen.add(part.lower())
    return tuple(parts)


def check_target(target: Path) -> None:
    """DIR is new, or an empty directory."""
    try:
        _check_target(target)
    except OSError as exc:  # a parent directory pnpkit may not look into
        raise NewError(f"cannot use {str(target)!r}: {exc.strerror or exc}") from None


def _check_target(target: Path) -> None:
    if os.path.lexists(target) and not target.exists():
        raise NewError(f"{str(target)!r} is a link to nothing; give a new directory name")
    if not target.exists():
        return
    if not target.is_dir():
        raise NewError(f"{str(target)!r} is a file, not a directory; give a new directory name")
    try:
        if any(target.iterdir()):
            raise NewError(f"{str(target)!r} is not empty; pnpkit new writes only into a new or empty directory")
    except OSError as exc:
        raise NewError(f"cannot read {str(target)!r}: {exc.strerror}") from None


def kit_id_for(name: str) -> str:
    """A directory name as a kit id: `My Game!` → `my-game`; accents dropped, anything else a hyphen."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    return slug[:ID_LIMIT].strip("-") or FALLBACK_ID


def title_for(name: str) -> str:
    """A directory name as a title: `my-card_game` → `My Card Game`; other names as written, less what kit
    text cannot hold (markup, placeholders, control characters) or the built-in font cannot draw."""
    from pnpkit.generator.typeset.fonts import missing_glyphs

    text = unicodedata.normalize("NFC", name)
    if re.fullmatch(r"[A-Za-z0-9]+(?:[-_.]+[A-Za-z0-9]+)*", text):
        words = re.split(r"[-_.]+", text)
        text = " ".join(word[:1].upper() + word[1:] for word in words)
    kept = "".join(
        " " if ch in MARKUP_CHARS or ch.isspace() else ch
        for ch in text
        if not unicodedata.category(ch).startswith("C") or ch.isspace()
    )
    unprintable = set(missing_glyphs(kept)) | set(missing_glyphs(kept, bold=True))
    kept = "".join(" " if ch in unprintable else ch for ch in kept)
    kept = _fit(" ".join(kept.split())[:TITLE_LIMIT].strip())
    return kept if any(ch.isalnum() for ch in kept) else FALLBACK_TITLE


def _fit(title: str) -> str:
    """`title` less its last words (or characters) until it fits the pages that print it on one line with
    more words beside it: the sheet headings (`title — sheet name`) and the card sheets' running heads."""
    from pnpkit.generator.typeset.fonts import width_mm

    while title and width_mm(title, TITLE_SIZE_PT, bold=True) > TITLE_WIDTH_MM:
        title = title.rsplit(" ", 1)[0] if " " in title else title[:-1]
        title = title.rstrip(" -_.,:;、。・")
    return title


# ---------------------------------------------------------------- the files


def render(kit_id: str, title: str, languages: tuple[str, ...]) -> dict[str, bytes]:
    """Every file of the new kit but the schemas, by path relative to the kit directory."""
    files: dict[str, bytes] = {}
    sample = SampleText(languages)
    for name in KIT_FILES:
        raw = (SCAFFOLD / name).read_bytes()
        if name.endswith(".yaml"):
            text = in_languages_yaml(raw.decode("utf-8"), sample)
            if name == "kit.yaml":
                text = fill_kit_yaml(text, kit_id, title, languages)
            raw = text.encode("utf-8")
        elif name.endswith(".csv"):
            raw = in_languages_csv(raw, sample)
        files[name] = raw
    for stored, written in RENAMED.items():
        files[written] = (SCAFFOLD / stored).read_bytes()
    shown = [lang for lang in languages if lang in README] or ["en"]
    parts = [(SCAFFOLD / README[lang]).read_text(encoding="utf-8").replace("my-kit", kit_id) for lang in shown]
    files["README.md"] = (f"# {title}\n\n" + sample.note() + "\n".join(parts)).encode("utf-8")
    return files


class SampleText:
    """The sample game's words in the kit's languages: the scaffold's own for ja and en, its translations for
    the languages TRANSLATIONS holds, the English words for any other (and the README says which)."""

    def __init__(self, languages: tuple[str, ...]):
        import yaml

        self.languages = languages
        self.order = tuple(lang for lang in SCAFFOLD_LANGUAGES if lang in languages) + tuple(
            lang for lang in languages if lang not in SCAFFOLD_LANGUAGES
        )
        """The order of a text's languages: ja and en where the scaffold has them, then the others as given."""
        self.table: dict[str, dict[str, str]] = yaml.safe_load((SCAFFOLD / TRANSLATIONS).read_text(encoding="utf-8"))
        held = {lang for words in self.table.values() for lang in words}
        self.translated = tuple(lang for lang in self.order if lang not in SCAFFOLD_LANGUAGES and lang in held)
        self.in_english = tuple(lang for lang in self.order if lang not in SCAFFOLD_LANGUAGES and lang not in held)

    def words(self, lang: str, english: str) -> str | None:
        """The translation of an English sample text, or None when there is none."""
        return self.table.get(english, {}).get(lang)

    def note(self) -> str:
        """What the README says about the sample text of the languages the scaffold is not written in."""
        lines = []
        if self.translated:
            lines.append(
                f"The sample text in {', '.join(self.translated)} is a short translation to start from: "
                "replace it with your own words."
            )
        if self.in_english:
            lines.append(
                f"pnpkit has no sample text in {', '.join(self.in_english)}: those texts are the English ones "
                "until you write yours."
            )
        return "".join(f"> {line}\n" for line in lines) + ("\n" if lines else "")


def _set_value(text: str, key: str, old: str, new: str) -> str:
    """Replace the value `old` of the top-level `key:` line, keeping its comment in its column."""
    pattern = re.compile(rf"^{re.escape(key)}: {re.escape(old)}( *)(#.*)?$", re.MULTILINE)
    match = pattern.search(text)
    if match is None or len(pattern.findall(text)) != 1:
        raise AssertionError(f"scaffold kit.yaml: no single `{key}: {old}` line")  # the package data is broken
    head = f"{key}: {new}"
    comment = match.group(2)
    if comment:
        width = len(f"{key}: {old}") + len(match.group(1))
        head = head.ljust(width) if len(head) < width else head + "  "
        head += comment
    return text[: match.start()] + head + text[match.end() :]


def yaml_string(text: str) -> str:
    """`text` as a double-quoted YAML scalar."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def fill_kit_yaml(text: str, kit_id: str, title: str, languages: tuple[str, ...]) -> str:
    text = _set_value(text, "id", FALLBACK_ID, kit_id)
    for lang in languages:
        old = f'\n  {lang}: "{FALLBACK_TITLE}"\n'
        if text.count(old) != 1:
            raise AssertionError(f"scaffold kit.yaml: no single title line {old.strip()!r}")
        text = text.replace(old, f"\n  {lang}: {yaml_string(title)}\n")
    return _set_value(text, "languages", "[ja, en]", "[" + ", ".join(languages) + "]")


_SCALAR = r'"(?:[^"\\]|\\.)*"|[^,{}"\n]+?'
_FLOW_TEXT = re.compile(rf"\{{ja: (?P<ja>{_SCALAR}), en: (?P<en>{_SCALAR})\}}")
_BLOCK_TEXT = re.compile(r"^(?P<indent> *)(?P<dash>- )?(?P<lang>ja|en): (?P<value>.*)$")


_PLAIN = re.compile(r"[^\s\-?:,\[\]{}#&*!|>'\"%@`][^,\[\]{}#:\n\"]*(?<! )")
"""Text YAML reads as it is written, in a flow mapping too: no quotes needed."""


def _quoted(text: str) -> str:
    """`text` as a YAML scalar: plain when it reads as written, else double-quoted, keeping its line breaks."""
    import yaml

    if _PLAIN.fullmatch(text) and yaml.safe_load(text) == text:
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _scalar(sample: SampleText, lang: str, ja: str, en: str) -> str:
    """A text's value in `lang`, as YAML: the scaffold's own for ja and en, else a translation of the English."""
    import yaml

    if lang in ("ja", "en"):
        return ja if lang == "ja" else en
    words = sample.words(lang, str(yaml.safe_load(en)))
    return en if words is None else _quoted(words)


def in_languages_yaml(text: str, sample: SampleText) -> str:
    """The scaffold's YAML with each text in the kit's languages.

    Scaffold text is written `{ja: …, en: …}` on one line, or as a block of a `ja:` line then an `en:`
    line (a list item's dash on the first); tests/test_new.py checks the result against the YAML.
    """
    if sample.order == SCAFFOLD_LANGUAGES:
        return text
    text = _FLOW_TEXT.sub(
        lambda m: "{" + ", ".join(f"{lang}: {_scalar(sample, lang, m['ja'], m['en'])}" for lang in sample.order) + "}",
        text,
    )
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        first = _BLOCK_TEXT.match(lines[i])
        second = _BLOCK_TEXT.match(lines[i + 1]) if first is not None and i + 1 < len(lines) else None
        if first is None or second is None or (first["lang"], second["lang"]) != SCAFFOLD_LANGUAGES:
            out.append(lines[i])
            i += 1
            continue
        inner = " " * len(second["indent"])  # where the text's keys stand, the dash (if any) before the first
        for k, lang in enumerate(sample.order):
            head = first["indent"] + first["dash"] if k == 0 and first["dash"] else inner
            out.append(f"{head}{lang}: {_scalar(sample, lang, first['value'], second['value'])}")
        i += 2
    return "\n".join(out)


def in_languages_csv(raw: bytes, sample: SampleText) -> bytes:
    """The scaffold's card table with a column per language of the kit for each text (`title.ja`, `title.de`)."""
    if sample.order == SCAFFOLD_LANGUAGES:
        return raw
    bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
    rows = list(csv.reader(io.StringIO(raw[len(bom) :].decode("utf-8"), newline="")))
    header = rows[0]
    columns: list[tuple[str, int, int]] = []  # (name, the ja column, the en column); -1: a column kept as it is
    for index, name in enumerate(header):
        base, _dot, lang = name.rpartition(".")
        if lang == "ja" and f"{base}.en" in header:
            columns += [(f"{base}.{tag}", index, header.index(f"{base}.en")) for tag in sample.order]
        elif not (lang == "en" and f"{base}.ja" in header):
            columns.append((name, index, -1))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([name for name, _ja, _en in columns])
    for row in rows[1:]:
        writer.writerow([_cell(sample, name, row, ja, en) for name, ja, en in columns])
    return bom + out.getvalue().encode("utf-8")


def _cell(sample: SampleText, name: str, row: list[str], ja: int, en: int) -> str:
    if en < 0:
        return row[ja]
    lang = name.rpartition(".")[2]
    if lang in ("ja", "en"):
        return row[ja if lang == "ja" else en]
    return sample.words(lang, row[en]) or row[en]


# ---------------------------------------------------------------- writing


def write_schemas(directory: Path) -> None:
    """The editor schemas the modelines and .vscode/settings.json name, in `directory`."""
    try:
        from pnpkit.validator.editor_schema import write_schemas as write
    except ImportError as exc:  # a broken installation, not the user's doing: say so in one line
        raise NewError(f"this pnpkit cannot write editor schemas ({exc}); reinstall it") from None
    write(directory, GAME)


def _fill(staging: Path, files: dict[str, bytes]) -> list[str]:
    """Write `files` and the schemas into `staging`; returns the top-level names written."""
    for relative, data in sorted(files.items()):
        path = staging / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    write_schemas(staging / SCHEMA_DIR)
    return sorted(entry.name for entry in staging.iterdir())


def _new_dir(parent: Path, name: str) -> Path:
    """A fresh hidden directory in `parent` (made with the usual permissions, unlike mkdtemp's 0700)."""
    for _ in range(100):
        path = parent / f".{name[:40]}.pnpkit-new-{secrets.token_hex(4)}"
        try:
            path.mkdir()
        except FileExistsError:
            continue
        return path
    raise FileExistsError(parent)


def write_kit(target: Path, files: dict[str, bytes]) -> None:
    """Write the kit into `target` (new, or an empty directory) all at once: everything is written into a
    staging directory first, then moved into place; when anything fails, nothing is left behind."""
    target = Path(os.path.abspath(target))
    created: list[Path] = []  # the parents this call made, deepest last
    staging: Path | None = None
    moved: list[Path] = []
    try:
        if target.is_dir():
            staging = _new_dir(target, "kit")
            for name in _fill(staging, files):
                destination = target / name
                if os.path.lexists(destination):
                    raise FileExistsError(destination)
                os.rename(staging / name, destination)
                moved.append(destination)
            staging.rmdir()
            staging = None
        else:
            missing = [p for p in [*reversed(target.parents)] if not p.exists()]
            for parent in missing:
                parent.mkdir()
                created.append(parent)
            staging = _new_dir(target.parent, target.name)
            _fill(staging, files)
            os.rename(staging, target)
            staging = None
    except BaseException as exc:  # an interrupt too: take back what was written, then say why
        for path in reversed(moved):
            _remove(path)
        if staging is not None:
            _remove(staging)
        for parent in reversed(created):
            try:
                parent.rmdir()
            except OSError:
                break
        if isinstance(exc, FileExistsError):
            raise NewError(f"{str(target)!r} changed while the kit was written; nothing was written") from None
        if isinstance(exc, OSError):
            reason = exc.strerror or str(exc)
            raise NewError(f"cannot write {str(target)!r}: {reason}; nothing was written") from None
        raise


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)
