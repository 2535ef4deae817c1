"""pnpkit's validator: strict YAML, pydantic rule models and findings with places.

It never imports reportlab or svgwrite, so it stays fast and light.
"""

__version__ = "0.1.0"
