"""Architecture, read from the code: no import cycles, no module reaching for another's private names, and one
process pool.

A cycle makes import order matter (a name missing half-way through an import) and ties modules that should stand
alone; an import inside a function is one all the same, only later, so it counts. A private name (`_x`) is its
module's own business: a module that imports one depends on what its owner may change freely. Every worker needs the
same stop handling (validator/jobs.py), so only one place may start a process pool.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO

PACKAGES = {"validator": "pnpkit.validator", "generator": "pnpkit.generator"}
"""Folder -> installed package."""
POOL_CLASSES = {("concurrent.futures", "ProcessPoolExecutor"), ("multiprocessing", "Pool")}
"""What starts a process pool: these classes, and `Pool` of any multiprocessing context."""


# ---------------------------------------------------------------- reading the code


def modules_under(root: Path, folders: dict[str, str] = PACKAGES) -> dict[str, Path]:
    """Every module in the folders, by its installed dotted name (a package by its __init__.py)."""
    found = {}
    for folder, package in folders.items():
        for path in sorted((root / folder).rglob("*.py")):
            parts = list(path.relative_to(root / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node that runs, at import or in a function, leaving out `if TYPE_CHECKING:` blocks (their `else:`
    runs)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a `from ... import` reads from, its dots resolved against `module`."""
    if not node.level:
        return node.module or ""
    parts = module.split(".") if is_package else module.split(".")[:-1]
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def imports(module: str, path: Path) -> Iterator[tuple[int, str, str | None]]:
    """(line, module read from, name taken or None) for every import in `path` that runs; `import a.b` gives
    ("a.b", None), `from a import b, c` gives ("a", "b") and ("a", "c")."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    for node in _runtime_nodes(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, None
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, is_package, node)
            for alias in node.names:
                yield node.lineno, base, alias.name


def _owner(name: str, known: dict[str, Path]) -> str | None:
    """The module that defines `name` (a module, or a name in one)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def import_graph(known: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the modules it imports, at import time or in a function. `from package import module` is an edge
    to the module, `from package import name` one to the package's __init__ (its own package's too: an __init__
    that imports the module back is a cycle)."""
    graph: dict[str, set[str]] = {}
    for module, path in known.items():
        edges = set()
        for _line, base, name in imports(module, path):
            target = _owner(f"{base}.{name}" if name and f"{base}.{name}" in known else base, known)
            if target is not None and target != module:
                edges.add(target)
        graph[module] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or round a loop (Tarjan's strongly connected
    components of more than one module), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return sorted(found)


def private_imports(known: dict[str, Path], files: dict[str, Path]) -> list[str]:
    """`file:line imports _name from module` for every private name one of `files` takes from another module of
    `known` (a private module itself, `from . import _mod`, is a module, not a name, and is allowed)."""
    found = []
    for module, path in files.items():
        for line, base, name in imports(module, path):
            if name is None or not name.startswith("_") or name.startswith("__"):
                continue
            if base in known and base != module and f"{base}.{name}" not in known:
                found.append(f"{path.name}:{line} imports {name} from {base}")
    return found


def pool_constructions(path: Path) -> list[int]:
    """The lines where `path` starts a process pool: ProcessPoolExecutor(...) or a multiprocessing Pool(...),
    however the class was imported or renamed."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    aliases = {name for _module, name in POOL_CLASSES}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            aliases |= {a.asname for a in node.names if a.asname and (node.module, a.name) in POOL_CLASSES}
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name in aliases:
            lines.append(node.lineno)
    return lines


def _tests() -> dict[str, Path]:
    """The test modules (conftest, the helpers and the tests), named as pytest imports them: top-level."""
    return {path.stem: path for path in sorted((REPO / "tests").glob("*.py"))}


# ---------------------------------------------------------------- the rules


def test_no_import_cycles():
    known = modules_under(REPO)
    assert len(known) > 50
    assert cycles(import_graph(known)) == []


def test_no_module_imports_another_modules_private_names():
    known = {**modules_under(REPO), **_tests()}
    assert private_imports(known, known) == []


