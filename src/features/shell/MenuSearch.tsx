import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { Icon } from './icons';
import { MenuLink } from './MenuRow';
import type { MenuEntry } from './menu-items';
import { searchMenu } from './menu-search';

interface MenuSearchProps {
  entries: readonly MenuEntry[];
  query: string;
  onQueryChange: (query: string) => void;
  onNavigate: () => void;
}

/** The menu search box and, while something is typed, its results (at most 8); Enter opens the first. */
export function MenuSearch({ entries, query, onQueryChange, onNavigate }: MenuSearchProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const inputId = useId();
  const results = searchMenu(entries, query);
  const count = results.length;
  const searching = query.trim() !== '';

  return (
    <div className="menu-search">
      <search>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const first = results[0];
            if (!first) return;
            onNavigate();
            void navigate({ to: first.path });
          }}
        >
          <label htmlFor={inputId} className="visually-hidden">
            <Trans>ค้นหาเมนู</Trans>
          </label>
          <Icon name="search" size={18} />
          <input
            id={inputId}
            type="search"
            value={query}
            placeholder={t`ค้นหาเมนูหรืองานวิ่ง`}
            autoComplete="off"
            enterKeyHint="go"
            onChange={(event) => onQueryChange(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && query) {
                event.stopPropagation();
                onQueryChange('');
              }
            }}
          />
        </form>
      </search>
      <p className="visually-hidden" role="status">
        {searching && (count > 0 ? t`พบ ${count} รายการ` : t`ไม่พบเมนูที่ตรงกับคำค้น`)}
      </p>
      {searching && (
        <div className="menu-section">
          <h3>
            <Trans>ผลการค้นหา</Trans>
          </h3>
          {count > 0 ? (
            <ul className="menu-list">
              {results.map((entry) => (
                <li key={entry.id} className="menu-row">
                  <MenuLink entry={entry} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="menu-note">
              <Trans>ไม่พบเมนูที่ตรงกับคำค้น ลองพิมพ์ชื่องานวิ่งหรือชื่อหน้าอีกครั้ง</Trans>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
