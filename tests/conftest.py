"""Test-wide settings: hypothesis without per-example deadlines (shared, noisy machines)."""

from hypothesis import settings

settings.register_profile("companion", deadline=None)
settings.load_profile("companion")
