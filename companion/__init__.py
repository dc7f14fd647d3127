"""The companion app: game sessions, the journal, the touchscreen UI and the command line."""
