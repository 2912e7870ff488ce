//! The screens, drawn from the app's state; each returns the actions the player took.
