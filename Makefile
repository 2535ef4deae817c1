# Two commands do all the set-up on a fresh machine:
#   make kits   build every kit in content/ into output/
#   make test   run the test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: kits test quick fuzz lint typecheck validate bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

kits: $(STAMP)
	$(BIN)/pnpkit build content/* -o output --lang all

validate: $(STAMP)
	$(BIN)/pnpkit validate content/*

# every test, on every core (pytest-xdist); the kits the tests build are built once and shared by the workers.
# The type checker runs beside the tests (it fills the cores the tests' last minutes leave idle); its report
# is printed after theirs, and either failing fails the target.
test: lint
	mkdir -p build
	$(MAKE) --no-print-directory typecheck > build/typecheck.log 2>&1 & checker=$$!; \
	$(BIN)/python -m pytest -n auto --dist worksteal; tests=$$?; \
	wait $$checker; types=$$?; \
	cat build/typecheck.log; \
	test $$tests -eq 0 && test $$types -eq 0

# the daily loop: every test but the long end-to-end ones (marked slow); make test runs them all
quick: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist worksteal -m "not slow"

# a long fuzzing campaign on every core; each failing case is kept in tests/fuzz_cases/ as a regression test
FUZZ_EXAMPLES ?= 400
fuzz: $(STAMP)
	PNPKIT_FUZZ=campaign PNPKIT_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -n auto tests/test_fuzz.py -k promises --hypothesis-show-statistics

lint: $(STAMP)
	$(BIN)/ruff format --check --quiet .
	$(BIN)/ruff check --quiet .

# mypy reads the folders under the names they install as (pnpkit.validator, pnpkit.generator)
typecheck: $(STAMP)
	mkdir -p build/typecheck/pnpkit
	ln -sfn ../../../validator build/typecheck/pnpkit/validator
	ln -sfn ../../../generator build/typecheck/pnpkit/generator
	$(BIN)/mypy

bench: $(STAMP)  # whole processes as a designer runs them, then the in-process diagnostics
	$(BIN)/python bench/whole.py
	$(BIN)/python bench/bench.py
	$(BIN)/python bench/studio.py

clean:  # removes only what pnpkit made in output/
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build dist *.egg-info
	find output -name .pnpkit-output -printf '%h\n' | xargs -r rm -rf
	find output -mindepth 1 -type d -empty -delete
