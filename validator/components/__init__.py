"""Generic components any game can use: cards, hex boards, tokens, rule summaries."""
