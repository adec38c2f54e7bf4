export * from './accountIds';
export * from './client';
export * from './discovery';
export * from './encoding';
export * from './errors';
export * from './types';
