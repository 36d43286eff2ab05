/**
 * The widget's styles, adopted by its shadow root as a constructed style sheet: the host page's
 * CSS cannot reach inside and these rules cannot leak out, and a constructed sheet is not an
 * inline style, so a page whose CSP forbids 'unsafe-inline' styles still shows it. The colour comes
 * in as a custom property set through the CSSOM (allowed by CSP too).
 */
export const widgetCss = `
:host { all: initial; }
* { box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.launcher { position: fixed; right: 20px; bottom: 20px; z-index: 2147483646; width: 60px; height: 60px; border-radius: 50%;
  border: none; background: var(--atendo-color, #1976d2); color: #fff; cursor: pointer; display: flex; align-items: center;
  justify-content: center; box-shadow: 0 4px 14px rgba(0,0,0,.25); padding: 0; }
.launcher:focus-visible, button:focus-visible, textarea:focus-visible, input:focus-visible { outline: 3px solid #ffb300; outline-offset: 2px; }
.launcher svg { width: 30px; height: 30px; fill: currentColor; }
.badge { position: absolute; top: -4px; right: -4px; min-width: 22px; height: 22px; padding: 0 6px; border-radius: 11px;
  background: #d32f2f; color: #fff; font-size: 12px; font-weight: 700; line-height: 22px; text-align: center; }
.badge[hidden] { display: none; }
.panel { position: fixed; right: 20px; bottom: 92px; z-index: 2147483647; width: 370px; height: 560px; max-height: calc(100vh - 112px);
  background: #fff; color: #1f2328; border-radius: 14px; box-shadow: 0 10px 40px rgba(0,0,0,.3); display: flex; flex-direction: column;
  overflow: hidden; font-size: 14px; line-height: 1.4; }
.panel[hidden] { display: none; }
.header { background: var(--atendo-color, #1976d2); color: #fff; padding: 14px 16px; display: flex; align-items: center; gap: 8px; }
.title { flex: 1; margin: 0; font-size: 16px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.icon-button { background: transparent; border: none; color: inherit; cursor: pointer; width: 36px; height: 36px; border-radius: 50%;
  display: flex; align-items: center; justify-content: center; padding: 0; }
.icon-button:hover { background: rgba(255,255,255,.15); }
.icon-button svg { width: 22px; height: 22px; fill: currentColor; }
.notice { background: #fff4e5; color: #663c00; padding: 8px 14px; font-size: 13px; border-bottom: 1px solid #ffe0b2; }
.log { flex: 1; overflow-y: auto; padding: 14px; display: flex; flex-direction: column; gap: 8px; background: #f6f7f9; }
.bubble { max-width: 82%; padding: 8px 12px; border-radius: 14px; white-space: pre-wrap; overflow-wrap: anywhere; }
.team { align-self: flex-start; background: #fff; border: 1px solid #e3e6ea; border-bottom-left-radius: 4px; }
.visitor { align-self: flex-end; background: var(--atendo-color, #1976d2); color: #fff; border-bottom-right-radius: 4px; }
.time { display: block; font-size: 11px; opacity: .7; margin-top: 2px; text-align: right; }
.file { display: inline-flex; align-items: center; gap: 6px; background: rgba(0,0,0,.06); color: inherit; border: none; border-radius: 8px;
  padding: 6px 10px; cursor: pointer; font-size: 13px; text-decoration: underline; margin-bottom: 4px; max-width: 100%; }
.visitor .file { background: rgba(255,255,255,.2); }
.error { color: #b00020; font-size: 13px; padding: 4px 14px 0; min-height: 0; }
.error:empty { display: none; }
.composer { display: flex; align-items: flex-end; gap: 6px; padding: 10px; border-top: 1px solid #e3e6ea; background: #fff; }
.composer .icon-button { color: #5f6368; }
.composer .icon-button:hover { background: #f1f3f4; }
.composer .send { color: var(--atendo-color, #1976d2); }
textarea { flex: 1; resize: none; border: 1px solid #c9ced6; border-radius: 10px; padding: 9px 10px; font-size: 14px; max-height: 120px;
  min-height: 40px; color: #1f2328; background: #fff; }
.form { padding: 18px; display: flex; flex-direction: column; gap: 12px; overflow-y: auto; flex: 1; }
.form p { margin: 0; color: #444; }
label { display: flex; flex-direction: column; gap: 4px; font-size: 13px; font-weight: 600; color: #333; }
label small { font-weight: 400; color: #777; }
input { border: 1px solid #c9ced6; border-radius: 8px; padding: 9px 10px; font-size: 14px; color: #1f2328; background: #fff; }
.primary { background: var(--atendo-color, #1976d2); color: #fff; border: none; border-radius: 8px; padding: 10px 14px; font-size: 15px;
  font-weight: 600; cursor: pointer; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 480px) {
  .panel { right: 0; bottom: 0; width: 100vw; height: 100%; max-height: none; border-radius: 0; }
  .launcher { right: 14px; bottom: 14px; }
  .panel:not([hidden]) ~ .launcher { display: none; }
}
`;
