"""Type: font files and their metrics (`fonts`, with `scripts` for which family a language prints in), where lines
may break (`linebreaks`, `hyphenation`, and the kit's own words in `terms`), quotation marks (`quotes`), the one
line breaker for plain and marked-up text (`lines`), and fitting text to its box (`text`)."""
