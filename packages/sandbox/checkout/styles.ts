/** Inline so the page needs nothing but the sandbox: no fonts, images or scripts from elsewhere. */
export const CHECKOUT_CSS = `
:root { --ink:#1d2433; --muted:#667085; --line:#e4e7ec; --brand:#5b3df5; --brand-dark:#4327d9; --bg:#f4f3ff; --ok:#067647; }
* { box-sizing: border-box; }
body { margin:0; min-height:100vh; background:linear-gradient(160deg,var(--bg),#fff 60%); color:var(--ink);
  font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif; }
main { max-width:560px; margin:40px auto; padding:0 16px; }
.card { background:#fff; border:1px solid var(--line); border-radius:16px; box-shadow:0 12px 32px rgba(29,36,51,.08); overflow:hidden; }
header { padding:24px 28px; background:var(--brand); color:#fff; }
header .merchant { font-size:13px; letter-spacing:.08em; text-transform:uppercase; opacity:.85; }
header h1 { margin:4px 0 0; font-size:24px; }
section { padding:20px 28px; border-top:1px solid var(--line); }
section:first-of-type { border-top:0; }
h2 { margin:0 0 12px; font-size:14px; color:var(--muted); text-transform:uppercase; letter-spacing:.06em; }
table { width:100%; border-collapse:collapse; font-variant-numeric:tabular-nums; }
td, th { padding:6px 0; text-align:left; vertical-align:top; }
th { font-size:13px; color:var(--muted); font-weight:500; }
td.num, th.num { text-align:right; white-space:nowrap; }
tr.adjustment td { color:var(--muted); }
tr.total td { border-top:2px solid var(--ink); padding-top:10px; font-weight:700; font-size:18px; }
ol.plan { list-style:none; margin:0; padding:0; }
ol.plan li { display:flex; justify-content:space-between; padding:10px 14px; margin-bottom:8px; border:1px solid var(--line); border-radius:10px; }
ol.plan li.today { border-color:var(--brand); background:var(--bg); font-weight:600; }
.muted { color:var(--muted); font-size:14px; }
.actions { display:flex; gap:12px; flex-wrap:wrap; }
.actions form { flex:1; margin:0; }
button { width:100%; padding:14px 18px; border-radius:10px; font-size:16px; font-weight:600; cursor:pointer; border:1px solid var(--line); background:#fff; color:var(--ink); }
button.primary { background:var(--brand); border-color:var(--brand); color:#fff; }
button.primary:hover { background:var(--brand-dark); }
.badge { display:inline-block; padding:2px 10px; border-radius:999px; background:var(--bg); color:var(--brand); font-weight:600; font-size:13px; }
footer { text-align:center; margin:16px 0; }
ol.outbox { list-style:none; margin:0; padding:0; }
ol.outbox li { padding:14px 0; border-top:1px solid var(--line); }
ol.outbox li:first-child { border-top:0; }
ol.outbox .qr svg { display:block; width:200px; height:200px; margin:10px 0; }
a.open { display:inline-block; margin-top:6px; color:var(--brand); font-weight:600; word-break:break-all; }
`
