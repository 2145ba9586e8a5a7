"""rulings: a multilingual rules knowledge base for tabletop card games."""

__version__ = "0.1.0"
