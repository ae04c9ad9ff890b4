/** The product's dark trading look (STYLE/DESIGN tokens), inlined so these pages need no build step or asset route. */
export const PAGE_STYLES = `
:root{color-scheme:dark;--bg:#0b0e14;--surface:#131722;--raised:#1a2030;--border:#262d3d;--accent:#22c55e;--accent-hover:#16a34a;--text:#e6e8ee;--muted:#8b93a7;--danger:#f87171}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;min-height:100dvh;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;display:flex;flex-direction:column;align-items:center;padding:32px 16px}
main{width:100%;max-width:420px;display:flex;flex-direction:column;align-items:center}
.wordmark{display:inline-flex;align-items:center;gap:10px;color:var(--text);text-decoration:none;font-weight:800;font-size:1.5rem;letter-spacing:.08em;margin-bottom:24px}
.wordmark svg{flex:none}
.card{width:100%;background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:24px 20px}
@media (max-width:359px){body{padding:24px 12px}.card{padding:20px 16px}}
@media (min-width:480px){.card{padding:32px}}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 4px}
.lead{color:var(--muted);margin:0 0 24px;font-size:.9375rem}
.tabs{display:flex;gap:4px;background:var(--bg);border:1px solid var(--border);border-radius:10px;padding:4px;margin:0 0 24px}
.tabs a{flex:1;text-align:center;padding:8px 4px;border-radius:8px;color:var(--muted);text-decoration:none;font-weight:600;font-size:.875rem;white-space:nowrap}
.tabs a:hover{color:var(--text)}
.tabs a[aria-current=page]{background:var(--raised);color:var(--text)}
.field{margin:0 0 16px}
label{display:block;font-size:.875rem;font-weight:600;margin:0 0 6px}
input{width:100%;min-height:44px;padding:10px 14px;border-radius:10px;border:1px solid var(--border);background:var(--bg);color:var(--text);font:inherit}
input:focus{outline:2px solid var(--accent);outline-offset:1px}
input[aria-invalid=true]{border-color:var(--danger)}
.hint{color:var(--muted);font-size:.8125rem;margin:6px 0 0}
.button{display:block;width:100%;min-height:44px;margin:8px 0 0;padding:10px 16px;border:0;border-radius:10px;background:var(--accent);color:#04130a;font:inherit;font-weight:700;text-align:center;text-decoration:none;cursor:pointer}
.button:hover{background:var(--accent-hover)}
.button:focus-visible,.tabs a:focus-visible,a:focus-visible{outline:2px solid var(--text);outline-offset:2px}
.button.secondary{background:transparent;color:var(--text);border:1px solid var(--border)}
.button.secondary:hover{background:var(--raised)}
.alert{border:1px solid rgba(248,113,113,.45);background:rgba(248,113,113,.1);color:#fecaca;border-radius:10px;padding:12px 14px;margin:0 0 16px;font-size:.9375rem}
.alert ul{margin:6px 0 0;padding-left:20px}
.switch{color:var(--muted);text-align:center;font-size:.875rem;margin:20px 0 0}
a{color:var(--accent)}
a:hover{color:var(--accent-hover)}
.footer{color:var(--muted);font-size:.75rem;margin-top:24px;text-align:center}
@media (prefers-reduced-motion:no-preference){.button,.tabs a,input{transition:background-color .15s,color .15s,border-color .15s}}
`;
