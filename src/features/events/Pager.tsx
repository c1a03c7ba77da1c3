import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { pagerItems } from '../../lib/pager';

interface PagerProps {
  current: number;
  totalPages: number;
  range: number;
  margin: number;
}

/** Page links of the home grid (?page=N). */
export function Pager({ current, totalPages, range, margin }: PagerProps) {
  const { t } = useLingui();
  return (
    <nav className="pager" aria-label={t`เลือกหน้า`}>
      <ul>
        {pagerItems(current, totalPages, range, margin).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to="/"
                search={{ page: item.page }}
                aria-current={item.page === current ? 'page' : undefined}
                aria-label={t`หน้า ${item.page}`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
