export * from './errors';
export { toSnapError, WalletCode } from './toSnapError';
export { withErrorBoundary } from './boundary';
export * from './paymaster';
