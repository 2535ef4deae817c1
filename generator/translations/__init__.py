"""A kit's texts handed to translators as a gettext catalogue (PO) and their translations written back.

entries.py lists every text of a kit with a stable context id and the place its source-language value is written;
keep.py says what a translation must keep of its source (placeholders, inline icons, markup); catalogue.py writes
and reads the PO file; places.py finds the file, cell or YAML node each translation goes to; apply.py writes them
there through the studio's writers (generator/studio/edits/) and reads the kit back to prove nothing else changed.
`pnpkit i18n` (generator/commands/i18n.py) is the command line. See docs/translating.md.
"""
