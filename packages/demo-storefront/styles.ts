/** The storefront's whole stylesheet, inlined in the shell: no external assets. */
export const DEMO_CSS = `
:root { --ink:#1d2330; --muted:#667085; --line:#e4e7ec; --bg:#f6f7f9; --card:#fff; --brand:#5b3df5; --brand-ink:#fff; --ok:#12805c; --bad:#b42318; }
* { box-sizing: border-box; }
body { margin:0; font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; color:var(--ink); background:var(--bg); }
a { color:var(--brand); }
.topbar { display:flex; gap:16px; align-items:baseline; padding:14px 24px; background:var(--card); border-bottom:1px solid var(--line); }
.brand { font-weight:700; font-size:18px; text-decoration:none; color:var(--ink); }
main { max-width:1040px; margin:24px auto; padding:0 16px; }
footer { max-width:1040px; margin:0 auto 32px; padding:0 16px; font-size:13px; }
h1 { font-size:24px; margin:0 0 16px; }
h2 { font-size:16px; margin:0 0 12px; }
.muted { color:var(--muted); }
.layout { display:grid; grid-template-columns: minmax(0,1fr) 320px; gap:20px; align-items:start; }
@media (max-width: 820px) { .layout { grid-template-columns: 1fr; } }
.card { background:var(--card); border:1px solid var(--line); border-radius:12px; padding:20px; margin-bottom:20px; }
.products { display:grid; grid-template-columns: repeat(auto-fill, minmax(200px,1fr)); gap:12px; }
.product { border:1px solid var(--line); border-radius:10px; padding:14px; display:flex; flex-direction:column; gap:6px; }
.product.selected { border-color:var(--brand); box-shadow:0 0 0 2px color-mix(in srgb, var(--brand) 25%, transparent); }
.product .title { font-weight:600; }
.product .price { font-weight:600; font-size:17px; }
.product p { margin:0; font-size:13px; }
.grid { display:grid; grid-template-columns: 1fr 1fr; gap:10px 12px; }
.grid .wide { grid-column: 1 / -1; }
label { display:flex; flex-direction:column; gap:4px; font-size:13px; color:var(--muted); }
input, select { font:inherit; color:var(--ink); padding:8px 10px; border:1px solid var(--line); border-radius:8px; background:#fff; }
input:focus, select:focus, button:focus-visible { outline:2px solid var(--brand); outline-offset:1px; }
button { font:inherit; cursor:pointer; padding:9px 14px; border-radius:8px; border:1px solid var(--line); background:#fff; color:var(--ink); }
button.primary { background:var(--brand); border-color:var(--brand); color:var(--brand-ink); font-weight:600; width:100%; padding:12px; }
button:disabled { opacity:.6; cursor:progress; }
.product button[aria-pressed="true"] { background:var(--brand); border-color:var(--brand); color:var(--brand-ink); }
.methods { display:flex; flex-direction:column; gap:10px; }
.method { flex-direction:row; align-items:flex-start; gap:10px; border:1px solid var(--line); border-radius:10px; padding:12px; color:var(--ink); cursor:pointer; }
.method:has(input:checked) { border-color:var(--brand); background:color-mix(in srgb, var(--brand) 6%, #fff); }
.method input { margin-top:4px; }
.method strong { display:block; }
.method span { color:var(--muted); font-size:13px; }
.summary table { width:100%; border-collapse:collapse; }
.summary td { padding:4px 0; vertical-align:top; }
.summary td.num { text-align:right; white-space:nowrap; }
.summary tr.total td { border-top:1px solid var(--line); padding-top:10px; font-weight:700; font-size:17px; }
.summary tr.includes td { color:var(--muted); font-size:13px; padding-top:0; }
.status { min-height:1.5em; margin:10px 0 0; font-size:14px; color:var(--muted); }
.error { color:var(--bad); background:#fef3f2; border:1px solid #fecdca; border-radius:8px; padding:10px 12px; margin:10px 0 0; }
.success { color:var(--ok); }
.order-number { font-size:28px; font-weight:700; margin:4px 0 12px; }
.actions { display:flex; gap:12px; flex-wrap:wrap; align-items:center; margin-top:16px; }
.spinner { display:inline-block; width:14px; height:14px; border:2px solid var(--line); border-top-color:var(--brand); border-radius:50%; animation:spin .8s linear infinite; vertical-align:-2px; margin-right:6px; }
@keyframes spin { to { transform:rotate(360deg); } }
.offer { margin:2px 0 0; font-size:13px; color:var(--brand); font-weight:500; }
.method .reason, .method .offer { display:block; margin-top:4px; font-size:13px; }
.method .reason { color:var(--bad); }
.method.unavailable { cursor:not-allowed; background:var(--bg); }
.method.unavailable strong { color:var(--muted); }
.topbar .lang { margin-left:auto; font-size:14px; }
[hidden] { display:none !important; }
`
