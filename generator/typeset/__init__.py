"""Type: font files and their metrics (`fonts`), where lines may break (`linebreaks`, `hyphenation`), quotation
marks (`quotes`), and the one text engine that measures, breaks and fits text in them (`text`)."""
