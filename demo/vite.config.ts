import { defineConfig } from 'vite';

// The demo page is a test fixture and a local playground, not something we ship: it
// bundles starknet.js and get-starknet whole, so Vite's 500 kB chunk hint does not apply.
export default defineConfig({
  build: {
    chunkSizeWarningLimit: 4096,
    rollupOptions: {
      onwarn(warning, warn) {
        // @starknet-io/get-starknet-core calls `eval` in its own code; nothing of ours
        // to change, and every other warning still shows.
        if (
          warning.code === 'EVAL' &&
          warning.id?.includes('@starknet-io/get-starknet-core')
        ) {
          return;
        }
        warn(warning);
      },
    },
  },
});
