import type { Infer } from '@metamask/superstruct';
import { is } from '@metamask/superstruct';
import { array, unknown } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { hash, json } from 'starknet';

import type { ContractPayloadStruct } from '../../api/declareContract';
import { toWireFelt } from '../../api/felt';
import { InvalidField } from '../../errors';
import { toFelt64 } from '../accounts/address';

/**
 * Entry points with their selectors in wire form.
 *
 * @param entryPoints - One kind's entry points, as the dapp sent them.
 * @returns The same, as the node takes them.
 */
function wireEntryPoints(entryPoints: EntryPoint[]): Json {
  return entryPoints.map((entry) => ({
    selector: toWireFelt(entry.selector),
    function_idx: entry.function_idx,
  }));
}

type ContractPayload = Infer<typeof ContractPayloadStruct>;
type EntryPoint =
  ContractPayload['contract']['entry_points_by_type']['EXTERNAL'][number];

/** A class ready to declare: its hashes and its wire form. */
export type PreparedClass = {
  classHash: string;
  compiledClassHash: string;
  /** The class as sent to the node: ABI as the string the class hash covers. */
  wire: Json;
};

/**
 * Computes the class hash of a Sierra class and the form to send it in. The ABI is
 * sent as exactly the string the hash covers (starknet.js' formatting), so the node
 * computes the same class hash; the program is sent uncompressed, as spec 0.10 takes
 * it (the snap runtime has no CompressionStream).
 *
 * @param payload - The dapp's contract payload.
 * @returns The prepared class.
 * @throws InvalidField when the ABI is not JSON, no compiled class hash can be had,
 * or a given class hash does not match.
 */
export function prepareClass(payload: ContractPayload): PreparedClass {
  const { contract } = payload;
  let { abi } = contract;
  if (typeof abi === 'string') {
    try {
      abi = JSON.parse(abi);
    } catch (cause) {
      throw new InvalidField('contractPayload.contract.abi', 'is not JSON', {
        cause,
      });
    }
  }
  if (!is(abi, array(unknown()))) {
    throw new InvalidField('contractPayload.contract.abi', 'must be an array');
  }
  const sierra = { ...contract, abi };
  const classHash = toFelt64(hash.computeSierraContractClassHash(sierra));
  if (payload.classHash && payload.classHash !== classHash) {
    throw new InvalidField(
      'contractPayload.classHash',
      `does not match the class (computed ${classHash})`,
    );
  }
  let { compiledClassHash } = payload;
  if (!compiledClassHash) {
    if (!payload.casm) {
      throw new InvalidField(
        'contractPayload.compiledClassHash',
        'is required when no casm is given',
      );
    }
    compiledClassHash = toFelt64(hash.computeCompiledClassHash(payload.casm));
  }
  return {
    classHash,
    compiledClassHash,
    wire: {
      sierra_program: contract.sierra_program.map(toWireFelt),
      contract_class_version: contract.contract_class_version,
      entry_points_by_type: {
        EXTERNAL: wireEntryPoints(contract.entry_points_by_type.EXTERNAL),
        L1_HANDLER: wireEntryPoints(contract.entry_points_by_type.L1_HANDLER),
        CONSTRUCTOR: wireEntryPoints(contract.entry_points_by_type.CONSTRUCTOR),
      },
      abi: hash.formatSpaces(json.stringify(abi)),
    },
  };
}
