import type { Infer } from '@metamask/superstruct';
import {
  array,
  number,
  object,
  optional,
  string,
  type,
  union,
  unknown,
} from '@metamask/superstruct';

import { ChainIdStruct } from './common';
import { AddressStruct, HexFeltStruct } from './felt';
import { TransactionDetailsStruct } from './transaction';

const EntryPointStruct = type({
  selector: string(),
  function_idx: number(),
});

const CasmEntryPointStruct = type({
  selector: string(),
  offset: number(),
  builtins: optional(array(string())),
});

/** A compiled CASM class (`*.compiled_contract_class.json`). */
export const CasmStruct = type({
  prime: string(),
  compiler_version: string(),
  bytecode: array(string()),
  hints: array(unknown()),
  bytecode_segment_lengths: optional(array(number())),
  entry_points_by_type: type({
    EXTERNAL: array(CasmEntryPointStruct),
    L1_HANDLER: array(CasmEntryPointStruct),
    CONSTRUCTOR: array(CasmEntryPointStruct),
  }),
});

/** A compiled Sierra class, as Scarb writes `*.contract_class.json`. */
export const SierraContractStruct = type({
  sierra_program: array(string()),
  contract_class_version: string(),
  entry_points_by_type: type({
    EXTERNAL: array(EntryPointStruct),
    L1_HANDLER: array(EntryPointStruct),
    CONSTRUCTOR: array(EntryPointStruct),
  }),
  abi: union([string(), array(unknown())]),
});

/** What to declare: the Sierra class plus its CASM or compiled class hash. */
export const ContractPayloadStruct = object({
  contract: SierraContractStruct,
  casm: optional(CasmStruct),
  compiledClassHash: optional(HexFeltStruct),
  classHash: optional(HexFeltStruct),
});

/** `snapnet_declareContract`. */
export const DeclareContractParamsStruct = object({
  senderAddress: AddressStruct,
  contractPayload: ContractPayloadStruct,
  invocationsDetails: optional(TransactionDetailsStruct),
  chainId: optional(ChainIdStruct),
});
export type DeclareContractParams = Infer<typeof DeclareContractParamsStruct>;

/** The declare transaction hash and the class hash computed by the snap. */
export const DeclareContractResultStruct = object({
  transaction_hash: string(),
  class_hash: string(),
});
export type DeclareContractResult = Infer<typeof DeclareContractResultStruct>;
