import en from '../../locales/en.json';
import fr from '../../locales/fr.json';

/** Locale files: `{ locale, messages: { key: { message } } }`, as snaps use them. */
type LocaleFile = {
  locale: string;
  messages: Record<
    string,
    {
      message: string;
    }
  >;
};

/** Every text key the UI uses; English is the reference locale. */
export type MessageKey = keyof (typeof en)['messages'];

/** Looks up a text and fills `{name}` placeholders. */
export type Translate = (
  key: MessageKey,
  values?: Record<string, string | number>,
) => string;

const LOCALES: Record<string, LocaleFile> = { en, fr };

/**
 * Makes a translator for one locale, falling back to English for a missing locale or
 * key, so a gap in a translation shows English rather than a key name.
 *
 * @param locale - Locale code such as `en` or `fr-FR`.
 * @returns The translator.
 */
export function translator(locale: string): Translate {
  // MetaMask writes regional locales as `pt_BR`; others write `fr-FR`.
  const file = LOCALES[locale.split(/[-_]/u)[0]?.toLowerCase() ?? 'en'] ?? en;
  return (key, values = {}) => {
    const template = file.messages[key]?.message ?? en.messages[key].message;
    return template.replace(/\{(\w+)\}/gu, (match, name: string) =>
      values[name] === undefined ? match : String(values[name]),
    );
  };
}

/**
 * The translator for the language the user chose in MetaMask (`snap_getPreferences`),
 * so dialogs and the home page read in that language; English when there is no
 * translation for it.
 *
 * @returns The translator.
 */
export async function getTranslate(): Promise<Translate> {
  const { locale } = await snap.request({ method: 'snap_getPreferences' });
  return translator(locale);
}
