"""Writing a changed value back into the file it came from, touching nothing else.

Each writer takes the file's bytes and returns new bytes: csvcells.py (a field of a CSV record, the file's
delimiter, quoting, line endings, BOM and encoding kept), yamlnodes.py (a scalar, a key or a list item of a YAML
file, spliced in at the node's own place, so comments, order, quoting and every other byte stay), xlsxcells.py (a
cell of a workbook through openpyxl, refused when the workbook holds parts openpyxl would drop) and odscells.py (a
cell of an OpenDocument spreadsheet rewritten in content.xml, every other member kept byte for byte). files.py
holds what they share: the refusal, the file's fingerprint and the atomic write. `set_fields` (YAML, CSV) and
`set_cells` (.xlsx) make many edits of one file in one read, for `pnpkit i18n apply` (generator/translations/).
"""
