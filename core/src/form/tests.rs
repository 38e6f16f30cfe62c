//! Behaviour tests of the form, driven by keys.
