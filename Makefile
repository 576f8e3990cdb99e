# make play: create .venv, install, start the game.  make test: create .venv, install, run all tests.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench validate clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python -m game

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/python -m tools.bench

validate: $(STAMP)
	$(BIN)/python -m tools.validate

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
