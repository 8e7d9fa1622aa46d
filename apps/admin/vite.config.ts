import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The server hosts this build at /admin with a history fallback; in development /api goes to it. */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss()],
  server: {
    port: 5174,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: { target: 'es2022', sourcemap: false },
});
