import type { Infer, Struct } from '@metamask/superstruct';
import {
  array,
  boolean,
  lazy,
  literal,
  number,
  optional,
  string,
  type,
  union,
} from '@metamask/superstruct';

import { NodeFeltStruct } from '../node/calls';

// The parts of a simulation's TRANSACTION_TRACE (spec trace API) the snap reads: the
// invocation tree with its events (preview.ts) and an invoke's revert reason
// (revertReason.ts).

/** An event inside a trace (trace API ORDERED_EVENT; its emitter is the invocation). */
export const TraceEventStruct = type({
  order: optional(number()),
  keys: array(NodeFeltStruct),
  data: array(NodeFeltStruct),
});

/** What the preview reads of a FUNCTION_INVOCATION: who ran, what it emitted, what it called. */
export type TraceInvocation = {
  // eslint-disable-next-line @typescript-eslint/naming-convention -- the trace API's name
  contract_address: string;
  events: Infer<typeof TraceEventStruct>[];
  calls: TraceInvocation[];
  // eslint-disable-next-line @typescript-eslint/naming-convention -- the trace API's name
  is_reverted?: boolean | undefined;
};

const InvocationStruct: Struct<TraceInvocation> = type({
  contract_address: NodeFeltStruct,
  events: array(TraceEventStruct),
  calls: array(lazy(() => InvocationStruct)),
  is_reverted: optional(boolean()),
});

/** An invoke's execution: its invocation tree, or why it reverted. */
const ExecuteInvocationStruct = union([
  InvocationStruct,
  type({ revert_reason: string() }),
]);

/** The parts of a TRANSACTION_TRACE (invoke or deploy_account) the preview reads. */
export const TraceStruct = union([
  type({
    type: literal('INVOKE'),
    execute_invocation: ExecuteInvocationStruct,
    fee_transfer_invocation: optional(InvocationStruct),
  }),
  type({
    type: literal('DEPLOY_ACCOUNT'),
    constructor_invocation: optional(InvocationStruct),
    fee_transfer_invocation: optional(InvocationStruct),
  }),
]);
export type Trace = Infer<typeof TraceStruct>;
