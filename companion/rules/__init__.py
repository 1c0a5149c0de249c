"""Rules lookup: the rulebooks of every game as searchable entries, plus the table's rulings.

Public API::

    from companion.rules import search, RulesIndex, Hit
    hits = search("nichya na baze", game="smash_up", limit=5)
    hits[0].entry["section"], hits[0].score, hits[0].spans, hits[0].house

- :func:`search` — the shared, load-once index (``rules_db/`` + house rulings).
- :class:`RulesIndex` — build your own index over any list of entries.
- :func:`add_ruling`, :func:`list_rulings`, :func:`delete_ruling` — house rulings.
- :func:`load_db`, :func:`rules_db_dir`, :func:`validate_entry` — the database itself.

Search errors raise :class:`companion.errors.SearchError` with a Russian message.
"""

from companion.rules.api import default_index, entries, house_warnings, invalidate, search
from companion.rules.db import RulesDBError, load_db, rules_db_dir, validate_entry
from companion.rules.house import HouseRulingError, add_ruling, delete_ruling, list_rulings
from companion.rules.normalize import Stemmer
from companion.rules.search import Hit, RulesIndex

__all__ = [
    "search",
    "default_index",
    "entries",
    "house_warnings",
    "invalidate",
    "RulesIndex",
    "Hit",
    "Stemmer",
    "load_db",
    "rules_db_dir",
    "validate_entry",
    "RulesDBError",
    "add_ruling",
    "list_rulings",
    "delete_ruling",
    "HouseRulingError",
]
