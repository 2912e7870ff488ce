# Awaiting translation.
