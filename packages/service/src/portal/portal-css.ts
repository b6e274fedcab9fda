import { createHash } from "node:crypto";

/** The portal's one stylesheet: plain, high-contrast (every text colour at least 7:1 on its background). */
export const PORTAL_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#111;background:#fff}
h1,h2,h3,p,li{overflow-wrap:break-word}a{color:#0645ad}a:focus,button:focus,input:focus,textarea:focus{outline:3px solid #1a4d8f;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:4px}
.top{display:flex;gap:1.5rem;align-items:center;padding:.5rem 1rem;background:#f3f3f3;border-bottom:1px solid #666}
.top ul{list-style:none;display:flex;gap:1rem;margin:0;padding:0}.brand{font-weight:700}
.sign-out{margin-left:auto}
main{max-width:70rem;margin:0 auto;padding:1rem}
table{border-collapse:collapse;margin:1rem 0;width:100%}caption{text-align:left;font-weight:600}
th,td{border:1px solid #666;padding:.25rem .5rem;text-align:left;vertical-align:top;overflow-wrap:break-word}
.stack{display:flex;flex-direction:column;gap:.75rem;max-width:40rem}.field{display:flex;flex-direction:column}
label{font-weight:600}input,textarea{font:inherit;padding:.3rem;border:1px solid #444}
button,.button{font:inherit;padding:.35rem .9rem;background:#1a4d8f;color:#fff;border:1px solid #1a4d8f;cursor:pointer;text-decoration:none;display:inline-block}
button,.button{overflow-wrap:normal;word-break:normal}
button[disabled],button.danger[disabled]{background:#555;border-color:#555;cursor:not-allowed}
button.secondary,.button.secondary{background:#fff;color:#1a4d8f}button.danger{background:#a00000;border-color:#a00000}
.reason{margin:.25rem 0;color:#333;font-style:italic}.hint{margin:.25rem 0;color:#333}
.badge,.health{display:inline-block;padding:0 .4rem;border:1px solid currentColor;border-radius:.6rem;font-size:.9em;font-weight:600}
.state-published,.state-checks-signatures,.state-approved,.state-passed,.state-accepted,.state-done,.state-delivered{color:#0a5a1a;background:#eaf6ec}
.state-failed,.state-accepts-unsigned-calls,.state-refuses-the-app-s-secret,.state-errored,.state-rejected-signature,.state-adapter-failed,.state-dead{color:#a00000;background:#fbeaea}
.state-in-review,.state-inconclusive,.state-running,.state-queued,.state-pending,.state-action-needed{color:#6b3d00;background:#fdf3e1}
.toc ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0}
.checklist{padding-left:1.25rem}.checklist .done{color:#0a5a1a}
.confirm{border:2px solid #a00000;padding:.5rem 1rem}
.field-error{color:#a00000;font-weight:600}.ok{color:#0a5a1a;font-weight:600}
.notice{border-left:4px solid #1a4d8f;padding:.25rem .75rem;background:#eef3fa}
.check-result{border-left:4px solid #666;padding:0 .75rem}
.problems{border:2px solid #a00000;padding:.5rem 1rem}
.cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem}
.card{border:1px solid #666;padding:.75rem}.card h3{margin-top:0}.icon{vertical-align:middle}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
pre,code{font-family:ui-monospace,monospace;overflow-wrap:anywhere;white-space:pre-wrap}
.health-ready,.check-passed{color:#0a5a1a}.health-down,.health-unready,.check-failed{color:#a00000}
.pager{display:flex;gap:1rem;align-items:center}
.filters{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:flex-end}.filters input{width:12rem;max-width:100%}
select{font:inherit;padding:.3rem;border:1px solid #444}pre.record{border:1px solid #666;padding:.5rem;max-height:30rem;overflow:auto}
progress{width:20rem;max-width:100%}
table.attempts{display:block;overflow-x:auto;margin:.5rem 0}table.attempts td{font-size:.9rem}
@media (max-width:40rem){.top{flex-wrap:wrap;gap:.5rem}th,td{overflow-wrap:anywhere;padding:.25rem}
td button,td .button{padding:.2rem .4rem}
dl{grid-template-columns:1fr}dd{margin-bottom:.5rem}main{padding:.5rem}}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/** Where the stylesheet is served: its digest in the name, so it can be cached for a year. */
export const PORTAL_CSS_PATH = `/developer/assets/portal-${createHash("sha256").update(PORTAL_CSS).digest("hex").slice(0, 12)}.css`;
