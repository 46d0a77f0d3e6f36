import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: { rollupOptions: { input: { index: resolve('src-main/index.ts') } } },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    build: { rollupOptions: { input: { index: resolve('src-preload/index.ts') }, output: { format: 'cjs' } } },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [react()],
    build: { rollupOptions: { input: { index: resolve('src-renderer/index.html') } } },
  },
});
