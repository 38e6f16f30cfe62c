//! Text measurement and shaping for drawing: sanitizing, display widths and wrapping.
