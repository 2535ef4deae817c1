"""`pnpkit serve`: a live studio in the browser, the kit's pages redrawn on every save.

state.py keeps the kit laid out in memory (the same scene the PDFs are drawn from), pages.py turns pages into
PNGs through the PDF backend and PDFium, locate.py ties findings to the cards and pages they concern, follow.py
watches the kit (generator/kitwatch.py, as `pnpkit watch` does) and rebuilds, paths.py keeps the server inside the
kit and output folders and serves their files sandboxed, guard.py checks each request's Host and token (and a
write's token header and Origin), connections.py bounds the HTTP connections, editing.py turns the page's edits
into writes of the kit's files (edits/ holds a writer per kind of file), and app.py is the Starlette app that
serves it all.
"""
