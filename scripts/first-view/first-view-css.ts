import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../site-apps';

/**
 * The first view's styles, inlined in the page (no request before the first paint): the design
 * tokens every screen reads, then compact rules in the shape of the real screens. Prefixed `fv-`;
 * they style nothing once React has replaced the first view.
 */
const RULES = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:var(--cb-font-family);line-height:1.5;color:var(--cb-color-text);background:var(--cb-color-background)}
.fv-page{min-height:100vh}
.fv-bar{background:var(--cb-color-surface);border-bottom:1px solid var(--cb-color-border)}
.fv-bar-in{max-width:var(--cb-content-width);margin:0 auto;padding:8px 16px;display:flex;align-items:center;gap:16px;min-height:64px}
.fv-logo{display:flex;align-items:center;gap:8px;font-weight:700;font-size:1.25rem;color:var(--cb-color-text);text-decoration:none}
.fv-mark{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:8px;background:var(--cb-color-primary);color:#fff}
.fv-links{display:none;flex:1;justify-content:center;gap:8px}
.fv-links a,.fv-menu a{display:inline-flex;align-items:center;min-height:44px;color:var(--cb-color-text);text-decoration:none;font-weight:500;padding:0 12px;border-radius:8px}
.fv-links a[aria-current]{color:var(--cb-color-primary);box-shadow:inset 0 -2px 0 var(--cb-color-primary)}
.fv-actions{margin-left:auto;display:flex;align-items:center;gap:8px}
.fv-login{display:inline-flex;align-items:center;min-height:44px;color:var(--cb-color-primary);text-decoration:none;font-weight:600;padding:0 12px;border-radius:var(--cb-radius-pill);white-space:nowrap}
.fv-cta{display:none;align-items:center;min-height:44px;background:var(--cb-color-primary);color:#fff;text-decoration:none;font-weight:600;padding:0 24px;border-radius:var(--cb-radius-pill)}
.fv-menu summary{list-style:none;cursor:pointer;width:44px;height:44px;display:grid;place-items:center;border:1px solid var(--cb-color-border);border-radius:8px;font-size:1.25rem}
.fv-menu nav{position:absolute;right:16px;background:var(--cb-color-surface);border:1px solid var(--cb-color-border);border-radius:10px;display:grid;padding:8px;z-index:2}
@media (min-width:900px){.fv-links,.fv-cta{display:flex}.fv-menu{display:none}.fv-admin{border:1px solid var(--cb-color-border)}}
.fv-main{max-width:var(--cb-content-width);margin:0 auto;padding:24px 16px 48px}
.fv-title{font-size:1.75rem;line-height:1.2;margin:0 0 8px}
.fv-lead{color:var(--cb-color-text-muted);margin:0 0 24px}
.fv-hero{background:linear-gradient(135deg,var(--cb-color-primary-strong),var(--cb-color-primary));color:#fff;border-radius:var(--cb-radius-lg);padding:32px 24px}
.fv-hero h1{font-size:clamp(1.75rem,5vw,2.75rem);line-height:1.15;margin:0 0 16px;max-width:20ch}
.fv-hero p{margin:0 0 16px;max-width:60ch}
.fv-hero-cta{display:inline-block;background:#fff;color:var(--cb-color-primary-strong);font-weight:700;text-decoration:none;padding:10px 32px;border-radius:var(--cb-radius-pill)}
.fv-section{margin-top:40px}.fv-section h2{font-size:1.5rem;margin:0 0 16px}
.fv-grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(min(100%,340px),1fr))}
.fv-card{display:flex;background:var(--cb-color-surface);border:1px solid var(--cb-color-border);border-radius:var(--cb-radius-lg);overflow:hidden;min-height:200px}
.fv-body{padding:12px;display:grid;gap:4px;align-content:start;flex:1}
.fv-body p,.fv-body h3{margin:0}
.fv-ok,.fv-off{font-size:.875rem;font-weight:600;color:var(--cb-color-success)}.fv-off{color:var(--cb-color-text-muted)}
.fv-spec{color:var(--cb-color-primary);font-weight:600}
.fv-muted{color:var(--cb-color-text-muted);font-size:.875rem}
.fv-center{display:flex;flex-direction:column;align-items:center}.fv-center .fv-lead{text-align:center}
.fv-tiles{align-self:stretch;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(170px,1fr))}
@media (max-width:400px){.fv-tiles{grid-template-columns:repeat(2,minmax(0,1fr));gap:12px}}
.fv-tile{display:flex;flex-direction:column;background:var(--cb-color-surface);border:1px solid var(--cb-color-border);border-radius:var(--cb-radius-lg);overflow:hidden}
.fv-square{width:100%;height:auto;aspect-ratio:1;object-fit:cover;object-position:center top;background:var(--cb-color-primary-soft)}
.fv-tile .fv-ok,.fv-tile .fv-off,.fv-lcard .fv-ok,.fv-lcard .fv-off{justify-self:start;align-self:flex-start;display:inline-flex;align-items:center;gap:8px;margin-bottom:4px;padding:2px 8px;border-radius:var(--cb-radius-pill);background:var(--cb-color-success-soft);white-space:nowrap}
.fv-tile .fv-off,.fv-lcard .fv-off{background:var(--cb-color-background);font-weight:500}
.fv-tile .fv-ok::before,.fv-tile .fv-off::before,.fv-lcard .fv-ok::before,.fv-lcard .fv-off::before{content:'';width:8px;height:8px;border-radius:50%;background:currentColor}
.fv-tiles .fv-ghost{aspect-ratio:170/376;min-height:0}
.fv-tile-name{font-size:1rem;line-height:1.3}.fv-tile-name a{color:var(--cb-color-text);text-decoration:none}
.fv-rating{font-size:.875rem;font-weight:600}.fv-rating .fv-muted{font-weight:400}.fv-star{margin-right:4px;color:var(--cb-color-warning)}
.fv-next{font-size:.875rem;font-weight:600;color:var(--cb-color-success)}
.fv-see-all{margin-top:16px;display:inline-flex;align-items:center;min-height:44px;padding:0 32px;border-radius:var(--cb-radius-pill);background:var(--cb-color-primary-soft);color:var(--cb-color-primary-strong);font-weight:600;text-decoration:none}
.fv-list{display:flex;flex-direction:column;gap:24px}
.fv-list-head{display:flex;flex-direction:column;gap:12px}
.fv-ltitle{margin:0;font-size:var(--cb-font-size-page-title);line-height:1.2}
.fv-llead{margin:0;color:var(--cb-color-text-muted)}
.fv-search{display:flex;flex-direction:column;gap:4px;max-width:480px}
.fv-search label{font-weight:600;font-size:.875rem}
.fv-search input{min-height:44px;width:100%;padding:0 16px;border:1px solid #8a94a8;border-radius:var(--cb-radius-md);background:var(--cb-color-surface);color:var(--cb-color-text);font:inherit}
.fv-layout{display:grid;gap:24px}
.fv-sidebar ul,.fv-lgrid,.fv-facts{margin:0;padding:0;list-style:none}
.fv-sidebar ul{display:flex;flex-wrap:wrap;gap:8px}
.fv-side{display:flex;align-items:center;min-height:44px;padding:0 16px;border:1px solid var(--cb-color-border);border-radius:var(--cb-radius-pill);background:var(--cb-color-surface);color:var(--cb-color-text);text-decoration:none;white-space:nowrap}
.fv-side-on{border-color:var(--cb-color-primary);background:var(--cb-color-primary-soft);color:var(--cb-color-primary-strong);font-weight:600}
@media (min-width:768px){.fv-layout{grid-template-columns:220px minmax(0,1fr);align-items:start}.fv-sidebar ul{flex-direction:column;flex-wrap:nowrap}.fv-side{border-radius:var(--cb-radius-md)}}
.fv-results{min-width:0}
.fv-results-head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:8px;margin-bottom:16px}
.fv-results-head h2{margin:0;font-size:1.25rem;overflow-wrap:anywhere}
.fv-count{margin:0;min-height:1.5em;color:var(--cb-color-text-muted);font-size:.875rem}
.fv-lgrid{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:16px}
.fv-lcard{position:relative;height:100%;display:flex;flex-direction:column;overflow:hidden;border:1px solid var(--cb-color-border);border-radius:var(--cb-radius-lg);background:var(--cb-color-surface);box-shadow:var(--cb-shadow-card)}
.fv-frame{aspect-ratio:1/1;width:100%;overflow:hidden;background:var(--cb-color-primary-soft)}
.fv-frame img{display:block;width:100%;height:100%;object-fit:cover;object-position:center top}
.fv-lbody{flex:1;display:flex;flex-direction:column;gap:4px;padding:16px}
.fv-lbody p,.fv-lbody h3{margin:0}
.fv-lname{font-size:1.25rem;line-height:1.3}
.fv-facts{margin:4px 0 8px;font-size:.875rem;color:var(--cb-color-text-muted)}
.fv-lbody>.fv-next{margin-bottom:12px}
.fv-lbook{margin-top:auto;display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:8px 16px;border-radius:var(--cb-radius-pill);background:var(--cb-color-primary);color:#fff;font-size:.9375rem;font-weight:600;line-height:1.2;text-align:center;text-decoration:none}
.fv-lbook::after{content:'';position:absolute;inset:0}
.fv-quiet{border:1px solid var(--cb-color-border);background:var(--cb-color-surface);color:var(--cb-color-primary)}
@media (max-width:560px){.fv-lgrid{grid-template-columns:1fr;gap:12px}.fv-lcard{display:grid;grid-template-columns:104px 1fr;align-items:start}.fv-lbody{padding:12px}}
.fv-empty{text-align:center;padding:32px 16px}
.fv-chips{display:flex;flex-wrap:wrap;gap:8px}
.fv-chip{border:1px solid var(--cb-color-border);border-radius:var(--cb-radius-pill);padding:10px 16px;color:var(--cb-color-text);text-decoration:none;background:var(--cb-color-surface)}
.fv-doctor{display:grid;gap:24px}@media (min-width:800px){.fv-doctor{grid-template-columns:320px 1fr}}
.fv-big{width:100%;max-width:320px;aspect-ratio:1;height:auto;border-radius:var(--cb-radius-lg);background:var(--cb-color-primary-soft)}
.fv-info{background:var(--cb-color-surface);border:1px solid var(--cb-color-border);border-radius:var(--cb-radius-lg);padding:24px}
.fv-h3{font-size:1rem;margin:16px 0 4px}
.fv-days,.fv-slots{display:flex;gap:8px;overflow-x:auto;padding-bottom:8px}.fv-slots{flex-wrap:wrap}
.fv-day{display:grid;text-align:center;min-width:56px;padding:8px;border:1px solid var(--cb-color-border);border-radius:var(--cb-radius-pill);font-size:.875rem}
.fv-day-on{background:var(--cb-color-primary);color:#fff;border-color:var(--cb-color-primary)}
.fv-slot{padding:8px 16px;border:1px solid var(--cb-color-border);border-radius:var(--cb-radius-pill);background:var(--cb-color-surface)}
.fv-ghost{background:linear-gradient(90deg,#eef1f7,#f7f9fc,#eef1f7);min-height:200px}
.fv-line{height:16px;border-radius:8px;background:#e6eaf2;margin:0 0 12px;max-width:640px}.fv-short{max-width:320px}.fv-head{height:32px;max-width:280px;margin-bottom:16px}
.fv-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap}
`;

let cached: string | null = null;

export function firstViewCss(): string {
  cached ??= `${fs.readFileSync(path.join(REPO_ROOT, 'shared/src/react/tokens.css'), 'utf8')}${RULES}`.replace(/\n\s*/g, '\n');
  return cached;
}
