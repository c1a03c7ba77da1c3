import { describe, expect, it } from 'vitest';
import type { Language } from '../../lib/i18n';
import { forcedLanguageOf, languageAfterLeaving, languageSwitcher } from './forced-language';

describe('forced language (SPEC §2)', () => {
  it('forces English on the taekwondo championship only', () => {
    expect(forcedLanguageOf('6thinternationalherostaekwondochampionship')).toBe('en');
    expect(forcedLanguageOf('bangkok-city-marathon-2026')).toBeUndefined();
    expect(forcedLanguageOf('6thinternationalherostaekwondochampionship-2')).toBeUndefined();
  });

  it('goes back to the saved choice on leaving, Thai when none was saved', () => {
    const saved = (value: string | null) => ({ getItem: () => value });
    expect(languageAfterLeaving(saved(null))).toBe('th');
    expect(languageAfterLeaving(saved('th'))).toBe('th');
    expect(languageAfterLeaving(saved('en'))).toBe('en');
  });

  it('runs switches in order, so the last one asked for wins even when an earlier catalog loads slower', async () => {
    const active: Language[] = [];
    const delays: Record<Language, number> = { th: 30, en: 1 };
    const switchTo = languageSwitcher(
      (language) =>
        new Promise((resolve) => setTimeout(() => resolve(void active.push(language)), delays[language])),
    );
    const done: Language[] = [];
    void switchTo('th', () => done.push('th'));
    await switchTo('en', () => done.push('en'));
    expect(active).toEqual(['th', 'en']);
    expect(done).toEqual(['th', 'en']);
  });

  it('keeps going after a switch that failed', async () => {
    let calls = 0;
    const switchTo = languageSwitcher(async (language) => {
      calls += 1;
      if (language === 'th') throw new Error('catalog not loaded');
    });
    await switchTo('th').catch(() => undefined);
    await switchTo('en');
    expect(calls).toBe(2);
  });
});
