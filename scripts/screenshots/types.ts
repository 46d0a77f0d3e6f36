import type { Page } from 'playwright-core';
import type { ApiContext } from '../../src-main/app/door/context.js';

export interface ShotOptions {
  /** Capture the whole scrolled content (default) or only the window. */
  fullPage?: boolean;
  /** Window size of this shot (default 1400x900; a smaller one captures only the window). */
  size?: { width: number; height: number };
}

/** What a set of screens gets: the page, the API context (to seed data), the app URL and a shot function. */
export interface ShotContext {
  page: Page;
  ctx: ApiContext;
  /** The app's URL without the token, e.g. `http://127.0.0.1:1234/`; append `#/route`. */
  base: string;
  /** Writes docs/screenshots/<name>.png (light) and <name>-dark.png (dark) of the current screen. */
  shot(name: string, opts?: ShotOptions): Promise<void>;
}

export interface ScreenSet {
  name: string;
  capture(s: ShotContext): Promise<void>;
}
