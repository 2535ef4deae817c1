# Two commands do all the set-up on a fresh machine:
#   make kits   build every kit in content/ into output/
#   make test   run the test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: kits test validate bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

kits: $(STAMP)
	$(BIN)/pnpkit build content/* -o output --lang all

validate: $(STAMP)
	$(BIN)/pnpkit validate content/*

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python bench/bench.py

clean:  # removes only what pnpkit made in output/
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build dist *.egg-info
	find output -name .pnpkit-output -printf '%h\n' | xargs -r rm -rf
	find output -mindepth 1 -type d -empty -delete
