import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { LANGUAGE_FLAGS } from '../../../core/constants';
import { languageOfFlag } from '../../lib/i18n';
import { chooseLanguageAtom, languageAtom } from '../../lib/state';
import { Flag } from './Flag';

/** Thai / English switch: the Thai flag gives th, the other flag en; the choice is kept in the browser. */
export function LanguageSwitch() {
  const { t } = useLingui();
  const language = useAtomValue(languageAtom);
  const choose = useSetAtom(chooseLanguageAtom);
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">
        <Trans>ภาษา</Trans>
      </legend>
      {(['th', 'us'] as const).map((flag) => {
        const target = languageOfFlag(flag);
        return (
          <button
            key={flag}
            type="button"
            lang={target}
            aria-pressed={language === target}
            // The name starts with the visible code (WCAG 2.5.3 label in name), then the language's own name.
            aria-label={flag === LANGUAGE_FLAGS.th ? 'TH ภาษาไทย' : 'EN English'}
            title={flag === LANGUAGE_FLAGS.th ? t`ภาษาไทย` : t`ภาษาอังกฤษ`}
            onClick={() => void choose(target)}
          >
            <Flag code={flag} />
            <span className="language-code">{flag === LANGUAGE_FLAGS.th ? 'TH' : 'EN'}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
