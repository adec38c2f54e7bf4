import { getTranslate } from '../ui/i18n';
import { InstallDialog } from '../ui/InstallDialog';
import { alert } from '../ui/show';

/**
 * After installation: a short dialog saying what the snap does, in the user's
 * language, so the first thing the user sees is what they just allowed.
 */
export async function welcome(): Promise<void> {
  const translate = await getTranslate();
  await alert(<InstallDialog translate={translate} />);
}
