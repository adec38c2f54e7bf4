export * from './errors';
export { toSnapError, WalletCode } from './toSnapError';
