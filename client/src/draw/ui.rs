//! Immediate-mode widgets: buttons, panels and labels, drawn in the house style.
