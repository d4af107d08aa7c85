// The stylesheet lint (`npm run lint`): stylelint's standard rules, which catch what a browser silently
// skips (an unclosed block drops every rule after it, a duplicate selector, a deprecated keyword). The
// rules turned off or eased below are matters of layout the project's CSS chooses on purpose.
/** @type {import("stylelint").Config} */
export default {
  extends: ["stylelint-config-standard"],
  rules: {
    // Small components are written one rule per line (datasets.css, outputs.css, trends.css, the phase
    // bars): a whole component reads at a glance, so blank lines and one declaration per line are not asked.
    "declaration-block-single-line-max-declarations": null,
    "rule-empty-line-before": null,
    "at-rule-empty-line-before": null,
    "custom-property-empty-line-before": null,
    // `#ffffff` beside `#1b1f24` keeps a palette's colours the same width; either form is the same colour.
    "color-hex-length": null,
    // `(max-width: 480px)` is what every breakpoint here uses; the range form means the same.
    "media-feature-range-notation": "prefix",
    // Font family names keep their own spelling inside the font-stack variables.
    "value-keyword-case": ["lower", { ignoreProperties: ["--pb-font", "--pb-mono"] }],
    // Recharts names its own classes (`recharts-errorBar`); ours are kebab-case.
    "selector-class-pattern": [
      "^(recharts-[a-zA-Z-]+|[a-z][a-z0-9]*(-[a-z0-9]+)*)$",
      { message: (selector) => `Expected class selector "${selector}" to be kebab-case` },
    ],
    // It compares selectors by specificity alone, across components that never match one element
    // (`.pb-pairwise > summary` after `.pb-column-chooser[open] > summary`); states are ordered by hand.
    "no-descending-specificity": null,
    // An endless animation repaints the tab for as long as it shows, in the page that times the requests.
    "declaration-property-value-disallowed-list": [
      { "/^animation(-iteration-count)?$/": ["/infinite/"] },
      { message: (property) => `Unexpected endless "${property}": it repaints the page that times the requests for as long as it shows` },
    ],
  },
};
