"""`pnpkit export`: the laid-out kit as PNG images, print-on-demand files or a Tabletop Simulator saved object.

- `plan` — the options, the bounds checked before any drawing, the layout for exports;
- `cards`, `tokens` — distinct card faces (with copies and backs) and tokens, read back from the pages;
- `raster` — pages drawn by the PDF backend and rasterised by PDFium to exact pixel sizes;
- `work` — batches of pages that worker processes draw and write;
- `png`, `pod` (with its service table `presets`), `tts` — one module per kind;
- `staging`, `run` — staged output swapped into place whole, and the run that ties it together.

See docs/exports.md.
"""
