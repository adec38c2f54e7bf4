import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Banner, Box, Text } from '@metamask/snaps-sdk/jsx';

import type { Translate } from './i18n';

/**
 * The revert, as a danger banner with its reason: for a send, it fails and the fee is
 * charged; for a signature usable later, it fails now but stays valid until when.
 *
 * @param props - The revert.
 * @param props.translate - Translator.
 * @param props.revertReason - The reason; undefined: no revert, no banner.
 * @param props.usableLater - For a signature usable later: until when.
 * @returns The banner, or nothing.
 */
export const FailureBanner = ({
  translate,
  revertReason,
  usableLater,
}: {
  translate: Translate;
  revertReason: string | undefined;
  usableLater: string | undefined;
}): JSXElement | null => {
  if (revertReason === undefined) {
    return null;
  }
  return usableLater === undefined ? (
    <Banner title={translate('preview.willFail')} severity="danger">
      <Text>{translate('preview.willFailBody')}</Text>
      <Text color="error">{revertReason}</Text>
    </Banner>
  ) : (
    <Banner title={translate('preview.laterTitle')} severity="danger">
      <Text>{usableLater}</Text>
      <Text color="error">{revertReason}</Text>
    </Banner>
  );
};

/**
 * No preview: that the effects are not shown, with the node's reason when it refused
 * to simulate; a danger with the revert reason when its estimate says a call fails; and,
 * for a signature usable later, until when it stays usable.
 *
 * @param props - Facts.
 * @param props.translate - Translator.
 * @param props.refusal - The node's reason for refusing the simulation, cleaned.
 * @param props.failure - Why a call reverts, cleaned.
 * @param props.usableLater - For a signature usable later: until when.
 * @returns The banners.
 */
export const Unavailable = ({
  translate,
  refusal,
  failure,
  usableLater,
}: {
  translate: Translate;
  refusal: string | undefined;
  failure: string | undefined;
  usableLater: string | undefined;
}): JSXElement => (
  <Box>
    <FailureBanner
      translate={translate}
      revertReason={failure}
      usableLater={usableLater}
    />
    {failure !== undefined || usableLater === undefined ? null : (
      <Banner title={translate('preview.laterTitle')} severity="danger">
        <Text>{usableLater}</Text>
      </Banner>
    )}
    <Banner title={translate('preview.unavailable')} severity="warning">
      <Text>{translate('preview.unavailableBody')}</Text>
      {refusal === undefined ? null : (
        <Text>{translate('preview.nodeReason', { reason: refusal })}</Text>
      )}
    </Banner>
  </Box>
);

/**
 * The node refused the charged simulation (the dapp's bounds, the balance): its reason,
 * above a preview that ran without the fee.
 *
 * @param props - Facts.
 * @param props.translate - Translator.
 * @param props.refusal - The node's reason, cleaned.
 * @returns The banner.
 */
export const Refused = ({
  translate,
  refusal,
}: {
  translate: Translate;
  refusal: string;
}): JSXElement => (
  <Banner title={translate('preview.refused')} severity="warning">
    <Text>{translate('preview.refusedBody', { reason: refusal })}</Text>
  </Banner>
);
