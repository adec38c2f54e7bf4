import type { Compiler } from 'webpack';

/** The webpack plugin of dedupe-noble.cjs: starknet.js' noble copies for all. */
export class DedupeNoble {
  apply(compiler: Compiler): void;
}

/** starknet.js' package folder. */
export const STARKNET: string;

/** Where a bare noble import is resolved from: the request and folder to resolve. */
export function redirect(
  request: string,
  context: string,
): { request: string; context: string };
