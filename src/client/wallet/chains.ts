import {
  AddChainParamsStruct,
  SwitchChainParamsStruct,
} from '../../api/walletParams';
import { STARKNET_CHAIN_IDS } from '../snap';
import type { Handlers } from './context';
import { ensureConnected } from './context';
import { StarknetWalletApiError } from './errors';
import { parseParams } from './parseParams';

/** The networks the snap serves, by hex chain id. */
const KNOWN_CHAINS: readonly string[] = Object.values(STARKNET_CHAIN_IDS);

/**
 * The hex chain id, lower case, compared as the snap writes it.
 *
 * @param chainId - As the dapp wrote it.
 * @returns Lower case.
 */
function normalChainId(chainId: string): string {
  return chainId.toLowerCase();
}

/** The chain methods: which chain the dapp's session is on, switching, adding. */
/* eslint-disable @typescript-eslint/naming-convention -- the wallet API's method names */
export const chainHandlers = {
  /**
   * A value always (HEAD:136): before approval the last chain seen, else Sepolia (the
   * snap cannot be read); after, a look at the snap — a change made elsewhere is told
   * (`networkChanged`) and followed — and the session's chain.
   *
   * @param _params - None.
   * @param context - Client and session.
   * @returns The session's chain id.
   */
  async wallet_requestChainId(_params, context): Promise<string> {
    const { session } = context;
    if (await session.checkConnected()) {
      await session.look();
    }
    return session.chainId() ?? STARKNET_CHAIN_IDS.sepolia;
  },

  /**
   * The session's chain → `true` with no dialog; another listed chain → the snap's
   * dialog; unknown → 112. Not connected: `silent_mode` → 117 with no UI (HEAD:210),
   * otherwise the approve UI, then the switch. Connected, `silent_mode` changes nothing
   * (HEAD:199).
   *
   * @param params - `{ chainId, silent_mode? }`.
   * @param context - Client and session.
   * @returns `true`.
   */
  async wallet_switchStarknetChain(params, context): Promise<boolean> {
    const { client, session } = context;
    const parsed = parseParams(
      SwitchChainParamsStruct,
      params,
      'wallet_switchStarknetChain',
    );
    const chainId = normalChainId(parsed.chainId);
    if (!KNOWN_CHAINS.includes(chainId)) {
      throw new StarknetWalletApiError('UNLISTED_NETWORK', {
        data: `snapnet serves ${KNOWN_CHAINS.join(', ')}`,
      });
    }
    if (parsed.silent_mode && !(await session.checkConnected())) {
      throw new StarknetWalletApiError('CHAIN_ID_NOT_SUPPORTED', {
        data: 'the dapp is not connected, and silent_mode allows no approval dialog',
      });
    }
    await ensureConnected(context);
    if (session.chainId() === chainId) {
      return true;
    }
    const current = (await client.getCurrentNetwork()).chainId;
    if (normalChainId(current) !== chainId) {
      if (!(await client.switchNetwork({ chainId }))) {
        throw new StarknetWalletApiError('USER_REFUSED_OP');
      }
    }
    const account = await client.getCurrentAccount({ chainId });
    session.observe(chainId, account?.address);
    return true;
  },

  /**
   * A listed chain → `true` (HEAD:320); a well-formed other chain → 163 (snapnet cannot
   * add networks); malformed → 114. Never 112: not in its list (HEAD:326-339).
   *
   * @param params - The chain.
   * @returns `true`.
   */
  async wallet_addStarknetChain(params): Promise<boolean> {
    const parsed = parseParams(
      AddChainParamsStruct,
      params,
      'wallet_addStarknetChain',
    );
    if (!/^0x[0-9a-f]+$/iu.test(parsed.chain_id)) {
      throw new StarknetWalletApiError('INVALID_REQUEST_PAYLOAD', {
        data: {
          field: 'chain_id',
          message: `${JSON.stringify(parsed.chain_id)} is not a hex chain id (e.g. 0x534e5f4d41494e)`,
        },
      });
    }
    if (!KNOWN_CHAINS.includes(normalChainId(parsed.chain_id))) {
      throw new StarknetWalletApiError('UNKNOWN_ERROR', {
        data: 'snapnet serves SN_MAIN and SN_SEPOLIA and cannot add networks',
      });
    }
    return true;
  },
} satisfies Handlers;
/* eslint-enable @typescript-eslint/naming-convention */
