import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { toSnapError } from '../errors';
import { HomeErrorPage } from '../ui/HomeErrorPage';
import type { Translate } from '../ui/i18n';
import { getTranslate, translator } from '../ui/i18n';

/**
 * Builds a home page, or the error page when building it fails: the home page always
 * renders, whatever state, network or node it meets. The error's message is the one a
 * dapp would get for it (toSnapError).
 *
 * @param build - Builds the page.
 * @returns The page, or the error page.
 */
export async function safePage(
  build: () => Promise<JSXElement>,
): Promise<JSXElement> {
  try {
    return await build();
  } catch (error) {
    let translate: Translate;
    try {
      translate = await getTranslate();
    } catch {
      translate = translator('en');
    }
    return (
      <HomeErrorPage
        translate={translate}
        reason={toSnapError(error).message}
      />
    );
  }
}
