"""Marcador's PC side: score game records, and (later) flash, sync, export."""
