// The HTML report's page template and the scripts it inlines, compiled into
// the tool (html_assets.cpp is generated at build time by embed_assets.py
// from html_template.html and Debian's libjs-three).
#pragma once

namespace sepax::cli::assets {

/// Whether three.js was found at build time; the texts are empty if not.
extern const bool available;
/// html_template.html: the page, with the placeholders /*@THREE@*/,
/// /*@ORBIT@*/ and /*@DATA@*/ on lines of their own.
extern const char* const page_template;
/// three.min.js (the three.js library, MIT licence).
extern const char* const three_js;
/// examples/js/controls/OrbitControls.js (THREE.OrbitControls).
extern const char* const orbit_controls_js;

}  // namespace sepax::cli::assets
