"""The interface in English, Russian, Spanish and Polish (issue 24)."""
