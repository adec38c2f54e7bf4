export type { RpcKind } from './base';
export { DomainError, WalletCode } from './base';
export * from './errors';
export { NodeRequestFailed, NodeVersionUnsupported, SPOKEN_RPC } from './node';
export * from './sends';
export { toSnapError } from './toSnapError';
export { withErrorBoundary } from './boundary';
export * from './paymaster';
export { nodeScrubs, scrubJson, urlSecrets } from './scrub';
