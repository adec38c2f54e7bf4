import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { translator } from '../../src/ui/i18n';

type LocaleFile = {
  locale: string;
  messages: Record<string, { message: string }>;
};

const LOCALES: LocaleFile[] = [en, fr];

/**
 * The `{name}` placeholders of a text, sorted.
 *
 * @param text - A message.
 * @returns Its placeholder names.
 */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/gu)]
    .map((match) => match[1] ?? '')
    .sort();
}

describe('locales', () => {
  it.each(LOCALES.map((file) => [file.locale, file] as const))(
    '%s has every key of every other locale',
    (_locale, file) => {
      const keys = new Set(Object.keys(file.messages));
      for (const other of LOCALES) {
        const missing = Object.keys(other.messages).filter(
          (key) => !keys.has(key),
        );
        expect(missing).toStrictEqual([]);
      }
    },
  );

  it('translations keep the placeholders of the English text', () => {
    for (const [key, { message }] of Object.entries(en.messages)) {
      const french = fr.messages[key as keyof typeof fr.messages];
      expect([key, placeholders(french?.message ?? '')]).toStrictEqual([
        key,
        placeholders(message),
      ]);
    }
  });

  it('has no empty text', () => {
    for (const file of LOCALES) {
      for (const [key, { message }] of Object.entries(file.messages)) {
        expect([file.locale, key, message.trim().length > 0]).toStrictEqual([
          file.locale,
          key,
          true,
        ]);
      }
    }
  });

  it('every locale file is listed in the manifest, which names and describes the snap through them', () => {
    const manifest = JSON.parse(
      readFileSync(resolve(__dirname, '../../snap.manifest.json'), 'utf8'),
    ) as {
      proposedName: string;
      description: string;
      source: { locales?: string[] };
    };
    expect(manifest.source.locales?.sort()).toStrictEqual([
      'locales/en.json',
      'locales/fr.json',
    ]);
    expect(manifest.proposedName).toBe('{{ name }}');
    expect(manifest.description).toBe('{{ description }}');
  });

  it('translates by the MetaMask locale code, falling back to English', () => {
    expect(translator('fr')('addToken.title')).toBe('Ajouter un jeton');
    expect(translator('fr_FR')('addToken.title')).toBe('Ajouter un jeton');
    expect(translator('fr-CA')('addToken.title')).toBe('Ajouter un jeton');
    expect(translator('de')('addToken.title')).toBe('Add token');
    expect(
      translator('fr')('addToken.body', { origin: 'https://dapp.example' }),
    ).toBe(
      'https://dapp.example demande d’ajouter ce jeton à votre liste de suivi Starknet.',
    );
  });
});
