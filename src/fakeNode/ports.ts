/**
 * Where the fake Starknet node listens during e2e runs. The e2e build bakes these URLs
 * into the snap bundle (test/build-e2e.ts), so they are fixed rather than ephemeral.
 * `FAKE_NODE_PORT` (with `SNAPNET_E2E_DIR`) lets two e2e runs on one machine coexist.
 */
export const FAKE_NODE_PORT = Number(process.env.FAKE_NODE_PORT ?? 5788);
export const FAKE_NODE_HOST = '127.0.0.1';
export const FAKE_NODE_ORIGIN = `http://${FAKE_NODE_HOST}:${FAKE_NODE_PORT}`;
/** JSON-RPC endpoint answering as SN_SEPOLIA. */
export const FAKE_SEPOLIA_URL = `${FAKE_NODE_ORIGIN}/sepolia`;
/** JSON-RPC endpoint answering as SN_MAIN. */
export const FAKE_MAINNET_URL = `${FAKE_NODE_ORIGIN}/mainnet`;
