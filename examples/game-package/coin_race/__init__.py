"""Coin Race, a game pnpkit learns from this package: its `GameSpec`, registered through the `pnpkit.games`
entry point in pyproject.toml."""

from pnpkit.validator.games.spec import GameSpec

GAME = GameSpec(
    tag="coin-race",
    model="coin_race.model:CoinRaceKit",
    layouts="coin_race.layouts",
    engine="coin_race.engine",
    title="Coin Race",
)
