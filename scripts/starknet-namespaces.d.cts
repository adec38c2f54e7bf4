/**
 * The webpack loader of starknet-namespaces.cjs: starknet.js' bundle with each
 * namespace built by a pure expression.
 */
declare function starknetNamespaces(
  this: { resourcePath: string; emitError: (error: Error) => void },
  source: string,
): string;

export = starknetNamespaces;
