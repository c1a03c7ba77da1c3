// An event's package names as badges (SPEC §2 Event page, Cart pages, Wholesale page): the price packages with
// their prices, or the photographer teams of the unlimited (hybrid) package.
import { useLingui } from '@lingui/react/macro';
import type { Package, PackageHb } from '../../../core/contract/events';
import { formatBaht } from '../../../core/format';
import type { Language } from '../i18n';

export function PackageBadges({ packages, language }: { packages: readonly Package[]; language: Language }) {
  const { t } = useLingui();
  if (packages.length === 0) return null;
  return (
    <ul className="badges" aria-label={t`แพ็กเกจราคา`}>
      {packages.map((p) => (
        <li key={p.number_of_photo} className="badge">
          {language === 'en' ? p.name_en : p.name} · {formatBaht(p.price)}
        </li>
      ))}
    </ul>
  );
}

export function HybridPackageBadges({
  packages,
  language,
  label,
}: {
  packages: readonly PackageHb[];
  language: Language;
  /** The list's accessible name, when no heading names it. */
  label?: string;
}) {
  if (packages.length === 0) return null;
  return (
    <ul className="badges" aria-label={label}>
      {packages.map((p) => (
        <li key={p.name} className="badge">
          {language === 'en' ? p.name_en : p.name}
        </li>
      ))}
    </ul>
  );
}
