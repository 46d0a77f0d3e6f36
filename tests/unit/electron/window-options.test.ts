import { describe, expect, it } from 'vitest';
import { secureWindowOptions } from '../../../src-main/electron/window-options.js';
import { CSP } from '../../../src-main/server/security.js';

describe('desktop window security', () => {
  it('isolates the renderer: contextIsolation, sandbox, no nodeIntegration, no webview', () => {
    const prefs = secureWindowOptions('/app/preload/index.cjs').webPreferences!;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(prefs.preload).toBe('/app/preload/index.cjs');
  });

  it('uses a strict CSP: only its own scripts, no remote origins, no framing', () => {
    expect(CSP).toContain("default-src 'self'");
    expect(CSP).toContain("script-src 'self'");
    expect(CSP).not.toMatch(/unsafe-eval|https?:\/\/(?!127\.0\.0\.1|localhost)/);
    expect(CSP).toContain("object-src 'none'");
    expect(CSP).toContain("frame-ancestors 'none'");
  });
});
