import type { Compiler } from 'webpack';

/** The webpack plugin of dedupe-noble.cjs: starknet.js' noble copies for all. */
export class DedupeNoble {
  apply(compiler: Compiler): void;
}

/** starknet.js' package folder. */
export const STARKNET: string;

/** Package folders whose noble imports get starknet.js' copies. */
export const DUPLICATES: string[];
