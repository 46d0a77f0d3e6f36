import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module without types (scripts/ run before any build)
import * as runtime from '../../../../scripts/start/desktop-runtime.mjs';

const { installElectronRuntime, noDisplayReason } = runtime as {
  installElectronRuntime: (timeoutMs?: number) => string | undefined;
  noDisplayReason: (env: Record<string, string | undefined>, platform: string) => string | undefined;
};

describe("npm start's checks for a desktop window (scripts/start/desktop-runtime.mjs)", () => {
  it('a Linux machine needs DISPLAY or WAYLAND_DISPLAY; macOS and Windows always have a display', () => {
    expect(noDisplayReason({}, 'linux')).toBe('no display (DISPLAY and WAYLAND_DISPLAY are unset)');
    expect(noDisplayReason({ DISPLAY: '' }, 'linux')).toBe('no display (DISPLAY and WAYLAND_DISPLAY are unset)');
    expect(noDisplayReason({ DISPLAY: ':0' }, 'linux')).toBeUndefined();
    expect(noDisplayReason({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBeUndefined();
    expect(noDisplayReason({}, 'darwin')).toBeUndefined();
    expect(noDisplayReason({}, 'win32')).toBeUndefined();
  });

  it("Electron's installer is bounded in time: past the bound it is stopped and the reason says so", () => {
    expect(installElectronRuntime(1)).toBe("Electron's runtime did not download within 1 ms");
  });
});