def test_one_place_starts_a_process_pool():
    """validator/jobs.py, which every pool (builds, exports, playtests) goes through with its stop handling."""
    sites = [
        f"{path.relative_to(REPO)}:{line}" for path in modules_under(REPO).values() for line in pool_constructions(path)
    ]
    assert len(sites) == 1, sites
    assert sites[0].startswith("validator/jobs.py:"), sites


# ---------------------------------------------------------------- the checks on small cases


def _package(tmp_path: Path, files: dict[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = tmp_path / "validator" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return modules_under(tmp_path, {"validator": "pnpkit.validator"})


@pytest.mark.parametrize(
    "files, expected",
    [
        ({"a.py": "from . import b\n", "b.py": "from .a import x\n"}, [["pnpkit.validator.a", "pnpkit.validator.b"]]),
        (  # inside a function, round three modules, by absolute and relative names
            {
                "a.py": "def f():\n    from .sub.c import y\n",
                "sub/__init__.py": "",
                "sub/c.py": "import pnpkit.validator.b\n",
                "b.py": "def g():\n    from pnpkit.validator import a\n",
            },
            [["pnpkit.validator.a", "pnpkit.validator.b", "pnpkit.validator.sub.c"]],
        ),
        (  # two levels up from a subpackage's module
            {"sub/__init__.py": "", "sub/c.py": "from ..a import x\n", "a.py": "from .sub import c\n"},
            [["pnpkit.validator.a", "pnpkit.validator.sub.c"]],
        ),
        (
            {
                "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import X\n",
                "b.py": "from . import a\n",
            },
            [],
        ),
        (  # the `else:` of a TYPE_CHECKING block runs
            {"a.py": "if TYPE_CHECKING:\n    pass\nelse:\n    from .b import X\n", "b.py": "from . import a\n"},
            [["pnpkit.validator.a", "pnpkit.validator.b"]],
        ),
        ({"a.py": "from . import b\n", "b.py": "import json\n"}, []),
        ({"__init__.py": "from .a import x\n", "a.py": "from . import b\n", "b.py": ""}, []),  # b is a module
        (  # a name from its own package's __init__, which imports the module back
            {"__init__.py": "from .a import x\n", "a.py": "from . import y\n"},
            [["pnpkit.validator", "pnpkit.validator.a"]],
        ),
    ],
)
def test_the_cycle_check_finds_cycles(tmp_path, files, expected):
    assert cycles(import_graph(_package(tmp_path, files))) == expected


@pytest.mark.parametrize(
    "source, bad",
    [
        ("from .b import _hidden\n", True),
        ("def f():\n    from pnpkit.validator.b import _hidden\n", True),
        ("from .b import shown, _hidden as h\n", True),
        ("from .b import shown\n", False),
        ("from . import _private_module\n", False),
        ("from .b import __version__\n", False),
        ("from os import _exit\n", False),  # not pnpkit's
    ],
)
def test_the_private_check_finds_private_names(tmp_path, source, bad):
    known = _package(tmp_path, {"a.py": source, "b.py": "", "_private_module.py": ""})
    assert bool(private_imports(known, known)) == bad


@pytest.mark.parametrize(
    "source, count",
    [
        ("from concurrent.futures import ProcessPoolExecutor\npool = ProcessPoolExecutor(max_workers=2)\n", 1),
        ("import concurrent.futures\npool = concurrent.futures.ProcessPoolExecutor()\n", 1),
        ("from concurrent.futures import ProcessPoolExecutor as Workers\npool = Workers()\n", 1),
        ("import multiprocessing\na = multiprocessing.Pool(2)\nb = multiprocessing.get_context('fork').Pool(2)\n", 2),
        ("# ProcessPoolExecutor( in a comment\nx = '''multiprocessing.Pool('''\n", 0),
        ("from concurrent.futures import ThreadPoolExecutor\npool = ThreadPoolExecutor()\n", 0),
    ],
)
def test_the_pool_check_finds_pools(tmp_path, source, count):
    path = tmp_path / "m.py"
    path.write_text(source, encoding="utf-8")
    assert len(pool_constructions(path)) == count
