/**
 * The report's whole stylesheet, inlined so the file reads offline. Status colours pass WCAG AA (4.5:1) on their
 * backgrounds, and every status is also a word, so colour is never the only signal.
 */
export const HTML_STYLE = `
:root { color-scheme: light; --fg: #1f2328; --muted: #57606a; --line: #d0d7de; --pass: #116329; --fail: #a40e26;
  --na: #424a53; --pass-bg: #dafbe1; --fail-bg: #ffebe9; --na-bg: #eaeef2; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; font: 15px/1.5 system-ui, sans-serif; color: var(--fg);
  background: #fff; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.1rem; margin: 1.25rem 0 .25rem; }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; }
pre { background: #f6f8fa; border: 1px solid var(--line); padding: .5rem; overflow-x: auto; white-space: pre-wrap;
  word-break: break-all; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
thead th, tfoot th, tfoot td { background: #f6f8fa; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .5rem 0; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
dl.facts dd code { white-space: pre-wrap; }
.status { display: inline-block; min-width: 3.2em; padding: 0 .4em; border: 1px solid; border-radius: 3px;
  font-weight: 700; text-align: center; }
.status-passed { color: var(--pass); background: var(--pass-bg); }
.status-failed { color: var(--fail); background: var(--fail-bg); }
.status-not_applicable, .status-skipped { color: var(--na); background: var(--na-bg); }
.result { font-size: 1.15rem; padding: .5rem .75rem; border: 2px solid; border-radius: 4px; }
.result-passed { color: var(--pass); background: var(--pass-bg); }
.result-failed, .result-unreachable { color: var(--fail); background: var(--fail-bg); }
.muted { color: var(--muted); }
article.failure { border-left: 4px solid var(--fail); padding: .25rem 0 .25rem .75rem; margin: 1rem 0; }
a { color: #0550ae; }
@media print { pre { white-space: pre-wrap; } a { color: inherit; } }
`;
