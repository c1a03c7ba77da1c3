import { useLingui } from '@lingui/react/macro';
import { MANUAL_PAGER_MARGIN, MANUAL_PAGER_RANGE } from '../../../core/constants';
import { pagerItems } from '../../lib/pager';

interface StagePagerProps {
  current: number;
  totalPages: number;
  disabled: boolean;
  onPage: (page: number) => void;
}

/**
 * Pages of a stage search (range 3, margin 3; SPEC §9). Buttons, not links: the results belong to the search the
 * buyer just made, not to an address (the home Pager links to /?page=N).
 */
export function StagePager({ current, totalPages, disabled, onPage }: StagePagerProps) {
  const { t } = useLingui();
  if (totalPages <= 1) return null;
  return (
    <nav className="pager stage-pager" aria-label={t`เลือกหน้า`}>
      <ul>
        {pagerItems(current, totalPages, MANUAL_PAGER_RANGE, MANUAL_PAGER_MARGIN).map((item) => {
          if (item.kind === 'gap')
            return (
              <li key={item.key} aria-hidden="true">
                …
              </li>
            );
          const page = item.page;
          return (
            <li key={page}>
              <button
                type="button"
                disabled={disabled}
                aria-current={page === current ? 'page' : undefined}
                aria-label={t`หน้า ${page}`}
                onClick={() => page !== current && onPage(page)}
              >
                {page}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
